-- The order statistics read model, fed by order.* events. stat_orders keeps what each order
-- contributes (to move it when its outcome changes); stat_hours the sums per hour, so a query
-- reads at most one row per hour and dimension, however many orders there are.

CREATE TABLE stat_orders (
    -- `<product type>:<order id>`
    order_key TEXT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    product_type INTEGER NOT NULL,
    supplier_interface_id BIGINT NOT NULL,
    distributor_interface_id BIGINT NOT NULL,
    -- the hour (UTC ms) the order was created in; known once order.*.created is seen
    created_hour BIGINT,
    amount BIGINT NOT NULL,
    profit BIGINT NOT NULL,
    -- 0 open, 1 success, 2 cancel, 3 fail
    outcome INTEGER NOT NULL,
    -- occurred_at of the event that set the outcome: an older one arriving late changes nothing
    outcome_at BIGINT NOT NULL
);

CREATE TABLE stat_hours (
    saas_id BIGINT NOT NULL,
    product_type INTEGER NOT NULL,
    supplier_interface_id BIGINT NOT NULL,
    distributor_interface_id BIGINT NOT NULL,
    hour BIGINT NOT NULL,
    order_num BIGINT NOT NULL,
    order_money BIGINT NOT NULL,
    success_num BIGINT NOT NULL,
    success_money BIGINT NOT NULL,
    success_profit BIGINT NOT NULL,
    cancel_num BIGINT NOT NULL,
    cancel_money BIGINT NOT NULL,
    fail_num BIGINT NOT NULL,
    fail_money BIGINT NOT NULL,
    PRIMARY KEY (saas_id, hour, product_type, supplier_interface_id, distributor_interface_id)
);
