-- The tenant's bank account a receipt (payment) log's money arrived in (left from): 0 for logs
-- recorded before the logs named one. The log pages list every log of a side newest first.
ALTER TABLE settlement_logs ADD COLUMN bank_id BIGINT NOT NULL DEFAULT 0;
CREATE INDEX settlement_logs_recent ON settlement_logs (saas_id, kind, created_at);
