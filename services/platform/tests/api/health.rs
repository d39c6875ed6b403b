use awc::Client;
use platform::testing::{Backend, TestDb, spawn_with, test_config};
use serde_json::Value;

use crate::helpers::notes_service;

#[actix_web::test]
async fn health_turns_503_naming_the_database_when_it_goes_away() {
    let db = TestDb::new(Backend::Postgres);
    let cfg = test_config("notes", Some(&db));
    let mut app = spawn_with(notes_service(), &cfg, Some(db)).await;
    let res = Client::default()
        .get(app.url("/actuator/health"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);

    app.db.as_mut().unwrap().drop_now();

    let mut res = Client::default()
        .get(app.url("/actuator/health"))
        .timeout(std::time::Duration::from_secs(20))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 503);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["status"], "DOWN");
    assert_eq!(body["components"]["db"]["status"], "DOWN");
    assert!(
        body["components"]["db"]["error"]
            .as_str()
            .unwrap()
            .starts_with("postgresql: "),
        "{body}"
    );
    let probe = |path: &str| {
        Client::default()
            .get(app.url(path))
            .timeout(std::time::Duration::from_secs(20))
            .send()
    };
    // Not ready, but alive: an outage must not get the pod restarted.
    let ready = probe("/actuator/health/readiness").await.unwrap();
    assert_eq!(ready.status().as_u16(), 503);
    let alive = probe("/actuator/health/liveness").await.unwrap();
    assert_eq!(alive.status().as_u16(), 200);
    // A request needing the database is told to retry (503 in the envelope), not a fault (500).
    let mut listed = probe("/notes").await.unwrap();
    assert_eq!(listed.status().as_u16(), 503);
    let body: Value = listed.json().await.unwrap();
    assert_eq!(body["code"], "unavailable", "{body}");
    app.shutdown().await;
}

#[actix_web::test]
async fn an_unreachable_database_stops_start_up_with_the_real_cause() {
    let mut cfg = test_config("notes", None);
    let mut db_cfg = TestDb::new(Backend::Sqlite).config();
    db_cfg.url = platform::secret::Secret::new("postgres://postgres@127.0.0.1:1/none".to_owned());
    cfg.database = Some(db_cfg);
    let err = platform::Application::build(notes_service(), &cfg)
        .await
        .err()
        .expect("start-up fails");
    let text = err.to_string();
    assert!(text.contains("cannot connect to the database"), "{text}");
    assert!(text.contains("127.0.0.1"), "{text}");
}

#[actix_web::test]
async fn a_stopping_service_leaves_traffic_before_it_stops() {
    let db = TestDb::new(Backend::Sqlite);
    let cfg = test_config("notes", Some(&db));
    let app = spawn_with(notes_service(), &cfg, Some(db)).await;
    let client = Client::default();
    let ready = client
        .get(app.url("/actuator/health/readiness"))
        .send()
        .await
        .unwrap();
    assert_eq!(ready.status().as_u16(), 200);
    assert_ne!(
        ready.headers().get("connection").map(|v| v.as_bytes()),
        Some(&b"close"[..])
    );

    // What the stop signal does first (`platform::cli`), the server's stop comes later.
    app.drain.start();

    let mut ready = client
        .get(app.url("/actuator/health/readiness"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        ready.status().as_u16(),
        503,
        "the Service stops sending it traffic"
    );
    assert_eq!(
        ready.headers().get("connection").map(|v| v.as_bytes()),
        Some(&b"close"[..]),
        "callers drop their pooled connection after the answer"
    );
    let body: Value = ready.json().await.unwrap();
    assert_eq!(body["components"]["drain"]["status"], "DOWN", "{body}");
    // Still serving what reaches it, and alive: the pod is not restarted meanwhile.
    let listed = client.get(app.url("/notes")).send().await.unwrap();
    assert_eq!(listed.status().as_u16(), 200);
    assert_eq!(
        listed.headers().get("connection").map(|v| v.as_bytes()),
        Some(&b"close"[..])
    );
    let alive = client
        .get(app.url("/actuator/health/liveness"))
        .send()
        .await
        .unwrap();
    assert_eq!(alive.status().as_u16(), 200);
    let health = client
        .get(app.url("/actuator/health"))
        .send()
        .await
        .unwrap();
    assert_eq!(health.status().as_u16(), 200, "draining is no fault");
    app.shutdown().await;
}
