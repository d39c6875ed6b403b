DROP TABLE api_nonces;
ALTER TABLE api_users DROP COLUMN secret_sealed;
