DROP TABLE invoice_top_ups;
ALTER TABLE invoices DROP COLUMN closed_at;
ALTER TABLE invoices DROP COLUMN closer_id;
ALTER TABLE invoices DROP COLUMN close_reason;
