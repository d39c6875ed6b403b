//! What the fleet's multi-process tests share: free ports, a RabbitMQ vhost of the test's own,
//! calls through the gateway, the demo users' logins, a cuttable TCP relay, and the production
//! shape (every service its own processes).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

pub mod booker;
#[path = "../e2e/demo_hotel.rs"]
pub mod demo_hotel;
pub mod relay;
pub mod shape;

pub use demo_hotel::day;

use std::net::TcpListener;
use std::process::Command;
use std::time::Duration;

use serde_json::{Value, json};

/// A RabbitMQ vhost of the test's own, deleted afterwards.
pub struct Vhost(pub String);

impl Vhost {
    pub fn new(purpose: &str) -> Self {
        let name = format!("tradewind-{purpose}-{}", unique());
        let ctl = |args: &[&str]| {
            let out = Command::new("rabbitmqctl").args(args).output().expect(
                "rabbitmqctl (RabbitMQ's CLI, from Debian's rabbitmq-server, which make infra installs)",
            );
            assert!(out.status.success(), "rabbitmqctl {args:?}: {out:?}");
        };
        ctl(&["add_vhost", &name]);
        ctl(&["set_permissions", "-p", &name, "guest", ".*", ".*", ".*"]);
        Self(name)
    }

    /// The broker's address as the tests reach it (`TRADEWIND_TEST_AMQP_URL`, else the local one).
    pub fn broker() -> (String, u16) {
        let base = std::env::var("TRADEWIND_TEST_AMQP_URL")
            .unwrap_or_else(|_| "amqp://guest:guest@127.0.0.1:5672/%2f".to_owned());
        let after_at = base.rsplit_once('@').map_or(base.as_str(), |(_, h)| h);
        let host_port = after_at.split('/').next().unwrap_or("127.0.0.1:5672");
        let (host, port) = host_port.rsplit_once(':').unwrap_or((host_port, "5672"));
        (host.to_owned(), port.parse().unwrap_or(5672))
    }

    /// This vhost on the broker at `host:port` (the broker itself, or a relay in front of it).
    pub fn url_at(&self, host: &str, port: u16) -> String {
        format!("amqp://guest:guest@{host}:{port}/{}", self.0)
    }

    pub fn url(&self) -> String {
        let (host, port) = Self::broker();
        self.url_at(&host, port)
    }
}

impl Drop for Vhost {
    fn drop(&mut self) {
        let _ = Command::new("rabbitmqctl")
            .args(["delete_vhost", &self.0])
            .output();
    }
}

pub fn unique() -> String {
    format!(
        "{:x}{:x}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    )
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One call; status 0 when nothing answered (refused, reset, timed out).
pub async fn call(
    method: &str,
    url: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let client = awc::Client::builder()
        .timeout(Duration::from_secs(30))
        .finish();
    let mut req = client.request(method.parse().unwrap(), url);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let sent = match body {
        Some(b) => req.send_json(&b).await,
        None => req.send().await,
    };
    match sent {
        Ok(mut res) => {
            let status = res.status().as_u16();
            (
                status,
                res.json().limit(1 << 22).await.unwrap_or(Value::Null),
            )
        }
        Err(_) => (0, Value::Null),
    }
}

pub async fn login(base: &str, username: &str, password: &str) -> Option<String> {
    let (status, body) = call(
        "POST",
        &format!("{base}/api/auth-center/api/auth/login"),
        None,
        Some(json!({"username": username, "password": password})),
    )
    .await;
    (status == 200)
        .then(|| body["token"].as_str().map(str::to_owned))
        .flatten()
}
