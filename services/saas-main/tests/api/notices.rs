//! Notices: drafts, publishing, the dashboard's latest, and each tenant's own.

use crate::helpers::send;
use platform::testing::{Backend, TestIssuer, spawn_with, test_config};
use serde_json::json;

async fn published_notices_reach_the_dashboard(backend: Backend) {
    let issuer = TestIssuer::new();
    let db = platform::testing::TestDb::new(backend);
    let cfg = test_config(saas_main::NAME, Some(&db));
    let app = spawn_with(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
    )
    .await;
    let admin = issuer.token(2, 1001, 0, 200);
    let operator = issuer.token(3, 1001, 0, 300);
    issuer.grant(3, &["/saas/dashboard/**"]);
    let other = issuer.token(4, 2002, 0, 200);
    let platform = issuer.token(1, 0, 0, 100);

    let (status, body) = send(
        &app,
        "POST",
        "/saas/noticeManager/notice/save",
        &admin,
        Some(json!({"title": " ", "content": "x"})),
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("title"))
    );
    let (status, body) = send(
        &app,
        "POST",
        "/saas/noticeManager/notice/save",
        &admin,
        Some(json!({"title": "Holiday hours", "content": "Closed on 1 January."})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let id = body["data"]["id"].as_i64().unwrap();
    // A draft is not on the dashboard.
    let (_, latest) = send(
        &app,
        "GET",
        "/saas/dashboard/index/indexNotice",
        &operator,
        None,
    )
    .await;
    assert_eq!(latest["data"], json!([]));
    assert_eq!(
        send(
            &app,
            "PUT",
            "/saas/noticeManager/notice/publish",
            &admin,
            Some(json!({"id": id}))
        )
        .await
        .0,
        200
    );
    let (_, platform_notice) = send(
        &app,
        "POST",
        "/saas/noticeManager/notice/save",
        &platform,
        Some(json!({"title": "Maintenance", "content": "Sunday 02:00-03:00"})),
    )
    .await;
    let pid = platform_notice["data"]["id"].as_i64().unwrap();
    send(
        &app,
        "PUT",
        "/saas/noticeManager/notice/publish",
        &platform,
        Some(json!({"id": pid})),
    )
    .await;

    let (_, latest) = send(
        &app,
        "GET",
        "/saas/dashboard/index/indexNotice",
        &operator,
        None,
    )
    .await;
    let titles: Vec<&str> = latest["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Maintenance", "Holiday hours"]);
    // Another tenant: the platform's notice only; it cannot touch this tenant's.
    let (_, theirs) = send(
        &app,
        "GET",
        "/saas/dashboard/index/indexNotice",
        &other,
        None,
    )
    .await;
    assert_eq!(theirs["data"].as_array().unwrap().len(), 1);
    assert_eq!(
        send(
            &app,
            "PUT",
            "/saas/noticeManager/notice/withdraw",
            &other,
            Some(json!({"id": id}))
        )
        .await
        .0,
        404
    );
    let (_, list) = send(&app, "GET", "/saas/noticeManager/notice/list", &other, None).await;
    assert_eq!(list["data"]["sizeAll"], 0);

    // Published notices are withdrawn before they change.
    let change =
        json!({"id": id, "title": "Holiday hours (new)", "content": "Closed on 1-2 January."});
    let (status, body) = send(
        &app,
        "PUT",
        "/saas/noticeManager/notice/update",
        &admin,
        Some(change.clone()),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (412, Some("notice-published"))
    );
    assert_eq!(
        send(
            &app,
            "PUT",
            "/saas/noticeManager/notice/withdraw",
            &admin,
            Some(json!({"id": id}))
        )
        .await
        .0,
        200
    );
    assert_eq!(
        send(
            &app,
            "PUT",
            "/saas/noticeManager/notice/update",
            &admin,
            Some(change)
        )
        .await
        .0,
        200
    );
    let (_, list) = send(
        &app,
        "GET",
        "/saas/noticeManager/notice/list?state=2",
        &admin,
        None,
    )
    .await;
    assert_eq!(list["data"]["results"][0]["title"], "Holiday hours (new)");
    let (_, latest) = send(
        &app,
        "GET",
        "/saas/dashboard/index/indexNotice",
        &operator,
        None,
    )
    .await;
    assert_eq!(latest["data"].as_array().unwrap().len(), 1);
    app.shutdown().await;
}

platform::on_both_backends!(published_notices_reach_the_dashboard);
