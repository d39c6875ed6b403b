use platform::db::{connect, run_pending, schema_check};
use platform::testing::{Backend, TestDb};

use crate::helpers::fixture_migrations;

fn migrate_twice(backend: Backend) -> schema_check::Schema {
    let db = TestDb::new(backend);
    let pool = connect(&db.config()).unwrap();
    let mut conn = pool.get().unwrap();
    let first = run_pending(&mut conn, &fixture_migrations()).unwrap();
    assert_eq!(first, vec!["20261101000000".to_owned()]);
    let second = run_pending(&mut conn, &fixture_migrations()).unwrap();
    assert!(second.is_empty(), "a second run applies nothing");
    schema_check::read(&mut conn).unwrap()
}

#[test]
fn migrations_apply_once_on_sqlite() {
    let schema = migrate_twice(Backend::Sqlite);
    let notes = &schema["notes"];
    assert!(notes.contains("saas_id") && notes.contains("created_at"));
}

#[test]
fn migrations_apply_once_on_postgres() {
    let schema = migrate_twice(Backend::Postgres);
    assert!(schema["notes"].contains("title"));
}

#[test]
fn both_backends_make_the_same_schema() {
    assert_eq!(
        migrate_twice(Backend::Sqlite),
        migrate_twice(Backend::Postgres)
    );
}

#[test]
fn sqlite_runs_in_wal_mode_with_a_busy_timeout() {
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Mode {
        #[diesel(sql_type = diesel::sql_types::Text)]
        journal_mode: String,
    }
    #[derive(diesel::QueryableByName)]
    struct Timeout {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        timeout: i64,
    }
    let db = TestDb::new(Backend::Sqlite);
    let pool = connect(&db.config()).unwrap();
    let mut conn = pool.get().unwrap();
    let platform::db::DbConnection::Sqlite(c) = &mut *conn else {
        panic!("sqlite expected")
    };
    let mode: Mode = diesel::sql_query("PRAGMA journal_mode")
        .get_result(c)
        .unwrap();
    assert_eq!(mode.journal_mode, "wal");
    let t: Timeout = diesel::sql_query("PRAGMA busy_timeout")
        .get_result(c)
        .unwrap();
    assert_eq!(t.timeout, 5000);
}
