-- The users of a tenant's mini-programs: made or updated each time a user logs in to the
-- mini-program with the code of wx.login, which WeChat exchanges for the user's openId (and
-- unionId, when the mini-program belongs to an open-platform account) and a session key. The
-- session key decrypts what the mini-program hands over of the user's data, so it is sealed.
CREATE TABLE wx_ma_users (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    config_id BIGINT NOT NULL,
    open_id TEXT NOT NULL,
    union_id TEXT NOT NULL,
    session_key_sealed TEXT NOT NULL,
    login_count INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    last_login_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX wx_ma_users_open_id ON wx_ma_users (config_id, open_id);
CREATE INDEX wx_ma_users_tenant ON wx_ma_users (saas_id, config_id, last_login_at);
