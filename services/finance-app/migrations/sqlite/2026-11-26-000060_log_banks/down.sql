DROP INDEX settlement_logs_recent;
ALTER TABLE settlement_logs DROP COLUMN bank_id;
