//! Replicas sharing a database claim distinct nodes of the id generator (platform::node).

use platform::node::{STALE_AFTER_MS, claim, refresh};
use platform::testing::{Backend, TestDb};

fn replicas_get_distinct_nodes_and_gone_ones_free_theirs(backend: Backend) {
    let db = TestDb::new(backend);
    let pool = platform::db::connect(&db.config()).expect("the test database");
    let mut c = pool.get().expect("a connection");
    platform::db::run_pending(&mut c, &platform::app::PLATFORM_MIGRATIONS).expect("migrated");
    let now = 1_000_000;
    let a = claim(&mut c, "a", None, now).unwrap();
    let b = claim(&mut c, "b", None, now).unwrap();
    assert_ne!(a, b);
    assert_eq!(
        claim(&mut c, "a", None, now + 1).unwrap(),
        a,
        "a start again keeps it"
    );
    // a stops refreshing; b does.
    let later = now + STALE_AFTER_MS + 1;
    assert!(refresh(&mut c, "b", b, later).unwrap());
    assert_eq!(
        claim(&mut c, "c", None, later).unwrap(),
        a,
        "a's node is free again"
    );
    // a comes back from a pause: its node is c's now.
    assert!(!refresh(&mut c, "a", a, later).unwrap());
    // A wanted node is honoured when free, else the lowest free one is given.
    assert_eq!(claim(&mut c, "d", Some(7), later).unwrap(), 7);
    let e = claim(&mut c, "e", Some(7), later).unwrap();
    assert!(e != 7 && e != a && e != b);
}

#[test]
fn claims_on_sqlite() {
    replicas_get_distinct_nodes_and_gone_ones_free_theirs(Backend::Sqlite);
}

#[test]
fn claims_on_postgres() {
    replicas_get_distinct_nodes_and_gone_ones_free_theirs(Backend::Postgres);
}
