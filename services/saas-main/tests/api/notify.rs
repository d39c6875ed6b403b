//! Notification settings: the shell's rules, paid services for SMS and mail, the event, and
//! each user's own settings.

use crate::helpers::send;
use platform::bus::{Bus, EventEnvelope, MemoryBroker, v1};
use platform::testing::{Backend, TestDb, TestIssuer, spawn_on_bus, test_config};
use prost::Message as _;
use serde_json::json;

async fn settings_follow_the_rules_and_the_paid_services(backend: Backend) {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let mut events = bus.broadcast("test", &["notify-config.updated"]);
    let db = TestDb::new(backend);
    let mut cfg = test_config(saas_main::NAME, Some(&db));
    cfg.env.set("TRADEWIND_SAAS_MAIN__DEMO__ENABLED", "true");
    let app = spawn_on_bus(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
        bus,
    )
    .await;
    let demo = platform::demo::SAAS_ID;
    issuer.grant(5, &["/saas/notify/**"]);
    let supplier = issuer.token(5, demo, platform::demo::SUPPLIER_ID, 311);

    let (status, body) = send(&app, "GET", "/saas/notify/config/load", &supplier, None).await;
    assert_eq!(
        (
            status,
            body["data"]["state"].as_i64(),
            body["data"]["notifyWeb"].as_str()
        ),
        (200, Some(1), Some(""))
    );

    let form = json!({"notifyWeb": "10,0, 3", "notifyWeixin": "", "notifySms": "0", "notifyMail": "", "mobile": "13800138000", "email": "", "state": 1});
    for (field, patch) in [
        ("notifyWeb", json!({"notifyWeb": "0,5"})),
        ("mobile", json!({"mobile": "1234"})),
        (
            "email",
            json!({"notifySms": "", "notifyMail": "1", "email": "nope"}),
        ),
        ("state", json!({"state": 3})),
    ] {
        let mut f = form.clone();
        for (k, v) in patch.as_object().unwrap() {
            f[k] = v.clone();
        }
        let (status, body) =
            send(&app, "POST", "/saas/notify/config/save", &supplier, Some(f)).await;
        assert_eq!(
            (status, body["data"]["field"].as_str()),
            (412, Some(field)),
            "{patch}: {body}"
        );
    }
    let (status, body) = send(
        &app,
        "POST",
        "/saas/notify/config/save",
        &supplier,
        Some(form.clone()),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("service-required")),
        "{body}"
    );
    assert!(
        body["msg"].as_str().unwrap().contains("SMS service"),
        "{body}"
    );

    // The tenant buys SMS; then the save goes through, normalised, and is announced.
    let platform_admin = issuer.token(1, 0, 0, 100);
    let admin = issuer.token(2, demo, 0, 200);
    send(
        &app,
        "POST",
        "/saas/boss/charge/recharge",
        &platform_admin,
        Some(json!({"saasId": demo, "amount": 6_000})),
    )
    .await;
    assert_eq!(
        send(
            &app,
            "POST",
            "/saas/boss/service/consumeService",
            &admin,
            Some(json!({"serviceId": 1}))
        )
        .await
        .0,
        200
    );
    let (status, body) = send(
        &app,
        "POST",
        "/saas/notify/config/save",
        &supplier,
        Some(form),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["notifyWeb"], "0,3,10");
    // The demo logins' settings, saved with the demo tenant, were announced first.
    let (event, saved) = loop {
        let delivery = events.recv().await.unwrap();
        let event = EventEnvelope::decode(delivery.body.as_slice()).unwrap();
        let saved = v1::NotifyConfigUpdated::decode(event.payload.as_slice()).unwrap();
        if saved.user_id == 5 {
            break (event, saved);
        }
    };
    assert_eq!(
        (event.saas_id, saved.user_id, saved.mch_id),
        (demo, 5, platform::demo::SUPPLIER_ID)
    );
    assert_eq!(
        (saved.notify_sms.as_str(), saved.mobile.as_str()),
        ("0", "13800138000")
    );
    assert_eq!(
        saved.language, "en",
        "the language mail and SMS are written in"
    );
    // Mail still needs its own service.
    let mail = json!({"notifyMail": "1", "email": "ops@example.com", "state": 1});
    let (status, body) = send(
        &app,
        "POST",
        "/saas/notify/config/save",
        &supplier,
        Some(mail),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("service-required"))
    );

    let (_, mine) = send(&app, "GET", "/saas/notify/config/load", &supplier, None).await;
    assert_eq!(mine["data"]["notifySms"], "0");
    // Another user of the tenant has settings of its own.
    let (_, other) = send(&app, "GET", "/saas/notify/config/load", &admin, None).await;
    assert_eq!(other["data"]["notifySms"], "");
    app.shutdown().await;
}

platform::on_both_backends!(settings_follow_the_rules_and_the_paid_services);
