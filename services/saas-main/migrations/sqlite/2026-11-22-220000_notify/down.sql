DROP TABLE notify_configs;
