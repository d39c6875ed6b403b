-- The open API's idempotency keys (docs/open-api.md): per API user, the digest of the booking
-- a key was first used with and the order it made; kept a day, then removed by a job.
CREATE TABLE open_idempotency_keys (
    user_id BIGINT NOT NULL,
    idem_key TEXT NOT NULL,
    saas_id BIGINT NOT NULL,
    body_hash TEXT NOT NULL,
    order_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, idem_key)
);
CREATE INDEX open_idempotency_keys_created ON open_idempotency_keys (created_at);
