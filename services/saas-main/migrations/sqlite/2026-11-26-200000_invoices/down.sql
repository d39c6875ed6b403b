ALTER TABLE balance_logs DROP COLUMN invoice_id;
DROP TABLE invoices;
