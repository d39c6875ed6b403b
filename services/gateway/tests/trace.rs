#![allow(clippy::unwrap_used, clippy::expect_used)]
//! One trace from the browser's request to the consumer: gateway → service → RabbitMQ →
//! consumer, exported over OTLP/HTTP to the platform's test receiver and decoded there.
//! A test binary of its own: it installs the process-wide tracing subscriber.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use actix_web::web;
use diesel::Connection as _;
use platform::bus::rabbit::RabbitBroker;
use platform::bus::{Bus, Outgoing, Subscriptions, v1};
use platform::config::Env;
use platform::db::{DbError, DbPool};
use platform::http::Reply;
use platform::testing::otlp::OtlpReceiver;
use platform::testing::{Backend, TestDb, spawn_on_bus, spawn_with, test_config};
use platform::{ApiError, ServiceSpec};

async fn create_order(pool: web::Data<DbPool>) -> Result<Reply<String>, ApiError> {
    platform::db::with_conn(&pool, |conn| {
        conn.transaction(|c| {
            let payload = v1::OrderCreated::default();
            platform::bus::publish_in_tx(
                c,
                Outgoing::new("hotel-app", "order.hotel.created", 1, &payload),
            )
        })
        .map_err(DbError::from)
    })
    .await
    .map(Reply)
    .map_err(|e| ApiError::Internal(e.into()))
}

#[actix_web::test]
async fn one_trace_runs_from_the_gateway_through_rabbitmq_to_the_consumer() {
    let receiver = OtlpReceiver::start();
    let env = Env::from_pairs([
        ("OTEL_EXPORTER_OTLP_ENDPOINT", receiver.endpoint.as_str()),
        ("TRADEWIND_LOG", "info"),
    ]);
    let telemetry = platform::telemetry::init(&env, "tradewind-test");
    assert!(platform::telemetry::exporting());

    let amqp = std::env::var("TRADEWIND_TEST_AMQP_URL")
        .unwrap_or_else(|_| "amqp://guest:guest@127.0.0.1:5672/%2f".to_owned());
    let exchange = format!("tradewind.test.{}", uuid_like());
    let bus = Bus::Rabbit(RabbitBroker::with_exchange(&amqp, &exchange, true));

    let handled = Arc::new(AtomicBool::new(false));
    let seen = handled.clone();
    let consumer_name: &'static str =
        Box::leak(format!("trace-consumer-{}", uuid_like()).into_boxed_str());
    let consumer = ServiceSpec::new(consumer_name, "0", 0).consumer(
        Subscriptions::new()
            .on::<v1::OrderCreated>("order.*.created", move |_, _| {
                seen.store(true, Ordering::SeqCst);
                Ok(())
            })
            .into(),
    );
    let producer = ServiceSpec::new("hotel-app", "0", 0)
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
    let mut gw_cfg = gateway::GatewayConfig::load(&Env::default()).unwrap();
    gw_cfg.set_upstream_url("hotel-app", apps[1].address.clone());
    let issuer = platform::testing::TestIssuer::new();
    let gateway = spawn_with(
        gateway::service(gw_cfg).auth_backend(issuer.clone()),
        &test_config("gateway", None),
        None,
    )
    .await;

    let trace_id = "4bf92f3577b34da6a3ce929d0e0e4736";
    let res = awc::Client::default()
        .post(gateway.url("/api/hotel-app/orders"))
        .bearer_auth(issuer.token(1, 7, 0, 300))
        .insert_header(("traceparent", format!("00-{trace_id}-00f067aa0ba902b7-01")))
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
    let expected: Vec<u8> = (0..16)
        .map(|i| u8::from_str_radix(&trace_id[i * 2..i * 2 + 2], 16).unwrap())
        .collect();
    let in_trace: Vec<&str> = spans
        .iter()
        .filter(|s| s.trace_id == expected)
        .map(|s| s.name.as_str())
        .collect();
    let names: Vec<&str> = spans.iter().map(|s| s.name.as_str()).collect();
    assert!(
        in_trace
            .iter()
            .any(|n| n.starts_with("POST /api/hotel-app")),
        "gateway span missing: {in_trace:?} of {names:?}"
    );
    assert!(
        in_trace.contains(&"POST /orders"),
        "service span missing: {in_trace:?} of {names:?}"
    );
    assert!(
        in_trace.contains(&"consume order.hotel.created"),
        "consumer span missing: {in_trace:?} of {names:?}"
    );
}

fn uuid_like() -> String {
    format!(
        "{:x}",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    )
}
