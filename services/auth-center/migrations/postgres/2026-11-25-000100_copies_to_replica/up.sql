-- auth-center's own copy of saas-main's tenants and merchants gives way to the platform's
-- (replica_tenants, replica_merchants: made by the platform's migrations, which run first).
-- What it had learnt moves there, so /client/user keeps its names and a merchant's users keep
-- their scope while the copy is rebuilt from saas-main. A row the platform's copy holds already
-- keeps it. The old copy stamped when it applied an event, the nearest it has to the event's
-- occurredAt; it never learnt a tenant's language.
INSERT INTO replica_tenants
    (saas_id, saas_name, saas_logo, company_name, saas_expire_date, state, currency, language,
     occurred_at)
SELECT t.saas_id, t.saas_name, t.saas_logo, t.company_name, t.saas_expire_date, t.state,
       t.currency, '', t.updated_at
FROM tenants t
WHERE NOT EXISTS (SELECT 1 FROM replica_tenants r WHERE r.saas_id = t.saas_id);

INSERT INTO replica_merchants
    (mch_id, saas_id, mch_type, mch_name, mch_currency, state, occurred_at)
SELECT m.mch_id, m.saas_id, m.mch_type, m.mch_name, m.mch_currency, m.state, m.updated_at
FROM merchants m
WHERE NOT EXISTS (SELECT 1 FROM replica_merchants r WHERE r.mch_id = m.mch_id);

DROP TABLE merchants;
DROP TABLE tenants;
