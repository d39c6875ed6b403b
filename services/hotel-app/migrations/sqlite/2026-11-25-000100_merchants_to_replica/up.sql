-- hotel-app's own copy of saas-main's merchants gives way to the platform's (replica_merchants,
-- made by the platform's migrations, which run first): what it had learnt moves there, so a
-- merchant's users are not refused while the copy is rebuilt from saas-main. A merchant the
-- platform's copy holds already keeps that row.
INSERT INTO replica_merchants (mch_id, saas_id, mch_type, mch_name, mch_currency, state, occurred_at)
SELECT m.mch_id, m.saas_id, m.mch_type, m.mch_name, m.currency, m.state, m.updated_at
FROM merchants m
WHERE NOT EXISTS (SELECT 1 FROM replica_merchants r WHERE r.mch_id = m.mch_id);

DROP TABLE merchants;
