#![allow(clippy::unwrap_used, clippy::expect_used)]
//! The fleet binary: every service started in one process, all reached through the gateway.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

struct Fleet {
    child: Child,
    url: String,
    /// What it printed before it was up (the demo logins).
    banner: String,
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
    let mut banner = String::new();
    let url = loop {
        let line = lines
            .next()
            .expect("the fleet printed its URL before exiting")
            .unwrap();
        if let Some(url) = line.strip_prefix("Tradewind is up: ") {
            break url.trim_end_matches('/').to_owned();
        }
        banner.push_str(&line);
        banner.push('\n');
    };
    Fleet {
        child,
        url,
        banner,
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

async fn login(client: &awc::Client, base: &str, username: &str, password: &str) -> String {
    let mut res = client
        .post(format!("{base}/api/auth-center/api/auth/login"))
        .insert_header(("x-requested-with", "XMLHttpRequest"))
        .send_json(&serde_json::json!({"username": username, "password": password}))
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200, "{username}");
    let body: serde_json::Value = res.json().await.unwrap();
    body["token"].as_str().unwrap().to_owned()
}

async fn status_of(client: &awc::Client, url: String, token: &str) -> (u16, serde_json::Value) {
    let mut res = client.get(url).bearer_auth(token).send().await.unwrap();
    let body = res.json().await.unwrap_or(serde_json::Value::Null);
    (res.status().as_u16(), body)
}

#[actix_web::test]
async fn the_demo_logins_work_and_a_second_login_ends_the_first_everywhere() {
    let fleet = start_fleet();
    for login in ["admin", "demo", "operator", "supplier", "distributor"] {
        assert!(
            fleet.banner.contains(login),
            "{login} not in\n{}",
            fleet.banner
        );
    }
    assert!(
        fleet.banner.contains("change these passwords"),
        "{}",
        fleet.banner
    );
    let client = awc::Client::default();
    let base = &fleet.url;
    let first = login(&client, base, "operator", "operator123").await;
    let (status, me) = status_of(
        &client,
        format!("{base}/api/auth-center/client/user"),
        &first,
    )
    .await;
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["data"]["companyName"], "Demo Travel");
    // Another service verifies the token itself (keys fetched from auth-center): past its
    // guard, the unknown path is a 404, not a 401.
    let (status, _) = status_of(
        &client,
        format!("{base}/api/hotel-app/client/nothing"),
        &first,
    )
    .await;
    assert_eq!(status, 404);

    let second = login(&client, base, "operator", "operator123").await;
    for service in ["auth-center", "hotel-app", "saas-main"] {
        let url = format!("{base}/api/{service}/client/user");
        let mut answer = (0, serde_json::Value::Null);
        // Within a second: the gateway hears of it from the session.ended event.
        for _ in 0..50 {
            answer = status_of(&client, url.clone(), &first).await;
            if answer.0 == 401 {
                break;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        assert_eq!(answer.0, 401, "{service}: {}", answer.1);
        assert_eq!(answer.1["code"], "token-repeated", "{service}");
    }
    let (status, _) = status_of(
        &client,
        format!("{base}/api/auth-center/client/user"),
        &second,
    )
    .await;
    assert_eq!(status, 200);
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
