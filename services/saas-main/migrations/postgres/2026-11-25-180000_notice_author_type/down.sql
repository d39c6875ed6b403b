ALTER TABLE notices DROP COLUMN author_type;
