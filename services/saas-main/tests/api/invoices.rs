//! Top-ups and their invoices: a tenant asks for an invoice over its own successful top-ups
//! (each field checked by name, nothing written on a refusal, a top-up invoiced once), the
//! platform marks it issued or refuses it, the tenant may withdraw it; another tenant sees none
//! of it, and a tenant's administrator cannot reach the platform's side.

use crate::helpers::send;
use platform::testing::{Backend, TestApp, TestDb, TestIssuer, spawn_with, test_config};
use serde_json::{Value, json};
use std::sync::Arc;

async fn start(backend: Backend) -> (TestApp, Arc<TestIssuer>) {
    let issuer = TestIssuer::new();
    let db = TestDb::new(backend);
    let mut cfg = test_config(saas_main::NAME, Some(&db));
    cfg.env.set("TRADEWIND_SAAS_MAIN__DEMO__ENABLED", "true");
    let app = spawn_with(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
    )
    .await;
    (app, issuer)
}

/// A top-up of another tenant's, written as the platform's top-up writes it (its tenant row is
/// not needed to hold a log).
fn other_tenants_top_up(app: &TestApp, saas_id: i64) -> i64 {
    let db = app.db.as_ref().expect("a database");
    let pool = platform::db::connect(&db.config()).unwrap();
    let id = platform::id::next_id();
    diesel::RunQueryDsl::execute(
        diesel::sql_query(format!(
            "INSERT INTO balance_logs (id, saas_id, log_type, amount, balance_after, state, \
             service_id, remarks, operator_id, created_at) \
             VALUES ({id}, {saas_id}, 1, 7000, 7000, 1, 0, '', 1, 1)"
        )),
        &mut pool.get().unwrap(),
    )
    .unwrap();
    id
}

fn form(log_ids: &[i64]) -> Value {
    json!({"logIds": log_ids, "invoiceType": 1, "title": "Demo Travel Ltd",
           "taxNo": "91330100MA2B3C4D5E", "email": "finance@demo.com"})
}

fn field(body: &Value) -> Option<&str> {
    body["data"]["field"].as_str()
}

async fn a_tenant_asks_and_the_platform_issues(backend: Backend) {
    let (app, issuer) = start(backend).await;
    let demo = platform::demo::SAAS_ID;
    let platform_admin = issuer.token(1, 0, 0, 100);
    let admin = issuer.token(2, demo, 0, 200);
    let other = issuer.token(9, 2002, 0, 200);
    let supplier = issuer.token(
        platform::demo::SUPPLIER_USER_ID,
        demo,
        platform::demo::SUPPLIER_ID,
        311,
    );
    issuer.grant(platform::demo::SUPPLIER_USER_ID, &["/saas/boss/**"]);

    for amount in [10_000, 5_000] {
        let (status, _) = send(
            &app,
            "POST",
            "/saas/boss/charge/recharge",
            &platform_admin,
            Some(json!({"saasId": demo, "amount": amount, "remarks": "transfer"})),
        )
        .await;
        assert_eq!(status, 200);
    }
    // A purchase is in the balance log too, but it is no top-up.
    let (status, _) = send(
        &app,
        "POST",
        "/saas/boss/service/consumeService",
        &admin,
        Some(json!({"serviceId": 1})),
    )
    .await;
    assert_eq!(status, 200);
    let (_, logs) = send(&app, "GET", "/saas/boss/balanceLog/list", &admin, None).await;
    let purchase = logs["data"]["results"][0]["id"].as_i64().unwrap();
    let (_, charges) = send(&app, "GET", "/saas/boss/charge/list", &admin, None).await;
    assert_eq!(charges["data"]["sizeAll"], 2, "{charges}");
    let tops: Vec<i64> = charges["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    assert!(charges["data"]["results"][0]["invoiceId"] == 0);
    assert_eq!(
        send(&app, "GET", "/saas/boss/charge/list?state=5", &admin, None)
            .await
            .0,
        412
    );
    let foreign = other_tenants_top_up(&app, 2002);

    // Refusals name their field and write nothing.
    let mut bad = vec![
        ("logIds", form(&[])),
        ("logIds", form(&[tops[0], tops[0]])),
        ("logIds", form(&[tops[0], foreign])),
        ("logIds", form(&[purchase])),
        ("logIds", form(&[tops[0], 42])),
    ];
    for (name, value) in [
        ("invoiceType", json!(3)),
        ("title", json!(" ")),
        ("taxNo", json!("1234")),
        ("email", json!("")),
        ("remarks", json!("x".repeat(201))),
    ] {
        let mut f = form(&tops);
        f[name] = value;
        bad.push((name, f));
    }
    let mut special = form(&tops);
    special["invoiceType"] = json!(2);
    bad.push(("addressPhone", special));
    for (name, f) in bad {
        let (status, body) = send(&app, "POST", "/saas/boss/invoice/save", &admin, Some(f)).await;
        assert_eq!((status, field(&body)), (412, Some(name)), "{body}");
    }
    let (status, body) = send(
        &app,
        "POST",
        "/saas/boss/invoice/save",
        &admin,
        Some(json!({"logIds": "x"})),
    )
    .await;
    assert_eq!(status, 412, "{body}");
    let (_, none) = send(&app, "GET", "/saas/boss/invoice/list", &admin, None).await;
    assert_eq!(none["data"]["sizeAll"], 0);
    let (_, still) = send(&app, "GET", "/saas/boss/charge/list?state=1", &admin, None).await;
    assert_eq!(still["data"]["sizeAll"], 2);

    // Another tenant cannot ask for the demo's top-ups; a merchant's user asks for nothing.
    let (status, body) = send(
        &app,
        "POST",
        "/saas/boss/invoice/save",
        &other,
        Some(form(&tops)),
    )
    .await;
    assert_eq!((status, field(&body)), (412, Some("logIds")));
    let (status, _) = send(
        &app,
        "POST",
        "/saas/boss/invoice/save",
        &supplier,
        Some(form(&tops)),
    )
    .await;
    assert_eq!(status, 403);

    let (status, asked) = send(
        &app,
        "POST",
        "/saas/boss/invoice/save",
        &admin,
        Some(form(&tops)),
    )
    .await;
    assert_eq!(status, 200, "{asked}");
    assert_eq!(asked["data"]["state"], 2);
    assert_eq!(asked["data"]["amount"], 15_000);
    assert_eq!(asked["data"]["logCount"], 2);
    let invoice = asked["data"]["id"].as_i64().unwrap();
    let (_, charges) = send(&app, "GET", "/saas/boss/charge/list?state=2", &admin, None).await;
    assert_eq!(charges["data"]["sizeAll"], 2);
    assert_eq!(charges["data"]["results"][0]["invoiceId"], invoice);
    // A top-up is invoiced once.
    let (status, body) = send(
        &app,
        "POST",
        "/saas/boss/invoice/save",
        &admin,
        Some(form(&tops[..1])),
    )
    .await;
    assert_eq!((status, field(&body)), (412, Some("logIds")));
    let (_, list) = send(&app, "GET", "/saas/boss/invoice/list", &admin, None).await;
    assert_eq!(list["data"]["sizeAll"], 1);
    assert_eq!(list["data"]["results"][0]["taxNo"], "91330100MA2B3C4D5E");
    let (_, detail) = send(
        &app,
        "GET",
        &format!("/saas/boss/invoice/load?id={invoice}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(detail["data"]["logs"].as_array().unwrap().len(), 2);

    // Another tenant sees none of it.
    let (_, theirs) = send(&app, "GET", "/saas/boss/invoice/list", &other, None).await;
    assert_eq!(theirs["data"]["sizeAll"], 0);
    let (status, _) = send(
        &app,
        "GET",
        &format!("/saas/boss/invoice/load?id={invoice}"),
        &other,
        None,
    )
    .await;
    assert_eq!(status, 404);
    let (_, their_charges) = send(&app, "GET", "/saas/boss/charge/list", &other, None).await;
    assert_eq!(their_charges["data"]["sizeAll"], 1);

    // The platform's side: not the tenant's administrator's.
    let issue = json!({"id": invoice, "invoiceNo": "04400123456789012345"});
    for (method, path, body) in [
        ("GET", "/saas/platform/invoice/list", None),
        (
            "GET",
            &*format!("/saas/platform/invoice/load?id={invoice}"),
            None,
        ),
        ("PUT", "/saas/platform/invoice/issue", Some(issue.clone())),
    ] {
        assert_eq!(
            send(&app, method, path, &admin, body).await.0,
            403,
            "{path}"
        );
    }
    let (_, all) = send(
        &app,
        "GET",
        "/saas/platform/invoice/list?state=2",
        &platform_admin,
        None,
    )
    .await;
    assert_eq!(all["data"]["sizeAll"], 1);
    assert_eq!(all["data"]["results"][0]["saasId"], demo);
    let (_, none_of_theirs) = send(
        &app,
        "GET",
        "/saas/platform/invoice/list?saasId=2002",
        &platform_admin,
        None,
    )
    .await;
    assert_eq!(none_of_theirs["data"]["sizeAll"], 0);
    let (status, seen) = send(
        &app,
        "GET",
        &format!("/saas/platform/invoice/load?id={invoice}"),
        &platform_admin,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(seen["data"]["logs"].as_array().unwrap().len(), 2);
    assert_eq!(
        send(
            &app,
            "GET",
            "/saas/platform/invoice/load?id=7",
            &platform_admin,
            None
        )
        .await
        .0,
        404
    );
    assert_eq!(
        send(
            &app,
            "GET",
            "/saas/platform/invoice/list?state=1",
            &platform_admin,
            None
        )
        .await
        .0,
        412
    );
    assert!(
        !all["data"]["results"][0]["saasName"]
            .as_str()
            .unwrap()
            .is_empty()
    );
    let (status, body) = send(
        &app,
        "PUT",
        "/saas/platform/invoice/issue",
        &platform_admin,
        Some(json!({"id": invoice, "invoiceNo": "12AB5678"})),
    )
    .await;
    assert_eq!((status, field(&body)), (412, Some("invoiceNo")));
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/platform/invoice/issue",
        &platform_admin,
        Some(json!({"id": 7, "invoiceNo": "12345678"})),
    )
    .await;
    assert_eq!(status, 404);
    let (status, issued) = send(
        &app,
        "PUT",
        "/saas/platform/invoice/issue",
        &platform_admin,
        Some(issue.clone()),
    )
    .await;
    assert_eq!(status, 200, "{issued}");
    assert_eq!(issued["data"]["state"], 3);
    assert_eq!(issued["data"]["invoiceNo"], "04400123456789012345");
    let (status, again) = send(
        &app,
        "PUT",
        "/saas/platform/invoice/issue",
        &platform_admin,
        Some(issue),
    )
    .await;
    assert_eq!(
        (status, again["code"].as_str()),
        (412, Some("invoice-issued"))
    );
    let (_, charges) = send(&app, "GET", "/saas/boss/charge/list?state=3", &admin, None).await;
    assert_eq!(charges["data"]["sizeAll"], 2);
    let (_, mine) = send(&app, "GET", "/saas/boss/invoice/list?state=3", &admin, None).await;
    assert_eq!(
        mine["data"]["results"][0]["invoiceNo"],
        "04400123456789012345"
    );
    app.shutdown().await;
}

/// Two requests for the same top-up at once make one invoice: the other is refused on logIds
/// and leaves nothing behind.
async fn a_top_up_is_invoiced_once_under_concurrent_requests(backend: Backend) {
    let (app, issuer) = start(backend).await;
    let demo = platform::demo::SAAS_ID;
    let platform_admin = issuer.token(1, 0, 0, 100);
    let admin = issuer.token(2, demo, 0, 200);
    let (status, _) = send(
        &app,
        "POST",
        "/saas/boss/charge/recharge",
        &platform_admin,
        Some(json!({"saasId": demo, "amount": 9_000})),
    )
    .await;
    assert_eq!(status, 200);
    let (_, charges) = send(&app, "GET", "/saas/boss/charge/list", &admin, None).await;
    let top_up = charges["data"]["results"][0]["id"].as_i64().unwrap();
    let asks = (0..4).map(|_| {
        send(
            &app,
            "POST",
            "/saas/boss/invoice/save",
            &admin,
            Some(form(&[top_up])),
        )
    });
    let answers = futures_util::future::join_all(asks).await;
    let made: Vec<_> = answers.iter().filter(|(s, _)| *s == 200).collect();
    assert_eq!(made.len(), 1, "{answers:?}");
    for (status, body) in answers.iter().filter(|(s, _)| *s != 200) {
        assert_eq!((*status, field(body)), (412, Some("logIds")), "{body}");
    }
    let (_, list) = send(&app, "GET", "/saas/boss/invoice/list", &admin, None).await;
    assert_eq!(list["data"]["sizeAll"], 1);
    app.shutdown().await;
}

/// A request withdrawn by the tenant or refused by the platform gives its top-ups back, to be
/// asked for again; it keeps showing which it covered; neither happens to an issued or closed
/// request, nor across tenants.
async fn a_request_is_withdrawn_or_refused_and_its_top_ups_given_back(backend: Backend) {
    let (app, issuer) = start(backend).await;
    let demo = platform::demo::SAAS_ID;
    let platform_admin = issuer.token(1, 0, 0, 100);
    let admin = issuer.token(2, demo, 0, 200);
    let other = issuer.token(9, 2002, 0, 200);
    for amount in [4_000, 6_000] {
        let (status, _) = send(
            &app,
            "POST",
            "/saas/boss/charge/recharge",
            &platform_admin,
            Some(json!({"saasId": demo, "amount": amount})),
        )
        .await;
        assert_eq!(status, 200);
    }
    let (_, charges) = send(&app, "GET", "/saas/boss/charge/list", &admin, None).await;
    let tops: Vec<i64> = charges["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    let ask = || {
        send(
            &app,
            "POST",
            "/saas/boss/invoice/save",
            &admin,
            Some(form(&tops)),
        )
    };
    let (status, first) = ask().await;
    assert_eq!(status, 200, "{first}");
    let first = first["data"]["id"].as_i64().unwrap();

    // Another tenant cannot withdraw it; the tenant cannot refuse it.
    let withdraw = json!({"id": first});
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/boss/invoice/withdraw",
        &other,
        Some(withdraw.clone()),
    )
    .await;
    assert_eq!(status, 404);
    let refuse = |id: i64, reason: &str| json!({"id": id, "reason": reason});
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/platform/invoice/refuse",
        &admin,
        Some(refuse(first, "no")),
    )
    .await;
    assert_eq!(status, 403);

    let (status, withdrawn) = send(
        &app,
        "PUT",
        "/saas/boss/invoice/withdraw",
        &admin,
        Some(withdraw.clone()),
    )
    .await;
    assert_eq!(status, 200, "{withdrawn}");
    assert_eq!(withdrawn["data"]["state"], 4);
    assert_eq!(withdrawn["data"]["closerId"], 2);
    assert!(withdrawn["data"]["closeDate"].as_i64().is_some());
    let (status, again) = send(
        &app,
        "PUT",
        "/saas/boss/invoice/withdraw",
        &admin,
        Some(withdraw),
    )
    .await;
    assert_eq!(
        (status, again["code"].as_str()),
        (412, Some("invoice-closed"))
    );
    let (_, free) = send(&app, "GET", "/saas/boss/charge/list?state=1", &admin, None).await;
    assert_eq!(free["data"]["sizeAll"], 2, "{free}");
    assert_eq!(free["data"]["results"][0]["invoiceId"], 0);
    let (_, detail) = send(
        &app,
        "GET",
        &format!("/saas/boss/invoice/load?id={first}"),
        &admin,
        None,
    )
    .await;
    assert_eq!(
        detail["data"]["logs"].as_array().unwrap().len(),
        2,
        "{detail}"
    );

    // Asked again, then refused with a reason the tenant reads.
    let (status, second) = ask().await;
    assert_eq!(status, 200, "{second}");
    let second = second["data"]["id"].as_i64().unwrap();
    let (status, body) = send(
        &app,
        "PUT",
        "/saas/platform/invoice/refuse",
        &platform_admin,
        Some(refuse(second, "  ")),
    )
    .await;
    assert_eq!((status, field(&body)), (412, Some("reason")));
    let (_, still) = send(&app, "GET", "/saas/boss/charge/list?state=2", &admin, None).await;
    assert_eq!(
        still["data"]["sizeAll"], 2,
        "a refusal refused writes nothing"
    );
    let (status, refused) = send(
        &app,
        "PUT",
        "/saas/platform/invoice/refuse",
        &platform_admin,
        Some(refuse(
            second,
            "The taxpayer number does not match the title",
        )),
    )
    .await;
    assert_eq!(status, 200, "{refused}");
    assert_eq!(refused["data"]["state"], 5);
    let (_, mine) = send(&app, "GET", "/saas/boss/invoice/list?state=5", &admin, None).await;
    assert_eq!(
        mine["data"]["results"][0]["closeReason"],
        "The taxpayer number does not match the title"
    );
    let (status, body) = send(
        &app,
        "PUT",
        "/saas/platform/invoice/issue",
        &platform_admin,
        Some(json!({"id": second, "invoiceNo": "12345678"})),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("invoice-closed"))
    );

    // An issued request is neither withdrawn nor refused.
    let (_, third) = ask().await;
    let third = third["data"]["id"].as_i64().unwrap();
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/platform/invoice/issue",
        &platform_admin,
        Some(json!({"id": third, "invoiceNo": "12345678"})),
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = send(
        &app,
        "PUT",
        "/saas/boss/invoice/withdraw",
        &admin,
        Some(json!({"id": third})),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("invoice-issued"))
    );
    let (status, body) = send(
        &app,
        "PUT",
        "/saas/platform/invoice/refuse",
        &platform_admin,
        Some(refuse(third, "late")),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("invoice-issued"))
    );
    let (_, invoiced) = send(&app, "GET", "/saas/boss/charge/list?state=3", &admin, None).await;
    assert_eq!(invoiced["data"]["sizeAll"], 2);
    let (_, by_state) = send(&app, "GET", "/saas/boss/invoice/list?state=4", &admin, None).await;
    assert_eq!(by_state["data"]["sizeAll"], 1);
    app.shutdown().await;
}

platform::on_both_backends!(
    a_tenant_asks_and_the_platform_issues,
    a_top_up_is_invoiced_once_under_concurrent_requests,
    a_request_is_withdrawn_or_refused_and_its_top_ups_given_back
);
