//! `make bench` (dashboard part): ingest order events into the statistics read model, then
//! time `orderStats/list` for 7 days hourly, 90 days daily and 12 months monthly, with 1,000
//! and with 1,000,000 events ingested, on SQLite and PostgreSQL; and the same three questions
//! answered by a `GROUP BY` over a raw orders table holding the same orders. Prints; asserts
//! nothing.
//!
//! Ingest goes through the consumer's own transaction (`process_envelopes`: the dedupe query,
//! saas-main's handler, the processed-event rows) in batches of 256, as the consumer takes
//! them off its queue; the broker's share is measured by the bus benchmark. Queries go over
//! HTTP to the running service. `BENCH_STATS_EVENTS` sets the large run (default 1,000,000),
//! `BENCH_STATS_BACKENDS` the databases (default both).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::sql_types::BigInt;
use platform::bus::{EventEnvelope, v1};
use platform::db::{DbConnection, DbPool};
use platform::testing::bench::percentile;
use platform::testing::{Backend, TestApp, TestDb, TestIssuer, spawn_with, test_config};
use prost::Message as _;
use saas_main::domain::stats::{self, Display, Outcome};

const SAAS: i64 = 1001;
const BATCH: usize = 256;
const YEAR_MS: i64 = 365 * stats::DAY_MS;

/// One order as the generator made it: what the raw table holds.
struct RawOrder {
    id: i64,
    product_type: i32,
    created_at: i64,
    amount: i64,
    profit: i64,
    outcome: Outcome,
}

/// Orders spread evenly over the year up to `now`, each created and, for most, confirmed (6 in
/// 10) or cancelled (1 in 10) an hour later, until `events` events are made.
fn generate(first_id: i64, events: usize, now: i64) -> (Vec<EventEnvelope>, Vec<RawOrder>) {
    let orders = events * 10 / 17 + 1;
    let step = YEAR_MS / orders as i64;
    let mut out = Vec::with_capacity(events);
    let mut raw = Vec::with_capacity(orders);
    let mut k = 0_i64;
    while out.len() < events {
        let id = first_id + k;
        let created_at = now - YEAR_MS + k * step;
        let product_type = [10, 20, 60][(k % 3) as usize];
        let order = v1::OrderRef {
            order_id: id,
            product_type,
            supplier_mch_id: 3000 + k % 50,
            distributor_mch_id: 4000 + k % 200,
            supplier_interface_id: k % 3,
            distributor_interface_id: k % 4,
            ..Default::default()
        };
        let amount = 10_000 + (k * 7919) % 90_000;
        let profit = amount / 20;
        let created = v1::OrderCreated {
            order: Some(order.clone()),
            amounts: Some(v1::OrderAmounts {
                order_price: amount,
                supplier_price: amount - profit,
                channel_price: amount - profit / 2,
                profit,
                currency: "CNY".into(),
            }),
            order_state: 8,
            ..Default::default()
        };
        let key = |kind: &str| format!("order.hotel.{kind}");
        let envelope = |n: usize, kind: &str, at: i64, payload: Vec<u8>| EventEnvelope {
            event_id: format!("bench-{id}-{n}"),
            event_type: key(kind),
            saas_id: SAAS,
            occurred_at: at,
            producer: "bench".into(),
            payload,
            ..Default::default()
        };
        out.push(envelope(0, "created", created_at, created.encode_to_vec()));
        let outcome = match k % 10 {
            0..=5 => {
                let change = v1::OrderStateChanged {
                    order: Some(order),
                    new_order_state: 1,
                    ..Default::default()
                };
                out.push(envelope(
                    1,
                    "state-changed",
                    created_at + 3_600_000,
                    change.encode_to_vec(),
                ));
                Outcome::Success
            }
            6 => {
                let cancel = v1::OrderCancelled {
                    order: Some(order),
                    ..Default::default()
                };
                out.push(envelope(
                    1,
                    "cancelled",
                    created_at + 3_600_000,
                    cancel.encode_to_vec(),
                ));
                Outcome::Cancel
            }
            _ => Outcome::Open,
        };
        raw.push(RawOrder {
            id,
            product_type,
            created_at,
            amount,
            profit,
            outcome,
        });
        k += 1;
    }
    out.truncate(events);
    (out, raw)
}

/// Applies the events as the consumer would, in its batches; answers events per second.
fn ingest(pool: &DbPool, events: &[EventEnvelope]) -> f64 {
    let handler = saas_main::service()
        .consumer
        .expect("saas-main consumes")
        .handler();
    let mut conn = pool.get().unwrap();
    let start = Instant::now();
    for batch in events.chunks(BATCH) {
        platform::bus::process_envelopes(&mut conn, "saas-main.events", handler.as_ref(), batch)
            .unwrap();
    }
    events.len() as f64 / start.elapsed().as_secs_f64()
}

/// The three questions of the dashboard: (label, first day, last day, display type).
fn questions(today: i64) -> [(&'static str, i64, i64, Display); 3] {
    let (y, m, _) = stats::civil_from_days(today);
    let (y0, m0) = if m == 12 { (y, 1) } else { (y - 1, m + 1) };
    [
        ("7 days hourly", today - 6, today, Display::Hourly),
        ("90 days daily", today - 89, today, Display::Daily),
        (
            "12 months monthly",
            stats::days_from_civil(y0, m0, 1),
            today,
            Display::Monthly,
        ),
    ]
}

const RUNS: usize = 200;

/// p50 and p99 of `orderStats/list` over HTTP, ms.
async fn time_api(app: &TestApp, token: &str, first: i64, last: i64, d: Display) -> (f64, f64) {
    let label = |day| stats::label(Display::Daily, stats::day_start_ms(day));
    let url = app.url(&format!(
        "/saas/stats/orderStats/list?startDate={}&endDate={}&displayType={}",
        label(first),
        label(last),
        d as i32
    ));
    let client = awc::Client::builder()
        .timeout(Duration::from_secs(30))
        .finish();
    let mut ms = Vec::with_capacity(RUNS);
    for i in 0..RUNS + 10 {
        let start = Instant::now();
        let mut res = client.get(&url).bearer_auth(token).send().await.unwrap();
        let body = res.body().limit(1 << 22).await.unwrap();
        assert!(
            res.status().is_success(),
            "{}",
            String::from_utf8_lossy(&body)
        );
        if i >= 10 {
            ms.push(start.elapsed().as_secs_f64() * 1000.0);
        }
    }
    ms.sort_by(f64::total_cmp);
    (percentile(&ms, 0.5), percentile(&ms, 0.99))
}

#[derive(QueryableByName)]
#[allow(dead_code)]
struct Bucket {
    #[diesel(sql_type = BigInt)]
    bucket: i64,
    #[diesel(sql_type = BigInt)]
    order_num: i64,
    #[diesel(sql_type = BigInt)]
    order_money: i64,
    #[diesel(sql_type = BigInt)]
    success_num: i64,
    #[diesel(sql_type = BigInt)]
    success_money: i64,
    #[diesel(sql_type = BigInt)]
    success_profit: i64,
    #[diesel(sql_type = BigInt)]
    cancel_num: i64,
    #[diesel(sql_type = BigInt)]
    cancel_money: i64,
}

fn create_raw(conn: &mut DbConnection, orders: &[RawOrder]) {
    diesel::sql_query(
        "CREATE TABLE IF NOT EXISTS bench_raw_orders (order_id BIGINT PRIMARY KEY, \
         saas_id BIGINT NOT NULL, product_type INTEGER NOT NULL, created_at BIGINT NOT NULL, \
         amount BIGINT NOT NULL, profit BIGINT NOT NULL, outcome INTEGER NOT NULL)",
    )
    .execute(conn)
    .unwrap();
    diesel::sql_query(
        "CREATE INDEX IF NOT EXISTS bench_raw_orders_by_time ON bench_raw_orders (saas_id, created_at)",
    )
    .execute(conn)
    .unwrap();
    for chunk in orders.chunks(1000) {
        let values: Vec<String> = chunk
            .iter()
            .map(|o| {
                format!(
                    "({}, {SAAS}, {}, {}, {}, {}, {})",
                    o.id, o.product_type, o.created_at, o.amount, o.profit, o.outcome as i32
                )
            })
            .collect();
        diesel::sql_query(format!(
            "INSERT INTO bench_raw_orders VALUES {}",
            values.join(",")
        ))
        .execute(conn)
        .unwrap();
    }
    diesel::sql_query("ANALYZE").execute(conn).unwrap();
}

/// The same question over the raw table: one GROUP BY per hour or day (months are summed from
/// days, as SQL has no portable month of a timestamp), p50 and p99 in ms.
fn time_raw(conn: &mut DbConnection, first: i64, last: i64, d: Display) -> (f64, f64) {
    let width = if d == Display::Hourly {
        stats::HOUR_MS
    } else {
        stats::DAY_MS
    };
    let sql = format!(
        "SELECT CAST((created_at + 28800000) / {width} AS BIGINT) AS bucket, \
         CAST(COUNT(*) AS BIGINT) AS order_num, CAST(SUM(amount) AS BIGINT) AS order_money, \
         CAST(SUM(CASE WHEN outcome = 1 THEN 1 ELSE 0 END) AS BIGINT) AS success_num, \
         CAST(SUM(CASE WHEN outcome = 1 THEN amount ELSE 0 END) AS BIGINT) AS success_money, \
         CAST(SUM(CASE WHEN outcome = 1 THEN profit ELSE 0 END) AS BIGINT) AS success_profit, \
         CAST(SUM(CASE WHEN outcome = 2 THEN 1 ELSE 0 END) AS BIGINT) AS cancel_num, \
         CAST(SUM(CASE WHEN outcome = 2 THEN amount ELSE 0 END) AS BIGINT) AS cancel_money \
         FROM bench_raw_orders WHERE saas_id = {SAAS} AND created_at >= {} AND created_at < {} \
         GROUP BY CAST((created_at + 28800000) / {width} AS BIGINT)",
        stats::day_start_ms(first),
        stats::day_start_ms(last + 1)
    );
    let mut ms = Vec::with_capacity(RUNS);
    for i in 0..RUNS + 10 {
        let start = Instant::now();
        let rows: Vec<Bucket> = diesel::sql_query(&sql).load(conn).unwrap();
        if d == Display::Monthly {
            let mut months = std::collections::BTreeMap::new();
            for r in &rows {
                *months.entry(stats::month_of_day(r.bucket)).or_insert(0_i64) += r.order_num;
            }
            std::hint::black_box(months);
        }
        std::hint::black_box(rows);
        if i >= 10 {
            ms.push(start.elapsed().as_secs_f64() * 1000.0);
        }
    }
    ms.sort_by(f64::total_cmp);
    (percentile(&ms, 0.5), percentile(&ms, 0.99))
}

async fn measure(backend: Backend, large: usize) {
    let name = match backend {
        Backend::Sqlite => "SQLite",
        Backend::Postgres => "PostgreSQL",
    };
    let issuer = TestIssuer::new();
    let db = TestDb::new(backend);
    let mut cfg = test_config(saas_main::NAME, Some(&db));
    cfg.http.workers = 1;
    let app = spawn_with(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
    )
    .await;
    let token = issuer.token(2, SAAS, 0, 200);
    let pool = platform::db::connect(&app.db.as_ref().unwrap().config()).unwrap();
    let now = platform::time::now_ms();
    let today = stats::day_of_ms(now);

    let (small_events, mut raw) = generate(1, 1_000, now);
    let (large_events, large_raw) = generate(10_000_000, large, now);
    raw.extend(large_raw);
    let pool_small = pool.clone();
    let small_rate = actix_web::web::block(move || ingest(&pool_small, &small_events))
        .await
        .unwrap();
    let mut before = Vec::new();
    for (_, first, last, d) in questions(today) {
        before.push(time_api(&app, &token, first, last, d).await);
    }
    let pool_large = pool.clone();
    let rate = actix_web::web::block(move || ingest(&pool_large, &large_events))
        .await
        .unwrap();
    println!(
        "{name}: ingest {large} order events: {rate:.0} events/s (target >= 10000; the first 1000: {small_rate:.0}/s)"
    );
    platform::testing::bench::summary(
        "stats",
        &format!("{name}: ingest, {large} order events"),
        format!("{rate:.0} events/s"),
        ">= 10000 events/s",
        Some(rate >= 10_000.0),
    );
    let orders = raw.len();
    let pool_raw = pool.clone();
    let mut raw_times = actix_web::web::block(move || {
        let mut conn = pool_raw.get().unwrap();
        create_raw(&mut conn, &raw);
        questions(today)
            .iter()
            .map(|(_, first, last, d)| time_raw(&mut conn, *first, *last, *d))
            .collect::<Vec<_>>()
    })
    .await
    .unwrap()
    .into_iter();
    println!(
        "{name}: orderStats/list p50 / p99 ms over HTTP (target p99 < 20 ms, no slower than at 1,000); GROUP BY over {orders} raw orders, in process"
    );
    println!(
        "  {:<18} {:>20} {:>20} {:>22}",
        "question",
        "1,000 events",
        format!("{large} events"),
        "raw GROUP BY"
    );
    let mut worst: f64 = 0.0;
    for (i, (label, first, last, d)) in questions(today).into_iter().enumerate() {
        let after = time_api(&app, &token, first, last, d).await;
        let (r50, r99) = raw_times.next().unwrap();
        println!(
            "  {label:<18} {:>9.2} / {:>7.2} {:>9.2} / {:>7.2} {:>10.2} / {:>8.2}",
            before[i].0, before[i].1, after.0, after.1, r50, r99
        );
        worst = worst.max(after.1);
    }
    platform::testing::bench::summary(
        "stats",
        &format!("{name}: orderStats/list worst p99 at {large} events"),
        format!("{worst:.2} ms"),
        "< 20 ms",
        Some(worst < 20.0),
    );
    app.shutdown().await;
}

#[actix_web::main]
async fn main() {
    let large: usize = std::env::var("BENCH_STATS_EVENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000);
    // BENCH_STATS_BACKENDS=postgres (or sqlite) for one of the two.
    let only = std::env::var("BENCH_STATS_BACKENDS").unwrap_or_default();
    println!("== dashboard statistics: ingest and orderStats/list");
    for (name, backend) in [("sqlite", Backend::Sqlite), ("postgres", Backend::Postgres)] {
        if only.is_empty() || only.contains(name) {
            measure(backend, large).await;
        }
    }
}
