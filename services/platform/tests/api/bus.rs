//! The outbox, relay and consumers on the in-process bus, on both databases.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use actix_web::web;
use awc::Client;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use platform::bus::{Bus, ConsumerSpec, EventEnvelope, MemoryBroker, Outgoing, v1};
use platform::db::{DbConnection, DbPool};
use platform::http::{Json, Reply};
use platform::testing::{Backend, TestApp, TestDb, spawn_on_bus, test_config};
use platform::{ApiError, ServiceSpec};
use prost::Message as _;
use serde::Deserialize;
use serde_json::Value;

use crate::helpers::fixture_migrations;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PublishRequest {
    id: i64,
    routing_key: String,
    order_no: String,
    rollback: bool,
}

/// The producer writes a note and an event in one transaction, rolled back on request.
async fn publish(
    pool: web::Data<DbPool>,
    body: Json<PublishRequest>,
) -> Result<Reply<bool>, ApiError> {
    let req = body.into_inner();
    let pool = pool.get_ref().clone();
    let committed = web::block(move || -> Result<bool, String> {
        let mut conn = pool.get().map_err(|e| e.to_string())?;
        let result = conn.transaction::<_, diesel::result::Error, _>(|c| {
            diesel::sql_query(
                "INSERT INTO notes (id, saas_id, title, created_at) VALUES ($1, 1, 'sent', 0)",
            )
            .bind::<BigInt, _>(req.id)
            .execute(c)?;
            let payload = v1::OrderCreated {
                order: Some(v1::OrderRef {
                    order_id: req.id,
                    order_no: req.order_no.clone(),
                    ..Default::default()
                }),
                ..Default::default()
            };
            platform::bus::publish_in_tx(
                c,
                Outgoing::new("producer", &req.routing_key, 1, &payload),
            )?;
            if req.rollback {
                Err(diesel::result::Error::RollbackTransaction)
            } else {
                Ok(())
            }
        });
        match result {
            Ok(()) => Ok(true),
            Err(diesel::result::Error::RollbackTransaction) => Ok(false),
            Err(e) => Err(e.to_string()),
        }
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))?
    .map_err(|e| ApiError::Internal(anyhow::anyhow!(e)))?;
    Ok(Reply(committed))
}

fn producer() -> ServiceSpec {
    ServiceSpec::new("producer", "1.0.0", 0)
        .migrations(fixture_migrations())
        .routes(|c, _| {
            c.route("/publish", web::post().to(publish));
        })
}

/// A consumer that records each applied order as a note; `fail-2` fails its first two attempts,
/// `fail-always` every attempt.
fn consumer(name: &'static str, bindings: &[&str]) -> ServiceSpec {
    let attempts = Arc::new(AtomicU32::new(0));
    let handler = move |conn: &mut DbConnection, event: &EventEnvelope| -> anyhow::Result<()> {
        let order = v1::OrderCreated::decode(event.payload.as_slice())?
            .order
            .unwrap_or_default();
        match order.order_no.as_str() {
            "fail-always" => anyhow::bail!("the handler always fails"),
            "fail-2" if attempts.fetch_add(1, Ordering::SeqCst) < 2 => anyhow::bail!("not yet"),
            _ => {}
        }
        diesel::sql_query(
            "INSERT INTO notes (id, saas_id, title, created_at) VALUES ($1, 1, $2, 0)",
        )
        .bind::<BigInt, _>(order.order_id)
        .bind::<Text, _>(&event.event_type)
        .execute(conn)?;
        Ok(())
    };
    ServiceSpec::new(name, "1.0.0", 0)
        .migrations(fixture_migrations())
        .consumer(ConsumerSpec::new(bindings, handler).retries(3, Duration::from_millis(50)))
}

struct Fleet {
    producer: TestApp,
    created: TestApp,
    all_orders: TestApp,
    tenants: TestApp,
}

async fn spawn_fleet(backend: Backend) -> Fleet {
    let bus = Bus::Memory(MemoryBroker::default());
    let mut apps = Vec::new();
    for spec in [
        producer(),
        consumer("created", &["order.*.created"]),
        consumer("all-orders", &["order.#"]),
        consumer("tenants", &["tenant.*"]),
    ] {
        let db = TestDb::new(backend);
        let cfg = test_config(spec.name, Some(&db));
        apps.push(spawn_on_bus(spec, &cfg, Some(db), bus.clone()).await);
    }
    let mut apps = apps.into_iter();
    let mut next = || apps.next().unwrap();
    Fleet {
        producer: next(),
        created: next(),
        all_orders: next(),
        tenants: next(),
    }
}

async fn send(app: &TestApp, id: i64, routing_key: &str, order_no: &str, rollback: bool) {
    let body = serde_json::json!({"id": id, "routingKey": routing_key, "orderNo": order_no, "rollback": rollback});
    let res = Client::default()
        .post(app.url("/publish"))
        .send_json(&body)
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
}

#[derive(QueryableByName, Debug, PartialEq)]
struct Row {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    title: String,
}

fn notes(app: &TestApp) -> Vec<(i64, String)> {
    let db = app.db.as_ref().unwrap();
    let pool = platform::db::connect(&db.config()).unwrap();
    let mut conn = pool.get().unwrap();
    let rows: Vec<Row> = diesel::sql_query("SELECT id, title FROM notes ORDER BY id")
        .load(&mut *conn)
        .unwrap();
    rows.into_iter().map(|r| (r.id, r.title)).collect()
}

/// Waits (bounded) until `check` holds; the bus is asynchronous.
async fn eventually(what: &str, mut check: impl FnMut() -> bool) {
    for _ in 0..200 {
        if check() {
            return;
        }
        actix_web::rt::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("timed out waiting for {what}");
}

async fn dead_letters(app: &TestApp) -> Value {
    let mut res = Client::default()
        .get(app.url("/internal/dead-letters"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    res.json::<Value>().await.unwrap()["data"].clone()
}

async fn commit_delivers_once_to_each_bound_consumer(backend: Backend) {
    let f = spawn_fleet(backend).await;
    send(&f.producer, 1, "order.hotel.created", "ok", true).await;
    send(&f.producer, 2, "order.hotel.created", "ok", false).await;
    send(&f.producer, 3, "order.hotel.cancelled", "ok", false).await;
    eventually("both orders at all-orders", || {
        notes(&f.all_orders).len() == 2
    })
    .await;
    eventually("the created order", || notes(&f.created).len() == 1).await;
    // A short grace period for anything that should not come.
    actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        notes(&f.created),
        vec![(2, "order.hotel.created".to_owned())]
    );
    assert_eq!(
        notes(&f.all_orders),
        vec![
            (2, "order.hotel.created".to_owned()),
            (3, "order.hotel.cancelled".to_owned())
        ]
    );
    assert!(
        notes(&f.tenants).is_empty(),
        "an unbound consumer got an order event"
    );
    assert_eq!(
        notes(&f.producer).len(),
        2,
        "the rolled-back note stays out"
    );
}

async fn failures_are_retried_then_dead_lettered_and_the_queue_flows(backend: Backend) {
    let f = spawn_fleet(backend).await;
    send(&f.producer, 10, "order.hotel.created", "fail-always", false).await;
    send(&f.producer, 11, "order.hotel.created", "fail-2", false).await;
    send(&f.producer, 12, "order.hotel.created", "ok", false).await;
    eventually("orders 11 and 12 applied", || notes(&f.created).len() == 2).await;
    assert_eq!(
        notes(&f.created).iter().map(|n| n.0).collect::<Vec<_>>(),
        vec![11, 12]
    );
    let mut letters = Value::Null;
    for _ in 0..100 {
        letters = dead_letters(&f.created).await;
        if letters["sizeAll"] == 1 {
            break;
        }
        actix_web::rt::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(letters["sizeAll"], 1, "{letters}");
    let letter = &letters["results"][0];
    assert_eq!(letter["attempts"], 3);
    assert!(
        letter["error"].as_str().unwrap().contains("always fails"),
        "{letter}"
    );
    assert_eq!(letter["routingKey"], "order.hotel.created");

    // Re-queued, it fails again (the handler still refuses) and comes back as a new dead letter;
    // a second re-queue of the same letter is refused.
    let id = letter["id"].as_i64().unwrap();
    let requeue = |id: i64| {
        Client::default()
            .post(
                f.created
                    .url(&format!("/internal/dead-letters/{id}/requeue")),
            )
            .send()
    };
    assert_eq!(requeue(id).await.unwrap().status().as_u16(), 200);
    assert_eq!(requeue(id).await.unwrap().status().as_u16(), 412);
    assert_eq!(requeue(999).await.unwrap().status().as_u16(), 404);
    for _ in 0..100 {
        if dead_letters(&f.created).await["sizeAll"] == 2 {
            return;
        }
        actix_web::rt::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the re-queued letter did not come back");
}

macro_rules! on_both {
    ($($name:ident),*) => {$(
        mod $name {
            use super::*;
            #[actix_web::test]
            async fn sqlite() { super::$name(Backend::Sqlite).await }
            #[actix_web::test]
            async fn postgres() { super::$name(Backend::Postgres).await }
        }
    )*};
}

on_both!(
    commit_delivers_once_to_each_bound_consumer,
    failures_are_retried_then_dead_lettered_and_the_queue_flows
);

fn the_same_delivery_twice_has_one_effect(backend: Backend) {
    let db = TestDb::new(backend);
    let pool = platform::db::connect(&db.config()).unwrap();
    let mut conn = pool.get().unwrap();
    platform::db::run_pending(&mut conn, &platform::app::PLATFORM_MIGRATIONS).unwrap();
    platform::db::run_pending(&mut conn, &fixture_migrations()).unwrap();
    let count = Arc::new(AtomicU32::new(0));
    let seen = count.clone();
    let handler = move |c: &mut DbConnection, _: &EventEnvelope| -> anyhow::Result<()> {
        seen.fetch_add(1, Ordering::SeqCst);
        diesel::sql_query(
            "INSERT INTO notes (id, saas_id, title, created_at) VALUES (1, 1, 'x', 0)",
        )
        .execute(c)?;
        Ok(())
    };
    let body = EventEnvelope {
        event_id: "e-1".into(),
        event_type: "order.hotel.created".into(),
        ..Default::default()
    }
    .encode_to_vec();
    let first = platform::bus::process(&mut conn, "c", &handler, &body).unwrap();
    let second = platform::bus::process(&mut conn, "c", &handler, &body).unwrap();
    assert_eq!(first, platform::bus::Outcome::Applied);
    assert_eq!(second, platform::bus::Outcome::Duplicate);
    assert_eq!(count.load(Ordering::SeqCst), 1);
    // Another consumer of the same event applies it for itself.
    let other = platform::bus::process(
        &mut conn,
        "d",
        &|_: &mut DbConnection, _: &EventEnvelope| Ok(()),
        &body,
    )
    .unwrap();
    assert_eq!(other, platform::bus::Outcome::Applied);
}

#[test]
fn the_same_delivery_twice_has_one_effect_on_sqlite() {
    the_same_delivery_twice_has_one_effect(Backend::Sqlite);
}

#[test]
fn the_same_delivery_twice_has_one_effect_on_postgres() {
    the_same_delivery_twice_has_one_effect(Backend::Postgres);
}
