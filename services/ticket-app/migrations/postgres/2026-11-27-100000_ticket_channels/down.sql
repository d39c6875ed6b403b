DROP TABLE interface_logs;
DROP TABLE channel_pushes;
DROP TABLE channel_push_days;
DROP TABLE channel_products;
DROP TABLE channel_catalogue;
