ALTER TABLE merchants DROP COLUMN credit_version;
