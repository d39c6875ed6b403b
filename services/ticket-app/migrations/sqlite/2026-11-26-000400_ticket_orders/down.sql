DROP TABLE ticket_order_logs;
DROP TABLE ticket_purchase_counts;
DROP TABLE ticket_orders;
