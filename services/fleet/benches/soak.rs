//! `make bench` (soak part): the production shape under a steady load for ten minutes.
//!
//! The shape is the one `make test` proves under faults (`tests/support/shape.rs`): every
//! service binary its own processes, two replicas of the gateway, saas-main, hotel-app and
//! message-server, each service on its own PostgreSQL database, RabbitMQ between them, the
//! chart's environment. Through the gateway, for `BENCH_SOAK_SECS` (600):
//!   (2), spread over the next 80 nights (the demo prices reach 90 ahead);
//!   of nights;
//! - the demo administrator reads a list `BENCH_SOAK_LISTS` times a second (10): the order
//!   list, the hotel list and the dashboard's count in turn;
//! - `BENCH_SOAK_SOCKETS` notification sockets (20) of the administrator stay open, each
//!   pinging every 10 s and answered.
//!
//! Printed: each minute's requests, errors and p50/p99 by kind; every process's resident memory
//! at the start (after the first minute, the warm-up), the middle and the end; and the rows of
//! the closing table: errors 0, the last minute's p99 within twice the first's, and no
//! process growing by more than a tenth (and 4 MB) from the middle to the end. Asserts nothing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../tests/support/mod.rs"]
mod support;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt as _, StreamExt as _};
use platform::testing::bench::{env_or, percentile, summary};
use support::booker::Booker;
use support::call;
use support::shape::Shape;

const PART: &str = "soak";
/// Seconds of warm-up before the first memory reading.
const WARM_UP: u64 = 60;
const PING_EVERY: Duration = Duration::from_secs(10);

/// One request's outcome: when (seconds into the soak), what kind, how long, whether it failed.
struct Sample {
    at: u64,
    kind: &'static str,
    ms: f64,
    failed: Option<String>,
}

type Samples = Rc<RefCell<Vec<Sample>>>;

fn record(
    samples: &Samples,
    began: Instant,
    kind: &'static str,
    took: Duration,
    failed: Option<String>,
) {
    samples.borrow_mut().push(Sample {
        at: began.elapsed().as_secs(),
        kind,
        ms: took.as_secs_f64() * 1000.0,
        failed,
    });
}

/// Resident memory of a process, MB (`VmRSS` in /proc).
fn rss_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: f64 = status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

/// Every process's memory, by `<service>-<replica>`.
fn memory(shape: &Shape) -> BTreeMap<String, f64> {
    let mut out = BTreeMap::new();
    for (name, service) in &shape.services {
        for i in 0..service.replicas.len() {
            if let Some(mb) = shape.pid(name, i).and_then(rss_mb) {
                out.insert(format!("{name}-{i}"), mb);
            }
        }
    }
    out
}

/// Runs `each` every `period` until `until`, one at a time (a slow answer delays the next).
async fn steadily<F, Fut>(period: Duration, until: Instant, mut each: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut tick = actix_web::rt::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while Instant::now() < until {
        tick.tick().await;
        each().await;
    }
}

async fn book(
    mut booker: Booker,
    per_second: u64,
    began: Instant,
    until: Instant,
    samples: Samples,
) {
    let mut tick =
        actix_web::rt::time::interval(Duration::from_micros(1_000_000 / per_second.max(1)));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while Instant::now() < until {
        tick.tick().await;
        let start = Instant::now();
        let outcome = booker.book().await;
        record(&samples, began, "booking", start.elapsed(), outcome.err());
    }
}

async fn list(
    base: String,
    token: String,
    per_second: u64,
    began: Instant,
    until: Instant,
    samples: Samples,
) {
    let urls = [
        format!("{base}/api/hotel-app/saas/order/sys/list?page=1&resultNum=20"),
        format!("{base}/api/hotel-app/saas/hotel/hotelInfos/list?page=1&resultNum=20"),
        format!("{base}/api/saas-main/saas/stats/orderStats/count"),
    ];
    let period = Duration::from_micros(1_000_000 / per_second.max(1));
    let mut n = 0;
    steadily(period, until, || {
        let url = urls[n % urls.len()].clone();
        n += 1;
        let (token, samples) = (token.clone(), samples.clone());
        async move {
            let start = Instant::now();
            let (status, body) = call("GET", &url, Some(&token), None).await;
            let failed = (status != 200).then(|| format!("GET {url}: {status} {body}"));
            record(&samples, began, "list", start.elapsed(), failed);
        }
    })
    .await;
}

type Socket = actix_codec::Framed<awc::BoxedSocket, awc::ws::Codec>;

/// One notification socket through the gateway, pinging every [`PING_EVERY`]: each ping's
/// answer is a sample ("socket"); a socket that ends is an error.
async fn keep_socket(
    base: String,
    token: String,
    began: Instant,
    until: Instant,
    samples: Samples,
) {
    let url = format!("{base}/api/message-server/websocket?token={token}&lang=en")
        .replacen("http", "ws", 1);
    let start = Instant::now();
    let connected = awc::Client::default()
        .ws(url)
        .max_frame_size(1 << 24)
        .connect()
        .await;
    let mut socket: Socket = match connected {
        Ok((_, socket)) => socket,
        Err(e) => {
            record(
                &samples,
                began,
                "socket",
                start.elapsed(),
                Some(format!("connect: {e}")),
            );
            return;
        }
    };
    let mut next_ping = Instant::now() + PING_EVERY;
    let mut pinged: Option<Instant> = None;
    while Instant::now() < until {
        if pinged.is_none() && Instant::now() >= next_ping {
            if let Err(e) = socket.send(awc::ws::Message::Ping(bytes_of("soak"))).await {
                record(
                    &samples,
                    began,
                    "socket",
                    Duration::ZERO,
                    Some(format!("ping: {e}")),
                );
                return;
            }
            pinged = Some(Instant::now());
            next_ping += PING_EVERY;
        }
        match actix_web::rt::time::timeout(Duration::from_millis(500), socket.next()).await {
            Err(_) => {}
            Ok(Some(Ok(awc::ws::Frame::Pong(_)))) => {
                if let Some(at) = pinged.take() {
                    record(&samples, began, "socket", at.elapsed(), None);
                }
            }
            Ok(Some(Ok(awc::ws::Frame::Ping(p)))) => {
                let _ = socket.send(awc::ws::Message::Pong(p)).await;
            }
            Ok(Some(Ok(_))) => {}
            Ok(Some(Err(e))) => {
                record(
                    &samples,
                    began,
                    "socket",
                    Duration::ZERO,
                    Some(format!("socket: {e}")),
                );
                return;
            }
            Ok(None) => {
                record(
                    &samples,
                    began,
                    "socket",
                    Duration::ZERO,
                    Some("socket closed".to_owned()),
                );
                return;
            }
        }
        if let Some(at) = pinged
            && at.elapsed() > Duration::from_secs(5)
        {
            record(
                &samples,
                began,
                "socket",
                at.elapsed(),
                Some("no pong within 5 s".to_owned()),
            );
            pinged = None;
        }
    }
}

fn bytes_of(text: &'static str) -> actix_web::web::Bytes {
    actix_web::web::Bytes::from_static(text.as_bytes())
}

fn main() {
    actix_web::rt::System::new().block_on(soak());
}

async fn soak() {
    let secs = env_or("BENCH_SOAK_SECS", 600_u64).max(60);
    let bookings = env_or("BENCH_SOAK_BOOKINGS", 2_u64);
    let lists = env_or("BENCH_SOAK_LISTS", 10_u64);
    let sockets = env_or("BENCH_SOAK_SOCKETS", 20_u64);
    let mut shape = Shape::new(&[
        ("gateway", 2),
        ("saas-main", 2),
        ("hotel-app", 2),
        ("message-server", 2),
    ]);
    println!(
        "soak: the production shape starting (logs in {})",
        shape.dir.path().display()
    );
    shape.start_all().await;
    let base = shape.gateway();
    let admin = platform::testing::eventually_within(
        Duration::from_secs(60),
        "the demo users work",
        || {
            let base = base.clone();
            async move { support::login(&base, "demo", "demo123").await }
        },
    )
    .await;
    // The demo prices reach 90 nights ahead: 80 of them, two products, 20 rooms each.
    let booker = Booker::new(&base).await;
    println!(
        "soak: {secs} s through the gateway: {bookings} bookings/s, {lists} lists/s, {sockets} sockets pinging every {} s",
        PING_EVERY.as_secs()
    );

    let samples: Samples = Rc::default();
    let began = Instant::now();
    let until = began + Duration::from_secs(secs);
    let mut tasks = vec![
        actix_web::rt::spawn(book(booker, bookings, began, until, samples.clone())),
        actix_web::rt::spawn(list(
            base.clone(),
            admin.clone(),
            lists,
            began,
            until,
            samples.clone(),
        )),
    ];
    for _ in 0..sockets {
        tasks.push(actix_web::rt::spawn(keep_socket(
            base.clone(),
            admin.clone(),
            began,
            until,
            samples.clone(),
        )));
    }
    let warm = WARM_UP.min(secs / 4);
    let readings = [
        ("start", warm),
        ("middle", secs / 2),
        ("end", secs.saturating_sub(2)),
    ];
    let mut memory_at: Vec<(&str, BTreeMap<String, f64>)> = Vec::new();
    let mut minute = 0;
    for (name, at) in readings {
        while began.elapsed() < Duration::from_secs(at) {
            actix_web::rt::time::sleep(Duration::from_secs(1)).await;
            let now = began.elapsed().as_secs() / 60;
            while minute < now {
                print_minute(&samples.borrow(), minute);
                minute += 1;
            }
        }
        memory_at.push((name, memory(&shape)));
    }
    for task in tasks {
        let _ = task.await;
    }
    while minute < secs.div_ceil(60) {
        print_minute(&samples.borrow(), minute);
        minute += 1;
    }
    report(&samples.borrow(), secs, &memory_at);
}

/// The successful requests' times of `kind` in `minute`, ms, ascending.
fn latencies(samples: &[Sample], kind: &str, minute: u64) -> Vec<f64> {
    let mut ms: Vec<f64> = samples
        .iter()
        .filter(|s| s.kind == kind && s.at / 60 == minute && s.failed.is_none())
        .map(|s| s.ms)
        .collect();
    ms.sort_by(f64::total_cmp);
    ms
}

fn print_minute(samples: &[Sample], minute: u64) {
    let mut line = format!("soak: minute {:>2}:", minute + 1);
    for kind in ["booking", "list", "socket"] {
        let ms = latencies(samples, kind, minute);
        let errors = samples
            .iter()
            .filter(|s| s.kind == kind && s.at / 60 == minute && s.failed.is_some())
            .count();
        line.push_str(&format!(
            "  {kind} {} ok {errors} err p50 {:.1} p99 {:.1} ms;",
            ms.len(),
            percentile(&ms, 0.50),
            percentile(&ms, 0.99)
        ));
    }
    println!("{line}");
}

fn report(samples: &[Sample], secs: u64, memory_at: &[(&str, BTreeMap<String, f64>)]) {
    let failures: Vec<&Sample> = samples.iter().filter(|s| s.failed.is_some()).collect();
    for f in failures.iter().take(10) {
        println!(
            "soak: failed at {} s: {} {}",
            f.at,
            f.kind,
            f.failed.as_deref().unwrap_or("")
        );
    }
    summary(PART, "requests", samples.len(), "-", None);
    summary(
        PART,
        "errors",
        failures.len(),
        "0",
        Some(failures.is_empty()),
    );
    let last = secs.div_ceil(60) - 1;
    for kind in ["booking", "list"] {
        let p99_of = |minute: u64| percentile(&latencies(samples, kind, minute), 0.99);
        let (first, end) = (p99_of(0), p99_of(last));
        summary(
            PART,
            &format!("{kind} p99 first / last minute (ms)"),
            format!("{first:.1} / {end:.1}"),
            "last <= 2x first",
            Some(end <= 2.0 * first.max(1.0)),
        );
    }
    println!(
        "soak: resident memory (MB) at {}",
        memory_at
            .iter()
            .map(|(n, _)| *n)
            .collect::<Vec<_>>()
            .join(", ")
    );
    let [(_, start), (_, middle), (_, end)] = memory_at else {
        return;
    };
    let mut worst = (String::new(), 0.0_f64);
    for (process, at_end) in end {
        let (s, m) = (
            start.get(process).copied().unwrap_or(0.0),
            middle.get(process).copied().unwrap_or(0.0),
        );
        println!("soak:   {process:<18} {s:>7.1} {m:>7.1} {at_end:>7.1}");
        let growth = at_end - m;
        if growth > worst.1 {
            worst = (process.clone(), growth);
        }
    }
    let grew_too_much = end.iter().any(|(p, e)| {
        let m = middle.get(p).copied().unwrap_or(*e);
        e - m > (m * 0.10).max(4.0)
    });
    let total = |at: &BTreeMap<String, f64>| at.values().sum::<f64>();
    summary(
        PART,
        "memory of all processes, start / middle / end (MB)",
        format!(
            "{:.0} / {:.0} / {:.0}",
            total(start),
            total(middle),
            total(end)
        ),
        "-",
        None,
    );
    summary(
        PART,
        "most grown from the middle to the end (MB)",
        if worst.0.is_empty() {
            "none".to_owned()
        } else {
            format!("{} +{:.1}", worst.0, worst.1)
        },
        "each <= 10% and 4 MB",
        Some(!grew_too_much),
    );
}
