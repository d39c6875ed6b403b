-- One dispatch queue for every channel sent by a worker: SMS (channel 1) and mail (channel 2). Texts
-- queued before this migration move over as SMS.
-- state (stateSms / stateMails): 0 queued, 1 sending, 2 sent, 3 failed (every attempt failed),
-- 4 refused (no live licence). parts_sent: parts already accepted by the provider, so a retry
-- of a text split in two sends only what is missing.
CREATE TABLE dispatches (
    id BIGINT PRIMARY KEY,
    channel INTEGER NOT NULL,
    saas_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    address TEXT NOT NULL,
    subject TEXT NOT NULL,
    content TEXT NOT NULL,
    notify_type INTEGER NOT NULL,
    ref_id TEXT NOT NULL,
    parts INTEGER NOT NULL,
    parts_sent INTEGER NOT NULL,
    state INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    next_attempt_at BIGINT NOT NULL,
    last_error TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT NOT NULL
);
INSERT INTO dispatches
SELECT id, 1, saas_id, user_id, mobile, '', content, notify_type, ref_id, parts,
       CASE WHEN state = 2 THEN parts ELSE 0 END, state, attempts, next_attempt_at, last_error,
       created_at, sent_at
FROM sms_queue;
CREATE INDEX dispatches_due ON dispatches (channel, state, next_attempt_at);
CREATE INDEX dispatches_by_tenant ON dispatches (saas_id, channel, created_at);

CREATE TABLE dispatch_attempts (
    id BIGINT PRIMARY KEY,
    message_id BIGINT NOT NULL,
    attempted_at BIGINT NOT NULL,
    ok BOOLEAN NOT NULL,
    detail TEXT NOT NULL
);
INSERT INTO dispatch_attempts SELECT id, sms_id, attempted_at, ok, detail FROM sms_attempts;
CREATE INDEX dispatch_attempts_by_message ON dispatch_attempts (message_id);

DROP TABLE sms_attempts;
DROP TABLE sms_queue;

-- The language mail and SMS are written in (zh-cn or en), as the user's console had it when
-- the settings were saved.
ALTER TABLE notify_configs ADD COLUMN language TEXT NOT NULL DEFAULT 'zh-cn';
