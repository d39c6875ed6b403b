//! The activity dashboard from the gateway's user-action events.

use awc::Client;
use platform::bus::{Bus, MemoryBroker, Outgoing, v1};
use platform::testing::{
    Backend, TestApp, TestDb, TestIssuer, eventually, spawn_on_bus, test_config,
};
use saas_main::domain::stats;
use serde_json::Value;

async fn get(app: &TestApp, path: &str, token: &str) -> (u16, Value) {
    let mut res = Client::default()
        .get(app.url(path))
        .insert_header(("accept-language", "en"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn actions(n: usize, at: i64) -> Vec<v1::UserAction> {
    (0..n)
        .map(|i| v1::UserAction {
            user_id: i as i64,
            method: "POST".into(),
            path: "/api/x".into(),
            status: 200,
            at,
            ..Default::default()
        })
        .collect()
}

async fn activity_counts_the_recorded_actions(backend: Backend) {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let db = TestDb::new(backend);
    let mut cfg = test_config(saas_main::NAME, Some(&db));
    // The demo merchants, for their users below.
    cfg.env.set("TRADEWIND_SAAS_MAIN__DEMO__ENABLED", "true");
    let app = spawn_on_bus(
        saas_main::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
        bus.clone(),
    )
    .await;
    let demo = platform::demo::SAAS_ID;
    let admin = issuer.token(2, demo, 0, 200);

    let now = platform::time::now_ms();
    let today = stats::day_of_ms(now);
    let at = |day: i64| stats::day_start_ms(day) + 3_600_000;
    // Today 3 (in two batches), yesterday 4, the day before 2, eight days ago 5; another tenant 9.
    let batches = [
        (demo, actions(2, at(today))),
        (demo, actions(1, at(today))),
        (demo, actions(4, at(today - 1))),
        (demo, actions(2, at(today - 2))),
        (demo, actions(5, at(today - 8))),
        (2002, actions(9, at(today))),
    ];
    let bodies: Vec<Vec<u8>> = batches
        .iter()
        .map(|(saas, a)| {
            Outgoing::new(
                "gateway",
                "user-action.recorded",
                *saas,
                &v1::UserActionsRecorded { actions: a.clone() },
            )
            .envelope_bytes()
        })
        .collect();
    let batch: Vec<(&str, &[u8])> = bodies
        .iter()
        .map(|b| ("user-action.recorded", b.as_slice()))
        .collect();
    bus.publish_batch(&batch).await.unwrap();

    let (app_ref, admin_ref) = (&app, &admin);
    let overview = eventually("the actions reach the activity counts", || async move {
        let overview = get(
            app_ref,
            "/saas/dashboard/index/userActionOverview",
            admin_ref,
        )
        .await
        .1["data"]
            .clone();
        (overview["weekActionNum"] == 9 && overview["todayActionNum"] == 3).then_some(overview)
    })
    .await;
    assert_eq!(overview["todayActionNum"], 3, "{overview}");
    assert_eq!(overview["yesterdayActionNum"], 4);
    assert_eq!(overview["yesterdayActionRatio"], 100.0);
    assert_eq!(overview["weekActionNum"], 9);
    assert_eq!(overview["weekActionRatio"], 80.0, "9 against 5");

    let label = |d: i64| stats::label(stats::Display::Daily, stats::day_start_ms(d));
    let path = format!(
        "/saas/dashboard/index/userActionStats?startDate={}&endDate={}",
        label(today - 1),
        label(today)
    );
    let (status, body) = get(&app, &path, &admin).await;
    assert_eq!(status, 200, "{body}");
    let counts = |k: &str| {
        body["data"][k]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["count"].as_i64().unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(counts("current"), [4, 3]);
    assert_eq!(counts("previous"), [0, 2]);
    assert_eq!(body["data"]["current"][1]["day"], label(today));
    let (status, body) = get(
        &app,
        "/saas/dashboard/index/userActionStats?startDate=2026-01-01",
        &admin,
    )
    .await;
    assert_eq!(
        (status, body["data"]["field"].as_str()),
        (412, Some("endDate"))
    );

    // The counts are the whole tenant's: merchants' users are refused even when a group grants
    // them the dashboard's codes (the demo groups do), and still read their own overview.
    let merchants = [
        (3, platform::demo::SUPPLIER_ID, 311, "supplierOverview"),
        (
            4,
            platform::demo::DISTRIBUTOR_ID,
            312,
            "distributorOverview",
        ),
    ];
    for (id, mch, msc, own) in merchants {
        issuer.grant(id, &["/saas/dashboard/**"]);
        let token = issuer.token(id, demo, mch, msc);
        for path in ["/saas/dashboard/index/userActionOverview", path.as_str()] {
            let (status, body) = get(&app, path, &token).await;
            assert_eq!(
                (status, body["code"].as_str()),
                (403, Some("forbidden")),
                "{mch} {path}: {body}"
            );
        }
        let (status, body) = get(&app, &format!("/saas/dashboard/index/{own}"), &token).await;
        assert_eq!(status, 200, "{mch}: {body}");
    }
    app.shutdown().await;
}

platform::on_both_backends!(activity_counts_the_recorded_actions);
