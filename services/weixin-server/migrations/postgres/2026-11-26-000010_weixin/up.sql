-- Official accounts (kind 1, mp) and mini-programs (kind 2, ma) of a tenant. The app secret,
-- message token and encoding AES key are sealed (ChaCha20-Poly1305 with the service's key):
-- the database alone never reveals them.
CREATE TABLE wx_configs (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    kind INTEGER NOT NULL,
    name TEXT NOT NULL,
    app_id TEXT NOT NULL,
    secret_sealed TEXT NOT NULL,
    token_sealed TEXT NOT NULL,
    aes_key_sealed TEXT NOT NULL,
    state INTEGER NOT NULL,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX wx_configs_app ON wx_configs (saas_id, kind, app_id);
CREATE INDEX wx_configs_tenant ON wx_configs (saas_id, kind, state);

-- One access token per configuration, shared by every replica. `version` counts refreshes:
-- a replica refreshes only after winning the lease on the version it found wanting.
CREATE TABLE wx_access_tokens (
    config_id BIGINT PRIMARY KEY,
    token_sealed TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    version BIGINT NOT NULL,
    lease_until BIGINT NOT NULL
);

-- The scene of a bind QR code: which staff user a scan binds, until when.
CREATE TABLE wx_bind_scenes (
    scene TEXT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    config_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX wx_bind_scenes_expiry ON wx_bind_scenes (expires_at);

-- A staff user's WeChat: one openId per user and configuration, one user per openId.
CREATE TABLE wx_bindings (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    config_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    open_id TEXT NOT NULL,
    nickname TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX wx_bindings_user ON wx_bindings (config_id, user_id);
CREATE UNIQUE INDEX wx_bindings_open_id ON wx_bindings (config_id, open_id);

-- The followers of an official account, from WeChat's user list and events.
CREATE TABLE wx_followers (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    config_id BIGINT NOT NULL,
    open_id TEXT NOT NULL,
    nickname TEXT NOT NULL,
    subscribed BOOLEAN NOT NULL,
    subscribe_time BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX wx_followers_open_id ON wx_followers (config_id, open_id);

-- Signed callback requests already taken (signature's timestamp and nonce): a replay of one is
-- refused. Rows older than the accepted clock skew are forgotten by a job.
CREATE TABLE wx_callback_nonces (
    config_id BIGINT NOT NULL,
    nonce TEXT NOT NULL,
    timestamp BIGINT NOT NULL,
    PRIMARY KEY (config_id, nonce, timestamp)
);
