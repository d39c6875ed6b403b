//! Spawning auth-center with its demo data, and calling it as the shell does.

use awc::Client;
use diesel::RunQueryDsl;
use platform::bus::{Bus, MemoryBroker};
use platform::testing::{Backend, TestApp, TestDb, spawn_on_bus, test_config};
use serde_json::{Value, json};

/// auth-center on a fresh database of `backend`, with the demo tenant and logins.
pub async fn start(backend: Backend) -> TestApp {
    start_with(backend, &[]).await
}

pub async fn start_with(backend: Backend, vars: &[(&str, &str)]) -> TestApp {
    start_on_bus(backend, vars, &Bus::Memory(MemoryBroker::default())).await
}

/// auth-center with its demo data on `bus`, to exchange events with the test or other services.
pub async fn start_on_bus(backend: Backend, vars: &[(&str, &str)], bus: &Bus) -> TestApp {
    let db = TestDb::new(backend);
    let mut cfg = test_config(auth_center::NAME, Some(&db));
    cfg.env.set("TRADEWIND_AUTH_CENTER__DEMO__ENABLED", "true");
    for (k, v) in vars {
        cfg.env.set(*k, *v);
    }
    spawn_on_bus(auth_center::service(), &cfg, Some(db), bus.clone()).await
}

/// A second replica of `app`: the same database and settings, a process of its own.
pub async fn replica(app: &TestApp, vars: &[(&str, &str)]) -> TestApp {
    let mut cfg = test_config(auth_center::NAME, app.db.as_ref());
    cfg.env.set("TRADEWIND_AUTH_CENTER__DEMO__ENABLED", "true");
    for (k, v) in vars {
        cfg.env.set(*k, *v);
    }
    spawn_on_bus(
        auth_center::service(),
        &cfg,
        None,
        Bus::Memory(MemoryBroker::default()),
    )
    .await
}

/// Runs SQL on the service's database (to put an account in a state an admin would).
pub fn sql(app: &TestApp, statement: &str) {
    let db = app.db.as_ref().expect("a database");
    let pool = platform::db::connect(&db.config()).expect("connect");
    let mut conn = pool.get().expect("connection");
    diesel::sql_query(statement)
        .execute(&mut conn)
        .expect("sql runs");
}

pub struct Answer {
    pub status: u16,
    pub body: Value,
    pub retry_after: Option<String>,
}

pub async fn send(
    app: &TestApp,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Answer {
    let client = Client::default();
    let mut req = client
        .request(method.parse().unwrap(), app.url(path))
        .insert_header(("accept-language", "en"))
        .insert_header(("x-requested-with", "XMLHttpRequest"));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let mut res = match body {
        Some(b) => req.send_json(&b).await.unwrap(),
        None => req.send().await.unwrap(),
    };
    let retry_after = res
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().to_owned());
    let body = res
        .json::<Value>()
        .limit(1 << 20)
        .await
        .unwrap_or(Value::Null);
    Answer {
        status: res.status().as_u16(),
        body,
        retry_after,
    }
}

pub async fn login(app: &TestApp, username: &str, password: &str) -> Answer {
    send(
        app,
        "POST",
        "/api/auth/login",
        None,
        Some(json!({"username": username, "password": password})),
    )
    .await
}

/// Logs in and answers (access token, refresh token).
pub async fn tokens(app: &TestApp, username: &str, password: &str) -> (String, String) {
    let a = login(app, username, password).await;
    assert_eq!(a.status, 200, "{}", a.body);
    (
        a.body["token"].as_str().unwrap().to_owned(),
        a.body["refreshToken"].as_str().unwrap().to_owned(),
    )
}

/// The catalogue's entry for `code` as the caller of `token` reads it in `lang` (`en`,
/// `zh-CN`); none while the code is not in the catalogue.
pub async fn catalogue_entry(app: &TestApp, token: &str, lang: &str, code: &str) -> Option<Value> {
    let (status, body) = app
        .call(
            "GET",
            "/saas/account/group/listPermissions",
            token,
            lang,
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]
        .as_array()?
        .iter()
        .find(|e| e["permCode"] == code)
        .cloned()
}
