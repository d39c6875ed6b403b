DROP TABLE open_idempotency_keys;
