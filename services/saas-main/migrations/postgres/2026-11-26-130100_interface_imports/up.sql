-- What was taken in through each interface configuration (interface.imported), one row per
-- hotel and product and kind: the paid service's counts read it.
CREATE TABLE interface_imports (
    saas_id BIGINT NOT NULL,
    config_id BIGINT NOT NULL,
    -- 1 hotel taken in, 2 product taken in, 3 prices updated
    kind INTEGER NOT NULL,
    hotel_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    interface_id BIGINT NOT NULL,
    -- the catalogue's code (alitrip ...) and type (1 vendor, 2 channel), product type
    interface_name TEXT NOT NULL,
    interface_type INTEGER NOT NULL,
    product_type INTEGER NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (saas_id, config_id, kind, hotel_id, product_id)
);
