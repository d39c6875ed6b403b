DROP TABLE stat_products;
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
INSERT INTO stat_hours
SELECT saas_id, product_type, supplier_interface_id, distributor_interface_id, bucket, order_num,
    order_money, success_num, success_money, success_profit, cancel_num, cancel_money, fail_num,
    fail_money
FROM stat_sums WHERE grain = 1 AND mch_side = 0;
DROP TABLE stat_sums;
ALTER TABLE stat_orders DROP COLUMN supplier_mch_id;
ALTER TABLE stat_orders DROP COLUMN distributor_mch_id;
ALTER TABLE stat_orders DROP COLUMN supplier_amount;
ALTER TABLE stat_orders DROP COLUMN distributor_amount;
