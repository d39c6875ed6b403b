-- The open API's webhooks (docs/open-api.md): a distributor's callback URL, set by one of its
-- API users, with the secret its deliveries are signed with (sealed with hotel-app's key), and
-- every delivery of an order change of that distributor: pending 1, delivered 2, given up 3,
-- with its attempts, the next one's time and the last answer.
CREATE TABLE open_webhooks (
    saas_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL,
    url TEXT NOT NULL,
    secret_sealed TEXT NOT NULL,
    updated_by BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (saas_id, mch_id)
);

CREATE TABLE open_webhook_deliveries (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL,
    order_id BIGINT NOT NULL,
    event TEXT NOT NULL,
    payload TEXT NOT NULL,
    url TEXT NOT NULL,
    state INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    next_at BIGINT NOT NULL,
    last_status INTEGER NOT NULL,
    last_error TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    delivered_at BIGINT NOT NULL
);
CREATE INDEX open_webhook_deliveries_due ON open_webhook_deliveries (state, next_at);
CREATE INDEX open_webhook_deliveries_merchant ON open_webhook_deliveries (saas_id, mch_id, created_at);
CREATE INDEX open_webhook_deliveries_order ON open_webhook_deliveries (order_id, created_at);
