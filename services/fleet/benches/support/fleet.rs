//! The fleet binary started for a benchmark, and the calls the benchmarks make through its
//! gateway (included by `rush.rs` and `ticket.rs` with `#[path]`).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub struct Fleet {
    child: Child,
    pub url: String,
    _data: tempfile::TempDir,
}

impl Drop for Fleet {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status();
        let _ = self.child.wait();
    }
}

/// The fleet binary of this build (demo data on) with the gateway, auth-center, saas-main and
/// `service`, which keeps its data in the PostgreSQL database `db` and serves with two workers,
/// as the gateway does. The load is one user's: the gateway's per-user limits are off.
#[allow(dead_code)]
pub fn start_fleet(service: &str, db: &str) -> Fleet {
    start_fleet_with(&[(service, db)], &[])
}

/// [`start_fleet`] with several `(service, database)` and more of the process's environment
/// (`TRADEWIND_AMQP_URL` puts the events on RabbitMQ).
pub fn start_fleet_with(services: &[(&str, &str)], env: &[(&str, &str)]) -> Fleet {
    let data = tempfile::tempdir().unwrap();
    let mut target = String::from("gateway,auth-center,saas-main");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fleet"));
    cmd.env("TRADEWIND_DATA_DIR", data.path())
        .env("TRADEWIND_LOG", "warn")
        .env("TRADEWIND_GATEWAY__HTTP__WORKERS", "2")
        .env("TRADEWIND_GATEWAY__RATE_LIMITS", "/api/**=-1:0/60")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let mut names = vec![
        "GATEWAY".to_owned(),
        "AUTH_CENTER".to_owned(),
        "SAAS_MAIN".to_owned(),
    ];
    for (service, db) in services {
        target.push(',');
        target.push_str(service);
        let var = service.to_uppercase().replace('-', "_");
        cmd.env(format!("TRADEWIND_{var}__DATABASE__URL"), db)
            .env(format!("TRADEWIND_{var}__HTTP__WORKERS"), "2");
        names.push(var);
    }
    cmd.args(["--target", &target]);
    for name in &names {
        cmd.env(format!("TRADEWIND_{name}__HTTP__PORT"), "0");
    }
    let mut child = cmd.spawn().unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = BufReader::new(stdout).lines();
    let url = loop {
        let line = lines
            .next()
            .expect("the fleet printed its URL before exiting")
            .unwrap();
        if let Some(url) = line.strip_prefix("Tradewind is up: ") {
            break url.trim_end_matches('/').to_owned();
        }
    };
    // Keep reading what it prints, so a full pipe never stops it.
    std::thread::spawn(move || for _ in lines.by_ref() {});
    Fleet {
        child,
        url,
        _data: data,
    }
}

pub fn client(connections: usize) -> awc::Client {
    awc::Client::builder()
        .connector(awc::Connector::new().limit(connections + 8))
        .timeout(Duration::from_secs(30))
        .finish()
}

pub async fn call(
    c: &awc::Client,
    method: &str,
    url: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut req = c
        .request(method.parse().unwrap(), url)
        .insert_header(("accept-language", "en"));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let mut res = match body {
        Some(b) => req.send_json(&b).await,
        None => req.send().await,
    }
    .unwrap_or_else(|e| panic!("{method} {url}: {e}"));
    let status = res.status().as_u16();
    let body = res.json().limit(1 << 22).await.unwrap_or(Value::Null);
    (status, body)
}

pub async fn login(c: &awc::Client, base: &str, user: &str, password: &str) -> String {
    let (s, b) = call(
        c,
        "POST",
        &format!("{base}/api/auth-center/api/auth/login"),
        None,
        Some(json!({"username": user, "password": password})),
    )
    .await;
    assert_eq!(s, 200, "login {user}: {b}");
    b["token"].as_str().unwrap().to_owned()
}

/// (answer time, when it was answered since the start, status, body) of every call, made by
/// `connections` tasks taking the next of `bodies` until none is left; and the time it took.
// Each bench includes this file as its own module; the rush bench makes its calls otherwise.
#[allow(dead_code)]
pub async fn hammer(
    c: &awc::Client,
    connections: usize,
    method: &'static str,
    url: &str,
    token: &str,
    bodies: Vec<Value>,
) -> (Duration, Vec<(Duration, Duration, u16, Value)>) {
    let bodies = Arc::new(bodies);
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(connections);
    for _ in 0..connections {
        let (c, next, bodies, token, url) = (
            c.clone(),
            next.clone(),
            bodies.clone(),
            token.to_owned(),
            url.to_owned(),
        );
        tasks.push(actix_web::rt::spawn(async move {
            let mut seen = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(body) = bodies.get(i) else { break };
                let t = Instant::now();
                let (s, b) = call(&c, method, &url, Some(&token), Some(body.clone())).await;
                seen.push((t.elapsed(), started.elapsed(), s, b));
            }
            seen
        }));
    }
    let mut all = Vec::with_capacity(bodies.len());
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    (started.elapsed(), all)
}

/// The same calls as [`hammer`] made open loop: call `i` of `bodies` is sent `i / rate` seconds
/// after the start whatever the earlier ones are doing, each on its own task, so a slow answer
/// delays no later call. Its time counts from when it was due, not from when it went out.
#[allow(dead_code)]
pub async fn paced(
    c: &awc::Client,
    rate: usize,
    method: &'static str,
    url: &str,
    token: &str,
    bodies: Vec<Value>,
) -> (Duration, Vec<(Duration, Duration, u16, Value)>) {
    let gap = Duration::from_secs_f64(1.0 / rate.max(1) as f64);
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(bodies.len());
    for (i, body) in bodies.into_iter().enumerate() {
        let due = started + gap * u32::try_from(i).unwrap();
        tokio::time::sleep_until(due.into()).await;
        let (c, token, url) = (c.clone(), token.to_owned(), url.to_owned());
        tasks.push(actix_web::rt::spawn(async move {
            let (s, b) = call(&c, method, &url, Some(&token), Some(body)).await;
            (due.elapsed(), started.elapsed(), s, b)
        }));
    }
    let mut all = Vec::with_capacity(tasks.len());
    for t in tasks {
        all.push(t.await.unwrap());
    }
    (started.elapsed(), all)
}
