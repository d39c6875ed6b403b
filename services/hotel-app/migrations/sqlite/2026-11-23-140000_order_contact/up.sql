-- Order lists search contacts by the start of the name or phone.
CREATE INDEX hotel_orders_by_contact_name ON hotel_orders (saas_id, contact_name);
CREATE INDEX hotel_orders_by_contact_phone ON hotel_orders (saas_id, contact_phone);
