ALTER TABLE mall_orders DROP COLUMN limit_scope;
ALTER TABLE mall_orders DROP COLUMN cancel_reason;
ALTER TABLE mall_orders DROP COLUMN pay_fail_reason;
ALTER TABLE mall_orders DROP COLUMN pay_request_id;
ALTER TABLE mall_orders DROP COLUMN pay_date;
ALTER TABLE mall_orders DROP COLUMN pay_price;
ALTER TABLE mall_orders DROP COLUMN pay_type;
ALTER TABLE mall_orders DROP COLUMN pay_state;
