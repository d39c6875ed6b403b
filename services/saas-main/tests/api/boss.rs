//! Paid services: top-ups by the platform, purchases paid from the balance, licences, and no
//! overdraft under concurrent purchases.

use std::sync::Arc;

use crate::helpers::{lapse_mail_licence, next_event, send};
use platform::bus::{Bus, EventEnvelope, MemoryBroker, v1};
use platform::testing::{Backend, TestApp, TestDb, TestIssuer, spawn_on_bus, test_config};
use prost::Message as _;
use serde_json::json;

const SMS_PACK: i64 = 1; // 60.00, +1000 SMS
const MAIL_YEAR: i64 = 2; // 200.00, +365 days
const NOT_ON_SALE: i64 = 4;

async fn start(backend: Backend) -> (TestApp, Arc<TestIssuer>, platform::bus::Subscription) {
    let (app, issuer, events, _) = start_on_bus(backend).await;
    (app, issuer, events)
}

async fn start_on_bus(
    backend: Backend,
) -> (TestApp, Arc<TestIssuer>, platform::bus::Subscription, Bus) {
    start_with(backend, &[]).await
}

async fn start_with(
    backend: Backend,
    vars: &[(&str, &str)],
) -> (TestApp, Arc<TestIssuer>, platform::bus::Subscription, Bus) {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let events = bus.broadcast("test", &["licence.updated"]);
    let db = TestDb::new(backend);
    let mut cfg = test_config(saas_main::NAME, Some(&db));
    cfg.env.set("TRADEWIND_SAAS_MAIN__DEMO__ENABLED", "true");
    for (k, v) in vars {
        cfg.env.set(*k, *v);
    }
    let app = spawn_on_bus(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
        bus.clone(),
    )
    .await;
    (app, issuer, events, bus)
}

async fn the_balance_pays_for_licences(backend: Backend) {
    let (app, issuer, mut events) = start(backend).await;
    let demo = platform::demo::SAAS_ID;
    let platform_admin = issuer.token(1, 0, 0, 100);
    let admin = issuer.token(2, demo, 0, 200);

    let (_, catalogue) = send(&app, "GET", "/saas/boss/service/list?state=1", &admin, None).await;
    assert_eq!(catalogue["data"]["sizeAll"], 3, "{catalogue}");
    let (_, tagged) = send(
        &app,
        "GET",
        "/saas/boss/service/getServiceClassByTag?tag=HOTEL_SUPPLIER_INTERFACE",
        &admin,
        None,
    )
    .await;
    assert_eq!(
        tagged["data"][0]["licenseData"],
        "saas/hotel/supplierInterface"
    );
    assert_eq!(
        send(&app, "GET", "/saas/boss/service/list?state=7", &admin, None)
            .await
            .0,
        412
    );

    // Only the platform tops up; amounts above zero.
    let top_up = json!({"saasId": demo, "amount": 15_000, "remarks": "bank transfer 42"});
    assert_eq!(
        send(
            &app,
            "POST",
            "/saas/boss/charge/recharge",
            &admin,
            Some(top_up.clone())
        )
        .await
        .0,
        403
    );
    let (status, body) = send(
        &app,
        "POST",
        "/saas/boss/charge/recharge",
        &platform_admin,
        Some(json!({"saasId": demo, "amount": 0})),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("amount"))
    );
    assert_eq!(
        send(
            &app,
            "POST",
            "/saas/boss/charge/recharge",
            &platform_admin,
            Some(json!({"saasId": 9, "amount": 5}))
        )
        .await
        .0,
        404
    );
    let (status, body) = send(
        &app,
        "POST",
        "/saas/boss/charge/recharge",
        &platform_admin,
        Some(top_up),
    )
    .await;
    assert_eq!(
        (status, body["data"]["account"].as_i64()),
        (200, Some(15_000)),
        "{body}"
    );

    // 150.00: one SMS pack (60.00) and not the mail year (200.00).
    let (status, body) = send(
        &app,
        "POST",
        "/saas/boss/service/consumeService",
        &admin,
        Some(json!({"serviceId": SMS_PACK})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["data"]["account"].as_i64(),
            body["data"]["licenseValue"].as_i64()
        ),
        (Some(9_000), Some(1000))
    );
    let delivery = events.recv().await.unwrap();
    let event = EventEnvelope::decode(delivery.body.as_slice()).unwrap();
    let licence = v1::LicenceUpdated::decode(event.payload.as_slice()).unwrap();
    assert_eq!(
        (
            event.saas_id,
            licence.license_name.as_str(),
            licence.license_value,
            licence.state
        ),
        (demo, "saas/notify/sms", 1000, 1)
    );
    let (status, body) = send(
        &app,
        "POST",
        "/saas/boss/service/consumeService",
        &admin,
        Some(json!({"serviceId": MAIL_YEAR})),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("balance-short")),
        "{body}"
    );
    assert!(
        body["msg"]
            .as_str()
            .unwrap()
            .contains("200.00 needed, 90.00 left"),
        "{body}"
    );
    let (status, body) = send(
        &app,
        "POST",
        "/saas/boss/service/consumeService",
        &admin,
        Some(json!({"serviceId": NOT_ON_SALE})),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("service-not-on-sale"))
    );
    let (status, _) = send(
        &app,
        "POST",
        "/saas/boss/service/consumeService",
        &admin,
        Some(json!({"serviceId": 99})),
    )
    .await;
    assert_eq!(status, 404);

    let (_, info) = send(
        &app,
        "GET",
        "/saas/boss/balanceLog/getBossBalanceInfo",
        &admin,
        None,
    )
    .await;
    assert_eq!(info["data"]["account"], 9_000);
    assert!(info["data"]["yesterdayConsume"].is_i64());
    let (_, logs) = send(&app, "GET", "/saas/boss/balanceLog/list", &admin, None).await;
    let kinds: Vec<i64> = logs["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["logType"].as_i64().unwrap())
        .collect();
    assert_eq!(kinds, [-1, 1]);
    let (_, consumed) = send(
        &app,
        "GET",
        "/saas/boss/balanceLog/list?logType=-1",
        &admin,
        None,
    )
    .await;
    assert_eq!(consumed["data"]["results"][0]["amount"], 6_000);
    let (_, licences) = send(&app, "GET", "/saas/boss/license/list", &admin, None).await;
    assert_eq!(licences["data"][0]["licenseName"], "saas/notify/sms");
    assert_eq!(licences["data"][0]["state"], 1);
    let (status, one) = send(
        &app,
        "GET",
        "/saas/boss/license/load?licenseName=saas/notify/sms",
        &admin,
        None,
    )
    .await;
    assert_eq!(
        (status, one["data"]["licenseValue"].as_i64()),
        (200, Some(1000))
    );

    // Another tenant sees none of it.
    let other = issuer.token(3, 2002, 0, 200);
    let (_, info) = send(
        &app,
        "GET",
        "/saas/boss/balanceLog/getBossBalanceInfo",
        &other,
        None,
    )
    .await;
    assert_eq!(info["data"]["account"], 0);
    let (_, logs) = send(&app, "GET", "/saas/boss/balanceLog/list", &other, None).await;
    assert_eq!(logs["data"]["sizeAll"], 0);
    assert_eq!(
        send(
            &app,
            "GET",
            "/saas/boss/license/load?licenseName=saas/notify/sms",
            &other,
            None
        )
        .await
        .0,
        404
    );
    app.shutdown().await;
}

async fn concurrent_purchases_never_overdraw(backend: Backend) {
    let (app, issuer, _events) = start(backend).await;
    let demo = platform::demo::SAAS_ID;
    let platform_admin = issuer.token(1, 0, 0, 100);
    // Enough for exactly 3 SMS packs, 10 buyers at once.
    let (status, _) = send(
        &app,
        "POST",
        "/saas/boss/charge/recharge",
        &platform_admin,
        Some(json!({"saasId": demo, "amount": 18_000})),
    )
    .await;
    assert_eq!(status, 200);
    let tokens: Vec<String> = (0..10)
        .map(|i| issuer.token(10 + i, demo, 0, 200))
        .collect();
    let buys = tokens.iter().map(|t| {
        send(
            &app,
            "POST",
            "/saas/boss/service/consumeService",
            t,
            Some(json!({"serviceId": SMS_PACK})),
        )
    });
    let answers = futures_util::future::join_all(buys).await;
    let bought = answers.iter().filter(|(s, _)| *s == 200).count();
    let refused = answers
        .iter()
        .filter(|(s, b)| *s == 412 && b["code"] == "balance-short")
        .count();
    assert_eq!((bought, refused), (3, 7), "{answers:?}");
    let admin = issuer.token(2, demo, 0, 200);
    let (_, info) = send(
        &app,
        "GET",
        "/saas/boss/balanceLog/getBossBalanceInfo",
        &admin,
        None,
    )
    .await;
    assert_eq!(info["data"]["account"], 0);
    let (_, sms) = send(
        &app,
        "GET",
        "/saas/boss/license/load?licenseName=saas/notify/sms",
        &admin,
        None,
    )
    .await;
    assert_eq!(sms["data"]["licenseValue"], 3000);
    let (_, logs) = send(
        &app,
        "GET",
        "/saas/boss/balanceLog/list?logType=-1",
        &admin,
        None,
    )
    .await;
    assert_eq!(logs["data"]["sizeAll"], 3);
    app.shutdown().await;
}

async fn usage_takes_from_a_quantity_licence(backend: Backend) {
    let (app, issuer, mut events, bus) = start_on_bus(backend).await;
    let demo = platform::demo::SAAS_ID;
    let platform_admin = issuer.token(1, 0, 0, 100);
    let admin = issuer.token(2, demo, 0, 200);
    let top_up = json!({"saasId": demo, "amount": 6_000});
    send(
        &app,
        "POST",
        "/saas/boss/charge/recharge",
        &platform_admin,
        Some(top_up),
    )
    .await;
    let buy = json!({"serviceId": SMS_PACK});
    assert_eq!(
        send(
            &app,
            "POST",
            "/saas/boss/service/consumeService",
            &admin,
            Some(buy)
        )
        .await
        .0,
        200
    );
    events.recv().await.unwrap();
    // message-server sent 3 SMS, then 2000 (more than is left: the count stops at zero).
    for (quantity, expected) in [(3, (997, 1)), (2000, (0, 0))] {
        let usage = v1::UsageRecorded {
            license_name: "saas/notify/sms".into(),
            quantity,
        };
        let body = platform::bus::Outgoing::new("message-server", "usage.recorded", demo, &usage)
            .envelope_bytes();
        bus.publish_batch(&[("usage.recorded", body.as_slice())])
            .await
            .unwrap();
        let delivery = events.recv().await.unwrap();
        let event = EventEnvelope::decode(delivery.body.as_slice()).unwrap();
        let licence = v1::LicenceUpdated::decode(event.payload.as_slice()).unwrap();
        assert_eq!((licence.license_value, licence.state), expected);
    }
    let (_, sms) = send(
        &app,
        "GET",
        "/saas/boss/license/load?licenseName=saas/notify/sms",
        &admin,
        None,
    )
    .await;
    assert_eq!(
        (
            sms["data"]["licenseValue"].as_i64(),
            sms["data"]["state"].as_i64()
        ),
        (Some(0), Some(0))
    );
    assert!(sms["data"]["lastConsumeDate"].is_i64());
    app.shutdown().await;
}

/// The next licence.updated, decoded.
async fn next(events: &mut platform::bus::Subscription) -> v1::LicenceUpdated {
    let e = next_event(events).await;
    v1::LicenceUpdated::decode(e.payload.as_slice()).unwrap()
}

/// A licence whose expiry date passes is announced once as expired (state 0), so the services
/// that need it stop; buying it again announces it live.
async fn a_lapsing_licence_is_announced_once(backend: Backend) {
    let (app, issuer, mut events, _) = start_with(
        backend,
        &[("TRADEWIND_SAAS_MAIN__LICENCES__EXPIRY_CHECK_SECS", "1")],
    )
    .await;
    let demo = platform::demo::SAAS_ID;
    let platform_admin = issuer.token(1, 0, 0, 100);
    let admin = issuer.token(2, demo, 0, 200);
    let top_up = json!({"saasId": demo, "amount": 50_000});
    send(
        &app,
        "POST",
        "/saas/boss/charge/recharge",
        &platform_admin,
        Some(top_up),
    )
    .await;
    let buy = json!({"serviceId": MAIL_YEAR});
    let (status, body) = send(
        &app,
        "POST",
        "/saas/boss/service/consumeService",
        &admin,
        Some(buy.clone()),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let bought = next(&mut events).await;
    assert_eq!(
        (bought.license_name.as_str(), bought.state),
        ("saas/notify/mail", 1)
    );
    // Its year is over.
    let past = lapse_mail_licence(&app);
    let lapsed = next(&mut events).await;
    assert_eq!(
        (
            lapsed.license_name.as_str(),
            lapsed.state,
            lapsed.expire_date
        ),
        ("saas/notify/mail", 0, past)
    );
    // Told once: the next runs find nothing.
    let again = tokio::time::timeout(std::time::Duration::from_millis(2_500), events.recv()).await;
    assert!(again.is_err(), "announced twice");
    let (_, mail) = send(
        &app,
        "GET",
        "/saas/boss/license/load?licenseName=saas/notify/mail",
        &admin,
        None,
    )
    .await;
    assert_eq!(mail["data"]["state"], 0);
    // Bought again: live, and announced when it lapses again.
    send(
        &app,
        "POST",
        "/saas/boss/service/consumeService",
        &admin,
        Some(buy),
    )
    .await;
    let renewed = next(&mut events).await;
    assert_eq!(renewed.state, 1);
    app.shutdown().await;
}

platform::on_both_backends!(
    a_lapsing_licence_is_announced_once,
    the_balance_pays_for_licences,
    concurrent_purchases_never_overdraw,
    usage_takes_from_a_quantity_licence
);
