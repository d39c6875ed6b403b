-- Invoices of top-ups: a tenant asks for one over some of its successful top-ups (their log
-- rows go from 1 success to 2 invoicing and name the invoice), the platform issues it (the
-- invoice and its rows become 3 invoiced).
CREATE TABLE invoices (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    -- 1 ordinary VAT invoice (增值税普通发票), 2 special VAT invoice (增值税专用发票)
    invoice_type INTEGER NOT NULL,
    -- the buyer's name printed on the invoice (发票抬头)
    title TEXT NOT NULL,
    -- the buyer's taxpayer identification number (纳税人识别号)
    tax_no TEXT NOT NULL,
    -- where the electronic invoice is sent
    email TEXT NOT NULL,
    -- the buyer's address and telephone, and bank and account (a special invoice needs both)
    address_phone TEXT NOT NULL,
    bank_account TEXT NOT NULL,
    remarks TEXT NOT NULL,
    -- the sum of its top-ups, fen
    amount BIGINT NOT NULL,
    log_count INTEGER NOT NULL,
    -- 2 invoicing, 3 invoiced (the balance log's states)
    state INTEGER NOT NULL,
    -- the number of the issued invoice; empty until issued
    invoice_no TEXT NOT NULL,
    applicant_id BIGINT NOT NULL,
    issuer_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    issued_at BIGINT
);
CREATE INDEX invoices_tenant ON invoices (saas_id, id);
CREATE INDEX invoices_state ON invoices (state, id);

-- The invoice a top-up is on (0: none).
ALTER TABLE balance_logs ADD COLUMN invoice_id BIGINT NOT NULL DEFAULT 0;
