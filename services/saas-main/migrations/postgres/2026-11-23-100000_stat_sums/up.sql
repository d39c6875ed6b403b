-- The sums behind the dashboards in three grains (1 hour: UTC ms of the hour; 2 day: China
-- days since 1970-01-01; 3 month: China months since 1970-01), for the tenant (mch_side 0) and
-- per merchant by day (1 supplier, 2 distributor), so a query reads one row per bucket and
-- dimension, however many orders there are.
CREATE TABLE stat_sums (
    saas_id BIGINT NOT NULL,
    grain INTEGER NOT NULL,
    bucket BIGINT NOT NULL,
    product_type INTEGER NOT NULL,
    supplier_interface_id BIGINT NOT NULL,
    distributor_interface_id BIGINT NOT NULL,
    mch_side INTEGER NOT NULL,
    mch_id BIGINT NOT NULL,
    order_num BIGINT NOT NULL,
    order_money BIGINT NOT NULL,
    success_num BIGINT NOT NULL,
    success_money BIGINT NOT NULL,
    success_profit BIGINT NOT NULL,
    cancel_num BIGINT NOT NULL,
    cancel_money BIGINT NOT NULL,
    fail_num BIGINT NOT NULL,
    fail_money BIGINT NOT NULL,
    PRIMARY KEY (saas_id, grain, mch_side, mch_id, bucket, product_type, supplier_interface_id,
        distributor_interface_id)
);

-- Merchants and their amounts, to move their sums with the order.
ALTER TABLE stat_orders ADD COLUMN supplier_mch_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE stat_orders ADD COLUMN distributor_mch_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE stat_orders ADD COLUMN supplier_amount BIGINT NOT NULL DEFAULT 0;
ALTER TABLE stat_orders ADD COLUMN distributor_amount BIGINT NOT NULL DEFAULT 0;

-- The hourly sums kept so far become the hour, day and month grains (merchant sums start now:
-- orders counted before did not say their merchants to the statistics).
INSERT INTO stat_sums
SELECT saas_id, 1, hour, product_type, supplier_interface_id, distributor_interface_id, 0, 0,
    order_num, order_money, success_num, success_money, success_profit, cancel_num,
    cancel_money, fail_num, fail_money
FROM stat_hours;

INSERT INTO stat_sums
SELECT saas_id, 2, (hour + 28800000) / 86400000, product_type, supplier_interface_id,
    distributor_interface_id, 0, 0, SUM(order_num), SUM(order_money), SUM(success_num),
    SUM(success_money), SUM(success_profit), SUM(cancel_num), SUM(cancel_money), SUM(fail_num),
    SUM(fail_money)
FROM stat_hours
GROUP BY saas_id, (hour + 28800000) / 86400000, product_type, supplier_interface_id,
    distributor_interface_id;

INSERT INTO stat_sums
SELECT saas_id, 3, month, product_type, supplier_interface_id, distributor_interface_id, 0, 0,
    SUM(order_num), SUM(order_money), SUM(success_num), SUM(success_money), SUM(success_profit),
    SUM(cancel_num), SUM(cancel_money), SUM(fail_num), SUM(fail_money)
FROM (SELECT *, (EXTRACT(YEAR FROM to_timestamp((hour + 28800000) / 1000) AT TIME ZONE 'UTC')::BIGINT - 1970) * 12
    + EXTRACT(MONTH FROM to_timestamp((hour + 28800000) / 1000) AT TIME ZONE 'UTC')::BIGINT - 1 AS month FROM stat_hours) AS h
GROUP BY saas_id, month, product_type, supplier_interface_id, distributor_interface_id;

DROP TABLE stat_hours;

-- Each product as its latest product.*.updated event tells it, for the product counts.
CREATE TABLE stat_products (
    -- `<product type>:<product id>`
    product_key TEXT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    product_type INTEGER NOT NULL,
    supplier_mch_id BIGINT NOT NULL,
    on_sale BOOLEAN NOT NULL,
    deleted BOOLEAN NOT NULL,
    -- occurred_at of the event: an older one arriving late changes nothing
    updated_at BIGINT NOT NULL
);
CREATE INDEX stat_products_by_tenant ON stat_products (saas_id, supplier_mch_id);
