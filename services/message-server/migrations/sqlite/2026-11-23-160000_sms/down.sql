DROP TABLE sms_attempts;
DROP TABLE sms_queue;
