-- The sender claims a batch of due messages in one statement and finds them again by the
-- round's claim (a fresh id): no statement per message. 0 when no round holds the message.
ALTER TABLE wx_messages ADD COLUMN claim BIGINT NOT NULL DEFAULT 0;
CREATE INDEX wx_messages_claim ON wx_messages (claim);
