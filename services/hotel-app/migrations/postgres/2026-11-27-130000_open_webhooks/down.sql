DROP TABLE open_webhook_deliveries;
DROP TABLE open_webhooks;
