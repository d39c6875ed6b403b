DROP TABLE credit_logs;
