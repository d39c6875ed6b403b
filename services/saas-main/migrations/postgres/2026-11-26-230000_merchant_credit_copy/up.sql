-- A distributor's credit figures are finance-app's (its credit accounts); saas-main keeps a copy
-- on the merchant, taken from `credit-account.updated`, and remembers the account version it
-- copied so a late or repeated event never rolls it back. The figures a merchant's save wrote
-- before are no account's: they go back to zero until finance-app tells them.
ALTER TABLE merchants ADD COLUMN credit_version BIGINT NOT NULL DEFAULT 0;
UPDATE merchants SET credit_used = 0, credit_permanent = 0, credit_temporary = 0;
