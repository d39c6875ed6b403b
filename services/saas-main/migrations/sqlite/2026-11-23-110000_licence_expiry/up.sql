-- Whether the lapse of a licence's expiry date has been told (licence.updated with state 0);
-- a purchase that extends it clears the flag.
ALTER TABLE licences ADD COLUMN expiry_announced BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX licences_to_announce ON licences (expiry_announced, expire_date);
