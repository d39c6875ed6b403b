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

    for (field, form) in [
        ("title", json!({"title": " ", "content": "x"})),
        (
            "title",
            json!({"title": "Holiday\u{0}hours", "content": "x"}),
        ),
        (
            "title",
            json!({"title": "\u{202E}syadiloH", "content": "x"}),
        ),
        (
            "content",
            json!({"title": "Holiday hours", "content": "a\u{0}b"}),
        ),
    ] {
        let (status, body) = send(
            &app,
            "POST",
            "/saas/noticeManager/notice/save",
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

/// The titles on the dashboard of `token`'s caller.
async fn dashboard(app: &platform::testing::TestApp, token: &str) -> Vec<String> {
    let (status, latest) = send(app, "GET", "/saas/dashboard/index/indexNotice", token, None).await;
    assert_eq!(status, 200, "{latest}");
    latest["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["title"].as_str().unwrap().to_owned())
        .collect()
}

/// Writes (or rewrites, withdrawing it first) and publishes a notice as `token`'s caller.
async fn write_and_publish(
    app: &platform::testing::TestApp,
    token: &str,
    id: Option<i64>,
    title: &str,
) -> i64 {
    let id = match id {
        None => {
            let (status, body) = send(
                app,
                "POST",
                "/saas/noticeManager/notice/save",
                token,
                Some(json!({"title": title, "content": "text"})),
            )
            .await;
            assert_eq!(status, 200, "{body}");
            body["data"]["id"].as_i64().unwrap()
        }
        Some(id) => {
            for (path, body) in [
                ("/saas/noticeManager/notice/withdraw", json!({"id": id})),
                (
                    "/saas/noticeManager/notice/update",
                    json!({"id": id, "title": title, "content": "text"}),
                ),
            ] {
                let (status, answer) = send(app, "PUT", path, token, Some(body)).await;
                assert_eq!(status, 200, "{path}: {answer}");
            }
            id
        }
    };
    let (status, body) = send(
        app,
        "PUT",
        "/saas/noticeManager/notice/publish",
        token,
        Some(json!({"id": id})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    id
}

/// saasId 0 alone does not make a notice the platform's: only what a platform administrator
/// wrote there reaches every tenant's dashboard; one rewritten by another type, or written
/// before the writer's type was kept, does not.
async fn only_a_platform_administrators_notice_reaches_every_tenant(backend: Backend) {
    let issuer = TestIssuer::new();
    let db = platform::testing::TestDb::new(backend);
    let cfg = test_config(saas_main::NAME, Some(&db));
    let app = spawn_with(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
    )
    .await;
    let platform = issuer.token(1, 0, 0, 100);
    // A tenant administrator's type in saasId 0, as rows written before auth-center refused it
    // could be.
    let stray = issuer.token(5, 0, 0, 200);
    let tenant = issuer.token(2, 1001, 0, 200);

    let forged = write_and_publish(&app, &stray, None, "Pay your fee here").await;
    let real = write_and_publish(&app, &platform, None, "Maintenance").await;
    assert_eq!(dashboard(&app, &tenant).await, ["Maintenance"]);
    // The platform's own dashboard shows its tenant's notices, whoever wrote them.
    let mut own = dashboard(&app, &platform).await;
    own.sort();
    assert_eq!(own, ["Maintenance", "Pay your fee here"]);

    // Rewritten by the stray type, the platform's notice is no longer the platform's ...
    write_and_publish(&app, &stray, Some(real), "Maintenance (changed)").await;
    assert_eq!(dashboard(&app, &tenant).await, Vec::<String>::new());
    // ... until a platform administrator writes it again.
    write_and_publish(&app, &platform, Some(real), "Maintenance (checked)").await;
    assert_eq!(dashboard(&app, &tenant).await, ["Maintenance (checked)"]);

    // A notice from before the writer's type was kept is not taken for the platform's.
    let db = app.db.as_ref().unwrap();
    let pool = platform::db::connect(&db.config()).unwrap();
    diesel::RunQueryDsl::execute(
        diesel::sql_query(format!(
            "UPDATE notices SET author_type = NULL WHERE id IN ({real}, {forged})"
        )),
        &mut pool.get().unwrap(),
    )
    .unwrap();
    drop(pool);
    assert_eq!(dashboard(&app, &tenant).await, Vec::<String>::new());
    app.shutdown().await;
}

platform::on_both_backends!(
    published_notices_reach_the_dashboard,
    only_a_platform_administrators_notice_reaches_every_tenant,
);
