DROP INDEX wx_messages_claim;
ALTER TABLE wx_messages DROP COLUMN claim;
