-- Why finance-app refused an order's credit payment (payment state 29), in both languages
-- ("zh / en"); empty otherwise.
ALTER TABLE order_details ADD COLUMN pay_fail_reason TEXT NOT NULL DEFAULT '';
