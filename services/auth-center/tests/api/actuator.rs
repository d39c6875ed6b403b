use diesel::RunQueryDsl;
use platform::db::DbPool;
use platform::replica::{MerchantCopy, TenantCopy};
use platform::testing::{Backend, TestDb, assert_actuator};

platform::backend_tests! {
    spec = auth_center::service;

    async fn actuator_and_openapi_answer(app) {
        assert_actuator(app, auth_center::NAME).await;
    }
}

/// A database of `backend` with the platform's migrations and auth-center's up to, not
/// including, the one named `before` (all of them when `None`), in the order a start runs them.
fn migrated(db: &TestDb, before: Option<&str>) -> DbPool {
    // Every version sorts before "9".
    platform::testing::migrated_before(db, &auth_center::service(), before.unwrap_or("9"))
}

#[test]
fn both_migration_sets_make_the_same_schema() {
    platform::testing::assert_same_schema(&auth_center::service());
}

/// A database from before the platform's copy: the tenants and merchants auth-center had
/// copied itself move into `replica_tenants` and `replica_merchants` (stamped with when they
/// were applied, with no language; a row already there keeps its own), and the old tables go.
#[test]
fn the_old_copies_of_tenants_and_merchants_move_into_the_platforms() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = TestDb::new(backend);
        let pool = migrated(&db, Some("2026-11-25-000100"));
        let mut conn = pool.get().unwrap();
        for statement in [
            "INSERT INTO tenants VALUES (1001, 'Demo', '/logo.png', 'Demo Ltd', 1900000000000, 1, 'CNY', 500)",
            "INSERT INTO tenants VALUES (1002, 'Old', '', 'Old Ltd', 0, 1, 'USD', 600)",
            "INSERT INTO replica_tenants VALUES (1002, 'New', '', 'New Ltd', 0, 1, 'USD', 'en', 900)",
            "INSERT INTO merchants VALUES (2001, 1001, 1, 'Old Supplier', 'USD', 1, 700)",
            "INSERT INTO merchants VALUES (2002, 1001, 2, 'Old Distributor', 'CNY', 1, 800)",
            "INSERT INTO replica_merchants (mch_id, saas_id, mch_type, mch_name, mch_currency, state, occurred_at) \
             VALUES (2002, 1001, 2, 'Distributor', 'CNY', 1, 950)",
        ] {
            diesel::sql_query(statement).execute(&mut *conn).unwrap();
        }
        let set = auth_center::service().migrations.unwrap();
        platform::db::run_pending(&mut conn, &set).unwrap();

        let mut tenant = |saas_id| platform::replica::tenant(&mut conn, saas_id);
        assert_eq!(
            tenant(1001).unwrap(),
            Some(TenantCopy {
                saas_id: 1001,
                saas_name: "Demo".into(),
                saas_logo: "/logo.png".into(),
                company_name: "Demo Ltd".into(),
                saas_expire_date: 1_900_000_000_000,
                state: 1,
                currency: "CNY".into(),
                language: String::new(),
                occurred_at: 500,
            }),
            "{backend:?}: the tenant moved"
        );
        let kept = tenant(1002).unwrap().unwrap();
        assert_eq!(
            (kept.company_name.as_str(), kept.occurred_at),
            ("New Ltd", 900),
            "{backend:?}: the platform's row stays"
        );
        let mut merchant = |mch_id| platform::replica::merchant(&mut conn, 1001, mch_id);
        assert_eq!(
            merchant(2001).unwrap(),
            Some(MerchantCopy {
                mch_id: 2001,
                saas_id: 1001,
                mch_type: 1,
                mch_name: "Old Supplier".into(),
                mch_currency: "USD".into(),
                state: 1,
                occurred_at: 700,
            }),
            "{backend:?}: the supplier moved"
        );
        let kept = merchant(2002).unwrap().unwrap();
        assert_eq!(
            (kept.mch_name.as_str(), kept.occurred_at),
            ("Distributor", 950),
            "{backend:?}: the platform's row stays"
        );
        for table in ["tenants", "merchants"] {
            assert!(
                diesel::sql_query(format!("SELECT 1 FROM {table}"))
                    .execute(&mut *conn)
                    .is_err(),
                "{backend:?}: {table} is dropped"
            );
        }
    }
}
