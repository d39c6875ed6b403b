-- Order lists search contacts by the start of the name or phone: pattern indexes answer
-- `LIKE 'x%'` whatever the database's collation.
CREATE INDEX hotel_orders_by_contact_name ON hotel_orders (saas_id, contact_name text_pattern_ops);
CREATE INDEX hotel_orders_by_contact_phone ON hotel_orders (saas_id, contact_phone text_pattern_ops);
