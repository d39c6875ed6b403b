-- Exchange rates of a tenant with their history: each save adds a row and makes it the pair's
-- current one. A rate is "1 from = rate / 10^8 to" (an exact decimal of 8 places, never a float).
CREATE TABLE currency_rates (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    from_currency TEXT NOT NULL,
    to_currency TEXT NOT NULL,
    rate BIGINT NOT NULL,
    is_current BOOLEAN NOT NULL,
    remark TEXT NOT NULL,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX currency_rates_pair ON currency_rates (saas_id, from_currency, to_currency, created_at);
