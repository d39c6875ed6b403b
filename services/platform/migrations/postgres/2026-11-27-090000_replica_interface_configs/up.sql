-- The local copy of saas-main's interface configurations of the service's product type, kept
-- from `interface-config.updated` and rebuilt on `resync.interface-configs.requested`: which
-- channels the tenant sells through, where their adapters call and with which credentials
-- (sealed with the transport key as they travelled; opened only to sign a call).
CREATE TABLE replica_interface_configs (
    config_id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    interface_id BIGINT NOT NULL,
    interface_name TEXT NOT NULL,
    mch_id BIGINT NOT NULL,
    config_name TEXT NOT NULL,
    product_type INTEGER NOT NULL,
    interface_type INTEGER NOT NULL,
    base_url TEXT NOT NULL,
    credentials_sealed TEXT NOT NULL,
    state INTEGER NOT NULL,
    occurred_at BIGINT NOT NULL
);
CREATE INDEX replica_interface_configs_tenant ON replica_interface_configs (saas_id, interface_type);
