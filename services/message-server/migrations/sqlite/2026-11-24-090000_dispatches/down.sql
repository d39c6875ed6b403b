ALTER TABLE notify_configs DROP COLUMN language;
CREATE TABLE sms_queue (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    mobile TEXT NOT NULL,
    content TEXT NOT NULL,
    notify_type INTEGER NOT NULL,
    ref_id TEXT NOT NULL,
    parts INTEGER NOT NULL,
    state INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    next_attempt_at BIGINT NOT NULL,
    last_error TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT NOT NULL
);
INSERT INTO sms_queue
SELECT id, saas_id, user_id, address, content, notify_type, ref_id, parts, state, attempts,
       next_attempt_at, last_error, created_at, sent_at
FROM dispatches WHERE channel = 1;
CREATE INDEX sms_queue_due ON sms_queue (state, next_attempt_at);
CREATE INDEX sms_queue_by_tenant ON sms_queue (saas_id, created_at);
CREATE TABLE sms_attempts (
    id BIGINT PRIMARY KEY,
    sms_id BIGINT NOT NULL,
    attempted_at BIGINT NOT NULL,
    ok BOOLEAN NOT NULL,
    detail TEXT NOT NULL
);
INSERT INTO sms_attempts
SELECT a.id, a.message_id, a.attempted_at, a.ok, a.detail
FROM dispatch_attempts a JOIN dispatches o ON o.id = a.message_id WHERE o.channel = 1;
CREATE INDEX sms_attempts_by_sms ON sms_attempts (sms_id);
DROP TABLE dispatch_attempts;
DROP TABLE dispatches;
