//! `make bench` (channels part): calendar pushes to a channel, ticket-app on a fresh PostgreSQL
//! database behind the gateway, the channel simulator in this process. Prints; asserts nothing.
//!
//! The demo operator points the demo meituan ticket configuration at the simulator, whose
//! account lists `BENCH_CHANNEL_PRODUCTS` (1,000) channel products; the demo supplier makes as
//! many ticket products on a demo spot, priced for 90 days, and the operator maps each to one
//! channel product (each mapping sends the product's calendar whole: the first figure is how
//! long until the channel holds every one). Then the measured change: every product's
//! distribution price changed for the 90 days, one save per product as a person or an import
//! would, from `BENCH_CHANNEL_CONNECTIONS` (20) connections. Printed: how long the saves took,
//! and how long until the channel held the new price on every one of the 90,000 days, counted
//! from the last save answered (the target: within 10 s) and from the first; the number of
//! calls it took.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use platform::channel::{CatalogueEntry, Channel};
use platform::demo::{MEITUAN_TICKET_ACCOUNT, MEITUAN_TICKET_CONFIG_ID as CONFIG};
use platform::testing::bench::{env_or, summary};
use platform::testing::{Backend, TestDb};
use serde_json::{Value, json};

#[path = "support/fleet.rs"]
mod fleet;
use fleet::{call, client, hammer, login, start_fleet};

const DAYS: i64 = 90;

fn day(n: i64) -> String {
    platform::time::format_day(platform::time::day_of_ms(platform::time::now_ms()) + n)
}

/// Makes every call of `bodies` from `connections` connections; panics on an answer other than
/// 200; answers the bodies (in the order they were answered).
async fn each(
    c: &awc::Client,
    connections: usize,
    method: &'static str,
    url: &str,
    token: &str,
    bodies: Vec<Value>,
) -> Vec<Value> {
    let (_, all) = hammer(c, connections, method, url, token, bodies).await;
    if let Some(x) = all.iter().find(|x| x.2 != 200) {
        panic!("{method} {url}: {} {}", x.2, x.3);
    }
    all.into_iter().map(|x| x.3).collect()
}

/// How many of the channel's products hold `price` on each of the 90 days.
fn holding(sim: &channel_sim::Running, price: i64) -> usize {
    let wanted: Vec<String> = (0..DAYS).map(day).collect();
    sim.sim
        .calendars(Channel::Meituan, MEITUAN_TICKET_ACCOUNT)
        .iter()
        .filter(|c| {
            wanted
                .iter()
                .all(|d| c.days.iter().any(|x| &x.date == d && x.price == price))
        })
        .count()
}

/// Waits (up to `limit`) until the channel holds `price` on every day of `n` products; answers
/// when, or None.
async fn until_held(
    sim: &channel_sim::Running,
    n: usize,
    price: i64,
    limit: Duration,
) -> Option<Instant> {
    let deadline = Instant::now() + limit;
    loop {
        if holding(sim, price) >= n {
            return Some(Instant::now());
        }
        if Instant::now() > deadline {
            println!(
                "the channel holds {} of {n} products at {price} after {limit:?}",
                holding(sim, price)
            );
            return None;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn bench() {
    let n = env_or("BENCH_CHANNEL_PRODUCTS", 1_000_usize);
    let connections = env_or("BENCH_CHANNEL_CONNECTIONS", 20_usize);
    println!(
        "== channel pushes (ticket-app on PostgreSQL, the channel simulator): a {DAYS}-day price change on {n} mapped products"
    );
    let db = TestDb::new(Backend::Postgres);
    let fleet = start_fleet("ticket-app", &db.url);
    let base = fleet.url.clone();
    let api = format!("{base}/api/ticket-app/saas");
    let c = client(connections);
    let operator = login(&c, &base, "operator", "operator123").await;
    let supplier = login(&c, &base, "supplier", "supplier123").await;

    let sim = channel_sim::start("127.0.0.1:0").unwrap();
    let deals: Vec<CatalogueEntry> = (0..n)
        .map(|i| CatalogueEntry {
            id: format!("deal-b{i:05}"),
            name: format!("Bench ticket {i}"),
            parent: "poi-b".into(),
        })
        .collect();
    sim.sim.register(
        Channel::Meituan,
        MEITUAN_TICKET_ACCOUNT,
        channel_sim::Registration {
            secret: platform::demo::MEITUAN_TICKET_SECRET.into(),
            scenics: vec![CatalogueEntry {
                id: "poi-b".into(),
                name: "Bench spot".into(),
                parent: String::new(),
            }],
            products: deals,
            order_url: String::new(),
        },
    );

    // The demo configuration, pointed at the simulator; its copy at ticket-app follows.
    let saas = format!("{base}/api/saas-main/saas/saasInterface/interfaceConfig");
    let (s, loaded) = call(
        &c,
        "GET",
        &format!("{saas}/load?id={CONFIG}"),
        Some(&operator),
        None,
    )
    .await;
    assert_eq!(s, 200, "{loaded}");
    let (s, b) = call(
        &c,
        "PUT",
        &format!("{saas}/update"),
        Some(&operator),
        Some(json!({"id": CONFIG, "mchId": loaded["data"]["mchId"],
            "configName": loaded["data"]["configName"],
            "baseUrl": sim.channel_url(Channel::Meituan)})),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (s, b) = call(
            &c,
            "POST",
            &format!("{api}/ticket/channel/sync"),
            Some(&operator),
            Some(json!({"configId": CONFIG})),
        )
        .await;
        if s == 200 && b["data"]["products"] == n {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the pull never reached the simulator: {s} {b}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    // The products, on a demo spot the demo supplier supplies, priced for the 90 days.
    let (_, ours) = call(
        &c,
        "GET",
        &format!("{api}/ticket/channel/listSysProduct?configId={CONFIG}"),
        Some(&operator),
        None,
    )
    .await;
    let scenic = ours["data"]["results"][0]["scenicId"].clone();
    assert!(scenic.is_i64(), "no demo product: {ours}");
    let forms = (0..n)
        .map(|i| {
            json!({"productName": format!("Bench ticket {i}"), "scenicId": scenic,
                "productType": 1, "formFields": [1, 2], "confirmType": 1, "voucherType": 1,
                "voucherPerTicket": true, "validateType": 2, "cancelType": 1,
                "smsText": "Your ticket is confirmed"})
        })
        .collect();
    let made = each(
        &c,
        connections,
        "POST",
        &format!("{api}/product/scenicProducts/save"),
        &supplier,
        forms,
    )
    .await;
    let ids: Vec<i64> = made
        .iter()
        .map(|b| b["data"]["productId"].as_i64().unwrap())
        .collect();
    each(
        &c,
        connections,
        "PUT",
        &format!("{api}/product/scenicProducts/changeState"),
        &supplier,
        ids.iter()
            .map(|id| json!({"productId": id, "action": "publish"}))
            .collect(),
    )
    .await;
    let price = |value: i64| {
        ids.iter()
            .map(|id| {
                json!({"productId": id, "startDate": day(0), "endDate": day(DAYS - 1),
                    "purchasePrice": {"mode": "fixed", "value": 8000},
                    "distributionPrice": {"mode": "fixed", "value": value},
                    "retailPrice": {"mode": "fixed", "value": 12000},
                    "stockType": "limited", "stock": 100})
            })
            .collect::<Vec<_>>()
    };
    let saves = format!("{api}/price/ticketPriceStore/save");
    each(&c, connections, "POST", &saves, &supplier, price(10000)).await;

    // Mapped: each product's calendar goes whole.
    let started = Instant::now();
    each(
        &c,
        connections,
        "POST",
        &format!("{api}/ticket/channel/map"),
        &operator,
        ids.iter()
            .enumerate()
            .map(|(i, id)| {
                json!({"configId": CONFIG, "productId": id,
                    "channelProductId": format!("deal-b{i:05}")})
            })
            .collect(),
    )
    .await;
    let mapped = until_held(&sim, n, 10000, Duration::from_secs(300)).await;
    if let Some(at) = mapped {
        println!(
            "mapping {n} products: the channel held all their calendars {:.2} s after the first mapping",
            (at - started).as_secs_f64()
        );
    }
    let calls_before = sim
        .sim
        .pushes(Channel::Meituan, MEITUAN_TICKET_ACCOUNT)
        .len();

    // The measured change.
    let started = Instant::now();
    each(&c, connections, "POST", &saves, &supplier, price(10500)).await;
    let saved = Instant::now();
    let held = until_held(&sim, n, 10500, Duration::from_secs(120)).await;
    let calls = sim
        .sim
        .pushes(Channel::Meituan, MEITUAN_TICKET_ACCOUNT)
        .len()
        - calls_before;
    println!(
        "{n} saves of {DAYS} days in {:.2} s ({:.0}/s); {calls} push calls",
        (saved - started).as_secs_f64(),
        n as f64 / (saved - started).as_secs_f64()
    );
    match held {
        Some(at) => {
            let after_last = (at - saved).as_secs_f64();
            let after_first = (at - started).as_secs_f64();
            println!(
                "the channel held every new price {after_last:.2} s after the last save ({after_first:.2} s after the first)"
            );
            summary(
                "channels",
                &format!("{DAYS}-day change on {n} mapped products delivered"),
                format!(
                    "{after_last:.2} s after the last save ({after_first:.2} s after the first, {calls} calls)"
                ),
                "< 10 s",
                Some(after_last < 10.0),
            );
        }
        None => summary(
            "channels",
            &format!("{DAYS}-day change on {n} mapped products delivered"),
            "not all within 120 s",
            "< 10 s",
            Some(false),
        ),
    }
    sim.stop().await;
    drop(fleet);
}

fn main() {
    actix_web::rt::System::new().block_on(bench());
}
