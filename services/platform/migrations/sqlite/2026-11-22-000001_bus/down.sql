DROP TABLE dead_letters;
DROP TABLE processed_events;
DROP TABLE outbox;
