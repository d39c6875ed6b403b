use diesel::RunQueryDsl;
use platform::db::{DbConnection, connect, hot_write_tx, run_pending, write_tx};
use platform::testing::{Backend, TestDb};

use crate::helpers::fixture_migrations;

#[derive(diesel::QueryableByName)]
struct Setting {
    #[diesel(sql_type = diesel::sql_types::Text)]
    plan_cache_mode: String,
}

fn plan_cache_mode(conn: &mut DbConnection) -> String {
    let DbConnection::Postgres(c) = conn else {
        panic!("postgres expected")
    };
    diesel::sql_query("SHOW plan_cache_mode")
        .get_result::<Setting>(c)
        .unwrap()
        .plan_cache_mode
}

fn notes(conn: &mut DbConnection) -> i64 {
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    diesel::sql_query("SELECT COUNT(*) AS n FROM notes")
        .get_result::<Count>(conn)
        .unwrap()
        .n
}

fn add_note(conn: &mut DbConnection, id: i64) -> Result<usize, diesel::result::Error> {
    diesel::sql_query(format!(
        "INSERT INTO notes (id, saas_id, title, created_at) VALUES ({id}, 1, 'n', 0)"
    ))
    .execute(conn)
}

/// A hot transaction lets PostgreSQL keep generic plans inside it only: the pool's setting is
/// back once it ends, committed or not, and a failing one leaves nothing written.
#[test]
fn a_hot_transaction_allows_generic_plans_only_while_it_runs() {
    let db = TestDb::new(Backend::Postgres);
    let pool = connect(&db.config()).unwrap();
    let mut conn = pool.get().unwrap();
    run_pending(&mut conn, &fixture_migrations()).unwrap();
    assert_eq!(plan_cache_mode(&mut conn), "force_custom_plan");

    let inside = hot_write_tx(&mut conn, |c| -> Result<_, diesel::result::Error> {
        add_note(c, 1)?;
        Ok(plan_cache_mode(c))
    })
    .unwrap();
    assert_eq!(inside, "auto");
    assert_eq!(plan_cache_mode(&mut conn), "force_custom_plan");
    assert_eq!(notes(&mut conn), 1);

    let failed = hot_write_tx(&mut conn, |c| -> Result<(), diesel::result::Error> {
        add_note(c, 2)?;
        Err(diesel::result::Error::RollbackTransaction)
    });
    assert!(failed.is_err());
    assert_eq!(notes(&mut conn), 1, "the failed transaction wrote nothing");
    assert_eq!(plan_cache_mode(&mut conn), "force_custom_plan");

    // Nested in another transaction it is a savepoint: the outer one decides.
    let _ = write_tx(&mut conn, |c| -> Result<(), diesel::result::Error> {
        hot_write_tx(c, |c| add_note(c, 3).map(drop))?;
        Err(diesel::result::Error::RollbackTransaction)
    });
    assert_eq!(notes(&mut conn), 1);
}

/// On SQLite a hot transaction is a write transaction like any other.
#[test]
fn a_hot_transaction_on_sqlite_commits_or_rolls_back() {
    let db = TestDb::new(Backend::Sqlite);
    let pool = connect(&db.config()).unwrap();
    let mut conn = pool.get().unwrap();
    run_pending(&mut conn, &fixture_migrations()).unwrap();
    hot_write_tx(&mut conn, |c| add_note(c, 1).map(drop)).unwrap();
    let failed = hot_write_tx(&mut conn, |c| -> Result<(), diesel::result::Error> {
        add_note(c, 2)?;
        Err(diesel::result::Error::RollbackTransaction)
    });
    assert!(failed.is_err());
    assert_eq!(notes(&mut conn), 1);
}
