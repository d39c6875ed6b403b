-- The event backbone's tables, in every service's database.

-- Events written in the same transaction as the change that caused them; the relay publishes
-- them in id order and stamps sent_at once the broker has confirmed.
CREATE TABLE outbox (
    id BIGINT PRIMARY KEY,
    event_id TEXT NOT NULL UNIQUE,
    routing_key TEXT NOT NULL,
    saas_id BIGINT NOT NULL,
    envelope BYTEA NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT
);
CREATE INDEX outbox_unsent ON outbox (id) WHERE sent_at IS NULL;

-- Events a consumer has applied, written in the same transaction as the effect: a redelivery
-- finds its id here and changes nothing.
CREATE TABLE processed_events (
    consumer TEXT NOT NULL,
    event_id TEXT NOT NULL,
    processed_at BIGINT NOT NULL,
    PRIMARY KEY (consumer, event_id)
);

-- Deliveries that failed every attempt, with the last error; an operator can re-queue one.
CREATE TABLE dead_letters (
    id BIGINT PRIMARY KEY,
    consumer TEXT NOT NULL,
    event_id TEXT NOT NULL,
    routing_key TEXT NOT NULL,
    envelope BYTEA NOT NULL,
    error TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    requeued_at BIGINT
);
