DROP TABLE replica_copies;
