-- Paying a mall order by credit (finance-app's saga, docs/finance.md): the spec's payment state
-- (0 unpaid, 20 paying, 21 paid, 29 failed, 51 refunded), what was paid and when, the request
-- the order waits an answer to and why a payment was refused.
ALTER TABLE mall_orders ADD COLUMN pay_state INTEGER NOT NULL DEFAULT 0;
ALTER TABLE mall_orders ADD COLUMN pay_type INTEGER NOT NULL DEFAULT 0;
ALTER TABLE mall_orders ADD COLUMN pay_price BIGINT NOT NULL DEFAULT 0;
ALTER TABLE mall_orders ADD COLUMN pay_date BIGINT NOT NULL DEFAULT 0;
ALTER TABLE mall_orders ADD COLUMN pay_request_id TEXT NOT NULL DEFAULT '';
ALTER TABLE mall_orders ADD COLUMN pay_fail_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE mall_orders ADD COLUMN cancel_reason TEXT NOT NULL DEFAULT '';
-- The counter an order's limit was counted on is (limit_scope, limit_key, limit_day) of
-- snapup_limits: the session for the targets 0, 1, 2, 5, the mall product for the "resource"
-- targets 11, 12, 15 (snapup_limits.session_id holds that scope).
ALTER TABLE mall_orders ADD COLUMN limit_scope BIGINT NOT NULL DEFAULT 0;
UPDATE mall_orders SET limit_scope = session_id;
