//! Support tickets (work orders): submitted by a tenant's users, seen by their tenant (a
//! merchant's users: their merchant's) and by the platform's support staff only; replies on both
//! sides, assignment announced for the assignee, solving closes the replies until restored.

use crate::helpers::{next_event, send};
use platform::bus::{Bus, MemoryBroker, v1};
use platform::testing::{Backend, TestDb, TestIssuer, spawn_on_bus, test_config};
use prost::Message as _;
use serde_json::{Value, json};

fn ticket(title: &str) -> Value {
    json!({"businessType": 10, "subject": "Orders", "tag": "booking", "title": title,
           "content": "Order 42 stays in booking"})
}

async fn a_ticket_goes_from_the_customer_to_support_and_back(backend: Backend) {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let mut events = bus.broadcast("test", &["support.assigned"]);
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
        311,
    );
    issuer.grant(platform::demo::SUPPLIER_USER_ID, &["/saas/support/**"]);
    let other = issuer.token(9, 2002, 0, 200);
    let support = issuer.token(3000, 0, 0, 100);

    for (field, form) in [
        (
            "businessType",
            json!({"businessType": 30, "subject": "a", "title": "t", "content": "c"}),
        ),
        (
            "subject",
            json!({"businessType": 10, "subject": " ", "title": "t", "content": "c"}),
        ),
        (
            "title",
            json!({"businessType": 10, "subject": "a", "title": "a\u{202e}b", "content": "c"}),
        ),
        (
            "content",
            json!({"businessType": 20, "subject": "a", "title": "t", "content": ""}),
        ),
    ] {
        let (status, body) = send(
            &app,
            "POST",
            "/saas/support/mySupport/save",
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
    let (status, body) = send(
        &app,
        "POST",
        "/saas/support/mySupport/save",
        &supplier,
        Some(ticket("Order stuck")),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let mine = body["data"]["supportId"].as_i64().unwrap();
    let (_, body) = send(
        &app,
        "POST",
        "/saas/support/mySupport/save",
        &admin,
        Some(ticket("Invoice missing")),
    )
    .await;
    let staffs = body["data"]["supportId"].as_i64().unwrap();

    // Who sees what: the merchant its own, the tenant all of its, another tenant none, the
    // platform's support staff every tenant's; a tenant's administrator is not support.
    let total = |b: &Value| b["data"]["sizeAll"].as_i64().unwrap();
    let (_, b) = send(&app, "GET", "/saas/support/mySupport/list", &supplier, None).await;
    assert_eq!(total(&b), 1, "{b}");
    assert_eq!(b["data"]["results"][0]["applicant"], "user3003");
    assert_eq!(b["data"]["results"][0]["allowAgentLogin"], false);
    let (_, b) = send(
        &app,
        "GET",
        "/saas/support/mySupport/list?state=1",
        &admin,
        None,
    )
    .await;
    assert_eq!(total(&b), 2);
    let (_, b) = send(&app, "GET", "/saas/support/mySupport/list", &other, None).await;
    assert_eq!(total(&b), 0);
    let (status, _) = send(
        &app,
        "GET",
        &format!("/saas/support/mySupport/load?supportId={mine}"),
        &other,
        None,
    )
    .await;
    assert_eq!(status, 404);
    let (status, _) = send(
        &app,
        "GET",
        &format!("/saas/support/mySupport/load?supportId={staffs}"),
        &supplier,
        None,
    )
    .await;
    assert_eq!(
        status, 404,
        "a merchant's user does not see the tenant's staff's ticket"
    );
    for path in [
        "/saas/platform/workOrder/list",
        "/saas/platform/workOrder/count",
    ] {
        let (status, _) = send(&app, "GET", path, &admin, None).await;
        assert_eq!(status, 403, "{path}");
    }
    let (_, b) = send(
        &app,
        "GET",
        &format!("/saas/platform/workOrder/list?saasId={demo}&businessType=10"),
        &support,
        None,
    )
    .await;
    assert_eq!(total(&b), 2, "{b}");

    // Support replies: the ticket is in progress; the customer answers.
    let (status, b) = send(
        &app,
        "POST",
        "/saas/platform/workOrder/reply",
        &support,
        Some(json!({"supportId": mine, "content": "Looking into it"})),
    )
    .await;
    assert_eq!(status, 200, "{b}");
    let (status, b) = send(
        &app,
        "POST",
        "/saas/support/mySupport/reply",
        &supplier,
        Some(json!({"supportId": mine, "content": " "})),
    )
    .await;
    assert_eq!(
        (status, b["data"]["field"].as_str()),
        (412, Some("content"))
    );
    let (status, _) = send(
        &app,
        "POST",
        "/saas/support/mySupport/reply",
        &supplier,
        Some(json!({"supportId": mine, "content": "Thanks"})),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = send(
        &app,
        "POST",
        "/saas/support/mySupport/reply",
        &other,
        Some(json!({"supportId": mine, "content": "Me too"})),
    )
    .await;
    assert_eq!(status, 404);
    let (_, b) = send(
        &app,
        "GET",
        &format!("/saas/support/mySupport/load?supportId={mine}"),
        &supplier,
        None,
    )
    .await;
    assert_eq!(b["data"]["state"], 2, "{b}");
    let replies: Vec<(bool, &str, &str)> = b["data"]["replies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["fromSupport"].as_bool().unwrap(),
                r["authorName"].as_str().unwrap(),
                r["content"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        replies,
        [
            (true, "user3000", "Looking into it"),
            (false, "user3003", "Thanks")
        ]
    );

    // Assignment: named, announced for the assignee (the platform's tenant), in progress.
    let (status, b) = send(
        &app,
        "PUT",
        "/saas/platform/workOrder/assign",
        &support,
        Some(json!({"supportId": staffs, "assigneeId": 0, "assigneeName": "x"})),
    )
    .await;
    assert_eq!(
        (status, b["data"]["field"].as_str()),
        (412, Some("assigneeId"))
    );
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/platform/workOrder/assign",
        &support,
        Some(json!({"supportId": staffs, "assigneeId": 3000, "assigneeName": "admin"})),
    )
    .await;
    assert_eq!(status, 200);
    let e = next_event(&mut events).await;
    assert_eq!(e.saas_id, 0);
    let assigned = v1::SupportAssigned::decode(e.payload.as_slice()).unwrap();
    assert_eq!(
        (
            assigned.support_id,
            assigned.ticket_saas_id,
            assigned.assignee_id,
            assigned.assigned_by_name.as_str()
        ),
        (staffs, demo, 3000, "user3000")
    );
    let (_, b) = send(
        &app,
        "GET",
        "/saas/platform/workOrder/list?mine=true",
        &support,
        None,
    )
    .await;
    assert_eq!(total(&b), 1);
    assert_eq!(b["data"]["results"][0]["assigneeName"], "admin");
    assert_eq!(b["data"]["results"][0]["state"], 2);

    // The customer allows the agent login while the ticket is open.
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/support/mySupport/consent",
        &supplier,
        Some(json!({"supportId": mine, "allowAgentLogin": true})),
    )
    .await;
    assert_eq!(status, 200);

    // Solved: replies, assignments and consent close; solving again too; restore reopens.
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/support/mySupport/solve",
        &supplier,
        Some(json!({"supportId": mine})),
    )
    .await;
    assert_eq!(status, 200);
    for (path, token, body) in [
        (
            "/saas/support/mySupport/reply",
            &supplier,
            json!({"supportId": mine, "content": "More"}),
        ),
        (
            "/saas/platform/workOrder/reply",
            &support,
            json!({"supportId": mine, "content": "Done?"}),
        ),
    ] {
        let (status, b) = send(&app, "POST", path, token, Some(body)).await;
        assert_eq!(
            (status, b["code"].as_str()),
            (412, Some("support-closed")),
            "{path}"
        );
    }
    for (method, path, token, body) in [
        (
            "PUT",
            "/saas/platform/workOrder/assign",
            &support,
            json!({"supportId": mine, "assigneeId": 3000, "assigneeName": "admin"}),
        ),
        (
            "PUT",
            "/saas/support/mySupport/consent",
            &supplier,
            json!({"supportId": mine, "allowAgentLogin": false}),
        ),
        (
            "PUT",
            "/saas/platform/workOrder/solve",
            &support,
            json!({"supportId": mine}),
        ),
    ] {
        let (status, b) = send(&app, method, path, token, Some(body)).await;
        assert_eq!(
            (status, b["code"].as_str()),
            (412, Some("support-closed")),
            "{path}"
        );
    }
    let (_, b) = send(
        &app,
        "GET",
        "/saas/support/mySupport/count",
        &supplier,
        None,
    )
    .await;
    assert_eq!(
        b["data"],
        json!({"pending": 0, "inProgress": 0, "solved": 1})
    );
    let (status, _) = send(
        &app,
        "PUT",
        "/saas/platform/workOrder/restore",
        &support,
        Some(json!({"supportId": mine})),
    )
    .await;
    assert_eq!(status, 200);
    let (status, b) = send(
        &app,
        "PUT",
        "/saas/support/mySupport/restore",
        &supplier,
        Some(json!({"supportId": mine})),
    )
    .await;
    assert_eq!((status, b["code"].as_str()), (412, Some("support-open")));
    let (_, b) = send(
        &app,
        "GET",
        &format!("/saas/platform/workOrder/load?supportId={mine}"),
        &support,
        None,
    )
    .await;
    assert_eq!(
        (
            &b["data"]["state"],
            &b["data"]["allowAgentLogin"],
            &b["data"]["solvedDate"]
        ),
        (&json!(2), &json!(true), &Value::Null),
        "{b}"
    );
    let (_, b) = send(
        &app,
        "GET",
        "/saas/platform/workOrder/count",
        &support,
        None,
    )
    .await;
    assert_eq!(
        b["data"],
        json!({"pending": 0, "inProgress": 2, "solved": 0})
    );
    let (_, b) = send(&app, "GET", "/saas/support/mySupport/count", &other, None).await;
    assert_eq!(
        b["data"],
        json!({"pending": 0, "inProgress": 0, "solved": 0})
    );
    app.shutdown().await;
}

platform::on_both_backends!(a_ticket_goes_from_the_customer_to_support_and_back);
