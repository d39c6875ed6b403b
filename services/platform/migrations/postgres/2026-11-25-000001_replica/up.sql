-- The local copy of saas-main's tenants and merchants, in every service's database, kept from
-- `tenant.updated` and `merchant.updated`. `occurred_at` is the time of the event the row
-- reflects: an older event delivered late changes nothing.

CREATE TABLE replica_tenants (
    saas_id BIGINT PRIMARY KEY,
    saas_name TEXT NOT NULL,
    saas_logo TEXT NOT NULL,
    company_name TEXT NOT NULL,
    saas_expire_date BIGINT NOT NULL,
    state INTEGER NOT NULL,
    currency TEXT NOT NULL,
    language TEXT NOT NULL,
    occurred_at BIGINT NOT NULL
);

CREATE TABLE replica_merchants (
    mch_id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_type INTEGER NOT NULL,
    mch_name TEXT NOT NULL,
    mch_currency TEXT NOT NULL,
    state INTEGER NOT NULL,
    occurred_at BIGINT NOT NULL
);
CREATE INDEX replica_merchants_tenant ON replica_merchants (saas_id, mch_type);
