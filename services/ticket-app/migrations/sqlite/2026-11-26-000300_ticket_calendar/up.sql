-- A ticket product's price and stock per visit day (fen): stock_limited false = no limit
-- (orders then wait for the supplier's confirmation); sold = tickets orders hold.
CREATE TABLE ticket_calendar (
    product_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    saas_id BIGINT NOT NULL,
    purchase_price BIGINT NOT NULL,
    distribution_price BIGINT NOT NULL,
    retail_price BIGINT NOT NULL,
    stock_limited BOOLEAN NOT NULL,
    stock BIGINT NOT NULL,
    sold BIGINT NOT NULL,
    closed BOOLEAN NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (product_id, day)
);

-- A distributor's own price and authorised stock for a day: NULL price = the common
-- distribution price, NULL stock = the common stock.
CREATE TABLE ticket_price_distributor (
    product_id BIGINT NOT NULL,
    distributor_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    saas_id BIGINT NOT NULL,
    distribution_price BIGINT,
    stock BIGINT,
    sold BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (product_id, distributor_id, day)
);
