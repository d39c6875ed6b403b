-- The rest of a scenic spot's fields: area and zone, coordinates (both or neither), images
-- (a JSON array of addresses), opening type `typeScenicOpen` with its hours and seasons,
-- notices.
ALTER TABLE scenic_infos ADD COLUMN area_id TEXT NOT NULL DEFAULT '';
ALTER TABLE scenic_infos ADD COLUMN zone_name TEXT NOT NULL DEFAULT '';
ALTER TABLE scenic_infos ADD COLUMN longitude DOUBLE PRECISION;
ALTER TABLE scenic_infos ADD COLUMN latitude DOUBLE PRECISION;
ALTER TABLE scenic_infos ADD COLUMN images TEXT NOT NULL DEFAULT '[]';
ALTER TABLE scenic_infos ADD COLUMN open_type INTEGER NOT NULL DEFAULT 1;
ALTER TABLE scenic_infos ADD COLUMN open_time TEXT NOT NULL DEFAULT '';
ALTER TABLE scenic_infos ADD COLUMN close_time TEXT NOT NULL DEFAULT '';
ALTER TABLE scenic_infos ADD COLUMN seasons TEXT NOT NULL DEFAULT '';
ALTER TABLE scenic_infos ADD COLUMN notices TEXT NOT NULL DEFAULT '';

-- Suppliers' requests to add a spot or change one (`requestAdd`, `requestModify`), kept with
-- the operator's decision. kind 1 add, 2 change; state 0 pending, 1 approved, 2 rejected;
-- payload: the spot's fields as asked, JSON.
CREATE TABLE scenic_requests (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL,
    kind INTEGER NOT NULL,
    scenic_id BIGINT NOT NULL,
    scenic_name TEXT NOT NULL,
    payload TEXT NOT NULL,
    state INTEGER NOT NULL,
    remark TEXT NOT NULL,
    requested_by BIGINT NOT NULL,
    decided_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    decided_at BIGINT NOT NULL
);
CREATE INDEX scenic_requests_by_tenant ON scenic_requests (saas_id, state, created_at);

-- Which suppliers supply which spot (`stateScenicSupplier`: 0 pending, 1 cooperating,
-- 2 stopped). A supplier sells tickets of a spot only while cooperating.
CREATE TABLE scenic_suppliers (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    scenic_id BIGINT NOT NULL,
    mch_id BIGINT NOT NULL,
    state INTEGER NOT NULL,
    remark TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX scenic_suppliers_pair ON scenic_suppliers (saas_id, scenic_id, mch_id);
