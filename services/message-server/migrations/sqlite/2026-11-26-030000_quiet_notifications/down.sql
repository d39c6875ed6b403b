ALTER TABLE notifications DROP COLUMN quiet;
