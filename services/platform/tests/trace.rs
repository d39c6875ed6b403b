#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Spans are exported whatever the log level, and each names its service: two services of one
//! process (the fleet's shape, one resource for both) exchange an event with the logs at `warn`.
//! A test binary of its own: it installs the process-wide tracing subscriber.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use actix_web::web;
use diesel::Connection as _;
use platform::bus::{Bus, MemoryBroker, Outgoing, Subscriptions, v1};
use platform::config::Env;
use platform::db::{DbError, DbPool};
use platform::http::Reply;
use platform::testing::otlp::OtlpReceiver;
use platform::testing::{Backend, TestDb, spawn_on_bus, test_config};
use platform::{ApiError, ServiceSpec};

async fn create_order(pool: web::Data<DbPool>) -> Result<Reply<String>, ApiError> {
    platform::db::with_conn(&pool, |conn| {
        conn.transaction(|c| {
            platform::bus::publish_in_tx(
                c,
                Outgoing::new(
                    "trace-producer",
                    "order.hotel.created",
                    1,
                    &v1::OrderCreated::default(),
                ),
            )
        })
        .map_err(DbError::from)
    })
    .await
    .map(Reply)
    .map_err(|e| ApiError::Internal(e.into()))
}

#[actix_web::test]
async fn spans_are_exported_with_the_logs_at_warn_and_name_their_service() {
    let receiver = OtlpReceiver::start();
    let env = Env::from_pairs([
        ("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint.as_str()),
        ("TRADEWIND_LOG", "warn"),
    ]);
    let telemetry = platform::telemetry::init(&env, "fleet");
    assert!(platform::telemetry::exporting());

    let bus = Bus::Memory(MemoryBroker::default());
    let handled = Arc::new(AtomicBool::new(false));
    let seen = handled.clone();
    let consumer = ServiceSpec::new("trace-consumer", "0", 0).consumer(
        Subscriptions::new()
            .on::<v1::OrderCreated>("order.*.created", move |_, _| {
                seen.store(true, Ordering::SeqCst);
                Ok(())
            })
            .into(),
    );
    let producer = ServiceSpec::new("trace-producer", "0", 0)
        .unguarded()
        .routes(|c, _| {
            c.route("/orders", web::post().to(create_order));
        });
    let mut apps = Vec::new();
    for spec in [consumer, producer] {
        let db = TestDb::new(Backend::Sqlite);
        let cfg = test_config(spec.name, Some(&db));
        apps.push(spawn_on_bus(spec, &cfg, Some(db), bus.clone()).await);
    }

    let res = awc::Client::default()
        .post(apps[1].url("/orders"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    platform::testing::eventually("the consumer sees the event", || {
        std::future::ready(handled.load(Ordering::SeqCst).then_some(()))
    })
    .await;
    actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    // Shutting the exporter down flushes every finished span to the receiver.
    drop(telemetry);

    let spans = receiver.spans();
    let names: Vec<&str> = spans.iter().map(|s| s.name.as_str()).collect();
    assert!(
        spans
            .iter()
            .all(|s| s.resource.get("service.name").map(String::as_str) == Some("fleet")),
        "the process's resource names it: {spans:?}"
    );
    let request = spans
        .iter()
        .find(|s| s.name == "POST /orders")
        .unwrap_or_else(|| panic!("no request span with the logs at warn: {names:?}"));
    assert_eq!(request.attribute("service"), Some("trace-producer"));
    let consume = spans
        .iter()
        .find(|s| s.name == "consume order.hotel.created")
        .unwrap_or_else(|| panic!("no consumer span with the logs at warn: {names:?}"));
    assert_eq!(consume.attribute("service"), Some("trace-consumer"));
    assert_eq!(consume.attribute("queue"), Some("trace-consumer.events"));
    assert_eq!(
        consume.trace_id, request.trace_id,
        "the consumer continues the request's trace"
    );
}
