ALTER TABLE notify_configs DROP COLUMN language;
