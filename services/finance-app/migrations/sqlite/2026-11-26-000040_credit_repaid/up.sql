-- How much of a credit payment the distributor's receipts have given back to its credit: what a
-- release still owes it is the rest.
ALTER TABLE credit_reservations ADD COLUMN repaid BIGINT NOT NULL DEFAULT 0;
