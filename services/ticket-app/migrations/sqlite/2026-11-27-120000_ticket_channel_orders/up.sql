-- Orders a channel placed (docs/channels.md): the configuration they came through, the
-- channel's order id and what the channel sold them at (fen, all tickets). One order per
-- channel order id and configuration, so a channel placing the same order again is answered
-- the same order. Beside ticket_orders rather than in it: most orders are booked here.
CREATE TABLE ticket_channel_orders (
    order_id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    config_id BIGINT NOT NULL,
    channel_order_id TEXT NOT NULL,
    channel_price BIGINT NOT NULL
);
CREATE UNIQUE INDEX ticket_channel_orders_channel
    ON ticket_channel_orders (config_id, channel_order_id);

-- The nonces of the signed calls channels made, so that a replay is refused; kept as long as
-- their timestamps are inside the clock window.
CREATE TABLE channel_nonces (
    config_id BIGINT NOT NULL,
    nonce TEXT NOT NULL,
    timestamp BIGINT NOT NULL,
    PRIMARY KEY (config_id, nonce)
);
CREATE INDEX channel_nonces_time ON channel_nonces (timestamp);

-- What became of a channel's order, waiting to be told to the channel (confirmed, refused,
-- cancelled, cancellation refused), in the order it happened; retried with backoff.
CREATE TABLE channel_order_notices (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    config_id BIGINT NOT NULL,
    order_id BIGINT NOT NULL,
    channel_order_id TEXT NOT NULL,
    state TEXT NOT NULL,
    vouchers TEXT NOT NULL,
    reason TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    next_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX channel_order_notices_due ON channel_order_notices (next_at);
CREATE INDEX channel_order_notices_order ON channel_order_notices (order_id, created_at);

-- The push loop looks for due entries by time.
CREATE INDEX channel_pushes_due ON channel_pushes (next_at);
