-- auth-center's own copy as 2026-11-22-100000_accounts made it, filled from the platform's
-- (which keeps its rows: the platform's migrations own it).
CREATE TABLE tenants (
    saas_id BIGINT PRIMARY KEY,
    saas_name TEXT NOT NULL,
    saas_logo TEXT NOT NULL,
    company_name TEXT NOT NULL,
    saas_expire_date BIGINT NOT NULL,
    state INTEGER NOT NULL,
    currency TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE merchants (
    mch_id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_type INTEGER NOT NULL,
    mch_name TEXT NOT NULL,
    mch_currency TEXT NOT NULL,
    state INTEGER NOT NULL,
    updated_at BIGINT NOT NULL
);

INSERT INTO tenants
    (saas_id, saas_name, saas_logo, company_name, saas_expire_date, state, currency, updated_at)
SELECT saas_id, saas_name, saas_logo, company_name, saas_expire_date, state, currency, occurred_at
FROM replica_tenants;

INSERT INTO merchants (mch_id, saas_id, mch_type, mch_name, mch_currency, state, updated_at)
SELECT mch_id, saas_id, mch_type, mch_name, mch_currency, state, occurred_at
FROM replica_merchants;
