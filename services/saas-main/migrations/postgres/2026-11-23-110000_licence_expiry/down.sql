DROP INDEX licences_to_announce;
ALTER TABLE licences DROP COLUMN expiry_announced;
