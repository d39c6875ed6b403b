//! Themes: the staff keep them and order their products; merchants see the enabled ones with
//! the products they may see; another tenant sees nothing; bad input is a 412 naming the field.

use platform::testing::Backend;
use serde_json::{Value, json};

use crate::helpers::{HOUR, product_body, start};

fn theme(name: &str) -> Value {
    let now = platform::time::now_ms();
    json!({
        "themeName": name,
        "cover": "https://img.example/cover.png",
        "sortNum": 1,
        "startTime": now - HOUR,
        "endTime": now + HOUR,
    })
}

async fn staff_make_a_theme_order_its_products_and_disable_it(backend: Backend) {
    let f = start(backend).await;
    let op = &f.operator;
    let a = f.product("A").await;
    let b = f.product("B").await;
    let draft = f
        .post("/saas/mall/products/save", op, product_body("Draft"))
        .await
        .data()["id"]
        .as_i64()
        .unwrap();
    let id = f
        .post("/saas/mall/themes/save", op, theme(" Spring "))
        .await
        .data()["id"]
        .as_i64()
        .unwrap();
    let set = f
        .put(
            "/saas/mall/themes/products",
            op,
            json!({"id": id, "productIds": [b, draft, a]}),
        )
        .await;
    assert_eq!(set.status, 200, "{}", set.body);
    let t = f.get(&format!("/saas/mall/themes/load?id={id}"), op).await;
    assert_eq!(t.data()["themeName"], "Spring");
    assert_eq!(t.data()["state"], 1);
    let order: Vec<_> = t.data()["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    assert_eq!(order, [b, draft, a]);
    let seen = f
        .get(&format!("/saas/mall/themes/load?id={id}"), &f.distributor)
        .await;
    let order: Vec<_> = seen.data()["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect();
    assert_eq!(order, [b, a], "a distributor sees the published ones");

    f.put(
        "/saas/mall/themes/products",
        op,
        json!({"id": id, "productIds": [a, b]}),
    )
    .await;
    let t = f.get(&format!("/saas/mall/themes/load?id={id}"), op).await;
    assert_eq!(t.data()["products"][0]["id"], a);

    let mut changed = theme("Summer");
    changed["id"] = json!(id);
    assert_eq!(
        f.put("/saas/mall/themes/update", op, changed).await.status,
        200
    );
    assert_eq!(
        f.put("/saas/mall/themes/disable", op, json!({"id": id}))
            .await
            .status,
        200
    );
    assert_eq!(
        f.get("/saas/mall/themes/list?state=0", op).await.data()["sizeAll"],
        1
    );
    assert_eq!(
        f.get(&format!("/saas/mall/themes/load?id={id}"), &f.distributor)
            .await
            .status,
        404
    );
    assert_eq!(
        f.get("/saas/mall/themes/list", &f.supplier).await.data()["sizeAll"],
        0
    );
    assert_eq!(
        f.put("/saas/mall/themes/enable", op, json!({"id": id}))
            .await
            .status,
        200
    );
    let list = f
        .get("/saas/mall/themes/list?themeName=summ", &f.distributor)
        .await;
    assert_eq!(list.data()["sizeAll"], 1);
    let refused = f
        .put(
            "/saas/mall/themes/disable",
            &f.distributor,
            json!({"id": id}),
        )
        .await;
    assert_eq!(refused.status, 403);
    f.shutdown().await;
}

async fn another_tenants_themes_are_not_found(backend: Backend) {
    let f = start(backend).await;
    let id = f
        .post("/saas/mall/themes/save", &f.operator, theme("Ours"))
        .await
        .data()["id"]
        .as_i64()
        .unwrap();
    let other = &f.other_operator;
    assert_eq!(
        f.get(&format!("/saas/mall/themes/load?id={id}"), other)
            .await
            .status,
        404
    );
    assert_eq!(
        f.get("/saas/mall/themes/list", other).await.data()["sizeAll"],
        0
    );
    assert_eq!(
        f.put("/saas/mall/themes/disable", other, json!({"id": id}))
            .await
            .status,
        404
    );
    let ours = f.product("Ours").await;
    let theirs = f
        .post("/saas/mall/themes/save", other, theme("Theirs"))
        .await
        .data()["id"]
        .as_i64()
        .unwrap();
    let refused = f
        .put(
            "/saas/mall/themes/products",
            other,
            json!({"id": theirs, "productIds": [ours]}),
        )
        .await;
    assert_eq!(refused.field(), "productIds", "our product is not theirs");
    f.shutdown().await;
}

async fn bad_input_names_the_field_and_writes_nothing(backend: Backend) {
    let f = start(backend).await;
    let op = &f.operator;
    for (field, value) in [
        ("themeName", json!("")),
        ("cover", json!("ftp://x")),
        ("sortNum", json!(-1)),
        ("endTime", json!(1)),
        ("state", json!(7)),
    ] {
        let mut body = theme("x");
        body[field] = value;
        let answer = f.post("/saas/mall/themes/save", op, body).await;
        assert_eq!(
            (answer.status, answer.field()),
            (412, field),
            "{}",
            answer.body
        );
    }
    f.post("/saas/mall/themes/save", op, theme("Taken")).await;
    assert_eq!(
        f.post("/saas/mall/themes/save", op, theme("Taken"))
            .await
            .field(),
        "themeName"
    );
    assert_eq!(
        f.get("/saas/mall/themes/list", op).await.data()["sizeAll"],
        1
    );
    let id = f.get("/saas/mall/themes/list", op).await.rows()[0]["id"]
        .as_i64()
        .unwrap();
    let a = f.product("A").await;
    let twice = f
        .put(
            "/saas/mall/themes/products",
            op,
            json!({"id": id, "productIds": [a, a]}),
        )
        .await;
    assert_eq!(twice.field(), "productIds");
    f.shutdown().await;
}

platform::on_both_backends!(
    staff_make_a_theme_order_its_products_and_disable_it,
    another_tenants_themes_are_not_found,
    bad_input_names_the_field_and_writes_nothing,
);
