DROP TABLE credit_reservations;
DROP TABLE bank_accounts;
DROP TABLE account_days;
DROP TABLE cash_logs;
DROP TABLE credit_changes;
DROP TABLE credit_accounts;
