DROP TABLE activity_days;
