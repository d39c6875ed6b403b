DROP TABLE merchants;
DROP TABLE tenants;
