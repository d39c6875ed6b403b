//! `make bench` (finance part). Prints; asserts nothing but the credit accounting. In the fleet's
//! crate, the one that may run several services together: the saga spans hotel-app and
//! finance-app.
//!
//! 1. Credit payments through the gateway and RabbitMQ: the fleet binary of this build (demo data
//!    on) with the gateway, auth-center, saas-main, hotel-app and finance-app, the last two each on
//!    a PostgreSQL database of its own, the events on RabbitMQ. The demo distributor books
//!    `BENCH_FINANCE_ORDERS` (2,000) orders of the demo hotel's online-paid product through the
//!    gateway, then pays them by credit at `BENCH_FINANCE_RATE` (200/s), open loop (each payment
//!    sent at its time, whatever the others are doing). For each, pay → paid: from sending the pay
//!    call to the gateway to hotel-app's `order.hotel.state-changed` of that order on the broker
//!    (finance-app took the amount, hotel-app applied the answer). p50, p99, max; then the growth
//!    of the distributor's used credit must be the sum of the paid orders' prices.
//! 2. finance-app's lists and summaries over `BENCH_FINANCE_LOGS` (1,000,000) credit logs,
//!    inserted with SQL, on PostgreSQL: each call `BENCH_FINANCE_CALLS` (200) times in turn over
//!    one connection, p50/p99.
//!
//! `TRADEWIND_TEST_AMQP_URL` (the local RabbitMQ), `TRADEWIND_TEST_POSTGRES_URL`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

// Shared with the tests (this bench uses part of it).
#[allow(dead_code)]
#[path = "../tests/e2e/demo_hotel.rs"]
mod demo_hotel;
#[path = "support/fleet.rs"]
mod fleet;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

use diesel::{Connection as _, RunQueryDsl as _};
use platform::bus::rabbit::RabbitBroker;
use platform::bus::{Bus, EventEnvelope, v1};
use platform::demo::DISTRIBUTOR_ID;
use platform::testing::bench::{env_or, percentile, summary};
use platform::testing::{Backend, TenantFixture, TestDb};
use prost::Message as _;
use serde_json::{Value, json};

use demo_hotel::{day, order_form};
use fleet::{call, client, login, start_fleet_with};

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// What part 1 calls through the gateway, as whom.
struct Gateway {
    c: awc::Client,
    base: String,
    staff: String,
    distributor: String,
}

impl Gateway {
    async fn call(
        &self,
        method: &str,
        path: &str,
        token: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        call(
            &self.c,
            method,
            &format!("{}{path}", self.base),
            Some(token),
            body,
        )
        .await
    }

    /// The distributor's credit, as finance-app checks it.
    async fn used_credit(&self) -> i64 {
        let (s, b) = self
            .call(
                "GET",
                "/api/finance-app/saas/finance/credit/check",
                &self.distributor,
                None,
            )
            .await;
        assert_eq!(s, 200, "credit check: {b}");
        b["data"]["usedCredit"].as_i64().unwrap()
    }

    /// How many credit logs finance-app holds once the count has stood still for 3 s (the order
    /// events ahead of it all consumed).
    async fn settled(&self) -> i64 {
        let (mut last, mut still) = (-1, 0);
        while still < 3 {
            tokio::time::sleep(Duration::from_secs(1)).await;
            let (_, b) = self
                .call(
                    "GET",
                    "/api/finance-app/saas/credit/log/list?resultNum=1",
                    &self.staff,
                    None,
                )
                .await;
            let n = b["data"]["sizeAll"].as_i64().unwrap_or(-1);
            still = if n == last && n > 0 { still + 1 } else { 0 };
            last = n;
        }
        last
    }

    /// The demo hotel's online-paid product, once hotel-app offers it.
    async fn online_product(&self) -> Value {
        let stay = format!("checkinDate={}&checkoutDate={}&roomNum=1", day(1), day(2));
        let hotel_id = loop {
            let (s, b) = self
                .call(
                    "GET",
                    &format!("/api/hotel-app/saas/booking/hotelBookings/list?{stay}"),
                    &self.distributor,
                    None,
                )
                .await;
            if s == 200 && b["data"]["sizeAll"].as_i64().unwrap_or(0) > 0 {
                break b["data"]["results"][0]["hotelId"].clone();
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        let (s, p) = self
            .call(
                "GET",
                &format!(
                    "/api/hotel-app/saas/booking/hotelBookings/listHotelProduct?hotelId={hotel_id}&{stay}"
                ),
                &self.distributor,
                None,
            )
            .await;
        assert_eq!(s, 200, "{p}");
        p["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|q| {
                q["productName"]
                    .as_str()
                    .unwrap_or("")
                    .contains("pay online")
            })
            .unwrap_or_else(|| panic!("no online-payment product in {p}"))["productId"]
            .clone()
    }

    /// Books one room of `product` for the night `night` days from today.
    async fn book(&self, product: &Value, night: i64) -> (u16, Value) {
        let body = order_form(product, night);
        self.call(
            "POST",
            "/api/hotel-app/saas/booking/hotelBookings/order",
            &self.distributor,
            Some(body),
        )
        .await
    }
}

/// Part 1: pay → paid through the gateway and RabbitMQ at a steady rate.
async fn payments() {
    let orders = env_or("BENCH_FINANCE_ORDERS", 2_000_usize);
    let rate = env_or("BENCH_FINANCE_RATE", 200_usize).max(1);
    let amqp = std::env::var("TRADEWIND_TEST_AMQP_URL")
        .unwrap_or_else(|_| "amqp://guest:guest@127.0.0.1:5672/%2f".into());
    let (hotel_db, finance_db) = (
        TestDb::new(Backend::Postgres),
        TestDb::new(Backend::Postgres),
    );
    let fleet = start_fleet_with(
        &[
            ("hotel-app", &hotel_db.url),
            ("finance-app", &finance_db.url),
        ],
        &[("TRADEWIND_AMQP_URL", &amqp)],
    );
    let c = client(rate);
    let gw = Gateway {
        staff: login(&c, &fleet.url, "operator", "operator123").await,
        distributor: login(&c, &fleet.url, "distributor", "distributor123").await,
        base: fleet.url.clone(),
        c,
    };
    let bus = Bus::Rabbit(RabbitBroker::new(&amqp));
    // finance-app knows the distributor once saas-main's merchants have reached it.
    let credit = json!({"mchId": DISTRIBUTOR_ID, "credit": 100_000_000_000_i64, "reason": "bench"});
    let waiting = Instant::now();
    loop {
        let (s, b) = gw
            .call(
                "PUT",
                "/api/finance-app/saas/finance/credit/update",
                &gw.staff,
                Some(credit.clone()),
            )
            .await;
        if s == 200 {
            break;
        }
        assert!(
            waiting.elapsed() < Duration::from_secs(60),
            "credit set: {s} {b}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let product = gw.online_product().await;
    // Enough rooms on 60 nights for every order, so no booking is refused for stock.
    let stock = orders.div_ceil(60) + 10;
    let (s, b) = gw
        .call(
            "POST",
            "/api/hotel-app/saas/price/priceStore/save",
            &gw.staff,
            Some(
                json!({"productId": product, "startDate": day(1), "endDate": day(60),
                "stockType": "limited", "stock": stock}),
            ),
        )
        .await;
    assert_eq!(s, 200, "stock set: {b}");

    println!(
        "== finance: credit payments through the gateway and RabbitMQ (the fleet binary; hotel-app and finance-app on PostgreSQL)"
    );
    // The demo hotel's year of history reaches finance-app as order events at the start: measure
    // once it has taken them all, not behind that backlog.
    let history = gw.settled().await;
    println!("finance-app holds the demo history's {history} credit logs");
    let used_before = gw.used_credit().await;
    let booked = Instant::now();
    let mut ids: Vec<(i64, i64)> = Vec::with_capacity(orders);
    let mut batch = Vec::new();
    for i in 0..orders {
        let night = 1 + i64::try_from(i % 60).unwrap();
        batch.push(gw.book(&product, night));
        if batch.len() == 16 || i + 1 == orders {
            for (s, b) in futures_util::future::join_all(batch.drain(..)).await {
                assert_eq!(s, 200, "booking: {b}");
                ids.push((
                    b["data"]["orderId"].as_i64().unwrap(),
                    b["data"]["orderPrice"].as_i64().unwrap(),
                ));
            }
        }
    }
    drop(batch);
    println!(
        "{orders} orders booked in {:.1} s",
        booked.elapsed().as_secs_f64()
    );
    // Their order events too: payments are measured on a quiet queue.
    gw.settled().await;

    // Each order's way, as the bus carries it: hotel-app asks, finance-app answers, hotel-app
    // tells the order paid. The time of each step is kept to say where the time goes.
    let mut told = bus.broadcast(
        "bench",
        &[
            "credit.hotel.requested",
            "finance.hotel.credit-answered",
            "order.hotel.state-changed",
        ],
    );
    let sent: Rc<RefCell<HashMap<i64, Instant>>> = Rc::default();
    let took: Rc<RefCell<Vec<Duration>>> = Rc::default();
    let steps: Rc<RefCell<[Vec<Duration>; 2]>> = Rc::default();
    let listener = {
        let (sent, took, steps) = (sent.clone(), took.clone(), steps.clone());
        actix_web::rt::spawn(async move {
            while let Some(d) = told.recv().await {
                let Ok(e) = EventEnvelope::decode(d.body.as_slice()) else {
                    continue;
                };
                let (id, step) = match d.routing_key.as_str() {
                    "credit.hotel.requested" => (
                        v1::CreditPaymentRequested::decode(e.payload.as_slice())
                            .ok()
                            .and_then(|r| r.order)
                            .map_or(0, |o| o.order_id),
                        Some(0),
                    ),
                    "finance.hotel.credit-answered" => (
                        v1::CreditPaymentAnswered::decode(e.payload.as_slice())
                            .map_or(0, |a| a.order_id),
                        Some(1),
                    ),
                    _ => (
                        v1::OrderStateChanged::decode(e.payload.as_slice())
                            .ok()
                            .and_then(|c| c.order)
                            .map_or(0, |o| o.order_id),
                        None,
                    ),
                };
                let mut sent = sent.borrow_mut();
                match step {
                    Some(i) => {
                        if let Some(at) = sent.get(&id) {
                            steps.borrow_mut()[i].push(at.elapsed());
                        }
                    }
                    None => {
                        if let Some(at) = sent.remove(&id) {
                            took.borrow_mut().push(at.elapsed());
                        }
                    }
                }
            }
        })
    };
    // The broadcast queue is bound a moment after it is declared.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let start = Instant::now();
    let gap = Duration::from_secs_f64(1.0 / rate as f64);
    let refused: Rc<RefCell<usize>> = Rc::default();
    let mut calls = Vec::with_capacity(orders);
    for (i, &(id, _)) in ids.iter().enumerate() {
        let due = start + gap * u32::try_from(i).unwrap();
        tokio::time::sleep_until(due.into()).await;
        let (pay, token) = (
            format!("{}/api/hotel-app/saas/order/channel/pay", gw.base),
            gw.distributor.clone(),
        );
        let (sent, refused) = (sent.clone(), refused.clone());
        sent.borrow_mut().insert(id, Instant::now());
        calls.push(actix_web::rt::spawn(async move {
            let res = platform::http::client::client()
                .put(pay)
                .bearer_auth(token)
                .timeout(Duration::from_secs(30))
                .send_json(&json!({"orderId": id, "payType": 1}))
                .await;
            let ok = match res {
                Ok(mut r) if !r.status().is_success() => {
                    let body = r.body().await.unwrap_or_default();
                    eprintln!(
                        "pay of order {id} refused: {} {}",
                        r.status(),
                        String::from_utf8_lossy(&body)
                    );
                    false
                }
                Ok(_) => true,
                Err(e) => {
                    eprintln!("pay of order {id} failed: {e}");
                    false
                }
            };
            if !ok {
                *refused.borrow_mut() += 1;
                sent.borrow_mut().remove(&id);
            }
        }));
    }
    let sending = start.elapsed();
    for c in calls {
        let _ = c.await;
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    while !sent.borrow().is_empty() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    listener.abort();
    let mut samples = took.borrow().clone();
    samples.sort_unstable();
    let unanswered = sent.borrow().len();
    let refused = *refused.borrow();
    println!(
        "{} payments sent in {:.1} s ({:.0}/s asked {rate}/s): {} paid, {refused} refused by hotel-app, {unanswered} not paid within 60 s",
        orders,
        sending.as_secs_f64(),
        orders as f64 / sending.as_secs_f64(),
        samples.len()
    );
    if samples.is_empty() {
        summary(
            "finance",
            "pay -> paid p99",
            "none paid",
            "< 100 ms",
            Some(false),
        );
    } else {
        let (p50, p99) = (percentile(&samples, 0.50), percentile(&samples, 0.99));
        println!(
            "pay -> paid: p50 {}, p99 {}, max {}",
            ms(p50),
            ms(p99),
            ms(*samples.last().unwrap())
        );
        let mut steps = steps.borrow().clone();
        for (label, step) in ["pay -> credit asked", "pay -> credit answered"]
            .into_iter()
            .zip(steps.iter_mut())
        {
            step.sort_unstable();
            if !step.is_empty() {
                println!(
                    "  {label}: p50 {}, p99 {}",
                    ms(percentile(step, 0.50)),
                    ms(percentile(step, 0.99))
                );
            }
        }
        summary(
            "finance",
            &format!("pay -> paid p99 at {rate}/s (gateway, RabbitMQ, PostgreSQL)"),
            ms(p99),
            "< 100 ms",
            Some(p99 < Duration::from_millis(100) && unanswered == 0 && refused == 0),
        );
    }
    // Every paid order's price taken once, and nothing else.
    let used = gw.used_credit().await - used_before;
    let paid: i64 = ids.iter().map(|&(_, price)| price).sum();
    let exact = unanswered == 0 && refused == 0 && used == paid;
    println!("used credit grew {used} fen, paid orders' prices {paid} fen");
    summary(
        "finance",
        "credit taken = paid orders' prices",
        if exact { "exact" } else { "wrong" },
        "exact",
        Some(exact),
    );
    drop(fleet);
}

/// Settlement progress as a year of trade leaves it: the last month's orders not settled yet
/// (1), one older order in fifty partly settled (2), the rest settled (3). A filter on partly
/// settled rows then matches few rows spread over the whole year.
const PROGRESS: &str = "CASE WHEN g % 365 < 30 THEN 1 WHEN g % 50 = 0 THEN 2 ELSE 3 END";

/// The credit logs, made with one statement: a year of orders of 200 distributors and 50
/// suppliers (a fifth of them the demo distributor's), one in ten failed, one in ten awaiting
/// confirmation.
fn fill(url: &str, rows: usize, now: i64) {
    let mut conn = diesel::pg::PgConnection::establish(url).unwrap();
    diesel::sql_query(format!(
        "INSERT INTO credit_logs (id, saas_id, supplier_mch_id, distributor_mch_id, sale_user_id,
           order_id, product_type, product_id, product_name, order_number, contact_name,
           contact_phone, travel_date, end_travel_date, order_date, currency_code, order_num,
           order_price, supplier_price, distributor_price, receipt_date, receipt_progress,
           receipt_id, payment_date, payment_progress, payment_id, statement_price, state,
           order_state, state_at, created_at, receipt_due, receipt_received, receipt_verify,
           payment_due, payment_paid, payment_verify)
         SELECT g, {saas},
           CASE WHEN g % 4 = 0 THEN {supplier} ELSE 50000 + g % 50 END,
           CASE WHEN g % 5 = 0 THEN {distributor} ELSE 60000 + g % 200 END,
           0, 90000000 + g, 10, g % 500, 'Bench product ' || (g % 500), 'B' || g,
           'Guest ' || (g % 1000), '138' || lpad((g % 100000000)::text, 8, '0'),
           to_char(DATE '2026-01-01' + (g % 365)::int, 'YYYY-MM-DD'),
           to_char(DATE '2026-01-02' + (g % 365)::int, 'YYYY-MM-DD'),
           {now} - (g % 365) * 86400000::bigint - (g % 86400) * 1000::bigint, 'CNY', 1,
           10000 + g % 90000, 8000 + g % 70000, 10000 + g % 90000,
           0, {progress}, 0, 0, {progress}, 0,
           CASE WHEN g % 10 = 0 THEN 0 ELSE 10000 + g % 90000 END,
           CASE WHEN g % 10 = 0 THEN 3 WHEN g % 10 = 1 THEN 1 ELSE 2 END,
           CASE WHEN g % 10 = 0 THEN 4 WHEN g % 10 = 1 THEN 3 ELSE 1 END,
           {now}, {now},
           CASE WHEN g % 10 = 0 THEN 0 ELSE 10000 + g % 90000 END, 0, 0,
           CASE WHEN g % 10 = 0 THEN 0 ELSE 8000 + g % 70000 END, 0, 0
         FROM generate_series(1, {rows}) g",
        saas = TenantFixture::SAAS,
        supplier = TenantFixture::SUPPLIER,
        distributor = TenantFixture::DISTRIBUTOR,
        progress = PROGRESS,
    ))
    .execute(&mut conn)
    .unwrap();
    // What autovacuum does to a table that has taken a million rows: statistics for the
    // planner, and the visibility map that lets a capped count read the index alone.
    diesel::sql_query("VACUUM ANALYZE credit_logs")
        .execute(&mut conn)
        .unwrap();
}

/// Part 2: lists and summaries over a large credit log.
async fn lists() {
    let rows = env_or("BENCH_FINANCE_LOGS", 1_000_000_usize);
    let calls = env_or("BENCH_FINANCE_CALLS", 200_usize).max(1);
    let f = TenantFixture::start(
        finance_app::service(),
        Backend::Postgres,
        &[("TRADEWIND_FINANCE_APP__DEMO__ENABLED", "false")],
        &[],
        &[],
    )
    .await;
    let url = f.app.db.as_ref().unwrap().url.clone();
    let made = Instant::now();
    fill(&url, rows, platform::time::now_ms());
    // The rows went in around the store: make the summaries' read model from them, as the
    // store keeps it from then on (store::ledger_lines).
    let pool = platform::db::connect(&f.app.db.as_ref().unwrap().config()).unwrap();
    let mut conn = pool.get().unwrap();
    diesel::Connection::transaction(&mut *conn, |c| {
        finance_app::store::ledger_lines::rebuild(c, TenantFixture::SAAS)
    })
    .unwrap();
    drop(conn);
    println!();
    println!(
        "== finance: lists and summaries over {rows} credit logs (PostgreSQL, one connection, {calls} calls each)"
    );
    println!(
        "{rows} credit logs inserted in {:.1} s",
        made.elapsed().as_secs_f64()
    );
    let d = TenantFixture::DISTRIBUTOR;
    let month = format!("startDate={}&endDate={}", day(-30), day(0));
    let cases: Vec<(&str, String)> = vec![
        ("credit log, page 1", "/saas/credit/log/list".into()),
        ("credit log, state", "/saas/credit/log/list?state=2".into()),
        (
            "credit log, a distributor, a month of check-ins",
            format!("/saas/credit/log/list?distributorMchId={d}&dateType=2&{month}"),
        ),
        (
            "credit log, a month of check-ins",
            format!("/saas/credit/log/list?dateType=2&{month}"),
        ),
        (
            "credit log, not received yet",
            "/saas/credit/log/list?receiptProgress=1".into(),
        ),
        (
            "credit log, partly paid to suppliers",
            "/saas/credit/log/list?paymentProgress=2".into(),
        ),
        (
            "receipt summary (per distributor)",
            "/saas/finance/verify/listDistributorReceiptSummary".into(),
        ),
        (
            "payment summary (per supplier)",
            "/saas/finance/verify/listSupplierPaySummary".into(),
        ),
        (
            "a distributor's orders to reconcile",
            format!("/saas/finance/verify/listDistributorVerifyOrder?distributorMchId={d}"),
        ),
    ];
    println!("{:<52} {:>10} {:>10}", "call", "p50", "p99");
    for (label, path) in cases {
        let (s, b) = f.app.call("GET", &path, &f.operator, "en", None).await;
        assert_eq!(s, 200, "{path}: {b}");
        let mut samples = Vec::with_capacity(calls);
        for _ in 0..calls {
            let t = Instant::now();
            let (s, _) = f.app.call("GET", &path, &f.operator, "en", None).await;
            samples.push(t.elapsed());
            assert_eq!(s, 200);
        }
        samples.sort_unstable();
        let (p50, p99) = (percentile(&samples, 0.50), percentile(&samples, 0.99));
        println!("{label:<52} {:>10} {:>10}", ms(p50), ms(p99));
        summary(
            "finance",
            &format!("{label} p99, {rows} credit logs"),
            ms(p99),
            "< 50 ms",
            Some(p99 < Duration::from_millis(50)),
        );
    }
    f.shutdown().await;
}

fn main() {
    actix_web::rt::System::new().block_on(async {
        payments().await;
        lists().await;
    });
}
