DROP TABLE ticket_order_payments;
DROP TABLE ticket_vouchers;
