DROP TABLE replica_interface_configs;
