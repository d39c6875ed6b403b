DROP TABLE stat_hours;
DROP TABLE stat_orders;
