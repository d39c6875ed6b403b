DROP TABLE wx_messages;
ALTER TABLE wx_configs DROP COLUMN templates;
