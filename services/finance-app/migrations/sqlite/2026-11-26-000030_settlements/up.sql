-- Receipts (kind 1: money a distributor owes the tenant) and payments (kind 2: money the tenant
-- owes a supplier), their logs (each money arrival), and each credit log row's place in the
-- reconciliation ledger on both sides: what it owes (frozen while it is in a live receipt or
-- payment), what it has received (paid) and its verify state (-1 abnormal, 0 not reconciled,
-- 1 partial, 2 full, 3 reviewed). Money in fen, times in ms.
ALTER TABLE credit_logs ADD COLUMN receipt_due BIGINT NOT NULL DEFAULT 0;
ALTER TABLE credit_logs ADD COLUMN receipt_received BIGINT NOT NULL DEFAULT 0;
ALTER TABLE credit_logs ADD COLUMN receipt_verify INTEGER NOT NULL DEFAULT 0;
ALTER TABLE credit_logs ADD COLUMN payment_due BIGINT NOT NULL DEFAULT 0;
ALTER TABLE credit_logs ADD COLUMN payment_paid BIGINT NOT NULL DEFAULT 0;
ALTER TABLE credit_logs ADD COLUMN payment_verify INTEGER NOT NULL DEFAULT 0;
UPDATE credit_logs SET receipt_due = statement_price,
    payment_due = CASE WHEN state = 3 THEN 0 ELSE supplier_price END;
CREATE INDEX credit_logs_supplier ON credit_logs (saas_id, supplier_mch_id, order_date);
CREATE INDEX credit_logs_receipt ON credit_logs (saas_id, receipt_id);
CREATE INDEX credit_logs_payment ON credit_logs (saas_id, payment_id);

CREATE TABLE settlements (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    kind INTEGER NOT NULL,
    mch_id BIGINT NOT NULL,
    currency TEXT NOT NULL,
    due BIGINT NOT NULL,
    arrived BIGINT NOT NULL,
    progress INTEGER NOT NULL,
    order_count INTEGER NOT NULL,
    state INTEGER NOT NULL,
    confirm_user_id BIGINT NOT NULL,
    confirm_username TEXT NOT NULL,
    confirm_date BIGINT NOT NULL,
    check_user_id BIGINT NOT NULL,
    check_username TEXT NOT NULL,
    check_date BIGINT NOT NULL,
    remark TEXT NOT NULL,
    created_by BIGINT NOT NULL,
    created_by_name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX settlements_mch ON settlements (saas_id, kind, mch_id, created_at);

CREATE TABLE settlement_logs (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    kind INTEGER NOT NULL,
    settlement_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL,
    currency TEXT NOT NULL,
    money BIGINT NOT NULL,
    info TEXT NOT NULL,
    serial_id TEXT NOT NULL,
    log_date TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    username TEXT NOT NULL,
    remark TEXT NOT NULL,
    state INTEGER NOT NULL,
    confirm_user_id BIGINT NOT NULL,
    confirm_username TEXT NOT NULL,
    confirm_date BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX settlement_logs_settlement ON settlement_logs (saas_id, settlement_id);
CREATE INDEX settlement_logs_mch ON settlement_logs (saas_id, kind, mch_id, log_date);
