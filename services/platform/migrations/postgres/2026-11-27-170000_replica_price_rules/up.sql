-- A distributor's price level in the copy of the merchants, and the copy of the tenants' price
-- rules (saas-main's, kept from `price-rule.updated` and rebuilt on
-- `resync.price-rules.requested`): what hotel-app and ticket-app price a distributor's quote by.
ALTER TABLE replica_merchants ADD COLUMN grade INTEGER NOT NULL DEFAULT 0;

-- The levels of merchants copied before they travelled with `merchant.updated` are not known:
-- forgetting the copy's state has the service ask saas-main for every merchant again at its
-- next start (a fresh database has no such row).
DELETE FROM replica_copies WHERE copy_name = 'tenants';

-- A deleted rule stays, disabled and marked, so that an older announcement delivered late does
-- not bring it back.
CREATE TABLE replica_price_rules (
    rule_id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    grade INTEGER NOT NULL,
    supplier_id BIGINT NOT NULL,
    product_type INTEGER NOT NULL,
    product_id BIGINT NOT NULL,
    formula TEXT NOT NULL,
    enabled BOOLEAN NOT NULL,
    deleted BOOLEAN NOT NULL,
    occurred_at BIGINT NOT NULL
);
CREATE INDEX replica_price_rules_grade ON replica_price_rules (saas_id, grade);
