DROP TABLE replica_merchants;
DROP TABLE replica_tenants;
