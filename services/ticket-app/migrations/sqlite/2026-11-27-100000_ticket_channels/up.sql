-- The channels a tenant sells its tickets through (docs/channels.md). The configurations
-- themselves are saas-main's, copied into replica_interface_configs.

-- The channel's own catalogue as last pulled from it: its scenic spots (kind 1) and products
-- (kind 2, parent_id its spot), under the channel's ids.
CREATE TABLE channel_catalogue (
    config_id BIGINT NOT NULL,
    kind INTEGER NOT NULL,
    channel_id TEXT NOT NULL,
    saas_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    parent_id TEXT NOT NULL,
    synced_at BIGINT NOT NULL,
    PRIMARY KEY (config_id, kind, channel_id)
);

-- Which of the tenant's products a configuration sells, under which product of the channel:
-- one channel product per product and configuration, and the other way round.
CREATE TABLE channel_products (
    config_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    saas_id BIGINT NOT NULL,
    channel_product_id TEXT NOT NULL,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (config_id, product_id)
);
CREATE UNIQUE INDEX channel_products_channel ON channel_products (config_id, channel_product_id);
CREATE INDEX channel_products_product ON channel_products (product_id);

-- Calendar days of mapped products waiting to reach a channel: the days themselves (with the
-- time of their last change, so a day changed again while a push is under way stays queued),
-- and per product and configuration when its changes began and last happened (debounced), how
-- many calls failed and when the next may go (backoff).
CREATE TABLE channel_push_days (
    config_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    changed_at BIGINT NOT NULL,
    PRIMARY KEY (config_id, product_id, day)
);
CREATE TABLE channel_pushes (
    config_id BIGINT NOT NULL,
    product_id BIGINT NOT NULL,
    saas_id BIGINT NOT NULL,
    first_at BIGINT NOT NULL,
    last_at BIGINT NOT NULL,
    attempts INTEGER NOT NULL,
    next_at BIGINT NOT NULL,
    PRIMARY KEY (config_id, product_id)
);

-- Every call to a channel: what was sent and answered (never a header, so never a signature
-- or credential), how long it took and how it ended (1 success, 2 refused, 3 failed).
CREATE TABLE interface_logs (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    config_id BIGINT NOT NULL,
    interface_name TEXT NOT NULL,
    action TEXT NOT NULL,
    method TEXT NOT NULL,
    url TEXT NOT NULL,
    request TEXT NOT NULL,
    status INTEGER NOT NULL,
    answer TEXT NOT NULL,
    took_ms BIGINT NOT NULL,
    outcome INTEGER NOT NULL,
    reason TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX interface_logs_tenant ON interface_logs (saas_id, created_at);
CREATE INDEX interface_logs_config ON interface_logs (config_id, created_at);
