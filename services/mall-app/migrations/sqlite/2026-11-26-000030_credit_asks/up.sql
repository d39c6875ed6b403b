-- A credit payment under way waits for finance-app's answer, which can be lost (a dead letter,
-- finance-app down longer than the broker keeps the request): when it was first asked (the
-- give-up time counts from it), when last asked and how often, so the job asks again and gives
-- up in time (platform::bus::saga, docs/mall.md).
ALTER TABLE mall_orders ADD COLUMN pay_asked_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE mall_orders ADD COLUMN pay_last_asked_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE mall_orders ADD COLUMN pay_asks INTEGER NOT NULL DEFAULT 0;
-- A payment asked before this migration was asked at its order's last change.
UPDATE mall_orders SET pay_asked_at = updated_at, pay_last_asked_at = updated_at, pay_asks = 1
 WHERE pay_state = 20;
CREATE INDEX mall_orders_asked ON mall_orders (pay_state, pay_last_asked_at);
