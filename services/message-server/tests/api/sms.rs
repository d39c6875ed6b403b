//! SMS: queued from order events for users whose settings take them, sent through the
//! provider's HTTP API (a stand-in server here), split above 60 characters, retried when the
//! provider refuses, refused without a live licence, each text sent reported as usage.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App, HttpResponse, HttpServer, web};
use platform::bus::{Bus, EventEnvelope, MemoryBroker, Outgoing, v1};
use platform::testing::{Backend, TestApp, TestDb, TestIssuer, spawn_on_bus, test_config};
use prost::Message as _;
use serde_json::{Value, json};

const SAAS: i64 = 1001;
const OTHER: i64 = 1002;

/// A provider that refuses the first `fail` requests, then takes every one.
#[derive(Default)]
struct Provider {
    fail: AtomicUsize,
    taken: Mutex<Vec<Value>>,
}

async fn provider_answer(p: web::Data<Arc<Provider>>, body: web::Json<Value>) -> HttpResponse {
    if p.fail
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
        .is_ok()
    {
        return HttpResponse::ServiceUnavailable().finish();
    }
    p.taken.lock().unwrap().push(body.into_inner());
    HttpResponse::Ok().json(json!({"code": 0}))
}

fn start_provider(p: Arc<Provider>) -> String {
    let server = HttpServer::new(move || {
        App::new()
            .app_data(web::Data::new(p.clone()))
            .route("/send", web::post().to(provider_answer))
    })
    .workers(1)
    .bind(("127.0.0.1", 0))
    .unwrap();
    let port = server.addrs()[0].port();
    actix_web::rt::spawn(server.run());
    format!("http://127.0.0.1:{port}/send")
}

async fn publish(bus: &Bus, key: &str, out: Outgoing) {
    bus.publish_batch(&[(key, &out.envelope_bytes())])
        .await
        .unwrap();
}

async fn order(bus: &Bus, saas: i64, id: i64) {
    let created = v1::OrderCreated {
        order: Some(v1::OrderRef {
            order_id: id,
            product_type: 10,
            supplier_mch_id: 2001,
            product_name: "Sea-view King with breakfast for two and a late checkout".into(),
            start_date: "2026-12-01".into(),
            end_date: "2026-12-03".into(),
            ..Default::default()
        }),
        ..Default::default()
    };
    publish(
        bus,
        "order.hotel.created",
        Outgoing::new("hotel-app", "order.hotel.created", saas, &created),
    )
    .await;
}

async fn rows(app: &TestApp, token: &str, path: &str, n: usize) -> Vec<Value> {
    for _ in 0..500 {
        let (s, b) = app.call("GET", path, token, "en", None).await;
        assert_eq!(s, 200, "{b}");
        let r = b["data"]["results"].as_array().unwrap().clone();
        if r.len() >= n {
            return r;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("fewer than {n} rows at {path}");
}

async fn texts_go_out_under_a_licence_split_and_retried(backend: Backend) {
    let provider = Arc::new(Provider::default());
    provider.fail.store(1, Ordering::SeqCst);
    let url = start_provider(provider.clone());
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let mut usage = bus.broadcast("test", &["usage.recorded"]);
    let db = TestDb::new(backend);
    let mut cfg = test_config(message_server::NAME, Some(&db));
    cfg.env
        .set("TRADEWIND_MESSAGE_SERVER__SMS__PROVIDER_URL", url.as_str());
    cfg.env
        .set("TRADEWIND_MESSAGE_SERVER__SMS__API_KEY", "k-123");
    cfg.env.set("TRADEWIND_MESSAGE_SERVER__SMS__POLL_MS", "20");
    let app = spawn_on_bus(
        message_server::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
        bus.clone(),
    )
    .await;
    for saas in [SAAS, OTHER] {
        let settings = v1::NotifyConfigUpdated {
            user_id: saas,
            mch_id: 2001,
            notify_sms: "0".into(),
            mobile: "13812345678".into(),
            state: 1,
            ..Default::default()
        };
        let out = Outgoing::new("saas-main", "notify-config.updated", saas, &settings);
        publish(&bus, "notify-config.updated", out).await;
    }
    let licence = v1::LicenceUpdated {
        license_name: "saas/notify/sms".into(),
        license_value: 100,
        expire_date: 0,
        state: 1,
    };
    publish(
        &bus,
        "licence.updated",
        Outgoing::new("saas-main", "licence.updated", SAAS, &licence),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    order(&bus, SAAS, 42).await;
    order(&bus, OTHER, 43).await;

    // Refused once by the provider, then sent: two parts (the text is over 60 characters).
    let staff = issuer.token(99, SAAS, 0, 200);
    let sent = rows(&app, &staff, "/saas/msg/sms/list", 1).await;
    assert_eq!(sent.len(), 1);
    assert_eq!(
        (sent[0]["parts"].as_i64(), sent[0]["attempts"].as_i64()),
        (Some(2), Some(2))
    );
    assert_eq!(sent[0]["state"], 2);
    assert!(sent[0]["content"].as_str().unwrap().chars().count() > 60);
    let taken = provider.taken.lock().unwrap().clone();
    assert_eq!(taken.len(), 2);
    assert!(
        taken
            .iter()
            .all(|t| t["key"] == "k-123" && t["mobile"] == "13812345678")
    );
    assert!(
        taken
            .iter()
            .all(|t| t["content"].as_str().unwrap().chars().count() <= 60)
    );
    let whole: String = taken
        .iter()
        .map(|t| t["content"].as_str().unwrap())
        .collect();
    assert_eq!(whole, sent[0]["content"].as_str().unwrap());
    let d = tokio::time::timeout(Duration::from_secs(5), usage.recv())
        .await
        .unwrap()
        .unwrap();
    let e = EventEnvelope::decode(d.body.as_slice()).unwrap();
    let u = v1::UsageRecorded::decode(e.payload.as_slice()).unwrap();
    assert_eq!(
        (e.saas_id, u.license_name.as_str(), u.quantity),
        (SAAS, "saas/notify/sms", 2)
    );

    // The other tenant holds no licence: refused, with the reason; sending again is refused
    // again for the same reason.
    let other_staff = issuer.token(98, OTHER, 0, 200);
    let queue = rows(&app, &other_staff, "/saas/msg/smsQueue/list?state=4", 1).await;
    assert!(queue[0]["lastError"].as_str().unwrap().contains("licence"));
    let id = queue[0]["id"].as_i64().unwrap();
    let (s, _) = app
        .call(
            "PUT",
            "/saas/msg/smsQueue/resend",
            &other_staff,
            "en",
            Some(json!({"id": id})),
        )
        .await;
    assert_eq!(s, 200);
    let (s, b) = app
        .call(
            "PUT",
            "/saas/msg/smsQueue/resend",
            &staff,
            "en",
            Some(json!({"id": id})),
        )
        .await;
    assert_eq!(
        (s, b["code"].as_str()),
        (412, Some("not-resendable")),
        "another tenant's"
    );
    let refused = rows(&app, &other_staff, "/saas/msg/smsQueue/list?state=4", 1).await;
    assert_eq!(refused[0]["id"], id);
    let (_, b) = app
        .call("GET", "/saas/msg/sms/list", &other_staff, "en", None)
        .await;
    assert_eq!(b["data"]["sizeAll"], 0);
    assert_eq!(
        provider.taken.lock().unwrap().len(),
        2,
        "nothing more went out"
    );
    let (s, b) = app
        .call("GET", "/saas/msg/smsQueue/list?state=9", &staff, "en", None)
        .await;
    assert_eq!((s, b["data"]["field"].as_str()), (412, Some("state")));
    app.shutdown().await;
}

platform::on_both_backends!(texts_go_out_under_a_licence_split_and_retried);
