//! The outbox, relay and consumers on the in-process bus, on both databases.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use actix_web::web;
use awc::Client;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use platform::bus::rabbit::RabbitBroker;
use platform::bus::{Bus, EventEnvelope, MemoryBroker, Outgoing, Subscriptions, v1};
use platform::db::{DbConnection, DbPool};
use platform::http::{Json, Reply};
use platform::testing::{Backend, TestApp, TestDb, TestIssuer, spawn_on_bus, test_config};
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
        .unguarded()
        .routes(|c, _| {
            c.route("/publish", web::post().to(publish));
        })
}

/// A consumer that records each applied order as a note; `fail-2` fails its first two attempts,
/// `fail-always` every attempt.
fn consumer(name: &str, bindings: &[&str]) -> ServiceSpec {
    // Queue names are per service: unique names keep concurrent tests on one broker apart.
    let name: &'static str =
        Box::leak(format!("{name}-{}", uuid::Uuid::new_v4().simple()).into_boxed_str());
    let attempts = Arc::new(AtomicU32::new(0));
    let handler = Arc::new(
        move |conn: &mut DbConnection, event: &EventEnvelope| -> anyhow::Result<()> {
            let order = v1::OrderCreated::decode(event.payload.as_slice())?
                .order
                .unwrap_or_default();
            match order.order_no.as_str() {
                "fail-always" => anyhow::bail!("the handler always fails"),
                "fail-2" if attempts.fetch_add(1, Ordering::SeqCst) < 2 => anyhow::bail!("not yet"),
                _ => {}
            }
            // created_at records the arrival order.
            diesel::sql_query(
                "INSERT INTO notes (id, saas_id, title, created_at) VALUES ($1, 1, $2, $3)",
            )
            .bind::<BigInt, _>(order.order_id)
            .bind::<Text, _>(&event.event_type)
            .bind::<BigInt, _>(ARRIVALS.fetch_add(1, Ordering::SeqCst))
            .execute(conn)?;
            Ok(())
        },
    );
    ServiceSpec::new(name, "1.0.0", 0)
        .migrations(fixture_migrations())
        .auth_backend(ISSUER.clone())
        .consumer(
            bindings
                .iter()
                .fold(Subscriptions::new(), |subs, binding| {
                    let handler = handler.clone();
                    subs.on_batch(binding, move |conn, events| {
                        events.iter().try_for_each(|e| handler(conn, e))
                    })
                })
                .retries(3, Duration::from_millis(50))
                .into(),
        )
}

struct Fleet {
    producer: TestApp,
    created: TestApp,
    all_orders: TestApp,
    tenants: TestApp,
}

impl Fleet {
    async fn shutdown(self) {
        for app in [self.producer, self.created, self.all_orders, self.tenants] {
            app.shutdown().await;
        }
    }
}

#[derive(Clone, Copy)]
enum Broker {
    Memory,
    Rabbit,
}

fn amqp_url() -> String {
    std::env::var("TRADEWIND_TEST_AMQP_URL")
        .unwrap_or_else(|_| "amqp://guest:guest@127.0.0.1:5672/%2f".to_owned())
}

/// A bus of its own per test: a fresh in-process broker, or a RabbitMQ exchange of its own.
fn new_bus(broker: Broker, url: &str) -> Bus {
    match broker {
        Broker::Memory => Bus::Memory(MemoryBroker::default()),
        Broker::Rabbit => Bus::Rabbit(RabbitBroker::with_exchange(
            url,
            &format!("tradewind.test.{}", uuid::Uuid::new_v4().simple()),
            true,
        )),
    }
}

async fn spawn_fleet(backend: Backend, broker: Broker) -> Fleet {
    spawn_fleet_on(backend, new_bus(broker, &amqp_url())).await
}

async fn spawn_fleet_on(backend: Backend, bus: Bus) -> Fleet {
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

static ARRIVALS: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(1);

fn notes(app: &TestApp) -> Vec<(i64, String)> {
    notes_by(app, "id")
}

fn notes_by(app: &TestApp, order: &str) -> Vec<(i64, String)> {
    let db = app.db.as_ref().unwrap();
    let pool = platform::db::connect(&db.config()).unwrap();
    let mut conn = pool.get().unwrap();
    let rows: Vec<Row> = diesel::sql_query(format!("SELECT id, title FROM notes ORDER BY {order}"))
        .load(&mut *conn)
        .unwrap();
    rows.into_iter().map(|r| (r.id, r.title)).collect()
}

/// Waits (bounded) until `check` holds; the bus is asynchronous.
async fn eventually(what: &str, mut check: impl FnMut() -> bool) {
    platform::testing::eventually(what, || std::future::ready(check().then_some(()))).await
}

/// Dead letters are for platform administrators: tokens come from this stand-in issuer.
static ISSUER: std::sync::LazyLock<Arc<TestIssuer>> = std::sync::LazyLock::new(TestIssuer::new);

fn admin_token() -> String {
    ISSUER.token(1, 0, 0, 100)
}

async fn dead_letters(app: &TestApp) -> Value {
    // Without a token, and with a token that is not a platform administrator's: refused.
    let res = Client::default()
        .get(app.url("/internal/dead-letters"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 401);
    let res = Client::default()
        .get(app.url("/internal/dead-letters"))
        .bearer_auth(ISSUER.token(2, 7, 0, 200))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 403);
    let mut res = Client::default()
        .get(app.url("/internal/dead-letters"))
        .bearer_auth(admin_token())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    res.json::<Value>().await.unwrap()["data"].clone()
}

async fn commit_delivers_once_to_each_bound_consumer(backend: Backend, broker: Broker) {
    let f = spawn_fleet(backend, broker).await;
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
    f.shutdown().await;
}

async fn failures_are_retried_then_dead_lettered_and_the_queue_flows(
    backend: Backend,
    broker: Broker,
) {
    let f = spawn_fleet(backend, broker).await;
    send(&f.producer, 10, "order.hotel.created", "fail-always", false).await;
    send(&f.producer, 11, "order.hotel.created", "fail-2", false).await;
    send(&f.producer, 12, "order.hotel.created", "ok", false).await;
    eventually("orders 11 and 12 applied", || notes(&f.created).len() == 2).await;
    assert_eq!(
        notes(&f.created).iter().map(|n| n.0).collect::<Vec<_>>(),
        vec![11, 12]
    );
    let created = &f.created;
    let letters = platform::testing::eventually("the dead letter", || async move {
        let letters = dead_letters(created).await;
        (letters["sizeAll"] == 1).then_some(letters)
    })
    .await;
    let letter = &letters["results"][0];
    assert_eq!(letter["attempts"], 3);
    assert!(
        letter["error"].as_str().unwrap().contains("always fails"),
        "{letter}"
    );
    assert_eq!(letter["routingKey"], "order.hotel.created");

    let metrics = |app: &TestApp| {
        let url = app.url("/actuator/prometheus");
        async move {
            let mut res = Client::default().get(url).send().await.unwrap();
            String::from_utf8(res.body().await.unwrap().to_vec()).unwrap()
        }
    };
    let consumer_metrics = metrics(&f.created).await;
    assert!(
        consumer_metrics.contains("tradewind_bus_dead_letters_total{service="),
        "{consumer_metrics}"
    );
    assert!(
        consumer_metrics.contains("tradewind_bus_deliveries_total{outcome=\"applied\""),
        "{consumer_metrics}"
    );
    assert!(
        consumer_metrics.contains("tradewind_bus_consumer_lag_seconds_count"),
        "{consumer_metrics}"
    );
    let producer_metrics = metrics(&f.producer).await;
    assert!(
        producer_metrics.contains("tradewind_outbox_pending{service=\"producer\"} 0"),
        "{producer_metrics}"
    );

    // Re-queued, it fails again (the handler still refuses) and comes back as a new dead letter;
    // a second re-queue of the same letter is refused.
    let id = letter["id"].as_i64().unwrap();
    let requeue = |id: i64| {
        Client::default()
            .post(
                f.created
                    .url(&format!("/internal/dead-letters/{id}/requeue")),
            )
            .bearer_auth(admin_token())
            .send()
    };
    assert_eq!(requeue(id).await.unwrap().status().as_u16(), 200);
    assert_eq!(requeue(id).await.unwrap().status().as_u16(), 412);
    assert_eq!(requeue(999).await.unwrap().status().as_u16(), 404);
    let created = &f.created;
    platform::testing::eventually("the re-queued letter comes back", || async move {
        (dead_letters(created).await["sizeAll"] == 2).then_some(())
    })
    .await;
    f.shutdown().await;
}

macro_rules! on_both {
    ($($name:ident),*) => {$(
        mod $name {
            use super::*;
            #[actix_web::test]
            async fn sqlite_in_process() { super::$name(Backend::Sqlite, Broker::Memory).await }
            #[actix_web::test]
            async fn postgres_in_process() { super::$name(Backend::Postgres, Broker::Memory).await }
            #[actix_web::test]
            async fn sqlite_rabbitmq() { super::$name(Backend::Sqlite, Broker::Rabbit).await }
            #[actix_web::test]
            async fn postgres_rabbitmq() { super::$name(Backend::Postgres, Broker::Rabbit).await }
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

/// A TCP relay to RabbitMQ that can be cut (every connection dropped, new ones refused) and
/// restored, to play a broker outage.
struct Outage {
    port: u16,
    up: Arc<std::sync::atomic::AtomicBool>,
    links: Arc<std::sync::Mutex<Vec<tokio::task::JoinHandle<()>>>>,
}

impl Outage {
    async fn start() -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let up = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let links = Arc::new(std::sync::Mutex::new(Vec::new()));
        let (up2, links2) = (up.clone(), links.clone());
        actix_web::rt::spawn(async move {
            while let Ok((mut inbound, _)) = listener.accept().await {
                if !up2.load(Ordering::SeqCst) {
                    continue;
                }
                let link = actix_web::rt::spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect("127.0.0.1:5672").await
                    {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
                links2.lock().unwrap().push(link);
            }
        });
        Self { port, up, links }
    }

    fn url(&self) -> String {
        format!("amqp://guest:guest@127.0.0.1:{}/%2f", self.port)
    }

    fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        for link in self.links.lock().unwrap().drain(..) {
            link.abort();
        }
    }

    fn restore(&self) {
        self.up.store(true, Ordering::SeqCst);
    }
}

async fn an_outage_delays_events_and_loses_none(backend: Backend) {
    let outage = Outage::start().await;
    let f = spawn_fleet_on(backend, new_bus(Broker::Rabbit, &outage.url())).await;
    send(&f.producer, 100, "order.hotel.created", "ok", false).await;
    eventually("the first event", || notes(&f.all_orders).len() == 1).await;

    outage.cut();
    for id in 101..=120 {
        send(&f.producer, id, "order.hotel.created", "ok", false).await;
    }
    actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        notes(&f.all_orders).len(),
        1,
        "nothing passes while the broker is away"
    );
    outage.restore();

    // Reconnecting backs off up to 5 s (relay) and 10 s (consumer): a limit of its own.
    platform::testing::eventually_within(Duration::from_secs(30), "all 21 events", || {
        std::future::ready((notes(&f.all_orders).len() == 21).then_some(()))
    })
    .await;
    let ids: Vec<i64> = notes_by(&f.all_orders, "created_at")
        .into_iter()
        .map(|n| n.0)
        .collect();
    assert_eq!(
        ids,
        (100..=120).collect::<Vec<_>>(),
        "every event arrives once, in order"
    );
    f.shutdown().await;
}

#[actix_web::test]
async fn an_outage_delays_events_and_loses_none_sqlite_rabbitmq() {
    an_outage_delays_events_and_loses_none(Backend::Sqlite).await;
}

#[actix_web::test]
async fn an_outage_delays_events_and_loses_none_postgres_rabbitmq() {
    an_outage_delays_events_and_loses_none(Backend::Postgres).await;
}
