DROP TABLE notifications;
DROP TABLE licences;
DROP TABLE notify_configs;
