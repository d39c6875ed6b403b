-- An invoice request can end without an invoice: withdrawn by the tenant (4) or refused by the
-- platform with its reason (5), while it is invoicing; its top-ups go back to 1 success on no
-- invoice, so they can be asked for again. Which top-ups a request covered is kept apart from
-- the top-ups' current invoice, so a closed request still shows them.
ALTER TABLE invoices ADD COLUMN close_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE invoices ADD COLUMN closer_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE invoices ADD COLUMN closed_at BIGINT;

CREATE TABLE invoice_top_ups (
    invoice_id BIGINT NOT NULL,
    log_id BIGINT NOT NULL,
    PRIMARY KEY (invoice_id, log_id)
);
INSERT INTO invoice_top_ups (invoice_id, log_id)
    SELECT invoice_id, id FROM balance_logs WHERE invoice_id <> 0;
