DROP INDEX channel_pushes_due;
DROP TABLE channel_order_notices;
DROP TABLE channel_nonces;
DROP TABLE ticket_channel_orders;
