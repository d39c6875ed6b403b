//! The relay is woken when events are committed, whichever public path wrote them: the
//! producer's relay polls once an hour here, so an event that waited for the poll would not
//! arrive within the test's limit.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use diesel::Connection as _;
use platform::ServiceSpec;
use platform::bus::{Bus, MemoryBroker, Outgoing, Subscriptions, v1};
use platform::db::{DbConnection, DbError, DbPool, DbUrl, Manager, with_conn, write_tx};
use platform::testing::{Backend, TestApp, TestDb, eventually_within, spawn_on_bus, test_config};

use crate::helpers::fixture_migrations;

/// An hour: far beyond the limit below, so only a wake delivers in time.
const POLL_MS: &str = "3600000";
const LIMIT: Duration = Duration::from_secs(5);

fn event(order_id: i64) -> Outgoing {
    let payload = v1::OrderCreated {
        order: Some(v1::OrderRef {
            order_id,
            ..Default::default()
        }),
        ..Default::default()
    };
    Outgoing::new("producer", "order.hotel.created", 1, &payload)
}

struct Setup {
    producer: TestApp,
    consumer: TestApp,
    pool: DbPool,
    seen: Arc<Mutex<Vec<i64>>>,
}

async fn setup(backend: Backend) -> Setup {
    let bus = Bus::Memory(MemoryBroker::default());
    let seen: Arc<Mutex<Vec<i64>>> = Arc::default();
    let record = seen.clone();
    let consumer_spec = ServiceSpec::new("wake-consumer", "0", 0)
        .migrations(fixture_migrations())
        .consumer(
            Subscriptions::new()
                .on::<v1::OrderCreated>("order.#", move |_, e| {
                    let id = e.payload.order.as_ref().map_or(0, |o| o.order_id);
                    record.lock().unwrap().push(id);
                    Ok(())
                })
                .into(),
        );
    let producer_spec = ServiceSpec::new("wake-producer", "0", 0).migrations(fixture_migrations());

    let db = TestDb::new(backend);
    let cfg = test_config(consumer_spec.name, Some(&db));
    let consumer = spawn_on_bus(consumer_spec, &cfg, Some(db), bus.clone()).await;

    let db = TestDb::new(backend);
    let pool = platform::db::connect(&db.config()).unwrap();
    let mut cfg = test_config(producer_spec.name, Some(&db));
    cfg.env.set(
        cfg.var(platform::bus::relay::POLL_VARIABLE),
        POLL_MS.to_owned(),
    );
    let producer = spawn_on_bus(producer_spec, &cfg, Some(db), bus).await;
    Setup {
        producer,
        consumer,
        pool,
        seen,
    }
}

async fn arrives(seen: &Arc<Mutex<Vec<i64>>>, order_id: i64, path: &str) {
    eventually_within(LIMIT, &format!("the event written {path}"), || {
        std::future::ready(seen.lock().unwrap().contains(&order_id).then_some(()))
    })
    .await;
}

async fn every_path_wakes_the_relay(backend: Backend) {
    let s = setup(backend).await;
    // Once a first event is through, the relay has made the pass it makes at start and waits.
    with_conn(&s.pool, |conn| {
        platform::bus::publish_in_tx(conn, event(100)).map_err(DbError::from)
    })
    .await
    .unwrap();
    arrives(&s.seen, 100, "first").await;
    actix_web::rt::time::sleep(Duration::from_millis(100)).await;

    // The services' own path: `with_conn` and `write_tx`.
    with_conn(&s.pool, |conn| {
        write_tx::<_, DbError>(conn, |c| {
            platform::bus::publish_in_tx(c, event(1))?;
            Ok(())
        })
    })
    .await
    .unwrap();
    arrives(&s.seen, 1, "through with_conn and write_tx").await;

    // A pooled connection and diesel's own transaction, in a nested one, with the connection
    // still held after the commit: the wake belongs to the commit, not to giving the
    // connection back.
    let (committed, told) = mpsc::channel();
    let (release, released) = mpsc::channel::<()>();
    let pool = s.pool.clone();
    let holder = std::thread::spawn(move || {
        let mut conn = pool.get().unwrap();
        conn.transaction::<_, diesel::result::Error, _>(|c| {
            c.transaction(|c| platform::bus::publish_in_tx(c, event(2)))
        })
        .unwrap();
        committed.send(()).unwrap();
        let _ = released.recv_timeout(Duration::from_secs(30));
        drop(conn);
    });
    actix_web::web::block(move || told.recv())
        .await
        .unwrap()
        .unwrap();
    arrives(
        &s.seen,
        2,
        "in diesel's transaction, the connection still held",
    )
    .await;
    release.send(()).unwrap();
    holder.join().unwrap();

    // No transaction at all: the insert commits by itself.
    with_conn(&s.pool, |conn| {
        platform::bus::publish_in_tx(conn, event(3)).map_err(DbError::from)
    })
    .await
    .unwrap();
    arrives(&s.seen, 3, "outside a transaction").await;

    // A connection of its own, from no pool.
    let url = s
        .producer
        .db
        .as_ref()
        .unwrap()
        .config()
        .url
        .expose()
        .to_owned();
    actix_web::web::block(move || {
        use r2d2::ManageConnection as _;
        let mut conn: DbConnection = Manager::new(DbUrl::parse(&url).unwrap()).connect().unwrap();
        conn.transaction::<_, diesel::result::Error, _>(|c| {
            platform::bus::publish_in_tx(c, event(4))
        })
        .unwrap();
    })
    .await
    .unwrap();
    arrives(&s.seen, 4, "on a connection of its own").await;

    // A rolled-back event wakes nothing and is never delivered; the next commit still wakes.
    with_conn(&s.pool, |conn| {
        let _ = conn.transaction::<(), diesel::result::Error, _>(|c| {
            platform::bus::publish_in_tx(c, event(5))?;
            Err(diesel::result::Error::RollbackTransaction)
        });
        write_tx::<_, DbError>(conn, |c| {
            platform::bus::publish_in_tx(c, event(6))?;
            Ok(())
        })
    })
    .await
    .unwrap();
    arrives(&s.seen, 6, "after a rolled-back one").await;
    assert!(!s.seen.lock().unwrap().contains(&5), "a rolled-back event");

    s.producer.shutdown().await;
    s.consumer.shutdown().await;
}

#[actix_web::test]
async fn events_committed_through_any_path_wake_the_relay_on_sqlite() {
    every_path_wakes_the_relay(Backend::Sqlite).await;
}

#[actix_web::test]
async fn events_committed_through_any_path_wake_the_relay_on_postgres() {
    every_path_wakes_the_relay(Backend::Postgres).await;
}
