-- Signed requests of API users (the open distribution API): the secret is kept sealed with the
-- service's key beside its hash, so auth-center can check an HMAC made with it. Users made
-- before this have none (NULL) and must reset their secret to sign.
ALTER TABLE api_users ADD COLUMN secret_sealed TEXT;
-- Nonces seen within the clock window: a second request with the same (app key, nonce) is a
-- replay. Rows past their expiry are removed by a job.
CREATE TABLE api_nonces (
    app_key TEXT NOT NULL,
    nonce TEXT NOT NULL,
    expires_at BIGINT NOT NULL,
    PRIMARY KEY (app_key, nonce)
);
CREATE INDEX api_nonces_expires_at ON api_nonces (expires_at);
