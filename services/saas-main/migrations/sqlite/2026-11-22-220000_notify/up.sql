-- Each user's notification settings: per channel a comma-joined list of notification types.
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
    -- 1 normal, 0 blocked
    state INTEGER NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX notify_configs_tenant ON notify_configs (saas_id, mch_id);
