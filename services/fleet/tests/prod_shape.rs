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
//!   serve, and it recovers by itself;
//! - sockets on both message-server replicas: each hears every order once, whichever replica
//!   consumed the order's event;
//! - a rolling restart of hotel-app, saas-main, message-server and the gateway (each replica
//!   stopped with SIGTERM in turn, started again) while orders are placed and lists read
//!   through the gateway;
//! - the periodic jobs on both replicas: a lapsed licence announced once, and every unpaid
//!   online-payment order of the run (half of all bookings: the demo's Garden Twin is paid
//!   online, and this installation gives a payment one minute) cancelled once, under all the
//!   faults above.
//!
//! After each fault: every order placed is counted exactly once by the tenant's dashboard, has
//! exactly its notifications and one credit log in finance-app, every outbox is drained and no
//! event is a dead letter.

mod support;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Binary, Integer, Text};
use hotel_app::domain::order_state::state;
use platform::testing::eventually_within;
use serde_json::{Value, json};
use support::booker::Booker;
use support::shape::Shape;
use support::{call, login};

/// Time for every event to reach its consumers once the fault is over. A consumer whose
/// connection the cut left half open learns it from the missed AMQP heartbeats (the platform
/// asks for 10 s, `platform::bus::rabbit`), then reconnects within its backoff (at most 10 s).
const SETTLES_WITHIN: Duration = Duration::from_secs(120);
/// Orders placed per second while a fault goes on.
const ORDERS_PER_SECOND: u64 = 4;
/// How long an unpaid online-payment order waits for its payment here: the setting's least
/// (`TRADEWIND_HOTEL_APP__ORDERS__PAY_TIMEOUT_MINUTES`, whole minutes).
const PAY_TIMEOUT_MINUTES: u64 = 1;
/// message-server's notification types (`notify_type`) of a new order, the supplier's and the
/// distributor's, and of a cancelled one: an order cancelled for non-payment is told as well,
/// so each scenario counts the kind it is about.
const NEW_ORDER: &str = "0, 10";
const CANCELLED: &str = "1, 11";

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

/// Notifications of the `types` (a list of `notify_type`s) by order.
fn notifications_per_order(shape: &Shape, types: &str) -> BTreeMap<String, i64> {
    diesel::sql_query(format!(
        "SELECT ref_id, COUNT(*) AS n FROM notifications WHERE notify_type IN ({types}) GROUP BY ref_id"
    ))
    .load::<RefCount>(&mut pg(shape, "message-server"))
        .unwrap()
        .into_iter()
        .map(|r| (r.ref_id, r.n))
        .collect()
}

/// finance-app's credit logs (saasMchCreditLog) by hotel order id.
fn credit_logs_per_order(shape: &Shape) -> BTreeMap<String, i64> {
    diesel::sql_query(
        "SELECT CAST(order_id AS TEXT) AS ref_id, COUNT(*) AS n FROM credit_logs \
         WHERE product_type = 10 GROUP BY order_id",
    )
    .load::<RefCount>(&mut pg(shape, "finance-app"))
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
    let last = Rc::new(RefCell::new(None));
    eventually_within(SETTLES_WITHIN, "every order is counted", || {
        let (base, last) = (base.clone(), last.clone());
        async move {
            let counted = orders_counted(&base, admin).await;
            // Asked through the gateway as the administrator, whose requests are rate-limited
            // (1,200 a minute): five a second, not eventually's fifty.
            if counted != wanted {
                if last.replace(Some(counted)) != Some(counted) {
                    eprintln!("prod-shape: {counted} orders counted of {wanted}");
                }
                actix_web::rt::time::sleep(Duration::from_millis(200)).await;
            }
            (counted == wanted).then_some(())
        }
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
        let per = notifications_per_order(shape, NEW_ORDER);
        let complete = all
            .iter()
            .all(|o| per.get(o).is_some_and(|n| *n >= per_order));
        async move { complete.then_some(per) }
    })
    .await;
    eventually_within(SETTLES_WITHIN, "every order has its credit log", || {
        let logs = credit_logs_per_order(shape);
        let complete = all.iter().all(|o| logs.contains_key(o));
        async move {
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
            complete.then_some(())
        }
    })
    .await;
    // Nothing more arrives late: counted once, notified once, one credit log each.
    actix_web::rt::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(
        orders_counted(&base, admin).await,
        wanted,
        "an order counted twice"
    );
    let notified_now = notifications_per_order(shape, NEW_ORDER);
    for order in all {
        assert_eq!(
            notified_now.get(order),
            Some(&per_order),
            "order {order}: notifications (before the pause: {:?})",
            notified.get(order)
        );
    }
    let logs = credit_logs_per_order(shape);
    for order in all {
        assert_eq!(logs.get(order), Some(&1), "order {order}: credit logs");
    }
    let dead_letters: i64 = backends
        .iter()
        .map(|s| count(shape, s, "SELECT COUNT(*) AS n FROM dead_letters"))
        .sum();
    assert_eq!(dead_letters, 0, "dead letters");
    // What the run saw, printed at the end (the note gives these figures).
    format!(
        "{} orders placed in all, {} counted, {} notified ({per_order} each), {} with one credit log, outboxes drained, {dead_letters} dead letters",
        all.len(),
        wanted - baseline,
        all.iter().filter(|o| notified_now.contains_key(*o)).count(),
        all.iter().filter(|o| logs.get(*o) == Some(&1)).count(),
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

#[derive(QueryableByName)]
struct NightSold {
    #[diesel(sql_type = BigInt)]
    product_id: i64,
    #[diesel(sql_type = Text)]
    day: String,
    #[diesel(sql_type = BigInt)]
    sold: i64,
}

/// Rooms sold of every night of `products`, the common stock's and the distributors' own
/// together (an order takes from one or the other).
fn sold_by_night(shape: &Shape, products: &[Value]) -> BTreeMap<(i64, String), i64> {
    let ids: Vec<String> = products
        .iter()
        .map(|p| p.as_i64().expect("a product id").to_string())
        .collect();
    diesel::sql_query(format!(
        "SELECT c.product_id, c.day, CAST(c.sold + COALESCE((SELECT SUM(d.sold) \
         FROM price_distributor d WHERE d.product_id = c.product_id AND d.day = c.day), 0) \
         AS BIGINT) AS sold FROM price_calendar c WHERE c.product_id IN ({})",
        ids.join(", ")
    ))
    .load::<NightSold>(&mut pg(shape, "hotel-app"))
    .unwrap()
    .into_iter()
    .map(|r| ((r.product_id, r.day), r.sold))
    .collect()
}

#[derive(QueryableByName)]
struct OrderRow {
    #[diesel(sql_type = BigInt)]
    order_id: i64,
    #[diesel(sql_type = BigInt)]
    product_id: i64,
    #[diesel(sql_type = Text)]
    checkin_date: String,
    #[diesel(sql_type = Integer)]
    order_state: i32,
    #[diesel(sql_type = Integer)]
    product_num: i32,
}

/// hotel-app's orders made since `since` (the demo history's are older): the test's.
fn orders_since(conn: &mut PgConnection, since: i64) -> Vec<OrderRow> {
    diesel::sql_query(format!(
        "SELECT order_id, product_id, checkin_date, order_state, product_num FROM hotel_orders \
         WHERE created_at >= {since}"
    ))
    .load(conn)
    .unwrap()
}

#[derive(QueryableByName)]
struct LogRow {
    #[diesel(sql_type = BigInt)]
    order_id: i64,
    #[diesel(sql_type = Text)]
    action: String,
    #[diesel(sql_type = Integer)]
    to_state: i32,
}

#[derive(QueryableByName)]
struct Envelope {
    #[diesel(sql_type = Binary)]
    envelope: Vec<u8>,
}

/// The encoded envelopes `service` published with `routing_key` (the outbox keeps sent rows).
fn published(shape: &Shape, service: &str, routing_key: &str) -> Vec<Vec<u8>> {
    diesel::sql_query("SELECT envelope FROM outbox WHERE routing_key = $1")
        .bind::<Text, _>(routing_key)
        .load::<Envelope>(&mut pg(shape, service))
        .unwrap()
        .into_iter()
        .map(|e| e.envelope)
        .collect()
}

/// How many of `envelopes` carry `text`. The test reads the protobuf envelopes without their
/// types: an order event carries the order's number as a string (`OrderRef.order_no`, the id in
/// decimal), a licence event the licence's name, and an id's fifteen-odd digits or a made-up
/// name turn up in another event's bytes by no accident.
fn carrying(envelopes: &[Vec<u8>], text: &str) -> usize {
    let needle = text.as_bytes();
    envelopes
        .iter()
        .filter(|e| e.windows(needle.len()).any(|w| w == needle))
        .count()
}

/// The node part of an id (`platform::id`: above 8 bits of sequence).
fn node_of(id: i64) -> i64 {
    (id >> 8) & ((1 << platform::id::NODE_BITS) - 1)
}

#[derive(QueryableByName)]
struct Made {
    #[diesel(sql_type = Text)]
    ref_id: String,
    #[diesel(sql_type = BigInt)]
    id: i64,
}

#[derive(QueryableByName)]
struct Claim {
    #[diesel(sql_type = Integer)]
    node_id: i32,
    #[diesel(sql_type = Text)]
    holder: String,
}

/// Which message-server replica consumed each of `orders`' events, for those consumed: the one
/// whose id node made the order's notifications (each replica claims its node under a holder
/// naming its process id, `platform::node`).
fn consumers(shape: &Shape, orders: &[String]) -> BTreeMap<String, usize> {
    let mut conn = pg(shape, "message-server");
    let claims: Vec<Claim> = diesel::sql_query("SELECT node_id, holder FROM node_claims")
        .load(&mut conn)
        .unwrap();
    let replica_of: BTreeMap<i64, usize> = (0..2)
        .filter_map(|i| {
            let pid = shape.pid("message-server", i)?;
            let claim = claims
                .iter()
                .find(|c| c.holder.contains(&format!("/{pid}/")))?;
            Some((i64::from(claim.node_id), i))
        })
        .collect();
    assert_eq!(replica_of.len(), 2, "each replica's node claim");
    let list: Vec<String> = orders.iter().map(|o| format!("'{o}'")).collect();
    diesel::sql_query(format!(
        "SELECT ref_id, id FROM notifications WHERE notify_type IN ({NEW_ORDER}) AND ref_id IN ({})",
        list.join(", ")
    ))
    .load::<Made>(&mut conn)
    .unwrap()
    .into_iter()
    .map(|m| {
        let replica = replica_of.get(&node_of(m.id)).copied();
        let replica =
            replica.unwrap_or_else(|| panic!("notification {} made by no live replica", m.id));
        (m.ref_id, replica)
    })
    .collect()
}

type Socket = actix_codec::Framed<awc::BoxedSocket, awc::ws::Codec>;

/// The console's notification socket of `token`'s user, straight to one replica (`url`).
async fn open_socket(url: &str, token: &str) -> Socket {
    let ws = format!("{url}/websocket?token={token}&lang=en").replacen("http", "ws", 1);
    let (answer, socket) = awc::Client::default()
        .ws(ws)
        // The unread notifications of the day arrive in one frame at connect: hundreds here.
        .max_frame_size(1 << 24)
        .connect()
        .await
        .expect("the socket opens");
    assert_eq!(answer.status().as_u16(), 101);
    socket
}

#[derive(Default)]
struct Heard {
    /// The notifications pushed one by one (the backlog's array at connect is left out).
    pushes: Vec<Value>,
    /// Why the socket ended before it was told to stop, if it did.
    ended: Option<String>,
}

/// Collects what `socket` is pushed into `heard` until `stop`.
fn listen(
    mut socket: Socket,
    heard: Rc<RefCell<Heard>>,
    stop: Rc<RefCell<bool>>,
) -> actix_web::rt::task::JoinHandle<()> {
    use futures_util::StreamExt as _;
    actix_web::rt::spawn(async move {
        while !*stop.borrow() {
            let next =
                actix_web::rt::time::timeout(Duration::from_millis(200), socket.next()).await;
            match next {
                Ok(Some(Ok(awc::ws::Frame::Text(text)))) => {
                    if let Ok(push @ Value::Object(_)) = serde_json::from_slice(&text) {
                        heard.borrow_mut().pushes.push(push);
                    }
                }
                Ok(Some(Ok(_))) | Err(_) => {}
                Ok(Some(Err(e))) => {
                    heard.borrow_mut().ended = Some(format!("{e}"));
                    break;
                }
                Ok(None) => {
                    heard.borrow_mut().ended = Some("closed".to_owned());
                    break;
                }
            }
        }
    })
}

/// How many times `heard` was pushed the new-order notification of `order`.
fn times_heard(heard: &Heard, order: &str) -> usize {
    heard
        .pushes
        .iter()
        .filter(|p| p["refId"] == order && p["notifyType"] == 0)
        .count()
}

/// Sockets of the supplier's and the administrator's users on each message-server replica; the
/// distributor books until each replica has consumed some of the orders' events (a replica's
/// consumer stores the notifications and every replica pushes them to the sockets it holds).
/// Answers the orders placed, with the figures.
async fn sockets_on_either_replica_hear_each_order_once(
    shape: &Shape,
    booker: &mut Booker,
    users: &[(&str, &str)],
) -> (Vec<String>, String) {
    let stop = Rc::new(RefCell::new(false));
    let mut sockets = Vec::new();
    for replica in 0..2 {
        for (who, token) in users {
            let socket = open_socket(&shape.replica_url("message-server", replica), token).await;
            let heard = Rc::new(RefCell::new(Heard::default()));
            let task = listen(socket, heard.clone(), stop.clone());
            sockets.push((format!("{who} on replica {}", replica + 1), heard, task));
        }
    }
    // Each socket takes its backlog first: what comes after is news.
    sleep(1).await;
    let mut orders = Vec::new();
    while orders.len() < 24 {
        orders.push(booker.book().await.expect("a booking"));
        actix_web::rt::time::sleep(Duration::from_millis(1000 / ORDERS_PER_SECOND)).await;
        if orders.len() >= 4 && orders.len() % 4 == 0 {
            let by = consumers(shape, &orders);
            if (0..2).all(|r| by.values().any(|c| *c == r)) {
                break;
            }
        }
    }
    eventually_within(SETTLES_WITHIN, "every socket hears every order", || {
        let complete = sockets.iter().all(|(_, heard, _)| {
            let heard = heard.borrow();
            orders.iter().all(|o| times_heard(&heard, o) > 0)
        });
        async move {
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
            complete.then_some(())
        }
    })
    .await;
    // A second copy would come close behind the first.
    sleep(2).await;
    *stop.borrow_mut() = true;
    let socket_count = sockets.len();
    for (who, heard, task) in sockets {
        task.await.unwrap();
        let heard = heard.borrow();
        assert_eq!(heard.ended, None, "{who}'s socket ended");
        for order in &orders {
            assert_eq!(times_heard(&heard, order), 1, "{who} heard order {order}");
        }
    }
    let by = consumers(shape, &orders);
    assert_eq!(by.len(), orders.len(), "every order's event consumed");
    let per_replica: Vec<usize> = (0..2)
        .map(|r| by.values().filter(|c| **c == r).count())
        .collect();
    // Else every socket was fed by its own replica's consumer, which proves nothing here.
    assert!(
        per_replica.iter().all(|n| *n > 0),
        "one replica consumed all {} orders' events: {per_replica:?}",
        orders.len()
    );
    let f = format!(
        "{} orders, the events of {} consumed by replica 1 and of {} by replica 2, each order heard once on each of {} sockets (2 users x 2 replicas)",
        orders.len(),
        per_replica[0],
        per_replica[1],
        socket_count
    );
    (orders, f)
}

#[derive(Default)]
struct Listed {
    ok: usize,
    failures: Vec<String>,
}

/// Reads lists through the gateway as the tenant's staff (`token`), one every 150 ms, until
/// `stop`: hotel-app's order list and hotel list.
fn list_steadily(
    base: String,
    token: String,
    stop: Rc<RefCell<bool>>,
) -> actix_web::rt::task::JoinHandle<Listed> {
    actix_web::rt::spawn(async move {
        let urls = [
            format!("{base}/api/hotel-app/saas/order/sys/list?page=1&resultNum=20"),
            format!("{base}/api/hotel-app/saas/hotel/hotelInfos/list?page=1&resultNum=20"),
        ];
        let mut listed = Listed::default();
        let mut n = 0;
        while !*stop.borrow() {
            let url = &urls[n % urls.len()];
            n += 1;
            let (status, body) = call("GET", url, Some(&token), None).await;
            if status == 200 {
                listed.ok += 1;
            } else {
                listed.failures.push(format!("GET {url}: {status} {body}"));
            }
            actix_web::rt::time::sleep(Duration::from_millis(150)).await;
        }
        listed
    })
}

/// The services whose two replicas the rolling restart stops and starts, in turn.
const ROLLED: [&str; 4] = ["hotel-app", "saas-main", "message-server", "gateway"];

/// Each replica of [`ROLLED`] stopped with SIGTERM in turn, started again and waited ready, while
/// the distributor books and the staff (`lister`) read lists through the gateway. A stopping
/// replica first leaves traffic (`platform::drain`: not ready, every answer closing its
/// connection) and only then stops, so nothing fails: no list, and no booking either (a POST,
/// which the gateway never sends twice). Answers the booker, the orders placed and the figures.
async fn rolling_restart(
    shape: &mut Shape,
    booker: Booker,
    lister: &str,
) -> (Booker, Vec<String>, String) {
    let stop = Rc::new(RefCell::new(false));
    let listing = list_steadily(shape.gateway(), lister.to_owned(), stop.clone());
    let (booker, placed) = under_load(booker, || async {
        sleep(2).await;
        for service in ROLLED {
            for i in 0..2 {
                shape.terminate(service, i).await;
                shape.start(service, i);
                shape.wait_ready(service, i).await;
                sleep(2).await;
            }
        }
    })
    .await;
    *stop.borrow_mut() = true;
    let listed = listing.await.unwrap();
    assert!(
        listed.failures.is_empty(),
        "lists failed during the rolling restart ({} answered): {:?}",
        listed.ok,
        listed.failures
    );
    assert!(
        placed.failures.is_empty(),
        "bookings failed during the rolling restart ({} placed): {:?}",
        placed.orders.len(),
        placed.failures
    );
    let f = format!(
        "{} GETs and {} bookings, 0 failed",
        listed.ok,
        placed.orders.len()
    );
    (booker, placed.orders, f)
}

#[derive(QueryableByName)]
struct LicenceCopy {
    #[diesel(sql_type = Integer)]
    state: i32,
}

/// A licence of the demo tenant lapses while both saas-main replicas run the licence-expiry job
/// every second: it is announced expired (`licence.updated`, state 0) exactly once, and
/// message-server's copy has it. The licence is written into saas-main's table as a purchase
/// would leave it, lapsing 3 s later (buying one needs the paid-services catalogue, which the
/// demo data does not fill).
async fn lapsed_licence_announced_once(shape: &Shape) -> String {
    let name = format!("prod-shape/licence-{}", support::unique());
    let now = platform::time::now_ms();
    diesel::sql_query(
        "INSERT INTO licences (id, saas_id, license_name, license_value, expire_date, \
         last_buy_date, last_consume_date, updated_at, expiry_announced) \
         VALUES (42, $1, $2, 100, $3, $4, NULL, $4, FALSE)",
    )
    .bind::<BigInt, _>(platform::demo::SAAS_ID)
    .bind::<Text, _>(&name)
    .bind::<BigInt, _>(now + 3_000)
    .bind::<BigInt, _>(now)
    .execute(&mut pg(shape, "saas-main"))
    .unwrap();
    let announced = format!(
        "SELECT COUNT(*) AS n FROM licences WHERE license_name = '{name}' AND expiry_announced"
    );
    eventually_within(SETTLES_WITHIN, "the lapsed licence is announced", || {
        let n = count(shape, "saas-main", &announced);
        async move {
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
            (n == 1).then_some(())
        }
    })
    .await;
    let lapsed_at = Instant::now();
    eventually_within(SETTLES_WITHIN, "message-server's copy lapses", || {
        let copy: Vec<LicenceCopy> =
            diesel::sql_query("SELECT state FROM licences WHERE license_name = $1")
                .bind::<Text, _>(&name)
                .load(&mut pg(shape, "message-server"))
                .unwrap();
        async move {
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
            (copy.len() == 1 && copy[0].state == 0).then_some(())
        }
    })
    .await;
    // Several more runs of the job on each replica: a second announcement would be here.
    sleep(3).await;
    let told = carrying(&published(shape, "saas-main", "licence.updated"), &name);
    assert_eq!(told, 1, "licence.updated events of the lapsed licence");
    format!(
        "the licence announced expired {told} time(s), message-server's copy expired {:?} after",
        lapsed_at.elapsed()
    )
}

/// Every order of the run that awaited its payment (an online-payment order, placed under all
/// the faults above) is cancelled by the unpaid-order job, which both hotel-app replicas run
/// every second, within the payment time and a minute; then each was cancelled exactly once:
/// one cancellation in its log, one `order.hotel.cancelled` event, its cancellation notified
/// as many times as every other's, and its room back in the stock once (each night's rooms
/// sold are those sold before the run plus the run's orders still standing). The other
/// orders are left alone.
async fn unpaid_orders_cancelled_once(
    shape: &Shape,
    since: i64,
    sold_before: &BTreeMap<(i64, String), i64>,
    products: &[Value],
) -> String {
    let pending = format!(
        "SELECT COUNT(*) AS n FROM hotel_orders WHERE created_at >= {since} AND order_state = {}",
        state::UNPAID
    );
    eventually_within(
        Duration::from_secs(PAY_TIMEOUT_MINUTES * 60) + SETTLES_WITHIN,
        "every unpaid order is cancelled",
        || {
            let n = count(shape, "hotel-app", &pending);
            async move {
                actix_web::rt::time::sleep(Duration::from_millis(500)).await;
                (n == 0).then_some(())
            }
        },
    )
    .await;
    // Several more runs of the job on each replica: a second cancellation would be here.
    sleep(3).await;
    let mut conn = pg(shape, "hotel-app");
    let orders = orders_since(&mut conn, since);
    let logs: Vec<LogRow> = diesel::sql_query(format!(
        "SELECT order_id, action, to_state FROM order_logs WHERE order_id IN \
         (SELECT order_id FROM hotel_orders WHERE created_at >= {since})"
    ))
    .load(&mut conn)
    .unwrap();
    let cancelled_events = published(shape, "hotel-app", "order.hotel.cancelled");
    let log_of = |id: i64| logs.iter().filter(move |l| l.order_id == id);
    // Placed awaiting payment, whatever became of them.
    let unpaid: Vec<&OrderRow> = orders
        .iter()
        .filter(|o| log_of(o.order_id).any(|l| l.to_state == state::UNPAID))
        .collect();
    assert!(
        !unpaid.is_empty(),
        "no order of the run awaited its payment (of {})",
        orders.len()
    );
    for o in &orders {
        let id = o.order_id;
        let events = carrying(&cancelled_events, &id.to_string());
        let cancellations = log_of(id)
            .filter(|l| l.to_state == state::CANCELLED)
            .count();
        if unpaid.iter().any(|u| u.order_id == id) {
            assert_eq!(o.order_state, state::CANCELLED, "order {id}");
            let by_job = log_of(id).filter(|l| l.action == "timeout-cancel").count();
            assert_eq!(
                (by_job, cancellations, events),
                (1, 1, 1),
                "order {id}: cancellations by the job, in its log, order.hotel.cancelled events"
            );
        } else {
            // Paid at the hotel or on credit: the job has nothing to do with it.
            assert_ne!(o.order_state, state::CANCELLED, "order {id}");
            assert_eq!((cancellations, events), (0, 0), "order {id} cancelled");
        }
    }
    // Told of each cancellation alike (the administrator and the distributor take them).
    let ids: Vec<String> = unpaid.iter().map(|o| o.order_id.to_string()).collect();
    eventually_within(SETTLES_WITHIN, "every cancellation is notified", || {
        let per = notifications_per_order(shape, CANCELLED);
        let complete = ids.iter().all(|o| per.contains_key(o));
        async move {
            actix_web::rt::time::sleep(Duration::from_millis(200)).await;
            complete.then_some(())
        }
    })
    .await;
    sleep(2).await;
    let per = notifications_per_order(shape, CANCELLED);
    let each = per[&unpaid[0].order_id.to_string()];
    for o in &orders {
        let id = o.order_id.to_string();
        let wanted = if unpaid.iter().any(|u| u.order_id == o.order_id) {
            Some(&each)
        } else {
            None
        };
        assert_eq!(
            per.get(&id),
            wanted,
            "order {id}: cancellation notifications"
        );
    }
    // The stock: every night's rooms sold moved by the run's orders still standing, no more.
    let sold_now = sold_by_night(shape, products);
    let mut standing: BTreeMap<(i64, String), i64> = BTreeMap::new();
    for o in orders.iter().filter(|o| o.order_state != state::CANCELLED) {
        *standing
            .entry((o.product_id, o.checkin_date.clone()))
            .or_default() += i64::from(o.product_num);
    }
    let nights: std::collections::BTreeSet<&(i64, String)> =
        sold_before.keys().chain(sold_now.keys()).collect();
    for night in &nights {
        let moved = sold_now.get(*night).copied().unwrap_or(0)
            - sold_before.get(*night).copied().unwrap_or(0);
        assert_eq!(
            moved,
            standing.get(*night).copied().unwrap_or(0),
            "rooms sold of product {} on {} against the orders standing",
            night.0,
            night.1
        );
    }
    format!(
        "{} of the run's {} orders awaited payment, each cancelled once by the job (1 log entry, 1 order.hotel.cancelled, {each} cancellation notifications) and its room given back once (rooms sold of all {} nights of both products as the {} orders standing leave them)",
        unpaid.len(),
        orders.len(),
        nights.len(),
        orders.len() - unpaid.len()
    )
}

#[derive(QueryableByName)]
struct EventId {
    #[diesel(sql_type = Text)]
    event_id: String,
}

/// Waits until saas-main has taken every order event hotel-app has written so far, the demo
/// history's among them: the dashboard counts them all by then.
async fn order_events_consumed(shape: &Shape) {
    eventually_within(
        2 * SETTLES_WITHIN,
        "saas-main takes hotel-app's order events",
        || {
            let ids: Vec<String> = diesel::sql_query(
                "SELECT event_id FROM outbox WHERE routing_key LIKE 'order.hotel.%'",
            )
            .load::<EventId>(&mut pg(shape, "hotel-app"))
            .unwrap()
            .into_iter()
            .map(|e| e.event_id)
            .collect();
            let taken = diesel::sql_query(
                "SELECT COUNT(DISTINCT event_id) AS n FROM processed_events WHERE event_id = ANY($1)",
            )
            .bind::<diesel::sql_types::Array<Text>, _>(&ids)
            .get_result::<Count>(&mut pg(shape, "saas-main"))
            .unwrap()
            .n;
            async move {
                actix_web::rt::time::sleep(Duration::from_millis(200)).await;
                (usize::try_from(taken).ok() == Some(ids.len())).then_some(())
            }
        },
    )
    .await;
}

/// A rule the test exhausts: 20 a day per IP on an unused public path (a day's window, so no
/// window ends during the run; windows are aligned on the epoch).
const PROBE_LIMIT: &str = "GET /api/saas-main/actuator/info=0:20/86400";

/// The gateway's figure of the requests the other replica let through.
async fn shared_counts(shape: &Shape, replica: usize) -> f64 {
    let url = format!(
        "{}/actuator/prometheus",
        shape.replica_url("gateway", replica)
    );
    let text = awc::Client::default()
        .get(url)
        .send()
        .await
        .expect("the gateway's metrics")
        .body()
        .await
        .expect("the metrics' text");
    String::from_utf8_lossy(&text)
        .lines()
        .find(|l| l.starts_with("tradewind_gateway_rate_limit_shared_total"))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .expect("tradewind_gateway_rate_limit_shared_total")
}

/// [`PROBE_LIMIT`]'s 20 requests, 10 through each gateway replica, all let through; once each
/// replica has heard of the other's ten, the next request is refused on both: one limit for
/// the installation, not one per replica.
async fn one_limit_on_both_gateways(shape: &Shape) -> String {
    let url = |i: usize| {
        format!(
            "{}/api/saas-main/actuator/info",
            shape.replica_url("gateway", i)
        )
    };
    let before = [shared_counts(shape, 0).await, shared_counts(shape, 1).await];
    for n in 0..20 {
        let (status, body) = call("GET", &url(n % 2), None, None).await;
        assert_eq!(status, 200, "request {n}: {body}");
    }
    let heard = eventually_within(
        SETTLES_WITHIN,
        "each replica hears the other's ten",
        || async move {
            actix_web::rt::time::sleep(Duration::from_millis(100)).await;
            let now = [shared_counts(shape, 0).await, shared_counts(shape, 1).await];
            let grown = [now[0] - before[0], now[1] - before[1]];
            grown.iter().all(|g| *g >= 10.0).then_some(grown)
        },
    )
    .await;
    for i in 0..2 {
        let (status, body) = call("GET", &url(i), None, None).await;
        assert_eq!(status, 429, "replica {}: {body}", i + 1);
        assert_eq!(body["code"], "too-many-requests");
    }
    format!(
        "20 requests let through, 10 by each replica; each heard the other's ({} and {} counts); the 21st refused on both",
        heard[0], heard[1]
    )
}

/// The administrator logs in again: its earlier session ends everywhere. Its old token is
/// refused (`token-repeated`) through each gateway replica, on every service replica behind
/// it, and by each saas-main replica reached directly; the new one works.
async fn one_session_on_every_replica(shape: &Shape, old: &str) -> String {
    let new = login(&shape.gateway(), "demo", "demo123")
        .await
        .expect("the administrator logs in again");
    let mut refused = 0;
    for i in 0..2 {
        let base = shape.replica_url("gateway", i);
        // Both replicas of saas-main and of hotel-app behind each gateway replica.
        let urls = [
            format!("{base}/api/saas-main/saas/stats/orderStats/count"),
            format!("{base}/api/hotel-app/saas/order/sys/list?page=1&resultNum=5"),
        ];
        for url in &urls {
            eventually_within(SETTLES_WITHIN, "the old session ends", || async move {
                let (status, body) = call("GET", url, Some(old), None).await;
                if status != 401 {
                    actix_web::rt::time::sleep(Duration::from_millis(100)).await;
                }
                (status == 401).then_some(body)
            })
            .await;
            for _ in 0..4 {
                let (status, body) = call("GET", url, Some(old), None).await;
                assert_eq!(
                    (status, &body["code"]),
                    (401, &json!("token-repeated")),
                    "{url}"
                );
                refused += 1;
                let (status, body) = call("GET", url, Some(&new), None).await;
                assert_eq!(status, 200, "{url}: {body}");
            }
        }
    }
    for i in 0..2 {
        let url = format!(
            "{}/saas/stats/orderStats/count",
            shape.replica_url("saas-main", i)
        );
        let (status, body) = call("GET", &url, Some(old), None).await;
        assert_eq!(
            (status, &body["code"]),
            (401, &json!("token-repeated")),
            "saas-main replica {} reached directly",
            i + 1
        );
    }
    format!(
        "the old token refused {refused} times through both, and by both saas-main replicas directly; the new one answered"
    )
}

#[actix_web::test]
#[ignore = "the production shape: run by scripts/prod-shape.sh, which builds the service binaries"]
async fn the_production_shape_holds_under_faults() {
    let mut shape = Shape::new(&[
        ("gateway", 2),
        ("saas-main", 2),
        ("hotel-app", 2),
        ("message-server", 2),
    ]);
    // The chart's rate limits (the gateway's defaults), after one the test can exhaust without
    // holding anybody back.
    shape.set_env(
        "gateway",
        "TRADEWIND_GATEWAY__RATE_LIMITS",
        &format!("{PROBE_LIMIT}; {}", gateway::ratelimit::DEFAULT_RULES),
    );
    // The periodic jobs at a pace a run can watch (the chart's values would set them through
    // each service's extra environment): both hotel-app replicas look for unpaid orders past
    // their time every second, and both saas-main replicas for lapsed licences.
    shape.set_env(
        "hotel-app",
        "TRADEWIND_HOTEL_APP__ORDERS__PAY_TIMEOUT_MINUTES",
        &PAY_TIMEOUT_MINUTES.to_string(),
    );
    shape.set_env(
        "hotel-app",
        "TRADEWIND_HOTEL_APP__ORDERS__EXPIRY_CHECK_SECS",
        "1",
    );
    shape.set_env(
        "saas-main",
        "TRADEWIND_SAAS_MAIN__LICENCES__EXPIRY_CHECK_SECS",
        "1",
    );
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
    // Every order from here on is the test's: the rooms sold before it, to prove the stock of
    // the cancelled ones went back once.
    let since = platform::time::now_ms();
    let sold_before = sold_by_night(&shape, &booker.products);
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
        let n = notifications_per_order(&shape, NEW_ORDER)
            .get(&first)
            .copied();
        async move { n }
    })
    .await;
    // Whatever the demo data holds (its history's order events may still be on their way to
    // the dashboard: hundreds of the last 30 days), counting starts from here.
    order_events_consumed(&shape).await;
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
    all.push(
        booker
            .book()
            .await
            .expect("hotel-app books while ticket-app's database is away"),
    );
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

    // 4. A socket on each message-server replica hears each order once, whichever consumed it.
    let (orders, f) = sockets_on_either_replica_hear_each_order_once(
        &shape,
        &mut booker,
        &[
            ("the supplier", supplier.as_str()),
            ("the administrator", admin.as_str()),
        ],
    )
    .await;
    all.extend(orders);
    report.push_str(&format!("sockets on both message-server replicas: {f}\n"));

    // 5. Every replica of the replicated services restarted in turn (SIGTERM, drain, start)
    // under load.
    let (b, placed, f) = rolling_restart(&mut shape, booker, &admin).await;
    booker = b;
    all.extend(placed);
    let settled_f = settled(&shape, &admin, baseline, &all, per_order).await;
    report.push_str(&format!(
        "the replicas of hotel-app, saas-main, message-server and the gateway restarted in turn: {f}; {settled_f}\n"
    ));

    // 6. The periodic jobs of both replicas change each row once.
    let f = lapsed_licence_announced_once(&shape).await;
    report.push_str(&format!(
        "licence-expiry job on 2 saas-main replicas: {f}\n"
    ));
    let f = unpaid_orders_cancelled_once(&shape, since, &sold_before, &booker.products).await;
    report.push_str(&format!("unpaid-orders job on 2 hotel-app replicas: {f}\n"));

    // 7. One limit and one session, whichever replicas a caller reaches.
    let f = one_limit_on_both_gateways(&shape).await;
    report.push_str(&format!("a rate limit on 2 gateway replicas: {f}\n"));
    let f = one_session_on_every_replica(&shape, &admin).await;
    report.push_str(&format!("a second login on 2 gateway replicas: {f}\n"));
    eprintln!("prod-shape:\n{report}");
}
