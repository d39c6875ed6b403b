//! Price levels and price rules: levels 0-9, deleting a level after seeing what it clears,
//! formulas refused at save with their position, calculate's preview, the rule events, and each
//! tenant's own.

use std::sync::Arc;

use crate::helpers::{next_event, send};
use platform::bus::{Bus, MemoryBroker, Subscription, v1};
use platform::testing::{Backend, TestApp, TestDb, TestIssuer, spawn_on_bus, test_config};
use prost::Message as _;
use serde_json::{Value, json};

async fn start(backend: Backend) -> (TestApp, Arc<TestIssuer>, Subscription) {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let events = bus.broadcast("test", &["price-rule.updated"]);
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
    (app, issuer, events)
}

async fn next_rule(events: &mut Subscription) -> v1::PriceRuleUpdated {
    let e = next_event(events).await;
    assert_eq!(e.event_type, "price-rule.updated");
    assert_eq!(e.saas_id, platform::demo::SAAS_ID);
    v1::PriceRuleUpdated::decode(e.payload.as_slice()).unwrap()
}

fn rule(name: &str, grade: i32, formula: &str) -> Value {
    json!({"ruleName": name, "grade": grade, "formula": formula})
}

async fn grades(app: &TestApp, token: &str) -> Value {
    let (status, body) = send(app, "GET", "/saas/pricePolicy/priceGrade/list", token, None).await;
    assert_eq!(status, 200, "{body}");
    body["data"].clone()
}

async fn a_level_is_deleted_after_naming_what_it_clears(backend: Backend) {
    let (app, issuer, mut events) = start(backend).await;
    let demo = platform::demo::SAAS_ID;
    let admin = issuer.token(2, demo, 0, 200);

    // Level 0 is there before anyone names it, with the demo distributor on it.
    let listed = grades(&app, &admin).await;
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed[0]["grade"], 0);
    assert_eq!(listed[0]["distributorCount"], 1);

    for (field, form) in [
        ("grade", json!({"grade": 10, "gradeName": "Ten"})),
        ("grade", json!({"grade": -1, "gradeName": "Minus"})),
        ("grade", json!({"grade": 0, "gradeName": "Again"})),
        ("gradeName", json!({"grade": 3, "gradeName": " "})),
    ] {
        let (status, body) = send(
            &app,
            "POST",
            "/saas/pricePolicy/priceGrade/save",
            &admin,
            Some(form),
        )
        .await;
        assert_eq!(
            (status, body["data"]["field"].as_str()),
            (412, Some(field)),
            "{body}"
        );
    }
    let (status, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/priceGrade/save",
        &admin,
        Some(json!({"grade": 3, "gradeName": "Gold", "remark": "top agents"})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = send(
        &app,
        "POST",
        "/saas/pricePolicy/priceGrade/save",
        &admin,
        Some(json!({"grade": 3, "gradeName": "Gold again"})),
    )
    .await;
    assert_eq!(status, 412);
    // Level 0 is named by its update.
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/pricePolicy/priceGrade/update",
        &admin,
        Some(json!({"grade": 0, "gradeName": "Standard"})),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/pricePolicy/priceGrade/update",
        &admin,
        Some(json!({"grade": 5, "gradeName": "Nobody"})),
    )
    .await;
    assert_eq!(status, 404);

    // A distributor at level 3 and a rule for it.
    let (status, body) = send(
        &app,
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
        &app,
        "POST",
        "/saas/pricePolicy/priceRule/save",
        &admin,
        Some(rule("Gold discount", 3, "distribution * 0.8")),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let rule_id = body["data"]["id"].as_i64().unwrap();
    let saved = next_rule(&mut events).await;
    assert_eq!(
        (saved.rule_id, saved.grade, saved.enabled, saved.deleted),
        (rule_id, 3, true, false)
    );

    let listed = grades(&app, &admin).await;
    assert_eq!(listed[0]["gradeName"], "Standard");
    assert_eq!(listed[1]["grade"], 3);
    assert_eq!(
        (
            listed[1]["distributorCount"].as_i64(),
            listed[1]["ruleCount"].as_i64()
        ),
        (Some(1), Some(1))
    );

    // Level 0 stays; the preview names what would go.
    let (status, _) = send(
        &app,
        "GET",
        "/saas/pricePolicy/priceGrade/deletePreview?grade=0",
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 412);
    let (status, preview) = send(
        &app,
        "GET",
        "/saas/pricePolicy/priceGrade/deletePreview?grade=3",
        &admin,
        None,
    )
    .await;
    assert_eq!(status, 200, "{preview}");
    assert_eq!(
        preview["data"]["distributors"],
        json!([{"id": gold, "name": "Gold Travel"}])
    );
    assert_eq!(
        preview["data"]["rules"],
        json!([{"id": rule_id, "name": "Gold discount"}])
    );

    // Another tenant sees no level 3 and cannot delete it.
    let other = issuer.token(9, 2002, 0, 200);
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/pricePolicy/priceGrade/delete",
        &other,
        Some(json!({"grade": 3})),
    )
    .await;
    assert_eq!(status, 404);
    assert_eq!(grades(&app, &other).await.as_array().unwrap().len(), 1);
    // Merchants' users may not.
    let distributor = issuer.token(
        platform::demo::DISTRIBUTOR_USER_ID,
        demo,
        platform::demo::DISTRIBUTOR_ID,
        300,
    );
    let (status, _) = send(
        &app,
        "GET",
        "/saas/pricePolicy/priceGrade/list",
        &distributor,
        None,
    )
    .await;
    assert_eq!(status, 403);

    let (status, body) = send(
        &app,
        "PUT",
        "/saas/pricePolicy/priceGrade/delete",
        &admin,
        Some(json!({"grade": 3})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"], preview["data"]);
    let gone = next_rule(&mut events).await;
    assert_eq!(
        (gone.rule_id, gone.deleted, gone.enabled),
        (rule_id, true, false)
    );
    let (_, loaded) = send(
        &app,
        "GET",
        &format!("/saas/merchant/distributorInfos/load?mchId={gold}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(loaded["data"]["grade"], 0, "{loaded}");
    let (_, rules) = send(
        &app,
        "GET",
        "/saas/pricePolicy/priceRule/list",
        &admin,
        None,
    )
    .await;
    assert_eq!(rules["data"]["sizeAll"], 0, "{rules}");
    assert_eq!(grades(&app, &admin).await[0]["distributorCount"], 2);
    app.shutdown().await;
}

async fn formulas_are_checked_previewed_and_applied_by_scope(backend: Backend) {
    let (app, issuer, mut events) = start(backend).await;
    let demo = platform::demo::SAAS_ID;
    let admin = issuer.token(2, demo, 0, 200);

    // calculate answers the price, or the error with its position.
    let calc = |formula: &str| json!({"formula": formula, "purchasePrice": 8_000, "distributionPrice": 10_000, "retailPrice": 12_345});
    let (status, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/priceRule/calculate",
        &admin,
        Some(calc("distribution × 0.8")),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["data"]["price"].as_i64(),
            body["data"]["exact"].as_str()
        ),
        (Some(8_000), Some("8000"))
    );
    let (_, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/priceRule/calculate",
        &admin,
        Some(calc("retail * 0.9")),
    )
    .await;
    assert_eq!(
        (
            body["data"]["price"].as_i64(),
            body["data"]["exact"].as_str()
        ),
        (Some(11_111), Some("22221/2"))
    );
    let (_, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/priceRule/calculate",
        &admin,
        Some(calc("(retail + cost) * 2")),
    )
    .await;
    assert_eq!(body["data"]["price"], Value::Null);
    assert_eq!(body["data"]["error"]["position"], 11, "{body}");
    assert!(
        body["data"]["error"]["message"]
            .as_str()
            .unwrap()
            .contains("cost")
    );
    let (status, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/priceRule/calculate",
        &admin,
        Some(json!({"formula": "retail", "purchasePrice": -1, "distributionPrice": 0, "retailPrice": 0})),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("purchasePrice"))
    );

    // save refuses what calculate reports, naming the field and the character; nothing written.
    for (formula, at) in [
        ("distribution / 0", "character 16"),
        ("retail + cost", "character 10"),
        ("(retail", "character 1"),
    ] {
        let (status, body) = send(
            &app,
            "POST",
            "/saas/pricePolicy/priceRule/save",
            &admin,
            Some(rule("Bad", 0, formula)),
        )
        .await;
        assert_eq!(
            (status, body["data"]["field"].as_str()),
            (412, Some("formula")),
            "{body}"
        );
        assert!(body["msg"].as_str().unwrap().contains(at), "{body}");
    }
    for (field, form) in [
        ("grade", rule("No level", 4, "retail")),
        (
            "supplierId",
            json!({"ruleName": "x", "grade": 0, "supplierId": platform::demo::DISTRIBUTOR_ID, "formula": "retail"}),
        ),
        (
            "productType",
            json!({"ruleName": "x", "grade": 0, "productId": 5, "formula": "retail"}),
        ),
        (
            "productType",
            json!({"ruleName": "x", "grade": 0, "productType": 11, "formula": "retail"}),
        ),
        ("ruleName", rule(" ", 0, "retail")),
    ] {
        let (status, body) = send(
            &app,
            "POST",
            "/saas/pricePolicy/priceRule/save",
            &admin,
            Some(form),
        )
        .await;
        assert_eq!(
            (status, body["data"]["field"].as_str()),
            (412, Some(field)),
            "{body}"
        );
    }
    let (_, rules) = send(
        &app,
        "GET",
        "/saas/pricePolicy/priceRule/list",
        &admin,
        None,
    )
    .await;
    assert_eq!(rules["data"]["sizeAll"], 0);

    let (status, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/priceRule/save",
        &admin,
        Some(rule("Standard", 0, "distribution * 0.95")),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let standard = body["data"]["id"].as_i64().unwrap();
    next_rule(&mut events).await;
    let hotels = json!({"ruleName": "Demo hotels", "grade": 0, "supplierId": platform::demo::SUPPLIER_ID,
        "productType": 10, "formula": "(purchase + distribution) / 2"});
    let (status, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/priceRule/save",
        &admin,
        Some(hotels.clone()),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let hotel_rule = body["data"]["id"].as_i64().unwrap();
    let e = next_rule(&mut events).await;
    assert_eq!(
        (
            e.supplier_id,
            e.product_type,
            e.product_id,
            e.formula.as_str()
        ),
        (
            platform::demo::SUPPLIER_ID,
            10,
            0,
            "(purchase + distribution) / 2"
        )
    );
    // One rule per scope.
    let (status, body) = send(
        &app,
        "POST",
        "/saas/pricePolicy/priceRule/save",
        &admin,
        Some(hotels),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("grade"))
    );

    // Disable, enable, update and delete, each announced.
    for (path, enabled) in [("disable", false), ("enable", true)] {
        let (status, _) = send(
            &app,
            "PUT",
            &format!("/saas/pricePolicy/priceRule/{path}"),
            &admin,
            Some(json!({"id": hotel_rule})),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(next_rule(&mut events).await.enabled, enabled);
    }
    let (_, listed) = send(
        &app,
        "GET",
        "/saas/pricePolicy/priceRule/list?state=1&productType=10",
        &admin,
        None,
    )
    .await;
    assert_eq!(listed["data"]["sizeAll"], 1, "{listed}");
    let (status, body) = send(
        &app,
        "PUT",
        "/saas/pricePolicy/priceRule/update",
        &admin,
        Some(json!({"id": standard, "ruleName": "Standard", "grade": 0, "formula": "retail ÷ 0"})),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("formula"))
    );
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/pricePolicy/priceRule/update",
        &admin,
        Some(
            json!({"id": standard, "ruleName": "Standard", "grade": 0, "formula": "retail - 100"}),
        ),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(next_rule(&mut events).await.formula, "retail - 100");

    // Another tenant neither sees nor changes them.
    let other = issuer.token(9, 2002, 0, 200);
    let (_, listed) = send(
        &app,
        "GET",
        "/saas/pricePolicy/priceRule/list",
        &other,
        None,
    )
    .await;
    assert_eq!(listed["data"]["sizeAll"], 0);
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/pricePolicy/priceRule/delete",
        &other,
        Some(json!({"id": standard})),
    )
    .await;
    assert_eq!(status, 404);

    let (status, _) = send(
        &app,
        "PUT",
        "/saas/pricePolicy/priceRule/delete",
        &admin,
        Some(json!({"id": standard})),
    )
    .await;
    assert_eq!(status, 200);
    assert!(next_rule(&mut events).await.deleted);
    let (_, listed) = send(
        &app,
        "GET",
        "/saas/pricePolicy/priceRule/list",
        &admin,
        None,
    )
    .await;
    assert_eq!(listed["data"]["sizeAll"], 1);
    app.shutdown().await;
}

platform::on_both_backends!(
    a_level_is_deleted_after_naming_what_it_clears,
    formulas_are_checked_previewed_and_applied_by_scope,
);
