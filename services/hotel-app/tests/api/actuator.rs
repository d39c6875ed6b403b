use diesel::RunQueryDsl;
use platform::testing::{Backend, TestDb, assert_actuator, assert_same_schema};

platform::backend_tests! {
    spec = hotel_app::service;

    async fn actuator_and_openapi_answer(app) {
        assert_actuator(app, hotel_app::NAME).await;
    }
}

#[test]
fn both_migration_sets_make_the_same_schema() {
    assert_same_schema(&hotel_app::service());
}

/// A database from before the platform's copy: the merchants hotel-app had copied itself move
/// into `replica_merchants` (a merchant already there keeps its row) and the old table goes.
#[test]
fn the_old_copy_of_merchants_moves_into_the_platforms() {
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let db = TestDb::new(backend);
        let pool =
            platform::testing::migrated_before(&db, &hotel_app::service(), "2026-11-25-000100");
        let mut conn = pool.get().unwrap();
        let set = hotel_app::service().migrations.unwrap();
        for statement in [
            "INSERT INTO merchants VALUES (2001, 1001, 1, 'Old Supplier', 'USD', 1, 500)",
            "INSERT INTO merchants VALUES (2002, 1001, 2, 'Old Distributor', 'CNY', 1, 600)",
            "INSERT INTO replica_merchants (mch_id, saas_id, mch_type, mch_name, mch_currency, state, occurred_at) \
             VALUES (2002, 1001, 2, 'Distributor', 'CNY', 1, 900)",
        ] {
            diesel::sql_query(statement).execute(&mut *conn).unwrap();
        }
        platform::db::run_pending(&mut conn, &set).unwrap();

        let supplier = platform::replica::merchant(&mut conn, 1001, 2001)
            .unwrap()
            .expect("the supplier moved");
        assert_eq!(
            (
                supplier.mch_type,
                supplier.mch_name.as_str(),
                supplier.mch_currency.as_str(),
                supplier.state,
                supplier.occurred_at
            ),
            (1, "Old Supplier", "USD", 1, 500),
            "{backend:?}"
        );
        let distributor = platform::replica::merchant(&mut conn, 1001, 2002)
            .unwrap()
            .expect("the distributor stays");
        assert_eq!(distributor.mch_name, "Distributor", "{backend:?}");
        assert_eq!(distributor.occurred_at, 900, "{backend:?}");
        assert!(
            diesel::sql_query("SELECT mch_id FROM merchants")
                .execute(&mut *conn)
                .is_err(),
            "{backend:?}: the old table is dropped"
        );
    }
}
