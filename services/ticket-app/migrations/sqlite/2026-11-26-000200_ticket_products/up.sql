-- Ticket products. The columns lists filter and sort by; `fields` holds the whole checked
-- product form as JSON (TicketProductFields: delivery, voucher, validity, booking and purchase
-- limits, cancellation, buyer's form fields, SMS text, images, notes), read back through the
-- same type. state: trade::product_state (0 unpublished, 1 on sale, 2 off the shelf,
-- 3 disabled, -1 deleted).
CREATE TABLE ticket_products (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    supplier_id BIGINT NOT NULL,
    scenic_id BIGINT NOT NULL,
    product_name TEXT NOT NULL,
    product_type INTEGER NOT NULL,
    confirm_type INTEGER NOT NULL,
    pay_online BOOLEAN NOT NULL,
    fields TEXT NOT NULL,
    state INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX ticket_products_by_tenant ON ticket_products (saas_id, state, supplier_id);
CREATE INDEX ticket_products_by_scenic ON ticket_products (saas_id, scenic_id);
