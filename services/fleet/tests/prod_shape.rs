#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The production shape under faults (support/shape.rs: every service binary its own processes,
//! two replicas of saas-main, hotel-app and message-server (each claiming its id node), PostgreSQL per service, RabbitMQ on
//! a vhost of its own, the gateway in front, the chart's environment). Run by
//! `scripts/prod-shape.sh` (part of `make test`), which builds the binaries first; ignored in the
//! plain `cargo nextest run`.
//!
//! One installation goes through, in order:
//! - the broker cut for 20 s, and then twice in quick succession, while orders are placed;
//! - a saas-main and a message-server replica killed (`kill -9`) while orders are placed, and
//!   started again a few seconds later;
//! - one service's database cut: its readiness and its answers say 503 at once, the others
//!   serve, and it recovers by itself.
//!
//! After each fault: every order placed is counted exactly once by the tenant's dashboard and
//! has exactly its notifications, every outbox is drained and no event is a dead letter.

mod support;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use platform::testing::eventually_within;
use serde_json::{Value, json};
use support::shape::Shape;
use support::{call, day, login};

/// Time for every event to reach its consumers once the fault is over.
const SETTLES_WITHIN: Duration = Duration::from_secs(60);
/// Orders placed per second while a fault goes on.
const ORDERS_PER_SECOND: u64 = 4;

/// What the distributor books with.
struct Booker {
    base: String,
    token: String,
    products: Vec<Value>,
    next: usize,
}

impl Booker {
    async fn new(base: &str) -> Self {
        let token = login(base, "distributor", "distributor123")
            .await
            .expect("the distributor logs in");
        let stay = format!("checkinDate={}&checkoutDate={}&roomNum=1", day(2), day(3));
        let (_, found) = call(
            "GET",
            &format!("{base}/api/hotel-app/saas/booking/hotelBookings/list?{stay}"),
            Some(&token),
            None,
        )
        .await;
        let hotel = found["data"]["results"][0]["hotelId"].clone();
        let (_, products) = call(
            "GET",
            &format!(
                "{base}/api/hotel-app/saas/booking/hotelBookings/listHotelProduct?hotelId={hotel}&{stay}"
            ),
            Some(&token),
            None,
        )
        .await;
        let products: Vec<Value> = products["data"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .map(|p| p["productId"].clone())
            .collect();
        assert!(!products.is_empty(), "the demo hotel has products");
        Self {
            base: base.to_owned(),
            token,
            products,
            next: 0,
        }
    }

    /// One booking of one night, spread over the products and the next 80 nights so no night
    /// runs out of rooms. The order's id, or the failed answer.
    async fn book(&mut self) -> Result<String, String> {
        let n = self.next;
        self.next += 1;
        let product = &self.products[n % self.products.len()];
        let night = 2 + (n / self.products.len()) as i64 % 80;
        let (status, body) = call(
            "POST",
            &format!(
                "{}/api/hotel-app/saas/booking/hotelBookings/order",
                self.base
            ),
            Some(&self.token),
            Some(support::demo_hotel::order_form(product, night)),
        )
        .await;
        match (status, body["data"]["orderId"].as_i64()) {
            (200, Some(id)) => Ok(id.to_string()),
            _ => Err(format!("{status} {body}")),
        }
    }
}

#[derive(Default)]
struct Placed {
    orders: Vec<String>,
    failures: Vec<String>,
}

/// Places orders at a steady pace until `stop` is set.
fn place_orders(
    mut booker: Booker,
    stop: Rc<RefCell<bool>>,
) -> actix_web::rt::task::JoinHandle<(Booker, Placed)> {
    actix_web::rt::spawn(async move {
        let mut placed = Placed::default();
        let period = Duration::from_millis(1000 / ORDERS_PER_SECOND);
        while !*stop.borrow() {
            let started = Instant::now();
            match booker.book().await {
                Ok(id) => placed.orders.push(id),
                Err(e) => placed.failures.push(e),
            }
            if let Some(rest) = period.checked_sub(started.elapsed()) {
                actix_web::rt::time::sleep(rest).await;
            }
        }
        (booker, placed)
    })
}

#[derive(QueryableByName)]
struct RefCount {
    #[diesel(sql_type = Text)]
    ref_id: String,
    #[diesel(sql_type = BigInt)]
    n: i64,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn pg(shape: &Shape, service: &str) -> PgConnection {
    let url = &shape.services[service].db.as_ref().unwrap().url;
    PgConnection::establish(url).expect("the test reaches the database")
}

fn notifications_per_order(shape: &Shape) -> BTreeMap<String, i64> {
    diesel::sql_query("SELECT ref_id, COUNT(*) AS n FROM notifications GROUP BY ref_id")
        .load::<RefCount>(&mut pg(shape, "message-server"))
        .unwrap()
        .into_iter()
        .map(|r| (r.ref_id, r.n))
        .collect()
}

fn count(shape: &Shape, service: &str, sql: &str) -> i64 {
    diesel::sql_query(sql)
        .get_result::<Count>(&mut pg(shape, service))
        .unwrap()
        .n
}

async fn orders_counted(base: &str, admin: &str) -> i64 {
    let (status, body) = call(
        "GET",
        &format!("{base}/api/saas-main/saas/stats/orderStats/count"),
        Some(admin),
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["orderTotal"].as_i64().unwrap()
}

/// Every order of `all` counted once by the dashboard (over `baseline`), each with exactly
/// `per_order` notifications, every outbox drained, no dead letter anywhere.
async fn settled(
    shape: &Shape,
    admin: &str,
    baseline: i64,
    all: &[String],
    per_order: i64,
) -> String {
    let base = shape.gateway();
    let wanted = baseline + all.len() as i64;
    eventually_within(SETTLES_WITHIN, "every order is counted", || {
        let base = base.clone();
        async move { (orders_counted(&base, admin).await == wanted).then_some(()) }
    })
    .await;
    let backends: Vec<String> = shape
        .services
        .values()
        .filter(|s| s.db.is_some())
        .map(|s| s.name.clone())
        .collect();
    eventually_within(SETTLES_WITHIN, "every outbox is drained", || {
        let pending: i64 = backends
            .iter()
            .map(|s| {
                count(
                    shape,
                    s,
                    "SELECT COUNT(*) AS n FROM outbox WHERE sent_at IS NULL",
                )
            })
            .sum();
        async move { (pending == 0).then_some(()) }
    })
    .await;
    let notified = eventually_within(SETTLES_WITHIN, "every order has its notifications", || {
        let per = notifications_per_order(shape);
        let complete = all
            .iter()
            .all(|o| per.get(o).is_some_and(|n| *n >= per_order));
        async move { complete.then_some(per) }
    })
    .await;
    // Nothing more arrives late: counted once, notified once.
    actix_web::rt::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        orders_counted(&base, admin).await,
        wanted,
        "an order counted twice"
    );
    let notified_now = notifications_per_order(shape);
    for order in all {
        assert_eq!(
            notified_now.get(order),
            Some(&per_order),
            "order {order}: notifications (before the pause: {:?})",
            notified.get(order)
        );
    }
    let dead_letters: i64 = backends
        .iter()
        .map(|s| count(shape, s, "SELECT COUNT(*) AS n FROM dead_letters"))
        .sum();
    assert_eq!(dead_letters, 0, "dead letters");
    // What the run saw, printed at the end (the note gives these figures).
    format!(
        "{} orders placed in all, {} counted, {} notified ({per_order} each), outboxes drained, {dead_letters} dead letters",
        all.len(),
        wanted - baseline,
        all.iter().filter(|o| notified_now.contains_key(*o)).count(),
    )
}

/// Orders placed while `fault` runs; the booker comes back for the next scenario.
async fn under_load<F, Fut>(booker: Booker, fault: F) -> (Booker, Placed)
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let stop = Rc::new(RefCell::new(false));
    let load = place_orders(booker, stop.clone());
    fault().await;
    *stop.borrow_mut() = true;
    load.await.unwrap()
}

async fn sleep(secs: u64) {
    actix_web::rt::time::sleep(Duration::from_secs(secs)).await;
}

#[actix_web::test]
#[ignore = "the production shape: run by scripts/prod-shape.sh, which builds the service binaries"]
async fn the_production_shape_holds_under_faults() {
    let mut shape = Shape::new(&[("saas-main", 2), ("hotel-app", 2), ("message-server", 2)]);
    eprintln!("prod-shape: logs in {}", shape.dir.path().display());
    shape.start_all().await;
    let base = shape.gateway();
    // As in the chart, no replica is given TRADEWIND_NODE_ID: each claimed a node of its own.
    for service in ["saas-main", "hotel-app", "message-server"] {
        let nodes = count(
            &shape,
            service,
            "SELECT COUNT(DISTINCT node_id) AS n FROM node_claims",
        );
        assert_eq!(nodes, 2, "{service}'s replicas claim distinct nodes");
    }

    // The installation works: the demo distributor books and the dashboard counts it.
    let admin = eventually_within(SETTLES_WITHIN, "the demo users work", || {
        let base = base.clone();
        async move { login(&base, "demo", "demo123").await }
    })
    .await;
    let mut booker = eventually_within(SETTLES_WITHIN, "the demo hotel is bookable", || {
        let base = base.clone();
        async move {
            let booker = Booker::new(&base).await;
            Some(booker)
        }
    })
    .await;
    // The supplier's user takes new-order notifications on the web (its own save, over the
    // demo's settings), and message-server's copy of the setting has it before the first
    // booking; the demo administrator's demo settings take them too.
    let supplier = login(&base, "supplier", "supplier123")
        .await
        .expect("the supplier logs in");
    let (status, saved) = call(
        "POST",
        &format!("{base}/api/saas-main/saas/notify/config/save"),
        Some(&supplier),
        Some(json!({"notifyWeb": "0", "state": 1})),
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    eventually_within(SETTLES_WITHIN, "message-server has the setting", || {
        let n = count(
            &shape,
            "message-server",
            "SELECT COUNT(*) AS n FROM notify_configs WHERE state = 1 AND notify_web = '0'",
        );
        async move { (n > 0).then_some(()) }
    })
    .await;
    let first = booker.book().await.expect("a first booking");
    let per_order = eventually_within(SETTLES_WITHIN, "the first order is notified", || {
        let n = notifications_per_order(&shape).get(&first).copied();
        async move { n }
    })
    .await;
    // Whatever the demo data holds, counting starts from here.
    sleep(2).await;
    let baseline = orders_counted(&base, &admin).await;
    let mut all: Vec<String> = Vec::new();
    let mut report = String::new();

    // 1. The broker cut for 20 s, then twice in quick succession.
    let broker = &shape.broker;
    let (b, placed) = under_load(booker, || async {
        sleep(3).await;
        broker.cut();
        sleep(20).await;
        broker.restore();
        sleep(5).await;
        broker.cut();
        sleep(3).await;
        broker.restore();
        sleep(2).await;
        broker.cut();
        sleep(3).await;
        broker.restore();
        sleep(3).await;
    })
    .await;
    booker = b;
    assert!(
        placed.failures.is_empty(),
        "bookings failed while the broker was away: {:?}",
        placed.failures
    );
    all.extend(placed.orders);
    let f = settled(&shape, &admin, baseline, &all, per_order).await;
    report.push_str(&format!("broker cut 20 s, then 2 x 3 s: {f}\n"));

    // 2. A consumer replica of each kind killed while orders flow, started again.
    let (b, placed) = under_load(booker, || async {
        sleep(3).await;
        shape.kill("saas-main", 0);
        shape.kill("message-server", 1);
        sleep(4).await;
        shape.start("saas-main", 0);
        shape.start("message-server", 1);
        shape.wait_ready("saas-main", 0).await;
        shape.wait_ready("message-server", 1).await;
        sleep(3).await;
    })
    .await;
    booker = b;
    assert!(
        placed.failures.is_empty(),
        "bookings failed while consumers crashed: {:?}",
        placed.failures
    );
    all.extend(placed.orders);
    let f = settled(&shape, &admin, baseline, &all, per_order).await;
    report.push_str(&format!("saas-main 0 and message-server 1 killed: {f}\n"));

    // 3. ticket-app's database cut: 503 at once, the others serve, it recovers by itself.
    let list = format!("{base}/api/ticket-app/saas/ticket/scenicInfos/list");
    assert_eq!(call("GET", &list, Some(&admin), None).await.0, 200);
    let cut_at = Instant::now();
    shape.services["ticket-app"]
        .db_relay
        .as_ref()
        .unwrap()
        .cut();
    let readiness = format!(
        "{}/actuator/health/readiness",
        shape.replica_url("ticket-app", 0)
    );
    eventually_within(
        Duration::from_secs(15),
        "ticket-app's readiness says 503",
        || {
            let readiness = readiness.clone();
            async move { (call("GET", &readiness, None, None).await.0 == 503).then_some(()) }
        },
    )
    .await;
    let not_ready_after = cut_at.elapsed();
    let asked = Instant::now();
    let (status, body) = call("GET", &list, Some(&admin), None).await;
    let answered_in = asked.elapsed();
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["code"], "unavailable", "{body}");
    assert!(
        answered_in < Duration::from_secs(15),
        "answered in {answered_in:?}"
    );
    booker
        .book()
        .await
        .expect("hotel-app books while ticket-app's database is away");
    shape.services["ticket-app"]
        .db_relay
        .as_ref()
        .unwrap()
        .restore();
    let recovered_at = Instant::now();
    eventually_within(
        Duration::from_secs(30),
        "ticket-app recovers by itself",
        || {
            let (list, admin) = (list.clone(), admin.clone());
            async move { (call("GET", &list, Some(&admin), None).await.0 == 200).then_some(()) }
        },
    )
    .await;
    report.push_str(&format!(
        "ticket-app's database cut: readiness 503 after {not_ready_after:?}, a request answered 503 in {answered_in:?}, recovered {:?} after the restore\n",
        recovered_at.elapsed()
    ));
    eprintln!("prod-shape:\n{report}");
}
