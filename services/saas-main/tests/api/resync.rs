//! saas-main answers for the copies it owns (docs/events.md): a `resync.<copy>.requested` on
//! the bus has every row of the copy announced again as it stands now, then
//! `resync.<copy>.completed` to the service that asked, with the number of rows.

use std::sync::Arc;
use std::time::Duration;

use platform::bus::{Bus, EventEnvelope, MemoryBroker, Outgoing, Subscription, resync, v1};
use platform::demo::{DISTRIBUTOR_ID, SAAS_ID, SUPPLIER_ID};
use platform::testing::{Backend, TestApp, TestDb, TestIssuer, spawn_on_bus, test_config};
use prost::Message as _;
use serde_json::json;

use crate::helpers::{lapse_mail_licence, next_event, send};

/// The service that asks, as a follower starting with an empty copy would.
const FOLLOWER: &str = "follower";

struct Env {
    app: TestApp,
    issuer: Arc<TestIssuer>,
    bus: Bus,
    /// Every announcement of the copies, and the answers.
    events: Subscription,
}

async fn start(backend: Backend) -> Env {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let events = bus.broadcast(
        "test",
        &[
            "tenant.updated",
            "merchant.updated",
            "notify-config.updated",
            "licence.updated",
            "area.updated",
            "price-rule.updated",
            "resync.tenants.completed",
            "resync.price-rules.completed",
            "resync.notify-configs.completed",
            "resync.licences.completed",
            "resync.areas.completed",
        ],
    );
    let db = TestDb::new(backend);
    let mut cfg = test_config(saas_main::NAME, Some(&db));
    cfg.env.set("TRADEWIND_SAAS_MAIN__DEMO__ENABLED", "true");
    // No lapse is announced by the job while a test runs: what arrives is the answer's.
    cfg.env
        .set("TRADEWIND_SAAS_MAIN__LICENCES__EXPIRY_CHECK_SECS", "3600");
    let spec = saas_main::service().auth_backend(issuer.clone());
    let app = spawn_on_bus(spec, &cfg, Some(db), bus.clone()).await;
    Env {
        app,
        issuer,
        bus,
        events,
    }
}

/// Asks for `copy` on the bus; answers the events announced since the request (the ones
/// published before it, by the start or the test's own changes, are left out by their time)
/// and the owner's answer.
async fn ask(env: &mut Env, copy: &str) -> (Vec<EventEnvelope>, v1::ResyncCompleted) {
    // Whatever was published before the request occurred strictly before `asked_at`.
    actix_web::rt::time::sleep(Duration::from_millis(5)).await;
    let asked_at = platform::time::now_ms();
    let request = v1::ResyncRequested {
        copy: copy.to_owned(),
        requester: FOLLOWER.to_owned(),
    };
    let key = resync::requested_key(copy);
    let body = Outgoing::new(FOLLOWER, &key, 0, &request).envelope_bytes();
    env.bus
        .publish_batch(&[(key.as_str(), body.as_slice())])
        .await
        .unwrap();
    let mut announced = Vec::new();
    loop {
        let e = next_event(&mut env.events).await;
        if e.event_type == resync::completed_key(copy) {
            let done = v1::ResyncCompleted::decode(e.payload.as_slice()).unwrap();
            return (announced, done);
        }
        if e.occurred_at >= asked_at {
            announced.push(e);
        }
    }
}

/// Checks the owner's answer: to the follower, for `copy`, counting `rows`.
fn assert_answer(done: &v1::ResyncCompleted, copy: &str, rows: usize) {
    assert_eq!(
        (
            done.copy.as_str(),
            done.requester.as_str(),
            done.rows,
            done.watermark > 0
        ),
        (copy, FOLLOWER, rows as i64, true),
        "{done:?}"
    );
}

async fn every_tenant_and_merchant_is_announced_again(backend: Backend) {
    let mut env = start(backend).await;
    let (announced, done) = ask(&mut env, "tenants").await;

    let mut tenants = Vec::new();
    let mut merchants = Vec::new();
    for e in &announced {
        match e.event_type.as_str() {
            "tenant.updated" => {
                let t = v1::TenantUpdated::decode(e.payload.as_slice()).unwrap();
                tenants.push((e.saas_id, t.saas_name, t.state));
            }
            "merchant.updated" => {
                let m = v1::MerchantUpdated::decode(e.payload.as_slice()).unwrap();
                merchants.push((e.saas_id, m.mch_id, m.mch_type, m.mch_name));
            }
            other => panic!("{other} in the answer for tenants"),
        }
    }
    merchants.sort();
    assert_eq!(tenants, [(SAAS_ID, "Demo Travel".to_owned(), 1)]);
    assert_eq!(
        merchants,
        [
            (SAAS_ID, SUPPLIER_ID, 1, "Demo Supplier".to_owned()),
            (SAAS_ID, DISTRIBUTOR_ID, 2, "Demo Distributor".to_owned()),
        ]
    );
    assert_answer(&done, "tenants", 3);
    env.app.shutdown().await;
}

async fn every_notification_setting_is_announced_again(backend: Backend) {
    let mut env = start(backend).await;
    let app = &env.app;
    env.issuer.grant(5, &["/saas/notify/**"]);
    let supplier = env.issuer.token(5, SAAS_ID, SUPPLIER_ID, 311);
    let admin = env.issuer.token(2, SAAS_ID, 0, 200);
    // Each saved in its own language: the one its mail and SMS are written in.
    let form = |web: &str| json!({"notifyWeb": web, "state": 1});
    let (status, body) = send(
        app,
        "POST",
        "/saas/notify/config/save",
        &supplier,
        Some(form("10,0")),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app
        .call(
            "POST",
            "/saas/notify/config/save",
            &admin,
            "zh-CN",
            Some(form("3")),
        )
        .await;
    assert_eq!(status, 200, "{body}");

    let (announced, done) = ask(&mut env, "notify-configs").await;
    let mut settings: Vec<_> = announced
        .iter()
        .map(|e| {
            assert_eq!(e.event_type, "notify-config.updated");
            let c = v1::NotifyConfigUpdated::decode(e.payload.as_slice()).unwrap();
            (e.saas_id, c.user_id, c.mch_id, c.notify_web, c.language)
        })
        .collect();
    settings.sort();
    // With the demo logins' own, saved with the demo tenant.
    let demo =
        |user_id, mch_id, web: &str| (SAAS_ID, user_id, mch_id, web.to_owned(), "zh-cn".to_owned());
    assert_eq!(
        settings,
        [
            (SAAS_ID, 2, 0, "3".to_owned(), "zh-cn".to_owned()),
            (SAAS_ID, 5, SUPPLIER_ID, "0,10".to_owned(), "en".to_owned()),
            demo(platform::demo::DEMO_USER_ID, 0, "0,1"),
            demo(platform::demo::SUPPLIER_USER_ID, SUPPLIER_ID, "0,1,2"),
            demo(platform::demo::DISTRIBUTOR_USER_ID, DISTRIBUTOR_ID, "11,13"),
        ]
    );
    assert_answer(&done, "notify-configs", 5);
    env.app.shutdown().await;
}

async fn every_licence_is_announced_again_as_it_stands(backend: Backend) {
    let mut env = start(backend).await;
    let app = &env.app;
    let platform_admin = env.issuer.token(1, 0, 0, 100);
    let admin = env.issuer.token(2, SAAS_ID, 0, 200);
    let top_up = json!({"saasId": SAAS_ID, "amount": 26_000});
    let (status, body) = send(
        app,
        "POST",
        "/saas/boss/charge/recharge",
        &platform_admin,
        Some(top_up),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // The SMS pack (1,000 messages) and the mail year.
    for service in [1, 2] {
        let (status, body) = send(
            app,
            "POST",
            "/saas/boss/service/consumeService",
            &admin,
            Some(json!({"serviceId": service})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    // The mail year is over: announced as expired.
    let past = lapse_mail_licence(app);

    let (announced, done) = ask(&mut env, "licences").await;
    let mut licences: Vec<_> = announced
        .iter()
        .map(|e| {
            assert_eq!(e.event_type, "licence.updated");
            let l = v1::LicenceUpdated::decode(e.payload.as_slice()).unwrap();
            (
                e.saas_id,
                l.license_name,
                l.license_value,
                l.expire_date,
                l.state,
            )
        })
        .collect();
    licences.sort();
    assert_eq!(
        licences,
        [
            (SAAS_ID, "saas/notify/mail".to_owned(), 0, past, 0),
            (SAAS_ID, "saas/notify/sms".to_owned(), 1000, 0, 1),
        ]
    );
    assert_answer(&done, "licences", 2);
    env.app.shutdown().await;
}

/// The provinces the migration seeded (announced by nothing before) and a city added since
/// are announced again, each with its state.
async fn every_area_is_announced_again(backend: Backend) {
    let mut env = start(backend).await;
    let platform_admin = env.issuer.token(1, 0, 0, 100);
    let city = json!({"parentCode": "CN-ZJ", "code": "HZ", "name": "杭州", "nameEn": "Hangzhou", "state": 0});
    let (status, body) = send(
        &env.app,
        "POST",
        "/saas/platform/area/save",
        &platform_admin,
        Some(city),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (announced, done) = ask(&mut env, "areas").await;
    let areas: Vec<(String, String, i32, i32)> = announced
        .iter()
        .map(|e| {
            assert_eq!((e.event_type.as_str(), e.saas_id), ("area.updated", 0));
            let a = v1::AreaUpdated::decode(e.payload.as_slice()).unwrap();
            (a.code, a.parent_code, a.level, a.state)
        })
        .collect();
    assert_eq!(areas.len(), 35, "34 provinces and the city");
    assert!(
        areas.contains(&("CN-ZJ".into(), "CN".into(), 2, 1)),
        "{areas:?}"
    );
    assert!(
        areas.contains(&("CN-ZJ-HZ".into(), "CN-ZJ".into(), 3, 0)),
        "{areas:?}"
    );
    assert_answer(&done, "areas", 35);
    env.app.shutdown().await;
}

/// A distributor's price level travels with `merchant.updated` (the product services price its
/// quotes by it), and every price rule of every tenant is announced again on request.
async fn every_price_rule_and_level_is_announced_again(backend: Backend) {
    let mut env = start(backend).await;
    let admin = env.issuer.token(2, SAAS_ID, 0, 200);
    let (status, body) = send(
        &env.app,
        "POST",
        "/saas/pricePolicy/priceGrade/save",
        &admin,
        Some(json!({"grade": 3, "gradeName": "Gold"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = send(
        &env.app,
        "POST",
        "/saas/merchant/distributorInfos/save",
        &admin,
        Some(json!({"mchName": "Gold Travel", "grade": 3, "contactMobile": "13800138000",
            "currency": "CNY", "language": "zh-cn", "withdrawFee": 0, "withdrawLimit": 0, "state": 1})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let gold = body["data"]["mchId"].as_i64().unwrap();
    let (status, body) = send(
        &env.app,
        "POST",
        "/saas/pricePolicy/priceRule/save",
        &admin,
        Some(json!({"ruleName": "Gold discount", "grade": 3, "formula": "distribution * 0.8"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let rule_id = body["data"]["id"].as_i64().unwrap();

    let (announced, done) = ask(&mut env, "tenants").await;
    let levels: Vec<(i64, i32)> = announced
        .iter()
        .filter(|e| e.event_type == "merchant.updated")
        .map(|e| {
            let m = v1::MerchantUpdated::decode(e.payload.as_slice()).unwrap();
            (m.mch_id, m.grade)
        })
        .filter(|(id, _)| *id == gold || *id == DISTRIBUTOR_ID)
        .collect();
    assert_eq!(levels.len(), 2, "{levels:?}");
    assert!(levels.contains(&(gold, 3)) && levels.contains(&(DISTRIBUTOR_ID, 0)));
    assert_answer(&done, "tenants", 4);

    let (announced, done) = ask(&mut env, "price-rules").await;
    let rules: Vec<(i64, i64, i32, String, bool)> = announced
        .iter()
        .filter(|e| e.event_type == "price-rule.updated")
        .map(|e| {
            let r = v1::PriceRuleUpdated::decode(e.payload.as_slice()).unwrap();
            (e.saas_id, r.rule_id, r.grade, r.formula, r.enabled)
        })
        .collect();
    assert_eq!(
        rules,
        [(SAAS_ID, rule_id, 3, "distribution * 0.8".to_owned(), true)]
    );
    assert_answer(&done, "price-rules", 1);
    env.app.shutdown().await;
}

platform::on_both_backends!(
    every_area_is_announced_again,
    every_tenant_and_merchant_is_announced_again,
    every_notification_setting_is_announced_again,
    every_licence_is_announced_again_as_it_stands,
    every_price_rule_and_level_is_announced_again
);
