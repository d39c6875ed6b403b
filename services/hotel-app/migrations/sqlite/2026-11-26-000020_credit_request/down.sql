ALTER TABLE order_details DROP COLUMN pay_request_id;
