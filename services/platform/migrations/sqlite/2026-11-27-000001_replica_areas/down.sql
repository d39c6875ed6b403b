DROP TABLE replica_areas;
