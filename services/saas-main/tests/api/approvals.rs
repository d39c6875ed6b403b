//! Approvals: a request filed, seen in "my requests", decided with a remark, announced; only
//! pending requests move; each tenant's own.

use crate::helpers::{next_event, send};
use platform::bus::{Bus, MemoryBroker, v1};
use platform::testing::{Backend, TestDb, TestIssuer, spawn_on_bus, test_config};
use prost::Message as _;
use serde_json::json;

async fn the_requester_sees_the_approvers_decision(backend: Backend) {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let mut events = bus.broadcast("test", &["approval.decided"]);
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
    let admin = issuer.token(2, demo, 0, 200);
    let supplier = issuer.token(
        platform::demo::SUPPLIER_USER_ID,
        demo,
        platform::demo::SUPPLIER_ID,
        300,
    );
    issuer.grant(platform::demo::SUPPLIER_USER_ID, &["/saas/approval/**"]);
    let other = issuer.token(9, 2002, 0, 200);

    for (field, form) in [
        (
            "operateType",
            json!({"operateType": 4, "refType": 10, "refName": "Sea View", "title": "Add"}),
        ),
        (
            "refType",
            json!({"operateType": 1, "refType": 30, "refName": "Sea View", "title": "Add"}),
        ),
        (
            "refId",
            json!({"operateType": 2, "refType": 10, "refName": "Sea View", "title": "Change"}),
        ),
        (
            "title",
            json!({"operateType": 1, "refType": 10, "refName": "Sea View", "title": " "}),
        ),
    ] {
        let (status, body) = send(
            &app,
            "POST",
            "/saas/approval/request/save",
            &supplier,
            Some(form),
        )
        .await;
        assert_eq!(
            (status, body["data"]["field"].as_str()),
            (412, Some(field)),
            "{body}"
        );
    }
    let ask = |title: &str| json!({"operateType": 2, "refType": 20, "refId": 55, "refName": "West Lake", "title": title, "content": "Opening hours 8:00-18:00"});
    let (status, body) = send(
        &app,
        "POST",
        "/saas/approval/request/save",
        &supplier,
        Some(ask("New hours")),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let first = body["data"]["id"].as_i64().unwrap();
    let (_, body) = send(
        &app,
        "POST",
        "/saas/approval/request/save",
        &supplier,
        Some(ask("New name")),
    )
    .await;
    let second = body["data"]["id"].as_i64().unwrap();
    let (_, body) = send(
        &app,
        "POST",
        "/saas/approval/request/save",
        &supplier,
        Some(ask("Never mind")),
    )
    .await;
    let third = body["data"]["id"].as_i64().unwrap();

    // The supplier may not see the tenant's list nor decide.
    let (status, _) = send(&app, "GET", "/saas/approval/request/list", &supplier, None).await;
    assert_eq!(status, 403);
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/approval/request/approve",
        &supplier,
        Some(json!({"id": first})),
    )
    .await;
    assert_eq!(status, 403);
    let (_, listed) = send(
        &app,
        "GET",
        "/saas/approval/request/list?state=0&refType=20",
        &admin,
        None,
    )
    .await;
    assert_eq!(listed["data"]["sizeAll"], 3, "{listed}");
    assert_eq!(
        listed["data"]["results"][2]["requesterMchId"],
        platform::demo::SUPPLIER_ID
    );

    let (status, _) = send(
        &app,
        "PUT",
        "/saas/approval/request/approve",
        &admin,
        Some(json!({"id": first, "remark": "fine"})),
    )
    .await;
    assert_eq!(status, 200);
    let e = next_event(&mut events).await;
    let decided = v1::ApprovalDecided::decode(e.payload.as_slice()).unwrap();
    assert_eq!(
        (
            decided.approval_id,
            decided.state,
            decided.ref_id,
            decided.approver_id
        ),
        (first, 1, 55, 2)
    );
    let (status, body) = send(
        &app,
        "PUT",
        "/saas/approval/request/reject",
        &admin,
        Some(json!({"id": second})),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("remark"))
    );
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/approval/request/reject",
        &admin,
        Some(json!({"id": second, "remark": "name is taken"})),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        v1::ApprovalDecided::decode(next_event(&mut events).await.payload.as_slice())
            .unwrap()
            .state,
        2
    );
    // Decided is final.
    let (status, body) = send(
        &app,
        "PUT",
        "/saas/approval/request/reject",
        &admin,
        Some(json!({"id": first, "remark": "no"})),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("approval-decided")),
        "{body}"
    );
    // Only the requester withdraws.
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/approval/request/withdraw",
        &admin,
        Some(json!({"id": third})),
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/approval/request/withdraw",
        &supplier,
        Some(json!({"id": third})),
    )
    .await;
    assert_eq!(status, 200);

    let (_, mine) = send(
        &app,
        "GET",
        "/saas/approval/request/myList",
        &supplier,
        None,
    )
    .await;
    let rows = mine["data"]["results"].as_array().unwrap();
    let outcome: Vec<(i64, i64, &str)> = rows
        .iter()
        .map(|r| {
            (
                r["id"].as_i64().unwrap(),
                r["state"].as_i64().unwrap(),
                r["remark"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        outcome,
        [
            (third, 3, ""),
            (second, 2, "name is taken"),
            (first, 1, "fine")
        ]
    );
    let (_, mine) = send(&app, "GET", "/saas/approval/request/myList", &admin, None).await;
    assert_eq!(mine["data"]["sizeAll"], 0);
    let (status, loaded) = send(
        &app,
        "GET",
        &format!("/saas/approval/request/load?id={second}"),
        &supplier,
        None,
    )
    .await;
    assert_eq!(
        (status, loaded["data"]["remark"].as_str()),
        (200, Some("name is taken"))
    );

    // Another tenant sees none and decides none.
    let (_, listed) = send(&app, "GET", "/saas/approval/request/list", &other, None).await;
    assert_eq!(listed["data"]["sizeAll"], 0);
    let (status, _) = send(
        &app,
        "GET",
        &format!("/saas/approval/request/load?id={second}"),
        &other,
        None,
    )
    .await;
    assert_eq!(status, 404);
    app.shutdown().await;
}

platform::on_both_backends!(the_requester_sees_the_approvers_decision);
