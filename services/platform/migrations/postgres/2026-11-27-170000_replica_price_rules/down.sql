DROP TABLE replica_price_rules;
ALTER TABLE replica_merchants DROP COLUMN grade;
