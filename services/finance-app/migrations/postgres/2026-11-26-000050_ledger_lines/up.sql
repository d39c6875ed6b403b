-- The reconciliation summaries' read model: per tenant, side (kind 1 receipts, by distributor;
-- 2 payments, by supplier), merchant and currency, what the ledger's rows add up to. Kept in
-- the transaction that changes the rows (store::ledger_lines); filled here from the rows there
-- are. Money in fen.
CREATE TABLE ledger_lines (
    saas_id BIGINT NOT NULL,
    kind INTEGER NOT NULL,
    mch_id BIGINT NOT NULL,
    currency TEXT NOT NULL,
    order_count BIGINT NOT NULL,
    due BIGINT NOT NULL,
    done BIGINT NOT NULL,
    outstanding BIGINT NOT NULL,
    abnormal_count BIGINT NOT NULL,
    PRIMARY KEY (saas_id, kind, mch_id, currency)
);
INSERT INTO ledger_lines (saas_id, kind, mch_id, currency, order_count, due, done, outstanding,
    abnormal_count)
SELECT saas_id, 1, distributor_mch_id, currency_code, COUNT(*), SUM(receipt_due),
    SUM(receipt_received), SUM(receipt_due - receipt_received),
    SUM(CASE WHEN receipt_verify = -1 THEN 1 ELSE 0 END)
FROM credit_logs WHERE receipt_due > 0 OR receipt_received > 0
GROUP BY saas_id, distributor_mch_id, currency_code;
INSERT INTO ledger_lines (saas_id, kind, mch_id, currency, order_count, due, done, outstanding,
    abnormal_count)
SELECT saas_id, 2, supplier_mch_id, currency_code, COUNT(*), SUM(payment_due),
    SUM(payment_paid), SUM(payment_due - payment_paid),
    SUM(CASE WHEN payment_verify = -1 THEN 1 ELSE 0 END)
FROM credit_logs WHERE payment_due > 0 OR payment_paid > 0
GROUP BY saas_id, supplier_mch_id, currency_code;
