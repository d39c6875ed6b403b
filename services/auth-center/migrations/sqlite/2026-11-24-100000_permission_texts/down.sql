ALTER TABLE permissions DROP COLUMN summary_zh;
