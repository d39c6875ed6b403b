DROP TABLE linked_products;
DROP TABLE mall_orders;
DROP TABLE snapup_limits;
DROP TABLE snapup_sessions;
DROP TABLE mall_theme_products;
DROP TABLE mall_themes;
DROP TABLE mall_products;
