-- Notices: written by a tenant's staff for its users (or by the platform, saas_id 0, for every
-- tenant), shown on the dashboard once published.
CREATE TABLE notices (
    id BIGINT PRIMARY KEY,
    saas_id BIGINT NOT NULL,
    title TEXT NOT NULL,
    content TEXT NOT NULL,
    -- 0 draft, 1 published, 2 withdrawn
    state INTEGER NOT NULL,
    published_at BIGINT,
    created_by BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX notices_tenant ON notices (saas_id, state, published_at);
