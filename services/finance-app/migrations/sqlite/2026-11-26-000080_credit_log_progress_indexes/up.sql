-- The progress filters of the credit log (received from distributors, paid to suppliers). Once
-- a year of orders is settled, "partly" or "not yet" matches few rows spread over the whole
-- year; without these the page and its capped count read the tenant's rows by order date until
-- they had found enough.
CREATE INDEX credit_logs_receipt_progress ON credit_logs (saas_id, receipt_progress, order_date, id);
CREATE INDEX credit_logs_payment_progress ON credit_logs (saas_id, payment_progress, order_date, id);
