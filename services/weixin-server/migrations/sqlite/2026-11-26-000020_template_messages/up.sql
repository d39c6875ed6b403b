-- Template ids of a configuration per notification type: {"10": "tmplId", ...} as JSON text.
ALTER TABLE wx_configs ADD COLUMN templates TEXT NOT NULL DEFAULT '{}';

-- Template messages to bound staff, from message-server's notification.requested (channel
-- weixin). state: 0 pending, 1 sent, 3 dead (a permanent refusal, or transient ones past the
-- last attempt). next_at doubles as the claim of the replica sending it.
CREATE TABLE wx_messages (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    config_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    open_id TEXT NOT NULL,
    notify_type INTEGER NOT NULL,
    template_id TEXT NOT NULL,
    content TEXT NOT NULL,
    ref_id TEXT NOT NULL,
    action_url TEXT NOT NULL,
    event_id TEXT NOT NULL,
    state INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    next_at BIGINT NOT NULL,
    last_error TEXT NOT NULL,
    msg_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    sent_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX wx_messages_event ON wx_messages (event_id, config_id, open_id);
CREATE INDEX wx_messages_due ON wx_messages (state, next_at);
CREATE INDEX wx_messages_config ON wx_messages (saas_id, config_id, id);
