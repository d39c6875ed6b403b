-- A quiet notification is history (an order event told as of the past, such as the demo
-- hotel's year): listed and unread, but never pushed to a socket nor in a new socket's backlog.
ALTER TABLE notifications ADD COLUMN quiet BOOLEAN NOT NULL DEFAULT FALSE;
