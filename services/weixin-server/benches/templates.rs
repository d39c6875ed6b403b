//! `make bench` (weixin part): a burst of 10,000 `notification.requested` events for a staff
//! user bound to an official account, delivered as template messages to the WeChat simulator;
//! prints messages per second, the p50/p99 from the event's time to the simulator receiving the
//! message, and how many access tokens were asked for. On SQLite and PostgreSQL
//! (`BENCH_WEIXIN_BACKENDS`, default both); `BENCH_WEIXIN_MESSAGES` sets the burst. Prints;
//! asserts nothing.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::time::{Duration, Instant};

use platform::bus::{Outgoing, v1};
use platform::outbound::reqwest;
use platform::testing::bench::percentile;
use platform::testing::{Backend, TenantFixture};
use serde_json::json;

const APP_ID: &str = "wx0123456789abcdef";
const SECRET: &str = "s3cr3ts3cr3ts3cr3ts3cr3ts3cr3t00";
const TOKEN: &str = "portaltoken42";
const KEY: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

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
                let n = v1::NotificationRequested {
                    notify_type: 10,
                    channel: "weixin".into(),
                    user_id: 1,
                    message: format!("新订单 B{i}"),
                    ref_id: format!("B{i}"),
                    created_at: now,
                    ..Default::default()
                };
                sent_at.insert(format!("B{i}"), now);
                Outgoing::new(
                    "message-server",
                    "notification.requested",
                    TenantFixture::SAAS,
                    &n,
                )
            })
            .collect();
        let bytes: Vec<Vec<u8>> = outs.iter().map(Outgoing::envelope_bytes).collect();
        let batch: Vec<(&str, &[u8])> = bytes
            .iter()
            .map(|b| ("notification.requested", b.as_slice()))
            .collect();
        f.bus.publish_batch(&batch).await.unwrap();
    }
    let deadline = Instant::now() + Duration::from_secs(600);
    while sim.sim.received(APP_ID).len() < messages && Instant::now() < deadline {
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
    let met = |ok: bool| if ok { "met" } else { "MISSED" };
    println!(
        "summary|weixin|template messages per second ({name}, burst of {messages})|{rate:.0}|>= 500|{}",
        met(rate >= 500.0)
    );
    println!(
        "summary|weixin|event to WeChat p99 ({name})|{p99:.0} ms|< 200 ms|{}",
        met(p99 < 200.0)
    );
    println!(
        "summary|weixin|access-token requests during the burst ({name})|{tokens}|0 (the one before it still valid)|{}",
        met(tokens == 0)
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
