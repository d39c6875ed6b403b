-- The local copy of saas-main's provinces and cities (the countries are a fixed list in the
-- code), kept from `area.updated` and rebuilt on `resync.areas.requested`: what a hotel's, a
-- zone's or a scenic spot's `areaId` is checked against. `occurred_at` as in the other copies.
CREATE TABLE replica_areas (
    code TEXT PRIMARY KEY,
    parent_code TEXT NOT NULL,
    level INTEGER NOT NULL,
    name TEXT NOT NULL,
    name_en TEXT NOT NULL,
    state INTEGER NOT NULL,
    occurred_at BIGINT NOT NULL
);
