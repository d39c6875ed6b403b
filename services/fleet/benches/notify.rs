//! `make bench` (notification part). Prints; asserts nothing. In the fleet's crate, the one that
//! may depend on several services: it runs hotel-app and message-server together.
//!
//! 1. Latency: hotel-app (demo hotel) and message-server on PostgreSQL, joined by the real
//!    RabbitMQ; 1,000 websockets connected (10 users of the demo supplier who take new-order
//!    notifications, 990 users of another merchant who are told nothing). The demo distributor
//!    books one order at a time through hotel-app's API; for each, the time from the API's
//!    answer to the notification arriving on each of the 10 subscribed sockets. p50, p99, max.
//! 2. Idle sockets: message-server alone (SQLite, in-process bus) holding 10,000 idle sockets
//!    opened by a child process (this binary again, `BENCH_NOTIFY_CLIENT` set), so the
//!    resident memory measured before and after is the server's alone.
//!
//! `BENCH_NOTIFY_ORDERS` (default 200), `BENCH_NOTIFY_SOCKETS` (1,000),
//! `BENCH_NOTIFY_IDLE` (10,000), `TRADEWIND_TEST_AMQP_URL` (the local RabbitMQ).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/e2e/demo_hotel.rs"]
mod demo_hotel;

use std::io::{BufRead, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt as _, StreamExt as _};
use platform::bus::rabbit::RabbitBroker;
use platform::bus::{Bus, MemoryBroker, Outgoing, v1};
use platform::testing::bench::{env_or, percentile};
use platform::testing::{Backend, TestDb, TestIssuer, spawn_on_bus, test_config};
use serde_json::Value;
use tokio::sync::mpsc;

const SAAS: i64 = 1001;
const SUPPLIER: i64 = 2001;
const DISTRIBUTOR: i64 = 2002;
const ELSEWHERE: i64 = 2999;
const SUBSCRIBED: i64 = 10;

type Socket = actix_codec::Framed<awc::BoxedSocket, awc::ws::Codec>;

fn client() -> awc::Client {
    // No cap on connections to one host (the default is 100).
    awc::Client::builder()
        .connector(awc::Connector::new().limit(0))
        .timeout(Duration::from_secs(30))
        .finish()
}

async fn connect(client: &awc::Client, url: String) -> Socket {
    for _ in 0..50 {
        if let Ok((_, s)) = client.ws(url.as_str()).connect().await {
            return s;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("cannot open a socket at {url}");
}

async fn publish(bus: &Bus, key: &str, out: Outgoing) {
    bus.publish_batch(&[(key, &out.envelope_bytes())])
        .await
        .unwrap();
}

fn resident_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// Client mode: opens a socket per token read from stdin against the URL in the
/// environment, says `connected N`, and holds them until stdin closes.
async fn hold_sockets() {
    let base = std::env::var("BENCH_NOTIFY_CLIENT").unwrap();
    let tokens: Vec<String> = std::io::stdin()
        .lock()
        .lines()
        .map_while(Result::ok)
        .take_while(|l| !l.is_empty())
        .collect();
    let client = client();
    let mut held = Vec::with_capacity(tokens.len());
    for chunk in tokens.chunks(200) {
        let opened = futures_util::future::join_all(
            chunk
                .iter()
                .map(|t| connect(&client, format!("{base}?token={t}"))),
        )
        .await;
        held.extend(opened);
    }
    println!("connected {}", held.len());
    std::io::stdout().flush().unwrap();
    let mut rest = String::new();
    let _ = std::io::stdin().read_line(&mut rest);
    drop(held);
}

async fn latency() {
    let orders = env_or("BENCH_NOTIFY_ORDERS", 200_usize);
    let sockets = env_or("BENCH_NOTIFY_SOCKETS", 1_000_usize) as i64;
    let amqp = std::env::var("TRADEWIND_TEST_AMQP_URL")
        .unwrap_or_else(|_| "amqp://guest:guest@127.0.0.1:5672/%2f".to_owned());
    let exchange = format!("tradewind.bench.{}", uuid::Uuid::new_v4().simple());
    let bus = Bus::Rabbit(RabbitBroker::with_exchange(&amqp, &exchange, true));
    let issuer = TestIssuer::new();
    let hotel_db = TestDb::new(Backend::Postgres);
    let mut hotel_cfg = test_config(hotel_app::NAME, Some(&hotel_db));
    hotel_cfg
        .env
        .set("TRADEWIND_HOTEL_APP__DEMO__ENABLED", "true");
    let hotel = spawn_on_bus(
        hotel_app::service().auth_backend(issuer.clone()),
        &hotel_cfg,
        Some(hotel_db),
        bus.clone(),
    )
    .await;
    let msg_db = TestDb::new(Backend::Postgres);
    let msg_cfg = test_config(message_server::NAME, Some(&msg_db));
    let msg = spawn_on_bus(
        message_server::service().auth_backend(issuer.clone()),
        &msg_cfg,
        Some(msg_db),
        bus.clone(),
    )
    .await;
    for (mch_id, mch_type) in [(SUPPLIER, 1), (DISTRIBUTOR, 2)] {
        let m = v1::MerchantUpdated {
            mch_id,
            mch_type,
            mch_name: format!("merchant {mch_id}"),
            mch_currency: "CNY".into(),
            state: 1,
            grade: 0,
        };
        publish(
            &bus,
            "merchant.updated",
            Outgoing::new("bench", "merchant.updated", SAAS, &m),
        )
        .await;
    }
    for user in 1..=sockets {
        let settings = v1::NotifyConfigUpdated {
            user_id: user,
            mch_id: if user <= SUBSCRIBED {
                SUPPLIER
            } else {
                ELSEWHERE
            },
            notify_web: "0".into(),
            state: 1,
            ..Default::default()
        };
        publish(
            &bus,
            "notify-config.updated",
            Outgoing::new("bench", "notify-config.updated", SAAS, &settings),
        )
        .await;
    }
    let client = client();
    let base = msg.url("/websocket").replacen("http", "ws", 1);
    let (tx, mut rx) = mpsc::unbounded_channel::<(i64, Instant, String)>();
    let mut idle = Vec::new();
    for user in 1..=sockets {
        let mch = if user <= SUBSCRIBED {
            SUPPLIER
        } else {
            ELSEWHERE
        };
        let token = issuer.token(user, SAAS, mch, 311);
        let socket = connect(&client, format!("{base}?token={token}")).await;
        if user <= SUBSCRIBED {
            let tx = tx.clone();
            actix_web::rt::spawn(async move {
                let (mut sink, mut stream) = socket.split();
                while let Some(Ok(frame)) = stream.next().await {
                    match frame {
                        awc::ws::Frame::Text(t) => {
                            let text = String::from_utf8_lossy(&t).into_owned();
                            let _ = tx.send((user, Instant::now(), text));
                        }
                        awc::ws::Frame::Ping(p) => {
                            let _ = sink.send(awc::ws::Message::Pong(p)).await;
                        }
                        _ => {}
                    }
                }
            });
        } else {
            idle.push(socket);
        }
    }
    // Until the consumer has every user's settings and the broadcast queue is bound: a
    // notification published straight to the broker reaches the first subscriber.
    let mut warm = false;
    for id in 1..=200 {
        let probe = v1::NotificationRequested {
            channel: "web".into(),
            user_id: 1,
            notification_id: id,
            ref_id: "probe".into(),
            ..Default::default()
        };
        let out = Outgoing::new("bench", "notification.requested", SAAS, &probe);
        publish(&bus, "notification.requested", out).await;
        if let Ok(Some(_)) = tokio::time::timeout(Duration::from_millis(200), rx.recv()).await {
            warm = true;
            break;
        }
    }
    assert!(warm, "the sockets never heard a probe");
    while rx.try_recv().is_ok() {}

    let distributor = issuer.token(5000, SAAS, DISTRIBUTOR, 312);
    issuer.grant(5000, &["/saas/booking/**"]);
    let product = demo_hotel::demo_product(&hotel, &distributor).await;

    let mut samples = Vec::with_capacity(orders * SUBSCRIBED as usize);
    let mut missing = 0;
    for i in 0..orders {
        let night = 1 + (i % 85) as i64;
        let (s, b) = demo_hotel::book(&hotel, &distributor, &product, night).await;
        let answered = Instant::now();
        assert_eq!(s, 200, "{b}");
        let order_id = b["data"]["orderId"].to_string();
        let mut heard = 0;
        let deadline = answered + Duration::from_secs(5);
        while heard < SUBSCRIBED {
            let left = deadline.saturating_duration_since(Instant::now());
            match tokio::time::timeout(left, rx.recv()).await {
                Ok(Some((_, at, text))) => {
                    let v: Value = serde_json::from_str(&text).unwrap_or_default();
                    if v["refId"].as_str() == Some(order_id.trim_matches('"')) {
                        samples.push(at.saturating_duration_since(answered));
                        heard += 1;
                    }
                }
                _ => break,
            }
        }
        missing += SUBSCRIBED - heard;
    }
    samples.sort();
    println!(
        "notify latency: {orders} orders through hotel-app's API, {sockets} sockets connected, \
         {SUBSCRIBED} told of each: API answer -> websocket p50 {} p99 {} max {} ({} samples, \
         {missing} missing; target p99 < 50 ms)",
        ms(percentile(&samples, 0.50)),
        ms(percentile(&samples, 0.99)),
        ms(samples.last().copied().unwrap_or_default()),
        samples.len()
    );
    let p99 = percentile(&samples, 0.99);
    platform::testing::bench::summary(
        "notify",
        &format!("API answer -> websocket p99, {sockets} sockets"),
        ms(p99),
        "< 50 ms",
        Some(missing == 0 && p99 < Duration::from_millis(50)),
    );
    drop(idle);
    hotel.shutdown().await;
    msg.shutdown().await;
}

async fn idle_sockets() {
    let count = env_or("BENCH_NOTIFY_IDLE", 10_000_usize) as i64;
    let issuer = TestIssuer::new();
    let db = TestDb::new(Backend::Sqlite);
    let mut cfg = test_config(message_server::NAME, Some(&db));
    // Held for the whole measurement, with no keep-alive sent.
    cfg.env
        .set("TRADEWIND_MESSAGE_SERVER__WEBSOCKET__IDLE_SECS", "3600");
    let app = spawn_on_bus(
        message_server::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
        Bus::Memory(MemoryBroker::default()),
    )
    .await;
    let tokens: Vec<String> = (1..=count)
        .map(|u| issuer.token(u, SAAS, ELSEWHERE, 311))
        .collect();
    // One socket first, so what every server pays once (buffers, the first backlog query) is
    // not counted per socket.
    let first = connect(
        &client(),
        format!(
            "{}?token={}",
            app.url("/websocket").replacen("http", "ws", 1),
            tokens[0]
        ),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = resident_kb();
    let mut child = Command::new(std::env::current_exe().unwrap())
        .env(
            "BENCH_NOTIFY_CLIENT",
            app.url("/websocket").replacen("http", "ws", 1),
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let started = Instant::now();
    let said = actix_web::rt::task::spawn_blocking(move || {
        for t in &tokens[1..] {
            writeln!(stdin, "{t}").unwrap();
        }
        writeln!(stdin).unwrap();
        let mut line = String::new();
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .unwrap();
        (line, stdin)
    })
    .await
    .unwrap();
    let took = started.elapsed();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = resident_kb();
    let held = said.0.trim().strip_prefix("connected ").unwrap_or("0");
    let held: u64 = held.parse().unwrap_or(0);
    println!(
        "idle sockets: {held} opened in {:.1} s; server resident {} MB -> {} MB: {:.1} KB per \
         socket (target < 20 KB)",
        took.as_secs_f64(),
        before / 1024,
        after / 1024,
        after.saturating_sub(before) as f64 / held.max(1) as f64
    );
    let per_socket = after.saturating_sub(before) as f64 / held.max(1) as f64;
    platform::testing::bench::summary(
        "notify",
        &format!("memory per idle socket, {held} sockets"),
        format!("{per_socket:.1} KB"),
        "< 20 KB",
        Some(held > 0 && per_socket < 20.0),
    );
    drop(said.1);
    let _ = child.wait();
    drop(first);
    app.shutdown().await;
}

fn main() {
    let system = actix_web::rt::System::new();
    if std::env::var_os("BENCH_NOTIFY_CLIENT").is_some() {
        system.block_on(hold_sockets());
        return;
    }
    system.block_on(async {
        latency().await;
        idle_sockets().await;
    });
}
