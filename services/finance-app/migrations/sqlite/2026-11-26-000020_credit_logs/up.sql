-- One row per order of the tenant (the spec's saasMchCreditLog), built from the order services'
-- order.*.created, state-changed and cancelled events. Money in fen; travel dates YYYY-MM-DD;
-- times in ms. `order_state` and `state_at` are the last order state told and when, so an
-- event delivered late never rolls a row back.
CREATE TABLE credit_logs (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    supplier_mch_id BIGINT NOT NULL,
    distributor_mch_id BIGINT NOT NULL,
    sale_user_id BIGINT NOT NULL,
    order_id BIGINT NOT NULL,
    product_type INTEGER NOT NULL,
    product_id BIGINT NOT NULL,
    product_name TEXT NOT NULL,
    order_number TEXT NOT NULL,
    contact_name TEXT NOT NULL,
    contact_phone TEXT NOT NULL,
    travel_date TEXT NOT NULL,
    end_travel_date TEXT NOT NULL,
    order_date BIGINT NOT NULL,
    currency_code TEXT NOT NULL,
    order_num INTEGER NOT NULL,
    order_price BIGINT NOT NULL,
    supplier_price BIGINT NOT NULL,
    distributor_price BIGINT NOT NULL,
    receipt_date BIGINT NOT NULL,
    receipt_progress INTEGER NOT NULL,
    receipt_id BIGINT NOT NULL,
    payment_date BIGINT NOT NULL,
    payment_progress INTEGER NOT NULL,
    payment_id BIGINT NOT NULL,
    statement_price BIGINT NOT NULL,
    state INTEGER NOT NULL,
    order_state INTEGER NOT NULL,
    state_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX credit_logs_order ON credit_logs (saas_id, product_type, order_id);
CREATE INDEX credit_logs_order_date ON credit_logs (saas_id, order_date);
CREATE INDEX credit_logs_distributor ON credit_logs (saas_id, distributor_mch_id, order_date);
