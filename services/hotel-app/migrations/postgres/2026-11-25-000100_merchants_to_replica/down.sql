-- The table as 2026-11-23-120000_hotels made it, filled from the platform's copy (which keeps
-- its rows: the platform's migrations own it).
CREATE TABLE merchants (
    mch_id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_type INTEGER NOT NULL,
    mch_name TEXT NOT NULL,
    currency TEXT NOT NULL,
    state INTEGER NOT NULL,
    updated_at BIGINT NOT NULL
);

INSERT INTO merchants (mch_id, saas_id, mch_type, mch_name, currency, state, updated_at)
SELECT mch_id, saas_id, mch_type, mch_name, mch_currency, state, occurred_at
FROM replica_merchants;
