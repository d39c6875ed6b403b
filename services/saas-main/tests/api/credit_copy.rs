//! A distributor's credit figures are finance-app's (docs/finance.md, "Who owns credit"):
//! saas-main asks for them when its copy was never filled, copies each `credit-account.updated`
//! of its own tenant onto the merchant (a newer account version only), and a merchant's save
//! leaves them as they are.

use std::time::Duration;

use platform::bus::{Bus, MemoryBroker, Outgoing, resync, v1};
use platform::demo::{DISTRIBUTOR_ID, SAAS_ID, SUPPLIER_ID};
use platform::testing::{Backend, TestDb, TestIssuer, spawn_on_bus, test_config};
use prost::Message as _;
use serde_json::{Value, json};

use crate::helpers::{next_event, send};

/// Publishes finance-app's figures of merchant `mch_id` of tenant `saas_id`.
async fn tell(bus: &Bus, saas_id: i64, mch_id: i64, version: i64, credit: i64, used: i64) {
    let account = v1::CreditAccountUpdated {
        mch_id,
        currency: "CNY".into(),
        credit,
        temp_credit: 100_000,
        temp_credit_expiry: "2026-12-31".into(),
        used_credit: used,
        balance: 0,
        state: 1,
        version,
    };
    let key = "credit-account.updated";
    let body = Outgoing::new("finance-app", key, saas_id, &account).envelope_bytes();
    bus.publish_batch(&[(key, body.as_slice())]).await.unwrap();
}

/// The merchant as saas-main answers it, once `ready` holds of it (10 s at most).
async fn merchant_when(
    app: &platform::testing::TestApp,
    token: &str,
    path: &str,
    ready: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (status, body) = send(app, "GET", path, token, None).await;
        assert_eq!(status, 200, "{body}");
        if ready(&body["data"]) {
            return body["data"].clone();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "not as expected in time: {body}"
        );
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
}

fn credit(m: &Value) -> (Option<i64>, Option<i64>, Option<i64>) {
    (
        m["creditPermanent"].as_i64(),
        m["creditTemporary"].as_i64(),
        m["creditUsed"].as_i64(),
    )
}

async fn the_distributor_shows_finance_apps_credit(backend: Backend) {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let mut asks = bus.broadcast("test", &[&resync::requested_key(resync::CREDIT_ACCOUNTS)]);
    let db = TestDb::new(backend);
    let mut cfg = test_config(saas_main::NAME, Some(&db));
    cfg.env.set("TRADEWIND_SAAS_MAIN__DEMO__ENABLED", "true");
    let spec = saas_main::service().auth_backend(issuer.clone());
    let app = spawn_on_bus(spec, &cfg, Some(db), bus.clone()).await;

    // The copy was never filled: saas-main asks finance-app for every account.
    let asked = next_event(&mut asks).await;
    let asked = v1::ResyncRequested::decode(asked.payload.as_slice()).unwrap();
    assert_eq!(
        (asked.copy.as_str(), asked.requester.as_str()),
        ("credit-accounts", "saas-main")
    );

    let admin = issuer.token(2, SAAS_ID, 0, 200);
    let distributor = format!("/saas/merchant/distributorInfos/load?mchId={DISTRIBUTOR_ID}");
    let supplier = format!("/saas/merchant/supplierInfos/load?mchId={SUPPLIER_ID}");
    tell(&bus, SAAS_ID, DISTRIBUTOR_ID, 3, 500_000, 12_345).await;
    let m = merchant_when(&app, &admin, &distributor, |m| {
        m["creditPermanent"] == 500_000
    })
    .await;
    assert_eq!(credit(&m), (Some(500_000), Some(100_000), Some(12_345)));

    // An older version, and another tenant's account under the same id, change nothing. The
    // supplier's figures, told last on the same queue, say both were handled.
    tell(&bus, SAAS_ID, DISTRIBUTOR_ID, 2, 1, 1).await;
    tell(&bus, SAAS_ID + 1, DISTRIBUTOR_ID, 9, 2, 2).await;
    tell(&bus, SAAS_ID, SUPPLIER_ID, 1, 7, 0).await;
    merchant_when(&app, &admin, &supplier, |m| m["creditPermanent"] == 7).await;
    let (_, body) = send(&app, "GET", &distributor, &admin, None).await;
    assert_eq!(
        credit(&body["data"]),
        (Some(500_000), Some(100_000), Some(12_345))
    );

    // A merchant's save is not where credit is set: a changed limit sent with it is refused
    // and writes nothing; the loaded figures echoed back are taken as they are.
    let mut update = body["data"].clone();
    update["creditPermanent"] = json!(1);
    update["remarks"] = json!("terms renewed");
    let (status, refused) = send(
        &app,
        "PUT",
        "/saas/merchant/distributorInfos/update",
        &admin,
        Some(update.clone()),
    )
    .await;
    assert_eq!(status, 412, "{refused}");
    assert_eq!(refused["data"]["field"], "creditPermanent");
    update["creditPermanent"] = body["data"]["creditPermanent"].clone();
    update["creditUsed"] = json!(0);
    let (status, saved) = send(
        &app,
        "PUT",
        "/saas/merchant/distributorInfos/update",
        &admin,
        Some(update),
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["data"]["remarks"], "terms renewed");
    assert_eq!(
        credit(&saved["data"]),
        (Some(500_000), Some(100_000), Some(12_345))
    );

    app.shutdown().await;
}

platform::on_both_backends!(the_distributor_shows_finance_apps_credit);
