-- message-server: users' notification settings and the tenants' licences, copied from
-- saas-main's events; the web notifications made from order events.

-- A user's settings (notify-config.updated): comma-joined notification types per channel;
-- state 1 normal, 0 blocked.
CREATE TABLE notify_configs (
    user_id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL,
    notify_web TEXT NOT NULL,
    notify_weixin TEXT NOT NULL,
    notify_sms TEXT NOT NULL,
    notify_mail TEXT NOT NULL,
    mobile TEXT NOT NULL,
    email TEXT NOT NULL,
    state INTEGER NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX notify_configs_by_merchant ON notify_configs (saas_id, mch_id);

-- A tenant's licences (licence.updated): SMS and mail go out only under a live one.
CREATE TABLE licences (
    saas_id BIGINT NOT NULL,
    license_name TEXT NOT NULL,
    license_value BIGINT NOT NULL,
    expire_date BIGINT NOT NULL,
    state INTEGER NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (saas_id, license_name)
);

-- Web notifications, kept in both languages: each reader gets its own. read_at 0 = unread.
CREATE TABLE notifications (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    notify_type INTEGER NOT NULL,
    message_zh TEXT NOT NULL,
    message_en TEXT NOT NULL,
    ref_id TEXT NOT NULL,
    action_url TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    read_at BIGINT NOT NULL
);
CREATE INDEX notifications_by_user ON notifications (user_id, read_at, created_at);
