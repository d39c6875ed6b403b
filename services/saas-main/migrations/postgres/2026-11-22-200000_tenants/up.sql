-- Tenants (SaaS info) and their merchants (suppliers and distributors). Money in fen, fees in
-- per thousand, times in ms since the epoch.

CREATE TABLE tenants (
    saas_id BIGINT PRIMARY KEY,
    saas_name TEXT NOT NULL,
    saas_logo TEXT NOT NULL DEFAULT '',
    company_name TEXT NOT NULL DEFAULT '',
    -- 0-6
    pay_mode INTEGER NOT NULL DEFAULT 0,
    -- 3-20 per thousand
    pay_service_fee INTEGER NOT NULL DEFAULT 3,
    -- 0-10, 15-100 per thousand
    credit_fee INTEGER NOT NULL DEFAULT 0,
    currency TEXT NOT NULL DEFAULT 'CNY',
    language TEXT NOT NULL DEFAULT 'zh-cn',
    contact_name TEXT NOT NULL DEFAULT '',
    contact_mobile TEXT NOT NULL DEFAULT '',
    contact_email TEXT NOT NULL DEFAULT '',
    domain TEXT NOT NULL DEFAULT '',
    saas_expire_date BIGINT NOT NULL,
    -- 0 pending, 1 normal, 2 stopped
    state INTEGER NOT NULL,
    -- 0 standard, 1 trial
    saas_type INTEGER NOT NULL DEFAULT 0,
    remarks TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE merchants (
    mch_id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    -- 1 supplier, 2 distributor
    mch_type INTEGER NOT NULL,
    mch_name TEXT NOT NULL,
    -- price level 0-9 (0 the default)
    grade INTEGER NOT NULL DEFAULT 0,
    contact_name TEXT NOT NULL DEFAULT '',
    contact_mobile TEXT NOT NULL DEFAULT '',
    contact_email TEXT NOT NULL DEFAULT '',
    is_whitelist BOOLEAN NOT NULL DEFAULT FALSE,
    currency TEXT NOT NULL DEFAULT 'CNY',
    language TEXT NOT NULL DEFAULT 'zh-cn',
    -- 0-4 or 9 per thousand
    withdraw_fee INTEGER NOT NULL DEFAULT 0,
    is_withdraw BOOLEAN NOT NULL DEFAULT FALSE,
    -- 0-100 percent in steps of 10
    withdraw_limit INTEGER NOT NULL DEFAULT 0,
    is_confirm_order BOOLEAN NOT NULL DEFAULT FALSE,
    is_display_stock BOOLEAN NOT NULL DEFAULT FALSE,
    price_codex_purchase TEXT NOT NULL DEFAULT '',
    price_codex_distribution TEXT NOT NULL DEFAULT '',
    price_codex_retail TEXT NOT NULL DEFAULT '',
    credit_used BIGINT NOT NULL DEFAULT 0,
    credit_permanent BIGINT NOT NULL DEFAULT 0,
    credit_temporary BIGINT NOT NULL DEFAULT 0,
    supplier_order_manage BOOLEAN NOT NULL DEFAULT FALSE,
    presale_visible BOOLEAN NOT NULL DEFAULT FALSE,
    group_purchase BOOLEAN NOT NULL DEFAULT FALSE,
    -- 0 pending, 1 normal, 2 stopped, -1 deleted
    state INTEGER NOT NULL,
    remarks TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX merchants_tenant ON merchants (saas_id, mch_type, state);
