//! Tenants and merchants: validation, the platform scope, tenant isolation and the events.

use std::sync::Arc;

use crate::helpers::{self, send};
use platform::bus::{Bus, EventEnvelope, MemoryBroker, Subscription, v1};
use platform::testing::{Backend, TestApp, TestDb, TestIssuer, spawn_on_bus, test_config};
use prost::Message as _;
use serde_json::{Value, json};

struct Env {
    app: TestApp,
    issuer: Arc<TestIssuer>,
    events: Subscription,
}

async fn start(backend: Backend, demo: bool) -> Env {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let events = bus.broadcast("test", &["tenant.updated", "merchant.updated"]);
    let db = TestDb::new(backend);
    let mut cfg = test_config(saas_main::NAME, Some(&db));
    if demo {
        cfg.env.set("TRADEWIND_SAAS_MAIN__DEMO__ENABLED", "true");
    }
    let spec = saas_main::service().auth_backend(issuer.clone());
    let app = spawn_on_bus(spec, &cfg, Some(db), bus).await;
    Env {
        app,
        issuer,
        events,
    }
}

/// The next event of `key`, decoded.
async fn next_event(events: &mut Subscription, key: &str) -> EventEnvelope {
    loop {
        let e = helpers::next_event(events).await;
        if e.event_type == key {
            return e;
        }
    }
}

fn tenant_form() -> Value {
    json!({
        "saasName": "Blue Sky",
        "companyName": "Blue Sky Travel Ltd",
        "payMode": 2,
        "payServiceFee": 6,
        "creditFee": 15,
        "currency": "CNY",
        "language": "zh-cn",
        "contactMobile": "010-12345678",
        "contactEmail": "ops@bluesky.example.com",
        "domain": "bluesky.example.com",
        "saasExpireDate": 1_900_000_000_000_i64,
        "state": 1,
    })
}

fn with(form: &Value, patch: Value) -> Value {
    let mut form = form.clone();
    for (k, v) in patch.as_object().unwrap() {
        form[k] = v.clone();
    }
    form
}

async fn platform_admins_manage_tenants(backend: Backend) {
    let mut env = start(backend, false).await;
    let app = &env.app;
    let admin = env.issuer.token(1, 0, 0, 100);
    for (field, patch) in [
        ("saasName", json!({"saasName": " "})),
        ("payMode", json!({"payMode": 7})),
        ("payServiceFee", json!({"payServiceFee": 2})),
        ("creditFee", json!({"creditFee": 12})),
        ("currency", json!({"currency": "cny"})),
        ("language", json!({"language": "fr"})),
        ("contactMobile", json!({"contactMobile": "12-34"})),
        ("contactEmail", json!({"contactEmail": "nope"})),
        ("domain", json!({"domain": "no domain"})),
        ("saasExpireDate", json!({"saasExpireDate": 0})),
        ("state", json!({"state": 5})),
    ] {
        let (status, body) = send(
            app,
            "POST",
            "/saas/platform/saasInfo/save",
            &admin,
            Some(with(&tenant_form(), patch.clone())),
        )
        .await;
        assert_eq!(
            (status, body["data"]["field"].as_str()),
            (412, Some(field)),
            "{patch}: {body}"
        );
    }
    let (status, body) = send(
        app,
        "POST",
        "/saas/platform/saasInfo/save",
        &admin,
        Some(tenant_form()),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let saas_id = body["data"]["saasId"].as_i64().unwrap();
    let event = next_event(&mut env.events, "tenant.updated").await;
    assert_eq!(event.saas_id, saas_id);
    let t = v1::TenantUpdated::decode(event.payload.as_slice()).unwrap();
    assert_eq!(
        (t.company_name.as_str(), t.saas_expire_date),
        ("Blue Sky Travel Ltd", 1_900_000_000_000)
    );

    let (_, list) = send(
        app,
        "GET",
        "/saas/platform/saasInfo/list?saasName=Blue",
        &admin,
        None,
    )
    .await;
    assert_eq!(list["data"]["sizeAll"], 1);
    let update = with(
        &tenant_form(),
        json!({"saasId": saas_id, "saasName": "Blue Sky 2"}),
    );
    let (status, body) = send(
        app,
        "PUT",
        "/saas/platform/saasInfo/update",
        &admin,
        Some(update),
    )
    .await;
    assert_eq!(
        (status, body["data"]["saasName"].as_str()),
        (200, Some("Blue Sky 2")),
        "{body}"
    );
    let (status, body) = send(
        app,
        "PUT",
        "/saas/platform/saasInfo/stop",
        &admin,
        Some(json!({"saasId": saas_id})),
    )
    .await;
    assert_eq!((status, body["data"]["state"].as_i64()), (200, Some(2)));
    next_event(&mut env.events, "tenant.updated").await;
    let stopped = next_event(&mut env.events, "tenant.updated").await;
    assert_eq!(
        v1::TenantUpdated::decode(stopped.payload.as_slice())
            .unwrap()
            .state,
        2
    );
    let (status, _) = send(
        app,
        "PUT",
        "/saas/platform/saasInfo/stop",
        &admin,
        Some(json!({"saasId": 42})),
    )
    .await;
    assert_eq!(status, 404);

    // The tenant's own administrator sees its tenant, not the platform's pages.
    let own = env.issuer.token(2, saas_id, 0, 200);
    let (status, body) = send(app, "GET", "/saas/myInfo/saasInfo/load", &own, None).await;
    assert_eq!(
        (status, body["data"]["saasId"].as_i64()),
        (200, Some(saas_id))
    );
    let (status, body) = send(app, "GET", "/saas/platform/saasInfo/list", &own, None).await;
    assert_eq!(status, 403, "{body}");
    env.app.shutdown().await;
}

fn merchant_form(name: &str) -> Value {
    json!({
        "mchName": name,
        "grade": 2,
        "contactMobile": "13800138000",
        "currency": "CNY",
        "language": "zh-cn",
        "withdrawFee": 9,
        "isWithdraw": true,
        "withdrawLimit": 30,
        "state": 1,
    })
}

async fn merchants_stay_in_their_tenant(backend: Backend) {
    let mut env = start(backend, true).await;
    let app = &env.app;
    let demo = platform::demo::SAAS_ID;
    let admin = env.issuer.token(2, demo, 0, 200);
    for (field, patch) in [
        ("mchName", json!({"mchName": ""})),
        ("grade", json!({"grade": 10})),
        ("withdrawFee", json!({"withdrawFee": 5})),
        ("withdrawLimit", json!({"withdrawLimit": 15})),
        ("withdrawLimit", json!({"withdrawLimit": 110})),
        ("currency", json!({"currency": "C"})),
        ("mchName", json!({"mchName": "Demo Supplier"})),
    ] {
        let (status, body) = send(
            app,
            "POST",
            "/saas/merchant/supplierInfos/save",
            &admin,
            Some(with(&merchant_form("Harbour"), patch.clone())),
        )
        .await;
        assert_eq!(
            (status, body["data"]["field"].as_str()),
            (412, Some(field)),
            "{patch}: {body}"
        );
    }
    let (status, body) = send(
        app,
        "POST",
        "/saas/merchant/supplierInfos/save",
        &admin,
        Some(merchant_form("Harbour Hotels")),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let harbour = body["data"]["mchId"].as_i64().unwrap();
    let event = loop {
        let e = next_event(&mut env.events, "merchant.updated").await;
        let m = v1::MerchantUpdated::decode(e.payload.as_slice()).unwrap();
        if m.mch_id == harbour {
            break (e.saas_id, m);
        }
    };
    assert_eq!(
        (event.0, event.1.mch_name.as_str(), event.1.mch_type),
        (demo, "Harbour Hotels", 1)
    );

    let (_, suppliers) = send(
        app,
        "GET",
        "/saas/merchant/supplierInfos/list",
        &admin,
        None,
    )
    .await;
    assert_eq!(
        suppliers["data"]["sizeAll"], 2,
        "the demo supplier and Harbour: {suppliers}"
    );
    let (_, distributors) = send(
        app,
        "GET",
        "/saas/merchant/distributorInfos/list",
        &admin,
        None,
    )
    .await;
    assert_eq!(distributors["data"]["sizeAll"], 1);
    let (_, select) = send(
        app,
        "GET",
        "/saas/merchant/supplierInfos/loadForSelect?mchName=Harb",
        &admin,
        None,
    )
    .await;
    assert_eq!(
        select["data"],
        json!([{"id": harbour, "name": "Harbour Hotels"}])
    );
    // A supplier is not a distributor.
    let (status, _) = send(
        app,
        "GET",
        &format!("/saas/merchant/distributorInfos/load?mchId={harbour}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 404);
    let update = with(
        &merchant_form("Harbour Hotels Group"),
        json!({"mchId": harbour}),
    );
    let (status, body) = send(
        app,
        "PUT",
        "/saas/merchant/supplierInfos/update",
        &admin,
        Some(update),
    )
    .await;
    assert_eq!(
        (status, body["data"]["mchName"].as_str()),
        (200, Some("Harbour Hotels Group")),
        "{body}"
    );

    // Another tenant sees none of it and changes none of it.
    let other = env.issuer.token(3, 2002, 0, 200);
    let (_, list) = send(
        app,
        "GET",
        "/saas/merchant/supplierInfos/list",
        &other,
        None,
    )
    .await;
    assert_eq!(list["data"]["sizeAll"], 0);
    let (status, _) = send(
        app,
        "GET",
        &format!("/saas/merchant/supplierInfos/load?mchId={harbour}"),
        &other,
        None,
    )
    .await;
    assert_eq!(status, 404);
    let update = with(&merchant_form("Taken over"), json!({"mchId": harbour}));
    assert_eq!(
        send(
            app,
            "PUT",
            "/saas/merchant/supplierInfos/update",
            &other,
            Some(update)
        )
        .await
        .0,
        404
    );
    assert_eq!(
        send(
            app,
            "GET",
            &format!("/saas/myInfo/saasMchInfo/load?mchId={harbour}"),
            &other,
            None
        )
        .await
        .0,
        404
    );

    // A merchant's user sees its own merchant only, and creates none.
    env.issuer
        .grant(4, &["/saas/merchant/**", "/saas/myInfo/**"]);
    let supplier = env.issuer.token(4, demo, platform::demo::SUPPLIER_ID, 311);
    // Picking distributors (for their prices and stock), a supplier's user sees the tenant's;
    // suppliers it sees only itself, and a distributor's user only its own merchant.
    let (status, pick) = send(
        app,
        "GET",
        "/saas/merchant/distributorInfos/loadForSelect",
        &supplier,
        None,
    )
    .await;
    assert_eq!(status, 200, "{pick}");
    let names: Vec<&str> = pick["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Demo Distributor"), "{pick}");
    assert!(pick["data"][0].get("contactMobile").is_none(), "{pick}");
    let (_, pick) = send(
        app,
        "GET",
        "/saas/merchant/supplierInfos/loadForSelect",
        &supplier,
        None,
    )
    .await;
    assert_eq!(
        pick["data"],
        json!([{"id": platform::demo::SUPPLIER_ID, "name": "Demo Supplier"}])
    );
    env.issuer.grant(5, &["/saas/merchant/**"]);
    let distributor = env
        .issuer
        .token(5, demo, platform::demo::DISTRIBUTOR_ID, 312);
    let (_, pick) = send(
        app,
        "GET",
        "/saas/merchant/distributorInfos/loadForSelect",
        &distributor,
        None,
    )
    .await;
    assert_eq!(
        pick["data"],
        json!([{"id": platform::demo::DISTRIBUTOR_ID, "name": "Demo Distributor"}])
    );
    let (_, list) = send(
        app,
        "GET",
        "/saas/merchant/supplierInfos/list",
        &supplier,
        None,
    )
    .await;
    assert_eq!(list["data"]["sizeAll"], 1);
    assert_eq!(list["data"]["results"][0]["mchName"], "Demo Supplier");
    let (status, body) = send(
        app,
        "GET",
        &format!(
            "/saas/myInfo/saasMchInfo/load?mchId={}",
            platform::demo::SUPPLIER_ID
        ),
        &supplier,
        None,
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let mine = &body["data"];
    assert_eq!(
        (
            &mine["mchId"],
            &mine["mchType"],
            &mine["mchName"],
            &mine["mchCurrency"],
            &mine["state"]
        ),
        (
            &json!(platform::demo::SUPPLIER_ID),
            &json!(1),
            &json!("Demo Supplier"),
            &json!("CNY"),
            &json!(1)
        )
    );
    assert!(mine["creditPermanent"].is_i64(), "{mine}");
    // The tenant's own formulas and notes about the merchant are not the merchant's to read.
    for private in [
        "priceCodexPurchase",
        "priceCodexDistribution",
        "priceCodexRetail",
        "remarks",
    ] {
        assert!(mine.get(private).is_none(), "{private} in {mine}");
    }
    assert_eq!(
        send(
            app,
            "GET",
            &format!("/saas/myInfo/saasMchInfo/load?mchId={harbour}"),
            &supplier,
            None
        )
        .await
        .0,
        404
    );
    assert_eq!(
        send(
            app,
            "POST",
            "/saas/merchant/supplierInfos/save",
            &supplier,
            Some(merchant_form("Mine"))
        )
        .await
        .0,
        403
    );
    env.app.shutdown().await;
}

/// A body over the platform's limit is a 413 in the envelope on every route of the service, for
/// the tenant's administrator and for a platform administrator (whose routes are its own).
async fn every_route_refuses_a_body_over_the_limit_in_the_envelope(backend: Backend) {
    let env = start(backend, true).await;
    let demo = platform::demo::SAAS_ID;
    let (admin, platform) = (
        env.issuer.token(2, demo, 0, 200),
        env.issuer.token(1, 0, 0, 100),
    );
    assert_eq!(
        env.app.body_limit_misses(&[&admin, &platform]).await,
        Vec::<String>::new()
    );
    env.app.shutdown().await;
}

platform::on_both_backends!(
    platform_admins_manage_tenants,
    merchants_stay_in_their_tenant,
    every_route_refuses_a_body_over_the_limit_in_the_envelope,
);
