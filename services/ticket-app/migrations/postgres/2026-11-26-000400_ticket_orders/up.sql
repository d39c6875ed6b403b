-- Ticket orders. States are trade::order_state's (shared with hotel orders): order_state,
-- real/supplier/channel progress, pay_state, cancel_apply and the state a cancellation
-- application interrupted. stock_source: trade::calendar::Source of the visit day's stock
-- taken (0 unlimited, 1 common, 2 authorised). buyer: the form the buyer filled, JSON.
CREATE TABLE ticket_orders (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    supplier_id BIGINT NOT NULL,
    distributor_id BIGINT NOT NULL,
    scenic_id BIGINT NOT NULL,
    visit_date TEXT NOT NULL,
    quantity BIGINT NOT NULL,
    order_price BIGINT NOT NULL,
    supplier_price BIGINT NOT NULL,
    stock_source INTEGER NOT NULL,
    order_state INTEGER NOT NULL,
    real_state INTEGER NOT NULL,
    supplier_state INTEGER NOT NULL,
    channel_state INTEGER NOT NULL,
    pay_state INTEGER NOT NULL,
    cancel_apply INTEGER NOT NULL,
    pre_cancel INTEGER NOT NULL,
    need_confirm BOOLEAN NOT NULL,
    pay_type INTEGER NOT NULL,
    pay_deadline BIGINT NOT NULL,
    customer_key TEXT NOT NULL,
    contact_name TEXT NOT NULL,
    contact_mobile TEXT NOT NULL,
    buyer TEXT NOT NULL,
    remark TEXT NOT NULL,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    confirm_date BIGINT NOT NULL,
    finish_date BIGINT NOT NULL
);
CREATE INDEX ticket_orders_by_tenant ON ticket_orders (saas_id, created_at);
CREATE INDEX ticket_orders_by_customer ON ticket_orders (product_id, customer_key);
CREATE INDEX ticket_orders_unpaid ON ticket_orders (pay_deadline);

-- Tickets a customer holds of a product, over all days (day '') and per visit day: the
-- purchase limits are one conditional UPDATE on these, so parallel orders of one customer
-- cannot pass a limit together.
CREATE TABLE ticket_purchase_counts (
    product_id BIGINT NOT NULL,
    customer_key TEXT NOT NULL,
    day TEXT NOT NULL,
    bought BIGINT NOT NULL,
    PRIMARY KEY (product_id, customer_key, day)
);

-- What happened to each order: the action, the states before and after, who.
CREATE TABLE ticket_order_logs (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    order_id BIGINT NOT NULL,
    action TEXT NOT NULL,
    from_state INTEGER NOT NULL,
    to_state INTEGER NOT NULL,
    role TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    remark TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX ticket_order_logs_by_order ON ticket_order_logs (order_id, created_at);
