ALTER TABLE order_details DROP COLUMN pay_fail_reason;
