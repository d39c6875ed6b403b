-- The SMS queue: one row per text to send (a long one is sent in two parts), and each attempt.
-- state (stateSms): 0 queued, 1 sending, 2 sent, 3 failed (every attempt failed), 4 refused
-- (no live SMS licence).
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
CREATE INDEX sms_queue_due ON sms_queue (state, next_attempt_at);
CREATE INDEX sms_queue_by_tenant ON sms_queue (saas_id, created_at);

CREATE TABLE sms_attempts (
    id BIGINT PRIMARY KEY,
    sms_id BIGINT NOT NULL,
    attempted_at BIGINT NOT NULL,
    ok BOOLEAN NOT NULL,
    detail TEXT NOT NULL
);
CREATE INDEX sms_attempts_by_sms ON sms_attempts (sms_id);
