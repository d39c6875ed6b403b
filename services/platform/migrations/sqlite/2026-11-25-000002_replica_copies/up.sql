-- The state of each copy a service keeps of another service's data (`tenants`, ...): asked to be
-- rebuilt by its owner (`rebuilding`) or rebuilt since (`current`), with the owner's watermark.
-- No row: never asked, so the service asks at start.
CREATE TABLE replica_copies (
    copy_name TEXT PRIMARY KEY,
    state TEXT NOT NULL,
    requested_at BIGINT NOT NULL,
    completed_at BIGINT,
    row_count BIGINT NOT NULL,
    watermark BIGINT NOT NULL
);
