//! `make bench` (weixin part): a burst of 10,000 `notification.requested` events for a staff
//! user bound to an official account, delivered as template messages to the WeChat simulator;
//! prints messages per second, the p50/p99 from the event's time to the simulator receiving the
//! message, and how many access tokens were asked for. On SQLite and PostgreSQL
//! (`BENCH_WEIXIN_BACKENDS`, default both); `BENCH_WEIXIN_MESSAGES` sets the burst. Then a steady
//! stream (`BENCH_WEIXIN_PACED` messages/s, default 200, for 5 s) for the p99 of one message that
//! queues behind no burst. Prints; asserts nothing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::time::{Duration, Instant};

use platform::bus::{Outgoing, v1};
use platform::outbound::reqwest;
use platform::testing::bench::{percentile, summary};
use platform::testing::{Backend, TenantFixture};
use serde_json::json;

const APP_ID: &str = "wx0123456789abcdef";
const SECRET: &str = "s3cr3ts3cr3ts3cr3ts3cr3ts3cr3t00";
const TOKEN: &str = "portaltoken42";
const KEY: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

/// The messages per second of the steady part (`BENCH_WEIXIN_PACED`, default 200).
fn paced_rate() -> u64 {
    std::env::var("BENCH_WEIXIN_PACED")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|r| *r >= 10)
        .unwrap_or(200)
}

fn notification(key: &str, now: i64) -> Outgoing {
    let n = v1::NotificationRequested {
        notify_type: 10,
        channel: "weixin".into(),
        user_id: 1,
        message: format!("新订单 {key}"),
        ref_id: key.to_owned(),
        created_at: now,
        ..Default::default()
    };
    Outgoing::new(
        "message-server",
        "notification.requested",
        TenantFixture::SAAS,
        &n,
    )
}

async fn publish(f: &TenantFixture, outs: &[Outgoing]) {
    let bytes: Vec<Vec<u8>> = outs.iter().map(Outgoing::envelope_bytes).collect();
    let batch: Vec<(&str, &[u8])> = bytes
        .iter()
        .map(|b| ("notification.requested", b.as_slice()))
        .collect();
    f.bus.publish_batch(&batch).await.unwrap();
}

async fn run(backend: Backend, messages: usize) {
    let sim = wechat_sim::start("127.0.0.1:0", wechat_sim::Settings::default()).unwrap();
    let f = TenantFixture::start(
        weixin_server::service(),
        backend,
        &[
            ("TRADEWIND_WEIXIN_SERVER__WECHAT__BASE_URL", &sim.url),
            ("TRADEWIND_WEIXIN_SERVER__SECRETS__KEY", KEY),
        ],
        &[],
        &[],
    )
    .await;
    let saved = f
        .app
        .answer(
            "POST",
            "/saas/mp/config/save",
            &f.operator,
            "en",
            Some(json!({"name": "Bench", "appId": APP_ID, "appSecret": SECRET, "token": TOKEN, "templates": {"10": "TMPL_BENCH"}})),
        )
        .await;
    let id = saved.data()["configId"].as_i64().unwrap();
    let http = reqwest::Client::new();
    http.post(format!("{}/sim/apps", sim.url))
        .json(&json!({"appid": APP_ID, "secret": SECRET, "token": TOKEN, "callbackUrl": f.app.url(&format!("/openapi/mp/portal/{id}"))}))
        .send()
        .await
        .unwrap();
    let qr = f
        .app
        .answer(
            "GET",
            &format!("/saas/mp/bind/bindQrCode?configId={id}"),
            &f.operator,
            "en",
            None,
        )
        .await;
    let ticket = qr.data()["ticket"].as_str().unwrap().to_owned();
    http.post(format!("{}/sim/scan", sim.url))
        .json(&json!({"appid": APP_ID, "ticket": ticket, "openid": "oBench", "nickname": "Bench"}))
        .send()
        .await
        .unwrap();
    let tokens_before = sim.sim.token_requests(APP_ID);

    // The burst, in batches as a consumer takes them off its queue.
    let started = Instant::now();
    let mut sent_at: HashMap<String, i64> = HashMap::with_capacity(messages);
    for chunk in (0..messages).collect::<Vec<_>>().chunks(500) {
        let now = platform::time::now_ms();
        let outs: Vec<Outgoing> = chunk
            .iter()
            .map(|i| {
                sent_at.insert(format!("B{i}"), now);
                notification(&format!("B{i}"), now)
            })
            .collect();
        publish(&f, &outs).await;
    }
    let deadline = Instant::now() + Duration::from_secs(600);
    while sim.sim.received_count(APP_ID) < messages && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let took = started.elapsed();
    let received = sim.sim.received(APP_ID);
    let mut latencies: Vec<f64> = received
        .iter()
        .filter_map(|r| {
            let key = r.data["keyword1"]["value"].as_str()?;
            Some((r.at_ms - sent_at.get(key)?) as f64)
        })
        .collect();
    latencies.sort_by(f64::total_cmp);
    let rate = received.len() as f64 / took.as_secs_f64();
    let p50 = percentile(&latencies, 0.50);
    let p99 = percentile(&latencies, 0.99);
    let tokens = sim.sim.token_requests(APP_ID) - tokens_before;
    let name = format!("{backend:?}").to_lowercase();
    println!(
        "weixin {name}: {} of {messages} template messages in {:.2} s: {rate:.0}/s, event to WeChat p50 {p50:.0} ms, p99 {p99:.0} ms; access tokens asked: {tokens}",
        received.len(),
        took.as_secs_f64()
    );
    let tag = format!("{name}, burst of {messages}");
    summary(
        "weixin",
        &format!("template messages per second ({tag})"),
        format!("{rate:.0}"),
        ">= 500",
        Some(rate >= 500.0),
    );
    summary(
        "weixin",
        &format!("event to WeChat p99 ({tag}; queueing behind the burst)"),
        format!("{p99:.0} ms"),
        "-",
        None,
    );
    summary(
        "weixin",
        &format!("access-token requests during the burst ({name})"),
        tokens,
        "0 (the one before it still valid)",
        Some(tokens == 0),
    );

    // Then a steady stream below the rate WeChat (the simulator) allows: what one message waits
    // from its event to WeChat when nothing queues before it.
    let paced = paced_rate();
    let count = (paced * 5) as usize;
    let before = sim.sim.received_count(APP_ID);
    let mut at: HashMap<String, i64> = HashMap::with_capacity(count);
    let step = Duration::from_secs_f64(1.0 / paced as f64 * 10.0);
    let mut next = Instant::now();
    for tick in 0..count / 10 {
        let now = platform::time::now_ms();
        let outs: Vec<Outgoing> = (0..10)
            .map(|j| {
                let key = format!("P{tick}-{j}");
                at.insert(key.clone(), now);
                notification(&key, now)
            })
            .collect();
        publish(&f, &outs).await;
        next += step;
        tokio::time::sleep_until(next.into()).await;
    }
    let deadline = Instant::now() + Duration::from_secs(120);
    while sim.sim.received_count(APP_ID) < before + count && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut waits: Vec<f64> = sim
        .sim
        .received(APP_ID)
        .iter()
        .filter_map(|r| {
            let key = r.data["keyword1"]["value"].as_str()?;
            Some((r.at_ms - at.get(key)?) as f64)
        })
        .collect();
    waits.sort_by(f64::total_cmp);
    let p50 = percentile(&waits, 0.50);
    let p99 = percentile(&waits, 0.99);
    println!(
        "weixin {name}: {} of {count} messages at a steady {paced}/s: event to WeChat p50 {p50:.0} ms, p99 {p99:.0} ms",
        waits.len()
    );
    summary(
        "weixin",
        &format!("event to WeChat p99 ({name}, steady {paced}/s)"),
        format!("{p99:.0} ms"),
        "< 200 ms",
        Some(p99 < 200.0 && waits.len() == count),
    );
    f.shutdown().await;
    sim.stop().await;
}

fn main() {
    let messages: usize = std::env::var("BENCH_WEIXIN_MESSAGES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let backends =
        std::env::var("BENCH_WEIXIN_BACKENDS").unwrap_or_else(|_| "sqlite,postgres".into());
    actix_web::rt::System::new().block_on(async move {
        for b in backends.split(',') {
            let backend = match b.trim() {
                "sqlite" => Backend::Sqlite,
                "postgres" => Backend::Postgres,
                other => panic!("BENCH_WEIXIN_BACKENDS: no backend {other}"),
            };
            run(backend, messages).await;
        }
    });
}
