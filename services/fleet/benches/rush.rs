//! `make bench` (mall part): a snap-up rush through the gateway on PostgreSQL. Prints; asserts
//! nothing. In the fleet's crate: it runs the fleet binary (the gateway, auth-center, saas-main
//! and mall-app in one process, as `make run` does, with mall-app on a fresh PostgreSQL
//! database and the gateway's rate limits off).
//!
//! The demo operator starts a session of 100 units without a purchase limit on a demo mall
//! product; then 500 connections send 10,000 order attempts as fast as they are answered, each
//! as the demo distributor, all through the gateway. Printed: attempts per second, p50, p99 and
//! max of the answers, how many were placed, sold out (412 `sold-out`), shed (429) or anything
//! else, and afterwards the orders the session holds and the stock it has left, as mall-app
//! answers them. The targets of issue 22: exactly 100 orders, at least 5,000 attempts/s, p99
//! under 100 ms.
//!
//! `BENCH_RUSH_ATTEMPTS` (10,000), `BENCH_RUSH_CONNECTIONS` (500), `BENCH_RUSH_STOCK` (100),
//! `TRADEWIND_TEST_POSTGRES_URL` (the local PostgreSQL).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use platform::testing::bench::{env_or, percentile, summary};
use platform::testing::{Backend, TestDb};
use serde_json::json;

#[path = "support/fleet.rs"]
mod fleet;
use fleet::{call, client, login, start_fleet};

/// What one attempt came to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Placed,
    SoldOut,
    Shed,
    Other,
}

async fn rush() {
    let attempts = env_or("BENCH_RUSH_ATTEMPTS", 10_000_usize);
    let connections = env_or("BENCH_RUSH_CONNECTIONS", 500_usize);
    let stock = env_or("BENCH_RUSH_STOCK", 100_usize);
    println!(
        "== snap-up rush through the gateway (mall-app on PostgreSQL): {attempts} attempts from {connections} connections on {stock} units"
    );
    let db = TestDb::new(Backend::Postgres);
    let fleet = start_fleet("mall-app", &db.url);
    let base = fleet.url.clone();
    let api = format!("{base}/api/mall-app/saas/mall");
    let c = client(connections);
    let operator = login(&c, &base, "operator", "operator123").await;
    let distributor = login(&c, &base, "distributor", "distributor123").await;

    // The distributor may buy once mall-app has the demo merchants from saas-main.
    let deadline = Instant::now() + Duration::from_secs(60);
    let product = loop {
        let (s, b) = call(
            &c,
            "GET",
            &format!("{api}/snapups/live"),
            Some(&distributor),
            None,
        )
        .await;
        if s == 200
            && let Some(p) = b["data"].get(0).map(|x| x["mallProductId"].clone())
        {
            break p;
        }
        assert!(
            Instant::now() < deadline,
            "mall-app never served the distributor: {s} {b}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let now = platform::time::now_ms();
    let (s, b) = call(
        &c,
        "POST",
        &format!("{api}/snapups/save"),
        Some(&operator),
        Some(json!({
            "mallProductId": product,
            "snapupPrice": 100,
            "stock": stock,
            "startTime": now - 1_000,
            "endTime": now + 3_600_000,
            "typeLimitGoods": 0,
        })),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let session = b["data"]["id"].as_i64().unwrap();

    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(connections);
    for _ in 0..connections {
        let (c, next, token, url) = (
            c.clone(),
            next.clone(),
            distributor.clone(),
            format!("{api}/orders/place"),
        );
        tasks.push(actix_web::rt::spawn(async move {
            let mut seen = Vec::new();
            while next.fetch_add(1, Ordering::Relaxed) < attempts {
                let body = json!({"sessionId": session, "quantity": 1, "contactName": "Rush", "contactPhone": "13812345678"});
                let t = Instant::now();
                let (s, b) = call(&c, "POST", &url, Some(&token), Some(body)).await;
                let outcome = match (s, b["code"].as_str()) {
                    (200, _) => Outcome::Placed,
                    (412, Some("sold-out")) => Outcome::SoldOut,
                    (429, _) => Outcome::Shed,
                    _ => Outcome::Other,
                };
                seen.push((t.elapsed(), outcome));
            }
            seen
        }));
    }
    let mut all = Vec::with_capacity(attempts);
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    let elapsed = started.elapsed();
    let count = |o: Outcome| all.iter().filter(|(_, x)| *x == o).count();
    let (placed, sold_out, shed, other) = (
        count(Outcome::Placed),
        count(Outcome::SoldOut),
        count(Outcome::Shed),
        count(Outcome::Other),
    );
    let mut times: Vec<Duration> = all.iter().map(|(d, _)| *d).collect();
    times.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let rate = all.len() as f64 / elapsed.as_secs_f64();
    let (p50, p99, max) = (
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        ms(times.last().copied().unwrap_or_default()),
    );

    let (_, orders) = call(
        &c,
        "GET",
        &format!("{api}/orders/list?sessionId={session}&resultNum=1"),
        Some(&operator),
        None,
    )
    .await;
    let (_, loaded) = call(
        &c,
        "GET",
        &format!("{api}/snapups/load?id={session}"),
        Some(&operator),
        None,
    )
    .await;
    let orders = orders["data"]["sizeAll"].as_i64().unwrap_or(-1);
    let left = loaded["data"]["stockLeft"].as_i64().unwrap_or(-1);

    println!(
        "{} attempts in {:.2} s: {rate:.0} attempts/s; p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms",
        all.len(),
        elapsed.as_secs_f64()
    );
    println!("answers: {placed} placed, {sold_out} sold out, {shed} shed (429), {other} other");
    println!("afterwards: {orders} orders in the session, {left} units left");
    let stock = i64::try_from(stock).unwrap_or(i64::MAX);
    summary(
        "mall",
        "rush: orders created of the stock",
        format!("{orders} of {stock}, {left} left"),
        "exactly the stock",
        Some(orders == stock && left == 0),
    );
    summary(
        "mall",
        "rush: attempts per second through the gateway",
        format!("{rate:.0}"),
        ">= 5000",
        Some(rate >= 5_000.0),
    );
    summary(
        "mall",
        "rush: p99 of an attempt",
        format!("{p99:.1} ms (p50 {p50:.1} ms)"),
        "< 100 ms",
        Some(p99 < 100.0),
    );
    drop(fleet);
}

fn main() {
    actix_web::rt::System::new().block_on(rush());
}
