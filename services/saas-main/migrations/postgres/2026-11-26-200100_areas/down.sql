DROP TABLE areas;
