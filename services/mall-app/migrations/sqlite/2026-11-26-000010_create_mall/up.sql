-- Mall products (`product/ProductManagementList`): what the mall sells. A product of sale type
-- 10 or 20 names a hotel or ticket product of the tenant (from their `product.*.updated`
-- events, kept in linked_products); one of type 60 is a general product of the mall itself.
CREATE TABLE mall_products (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    product_name TEXT NOT NULL,
    keywords TEXT NOT NULL,
    product_id BIGINT NOT NULL,
    sale_type INTEGER NOT NULL,
    supplier_id BIGINT NOT NULL,
    sale_start BIGINT NOT NULL,
    sale_end BIGINT NOT NULL,
    images TEXT NOT NULL,
    description TEXT NOT NULL,
    price BIGINT NOT NULL,
    stock INTEGER NOT NULL,
    sale_num INTEGER NOT NULL,
    rank_num INTEGER NOT NULL,
    state INTEGER NOT NULL,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX mall_products_rank ON mall_products (saas_id, rank_num);
CREATE INDEX mall_products_supplier ON mall_products (saas_id, supplier_id);

-- Themes (`product/ThemeManange`): named groups of mall products shown together.
CREATE TABLE mall_themes (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    theme_name TEXT NOT NULL,
    cover TEXT NOT NULL,
    sort_num INTEGER NOT NULL,
    start_at BIGINT NOT NULL,
    end_at BIGINT NOT NULL,
    state INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX mall_themes_name ON mall_themes (saas_id, theme_name);

CREATE TABLE mall_theme_products (
    theme_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    saas_id BIGINT NOT NULL,
    sort_num INTEGER NOT NULL,
    PRIMARY KEY (theme_id, product_id)
);
CREATE INDEX mall_theme_products_product ON mall_theme_products (saas_id, product_id);

-- Snap-up sessions (`product/online-snapup`): a product sold at a snap-up price from a stock of
-- its own between two times. stock_left is only ever changed by conditional UPDATEs.
CREATE TABLE snapup_sessions (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mall_product_id BIGINT NOT NULL,
    snapup_price BIGINT NOT NULL,
    stock_total INTEGER NOT NULL,
    stock_left INTEGER NOT NULL,
    start_at BIGINT NOT NULL,
    end_at BIGINT NOT NULL,
    limit_goods INTEGER NOT NULL,
    limit_target INTEGER NOT NULL,
    limit_num INTEGER NOT NULL,
    state INTEGER NOT NULL,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX snapup_sessions_time ON snapup_sessions (saas_id, end_at);

-- What each limit target (a user, a merchant, the tenant) has bought of a session, per day for
-- a daily limit (day 0 otherwise); raised and lowered by conditional UPDATEs only.
CREATE TABLE snapup_limits (
    session_id BIGINT NOT NULL,
    target_key TEXT NOT NULL,
    day_num BIGINT NOT NULL,
    saas_id BIGINT NOT NULL,
    bought INTEGER NOT NULL,
    PRIMARY KEY (session_id, target_key, day_num)
);

-- Mall orders placed in snap-up sessions (`product/snapup-place-order`).
CREATE TABLE mall_orders (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    session_id BIGINT NOT NULL,
    mall_product_id BIGINT NOT NULL,
    product_name TEXT NOT NULL,
    supplier_id BIGINT NOT NULL,
    distributor_id BIGINT NOT NULL,
    buyer_id BIGINT NOT NULL,
    limit_key TEXT NOT NULL,
    limit_day BIGINT NOT NULL,
    quantity INTEGER NOT NULL,
    unit_price BIGINT NOT NULL,
    order_price BIGINT NOT NULL,
    order_state INTEGER NOT NULL,
    contact_name TEXT NOT NULL,
    contact_phone TEXT NOT NULL,
    pay_deadline BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX mall_orders_due ON mall_orders (order_state, pay_deadline);
CREATE INDEX mall_orders_session ON mall_orders (saas_id, session_id);

-- The tenant's hotel and ticket products as their services announce them, for mall products
-- that sell one.
CREATE TABLE linked_products (
    product_id BIGINT NOT NULL,
    product_type INTEGER NOT NULL,
    saas_id BIGINT NOT NULL,
    supplier_id BIGINT NOT NULL,
    product_name TEXT NOT NULL,
    on_sale BOOLEAN NOT NULL,
    deleted BOOLEAN NOT NULL,
    occurred_at BIGINT NOT NULL,
    PRIMARY KEY (product_type, product_id)
);
CREATE INDEX linked_products_tenant ON linked_products (saas_id, product_type);
