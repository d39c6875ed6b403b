DROP INDEX mall_orders_asked;
ALTER TABLE mall_orders DROP COLUMN pay_asks;
ALTER TABLE mall_orders DROP COLUMN pay_last_asked_at;
ALTER TABLE mall_orders DROP COLUMN pay_asked_at;
