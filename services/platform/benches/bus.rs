//! `make bench` (event bus part): publish-to-handler latency at a modest rate and sustained
//! outbox → broker → consumer throughput with 1 KB events, on the in-process bus and on
//! RabbitMQ (persistent messages, publisher confirms). Prints; asserts nothing.
//!
//! Both services keep SQLite databases (the embedded shape); `BENCH_EVENTS` sets the number of
//! events of the throughput run (default 20000).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use platform::ServiceSpec;
use platform::bus::rabbit::RabbitBroker;
use platform::bus::{Bus, EventEnvelope, MemoryBroker, Outgoing, Subscriptions, v1};
use platform::db::{DbConnection, DbError, DbPool, with_conn, write_tx};
use platform::testing::bench::percentile;
use platform::testing::{Backend, TestApp, TestDb, spawn_on_bus, test_config};

#[derive(Default)]
struct Seen {
    lags_ms: Vec<i64>,
    count: usize,
    last: Option<Instant>,
}

fn consumer(seen: Arc<Mutex<Seen>>) -> ServiceSpec {
    let handler = move |_: &mut DbConnection, e: &EventEnvelope| -> anyhow::Result<()> {
        let mut s = seen.lock().unwrap();
        s.lags_ms.push(platform::time::now_ms() - e.occurred_at);
        s.count += 1;
        s.last = Some(Instant::now());
        Ok(())
    };
    let name: &'static str =
        Box::leak(format!("bench-{}", uuid::Uuid::new_v4().simple()).into_boxed_str());
    ServiceSpec::new(name, "0", 0)
        .consumer(
            Subscriptions::new()
                .on_batch("order.#", move |conn, events| {
                    events.iter().try_for_each(|e| handler(conn, e))
                })
                .into(),
        )
        .migrations(platform::embed_migrations!(
            postgres = "tests/fixtures/migrations/postgres",
            sqlite = "tests/fixtures/migrations/sqlite"
        ))
}

async fn spawn(spec: ServiceSpec, bus: &Bus) -> TestApp {
    let db = TestDb::new(Backend::Sqlite);
    let cfg = test_config(spec.name, Some(&db));
    spawn_on_bus(spec, &cfg, Some(db), bus.clone()).await
}

fn payload(i: i64, size: usize) -> v1::OrderCreated {
    v1::OrderCreated {
        order: Some(v1::OrderRef {
            order_id: i,
            product_name: "x".repeat(size),
            ..Default::default()
        }),
        ..Default::default()
    }
}

/// Writes `n` events in transactions of `per_tx`, as a service's store does: on a pooled
/// connection through `with_conn`, in `write_tx`, the events written with `publish_in_tx`.
async fn write(pool: &DbPool, first: i64, n: i64, per_tx: i64, size: usize) {
    let mut i = first;
    while i < first + n {
        let end = (i + per_tx).min(first + n);
        with_conn(pool, move |conn| {
            write_tx::<_, DbError>(conn, |c| {
                for j in i..end {
                    platform::bus::publish_in_tx(
                        c,
                        Outgoing::new("bench", "order.hotel.created", 1, &payload(j, size)),
                    )?;
                }
                Ok(())
            })
        })
        .await
        .unwrap();
        i = end;
    }
}

async fn wait_for(seen: &Arc<Mutex<Seen>>, n: usize, limit: Duration) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if seen.lock().unwrap().count >= n {
            return true;
        }
        actix_web::rt::time::sleep(Duration::from_millis(5)).await;
    }
    false
}

async fn measure(label: &str, bus: Bus, events: i64) {
    // Producer: only its outbox and relay are used.
    let producer_spec =
        ServiceSpec::new("bench-producer", "0", 0).migrations(platform::embed_migrations!(
            postgres = "tests/fixtures/migrations/postgres",
            sqlite = "tests/fixtures/migrations/sqlite"
        ));
    let producer = spawn(producer_spec, &bus).await;
    let pool = platform::db::connect(&producer.db.as_ref().unwrap().config()).unwrap();

    // Latency: 500 events/s for 4 s, one transaction each.
    let seen = Arc::new(Mutex::new(Seen::default()));
    let consumer_app = spawn(consumer(seen.clone()), &bus).await;
    let rate_events = 2000;
    let mut tick = actix_web::rt::time::interval(Duration::from_millis(2));
    for i in 0..rate_events {
        tick.tick().await;
        write(&pool, i, 1, 1, 200).await;
    }
    let complete = wait_for(&seen, rate_events as usize, Duration::from_secs(60)).await;
    let mut lags = std::mem::take(&mut seen.lock().unwrap().lags_ms);
    lags.sort_unstable();
    println!(
        "{label:<11} latency at 500 events/s: p50 {} ms, p99 {} ms, max {} ms ({} of {rate_events} handled{})",
        percentile(&lags, 0.5),
        percentile(&lags, 0.99),
        lags.last().copied().unwrap_or(0),
        lags.len(),
        if complete { "" } else { ", timed out" }
    );
    let p99 = percentile(&lags, 0.99);
    platform::testing::bench::summary(
        "bus",
        &format!("{label}: p99 at 500 events/s"),
        format!("{p99} ms"),
        "< 50 ms",
        Some(complete && p99 < 50),
    );
    drop(consumer_app);

    // Throughput: `events` events of 1 KB written in transactions of 500 while the relay and
    // the consumer run.
    let seen = Arc::new(Mutex::new(Seen::default()));
    let _consumer_app = spawn(consumer(seen.clone()), &bus).await;
    let start = Instant::now();
    write(&pool, 1_000_000, events, 500, 1024).await;
    let written = start.elapsed();
    let complete = wait_for(&seen, events as usize, Duration::from_secs(300)).await;
    let s = seen.lock().unwrap();
    let elapsed = s.last.map_or(start.elapsed(), |t| t - start);
    println!(
        "{label:<11} throughput, 1 KB events: {:.0} events/s end to end ({} events in {:.2} s; writing them took {:.2} s{})",
        s.count as f64 / elapsed.as_secs_f64(),
        s.count,
        elapsed.as_secs_f64(),
        written.as_secs_f64(),
        if complete { "" } else { "; timed out" }
    );
    let rate = s.count as f64 / elapsed.as_secs_f64();
    let target = if label == "rabbitmq" {
        5_000.0
    } else {
        20_000.0
    };
    platform::testing::bench::summary(
        "bus",
        &format!("{label}: throughput, 1 KB events"),
        format!("{rate:.0} events/s"),
        &format!(">= {target:.0} events/s"),
        Some(complete && rate >= target),
    );
}

fn main() {
    let events: i64 = std::env::var("BENCH_EVENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20_000);
    let url = std::env::var("TRADEWIND_TEST_AMQP_URL")
        .unwrap_or_else(|_| "amqp://guest:guest@127.0.0.1:5672/%2f".to_owned());
    actix_web::rt::System::new().block_on(async move {
        println!("== event bus: outbox -> broker -> consumer (SQLite on both sides)");
        measure("in-process", Bus::Memory(MemoryBroker::default()), events).await;
        let exchange = format!("tradewind.bench.{}", uuid::Uuid::new_v4().simple());
        measure(
            "rabbitmq",
            Bus::Rabbit(RabbitBroker::with_exchange(&url, &exchange, true)),
            events,
        )
        .await;
    });
}
