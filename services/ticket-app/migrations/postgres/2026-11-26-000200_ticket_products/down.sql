DROP TABLE ticket_products;
