-- Which node of the id generator (0-31, platform::id) each running replica of this service holds:
-- a replica claims a free node at start and keeps its claim fresh; a claim not refreshed for a
-- minute is free again (its replica is gone).
CREATE TABLE node_claims (
    node_id INTEGER PRIMARY KEY,
    holder TEXT NOT NULL,
    heartbeat_at BIGINT NOT NULL
);
