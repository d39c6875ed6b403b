-- The event id of the order's credit payment under way (credit.hotel.requested): only
-- finance-app's answer to that request pays or fails the order.
ALTER TABLE order_details ADD COLUMN pay_request_id TEXT NOT NULL DEFAULT '';
