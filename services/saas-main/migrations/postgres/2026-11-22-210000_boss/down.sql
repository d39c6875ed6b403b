DROP TABLE licences;
DROP TABLE balance_logs;
DROP TABLE balances;
DROP TABLE boss_services;
