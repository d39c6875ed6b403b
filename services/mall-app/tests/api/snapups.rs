//! Snap-up sessions: the staff create them, change them before the start only and stop them;
//! buyers see the live and coming ones; another tenant sees none; bad input names the field.

use platform::testing::Backend;
use serde_json::{Value, json};

use crate::helpers::{HOUR, start};

fn session(product: i64, start_in: i64) -> Value {
    let now = platform::time::now_ms();
    json!({
        "mallProductId": product,
        "snapupPrice": 990,
        "stock": 10,
        "startTime": now + start_in,
        "endTime": now + start_in + 2 * HOUR,
        "typeLimitGoods": 2,
        "typeLimitTarget": 1,
        "limitNum": 2,
    })
}

async fn staff_create_change_before_the_start_and_stop(backend: Backend) {
    let f = start(backend).await;
    let op = &f.operator;
    let p = f.product("Tea").await;
    let coming = f
        .post("/saas/mall/snapups/save", op, session(p, HOUR))
        .await
        .data()["id"]
        .as_i64()
        .unwrap();
    let live = f.live_session(p, 5, 0, 0).await;
    let s = f
        .get(&format!("/saas/mall/snapups/load?id={coming}"), op)
        .await;
    assert_eq!(
        (s.data()["phase"].as_i64(), s.data()["stockLeft"].as_i64()),
        (Some(0), Some(10))
    );
    assert_eq!(s.data()["productName"], "Tea");

    let mut changed = session(p, 2 * HOUR);
    changed["id"] = json!(coming);
    changed["stock"] = json!(20);
    assert_eq!(
        f.put("/saas/mall/snapups/update", op, changed).await.status,
        200
    );
    let s = f
        .get(&format!("/saas/mall/snapups/load?id={coming}"), op)
        .await;
    assert_eq!(
        (s.data()["stock"].as_i64(), s.data()["stockLeft"].as_i64()),
        (Some(20), Some(20))
    );

    let mut late = session(p, HOUR);
    late["id"] = json!(live);
    let refused = f.put("/saas/mall/snapups/update", op, late).await;
    assert_eq!(
        (refused.status, refused.body["code"].as_str()),
        (412, Some("session-started"))
    );

    let phases = f.get("/saas/mall/snapups/list?phase=1", op).await;
    assert_eq!(phases.data()["sizeAll"], 1);
    let buyers = f.get("/saas/mall/snapups/live", &f.distributor).await;
    let ids: Vec<_> = buyers
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [live, coming], "the soonest first");

    assert_eq!(
        f.put("/saas/mall/snapups/stop", op, json!({"id": live}))
            .await
            .status,
        200
    );
    let again = f
        .put("/saas/mall/snapups/stop", op, json!({"id": live}))
        .await;
    assert_eq!(again.body["code"], "session-stopped");
    let s = f
        .get(&format!("/saas/mall/snapups/load?id={live}"), op)
        .await;
    assert_eq!(s.data()["phase"], 3);
    let refused = f.order(&f.distributor, live, 1).await;
    assert_eq!(refused.body["code"], "session-stopped");
    let buyers = f.get("/saas/mall/snapups/live", &f.distributor).await;
    assert_eq!(buyers.data().as_array().unwrap().len(), 1);
    for token in [&f.supplier, &f.distributor] {
        assert_eq!(
            f.post("/saas/mall/snapups/save", token, session(p, HOUR))
                .await
                .status,
            403
        );
        assert_eq!(
            f.put("/saas/mall/snapups/stop", token, json!({"id": coming}))
                .await
                .status,
            403
        );
    }
    f.shutdown().await;
}

async fn another_tenants_sessions_are_invisible(backend: Backend) {
    let f = start(backend).await;
    let p = f.product("Tea").await;
    let live = f.live_session(p, 5, 0, 0).await;
    for token in [&f.other_operator, &f.other_supplier] {
        assert_eq!(
            f.get(&format!("/saas/mall/snapups/load?id={live}"), token)
                .await
                .status,
            404
        );
        assert_eq!(
            f.get("/saas/mall/snapups/list", token).await.data()["sizeAll"],
            0
        );
        assert_eq!(
            f.get("/saas/mall/snapups/live", token).await.data(),
            &json!([])
        );
    }
    let other = &f.other_operator;
    assert_eq!(
        f.put("/saas/mall/snapups/stop", other, json!({"id": live}))
            .await
            .status,
        404
    );
    assert_eq!(f.order(other, live, 1).await.status, 404);
    let theirs = f
        .post("/saas/mall/snapups/save", other, session(p, HOUR))
        .await;
    assert_eq!(theirs.field(), "mallProductId");
    assert_eq!(f.stock_left(live).await, 5);
    f.shutdown().await;
}

async fn bad_input_names_the_field_and_writes_nothing(backend: Backend) {
    let f = start(backend).await;
    let op = &f.operator;
    let p = f.product("Tea").await;
    for (field, value) in [
        ("mallProductId", json!(0)),
        ("snapupPrice", json!(-5)),
        ("stock", json!(0)),
        ("endTime", json!(1)),
        ("typeLimitGoods", json!(9)),
        ("typeLimitTarget", json!(3)),
        ("stock", json!(501)),
        ("limitNum", json!(11)),
        ("limitNum", json!("two")),
    ] {
        let mut body = session(p, HOUR);
        body[field] = value;
        let answer = f.post("/saas/mall/snapups/save", op, body).await;
        assert_eq!(
            (answer.status, answer.field()),
            (412, field),
            "{}",
            answer.body
        );
    }
    assert_eq!(
        f.get("/saas/mall/snapups/list", op).await.data()["sizeAll"],
        0
    );
    f.shutdown().await;
}

platform::on_both_backends!(
    staff_create_change_before_the_start_and_stop,
    another_tenants_sessions_are_invisible,
    bad_input_names_the_field_and_writes_nothing,
);
