#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The fleet binary: every service started in one process, all reached through the gateway.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

struct Fleet {
    child: Child,
    url: String,
    _data: tempfile::TempDir,
}

impl Drop for Fleet {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `fleet --target all` with every port chosen at bind time and the SQLite files in a
/// temporary directory; answers once it prints the gateway's URL.
fn start_fleet() -> Fleet {
    let data = tempfile::tempdir().unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fleet"));
    cmd.args(["--target", "all"])
        .env("TRADEWIND_DATA_DIR", data.path())
        .env("TRADEWIND_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    for name in [
        "GATEWAY",
        "AUTH_CENTER",
        "SAAS_MAIN",
        "HOTEL_APP",
        "TICKET_APP",
        "WEIXIN_SERVER",
        "MALL_APP",
        "MESSAGE_SERVER",
        "FINANCE_APP",
    ] {
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
    Fleet {
        child,
        url,
        _data: data,
    }
}

#[actix_web::test]
async fn every_service_answers_its_build_info_through_the_gateway() {
    let fleet = start_fleet();
    let client = awc::Client::default();
    for name in [
        "auth-center",
        "saas-main",
        "hotel-app",
        "ticket-app",
        "weixin-server",
        "mall-app",
        "message-server",
        "finance-app",
    ] {
        let mut res = client
            .get(format!("{}/api/{name}/actuator/info", fleet.url))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200, "{name}");
        let info: serde_json::Value = res.json().await.unwrap();
        assert_eq!(info["build"]["artifact"], name);
        let mut res = client
            .get(format!("{}/api/{name}/actuator/health", fleet.url))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200, "{name}");
        let health: serde_json::Value = res.json().await.unwrap();
        assert_eq!(
            health["components"]["db"]["details"]["backend"], "sqlite",
            "{name}"
        );
    }
    let res = client
        .get(format!("{}/actuator/health", fleet.url))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
}

#[test]
fn an_unknown_target_is_refused_with_the_known_names() {
    let out = Command::new(env!("CARGO_BIN_EXE_fleet"))
        .args(["--target", "hotel"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("known: all, gateway, auth-center"), "{err}");
}

#[test]
fn migrate_brings_the_chosen_databases_up_to_date_and_exits() {
    let data = tempfile::tempdir().unwrap();
    let migrate = || {
        let out = Command::new(env!("CARGO_BIN_EXE_fleet"))
            .args(["migrate", "--target", "hotel-app,saas-main"])
            .env("TRADEWIND_DATA_DIR", data.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let first = migrate();
    assert!(first.contains("saas-main: applied"), "{first}");
    assert!(first.contains("hotel-app: applied"), "{first}");
    let second = migrate();
    assert!(second.contains("saas-main: schema up to date"), "{second}");
    assert!(second.contains("hotel-app: schema up to date"), "{second}");
    assert!(data.path().join("hotel-app.db").exists());
    assert!(data.path().join("saas-main.db").exists());
    assert!(!data.path().join("finance-app.db").exists());
}
