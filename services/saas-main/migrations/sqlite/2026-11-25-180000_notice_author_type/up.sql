-- The mscType of whoever last wrote the notice: a notice of saasId 0 reaches every tenant's
-- dashboard only when a platform administrator (100) wrote it. Notices written before it was kept
-- have none, so none of them is taken for the platform's until a platform administrator saves it
-- again (docs/dashboards.md).
ALTER TABLE notices ADD COLUMN author_type INTEGER;
