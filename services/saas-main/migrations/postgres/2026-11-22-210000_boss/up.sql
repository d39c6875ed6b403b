-- Paid services: the catalogue, each tenant's balance (fen) with its log, and licences.

CREATE TABLE boss_services (
    id BIGINT PRIMARY KEY,
    service_name TEXT NOT NULL,
    service_desc TEXT NOT NULL DEFAULT '',
    app_name TEXT NOT NULL DEFAULT '',
    -- 0 undefined, 1 feature licence, 2 quantity licence, 3 single task
    service_type INTEGER NOT NULL,
    -- the tag a page looks a service up by (HOTEL_SUPPLIER_INTERFACE ...)
    service_class TEXT NOT NULL,
    -- the licence a purchase adds to (saas/notify/sms ...)
    license_data TEXT NOT NULL,
    -- days of a feature licence, count of a quantity licence, per purchase
    license_value BIGINT NOT NULL,
    -- day or count
    license_unit TEXT NOT NULL,
    price BIGINT NOT NULL,
    service_rank INTEGER NOT NULL DEFAULT 0,
    -- 0 in development, 1 on sale, -1 off sale
    state INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

INSERT INTO boss_services (id, service_name, service_desc, app_name, service_type, service_class, license_data, license_value, license_unit, price, service_rank, state, created_at, updated_at) VALUES
    (1, 'SMS pack 1000', '1000 order notification SMS', 'saas-app', 2, 'SMS_NOTICE', 'saas/notify/sms', 1000, 'count', 6000, 1, 1, 0, 0),
    (2, 'Mail notifications, 1 year', 'Order notifications by e-mail for 365 days', 'saas-app', 1, 'MAIL_NOTICE', 'saas/notify/mail', 365, 'day', 20000, 2, 1, 0, 0),
    (3, 'Hotel supplier interface, 1 year', 'Connect a supplier system for hotel products for 365 days', 'saas-hotel-app', 1, 'HOTEL_SUPPLIER_INTERFACE', 'saas/hotel/supplierInterface', 365, 'day', 300000, 3, 1, 0, 0),
    (4, 'Data export', 'One export of all orders of a year', 'saas-app', 3, 'DATA_EXPORT', 'saas/export/orders', 1, 'count', 5000, 4, 0, 0, 0);

CREATE TABLE balances (
    saas_id BIGINT PRIMARY KEY,
    account BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE balance_logs (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    -- 1 top-up, -1 consumption
    log_type INTEGER NOT NULL,
    amount BIGINT NOT NULL,
    balance_after BIGINT NOT NULL,
    -- 0 processing, 1 success, 2 invoicing, 3 invoiced, -1 failed
    state INTEGER NOT NULL,
    service_id BIGINT NOT NULL DEFAULT 0,
    remarks TEXT NOT NULL DEFAULT '',
    operator_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX balance_logs_tenant ON balance_logs (saas_id, created_at);

CREATE TABLE licences (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    license_name TEXT NOT NULL,
    license_value BIGINT NOT NULL,
    expire_date BIGINT,
    last_buy_date BIGINT,
    last_consume_date BIGINT,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX licences_name ON licences (saas_id, license_name);
