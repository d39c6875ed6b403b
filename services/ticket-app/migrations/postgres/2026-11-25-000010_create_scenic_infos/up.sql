-- The tenant's scenic spots (`ticket/scenicInfos`). Names are unique in a tenant: ticket
-- products and orders name a spot by it.
CREATE TABLE scenic_infos (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    scenic_name TEXT NOT NULL,
    scenic_name_en TEXT NOT NULL,
    scenic_star INTEGER NOT NULL,
    address TEXT NOT NULL,
    phone TEXT NOT NULL,
    description TEXT NOT NULL,
    state INTEGER NOT NULL,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX scenic_infos_name ON scenic_infos (saas_id, scenic_name);
CREATE INDEX scenic_infos_state ON scenic_infos (saas_id, state);
