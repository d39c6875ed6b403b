//! Mall products: the staff keep them, suppliers read their own, distributors the published
//! ones, nobody another tenant's; hotel and ticket products come from their services' events;
//! bad input is a 412 naming the field that writes nothing.

use platform::bus::{Outgoing, v1};
use platform::testing::{Backend, eventually};
use serde_json::json;

use crate::helpers::{Env, SAAS, SUPPLIER, product_body, start};

async fn staff_add_list_rank_publish_and_withdraw(backend: Backend) {
    let f = start(backend).await;
    let op = &f.operator;
    let tea = f
        .post("/saas/mall/products/save", op, product_body(" Tea "))
        .await;
    let tea = tea.data()["id"].as_i64().unwrap();
    let mut silk = product_body("Silk scarf");
    silk["keywords"] = json!("silk");
    silk["rankNum"] = json!(5);
    let silk = f.post("/saas/mall/products/save", op, silk).await.data()["id"]
        .as_i64()
        .unwrap();
    let loaded = f
        .get(&format!("/saas/mall/products/load?id={tea}"), op)
        .await;
    let p = loaded.data();
    assert_eq!(p["productName"], "Tea");
    assert_eq!(p["state"], 0, "a new product is a draft");
    assert_eq!(p["productId"], tea, "a general product is its own");
    assert_eq!(p["supplierName"], "Demo Supplier");
    assert_eq!(p["saleNum"], 0);
    assert_eq!(p["images"][0], "https://img.example/tea.png");

    let page = f.get("/saas/mall/products/list?state=-99", op).await;
    let names: Vec<_> = page
        .rows()
        .iter()
        .map(|r| r["productName"].clone())
        .collect();
    assert_eq!(names, [json!("Silk scarf"), json!("Tea")], "by rank");
    f.put(
        "/saas/mall/products/rank",
        op,
        json!({"id": tea, "rankNum": 1}),
    )
    .await;
    let page = f.get("/saas/mall/products/list", op).await;
    assert_eq!(page.rows()[0]["id"], tea);
    let by_kw = f.get("/saas/mall/products/list?keywords=SILK", op).await;
    assert_eq!(by_kw.data()["sizeAll"], 1);
    let now = platform::time::now_ms();
    let at = f
        .get(
            &format!(
                "/saas/mall/products/list?saleTime={}",
                now + 200 * 3_600_000
            ),
            op,
        )
        .await;
    assert_eq!(at.data()["sizeAll"], 0, "past the sale time");

    assert_eq!(
        f.put("/saas/mall/products/publish", op, json!({"id": tea}))
            .await
            .status,
        200
    );
    let again = f
        .put("/saas/mall/products/publish", op, json!({"id": tea}))
        .await;
    assert_eq!(
        (again.status, again.body["code"].as_str()),
        (412, Some("already-published"))
    );
    let published = f.get("/saas/mall/products/list?state=1", op).await;
    assert_eq!(published.data()["sizeAll"], 1);
    assert_eq!(
        f.put("/saas/mall/products/withdraw", op, json!({"id": tea}))
            .await
            .status,
        200
    );
    let loaded = f
        .get(&format!("/saas/mall/products/load?id={tea}"), op)
        .await;
    assert_eq!(loaded.data()["state"], 2);
    let not = f
        .put("/saas/mall/products/withdraw", op, json!({"id": silk}))
        .await;
    assert_eq!(not.body["code"], "not-published");

    let mut changed = product_body("Tea set");
    changed["id"] = json!(tea);
    changed["price"] = json!(30000);
    assert_eq!(
        f.put("/saas/mall/products/update", op, changed)
            .await
            .status,
        200
    );
    let loaded = f
        .get(&format!("/saas/mall/products/load?id={tea}"), op)
        .await;
    assert_eq!(
        (
            loaded.data()["price"].as_i64(),
            loaded.data()["state"].as_i64()
        ),
        (Some(30000), Some(2))
    );
    f.shutdown().await;
}

async fn suppliers_see_their_own_distributors_the_published(backend: Backend) {
    let f = start(backend).await;
    let op = &f.operator;
    let ours = f.product("Supplied").await;
    let mut own = product_body("The tenant's own");
    own["supplierId"] = json!(0);
    let own = f.post("/saas/mall/products/save", op, own).await.data()["id"]
        .as_i64()
        .unwrap();
    let draft = f
        .post("/saas/mall/products/save", op, product_body("Draft"))
        .await
        .data()["id"]
        .as_i64()
        .unwrap();

    let sup = f.get("/saas/mall/products/list", &f.supplier).await;
    let ids: Vec<_> = sup
        .rows()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    assert!(
        ids.contains(&ours) && ids.contains(&draft) && !ids.contains(&own),
        "{ids:?}"
    );
    assert_eq!(
        f.get(&format!("/saas/mall/products/load?id={own}"), &f.supplier)
            .await
            .status,
        404
    );

    let dis = f.get("/saas/mall/products/list", &f.distributor).await;
    let ids: Vec<_> = dis
        .rows()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [ours]);
    for token in [&f.supplier, &f.distributor] {
        let refused = f
            .post("/saas/mall/products/save", token, product_body("Mine"))
            .await;
        assert_eq!(refused.status, 403);
        let refused = f
            .put("/saas/mall/products/withdraw", token, json!({"id": ours}))
            .await;
        assert_eq!(refused.status, 403);
    }
    f.shutdown().await;
}

async fn another_tenants_products_are_not_found(backend: Backend) {
    let f = start(backend).await;
    let id = f.product("Ours").await;
    for token in [&f.other_operator, &f.other_supplier] {
        assert_eq!(
            f.get(&format!("/saas/mall/products/load?id={id}"), token)
                .await
                .status,
            404
        );
        assert_eq!(
            f.get("/saas/mall/products/list", token).await.data()["sizeAll"],
            0
        );
    }
    let other = &f.other_operator;
    let w = f
        .put("/saas/mall/products/withdraw", other, json!({"id": id}))
        .await;
    assert_eq!(w.status, 404);
    let r = f
        .put(
            "/saas/mall/products/rank",
            other,
            json!({"id": id, "rankNum": 3}),
        )
        .await;
    assert_eq!(r.status, 404);
    let mut body = product_body("Theirs");
    body["id"] = json!(id);
    assert_eq!(
        f.put("/saas/mall/products/update", other, body)
            .await
            .status,
        404
    );
    let mut body = product_body("Theirs");
    body["supplierId"] = json!(SUPPLIER);
    let refused = f.post("/saas/mall/products/save", other, body).await;
    assert_eq!(refused.field(), "supplierId", "our supplier is not theirs");
    f.shutdown().await;
}

async fn hotel_and_ticket_products_come_from_their_events(backend: Backend) {
    let f = start(backend).await;
    let op = &f.operator;
    announce(&f, SAAS, 10, 501, "Lakeside King Room").await;
    announce(&f, 1002, 10, 502, "Another tenant's room").await;
    eventually("the hotel products reach the copy", || async {
        let l = f.get("/saas/mall/linked/list?saleType=10", op).await;
        (l.data().as_array().map(Vec::len) == Some(1)).then_some(())
    })
    .await;
    let l = f
        .get(
            "/saas/mall/linked/list?saleType=10&productName=lakeside",
            op,
        )
        .await;
    assert_eq!(l.data()[0]["productId"], 501);
    let mut body = product_body("Lakeside stay");
    body["saleType"] = json!(10);
    body["productId"] = json!(501);
    body["supplierId"] = json!(0);
    let saved = f.post("/saas/mall/products/save", op, body.clone()).await;
    let id = saved.data()["id"].as_i64().unwrap();
    let p = f
        .get(&format!("/saas/mall/products/load?id={id}"), op)
        .await;
    assert_eq!(
        (
            p.data()["productId"].as_i64(),
            p.data()["supplierId"].as_i64()
        ),
        (Some(501), Some(SUPPLIER))
    );
    body["productId"] = json!(502);
    assert_eq!(
        f.post("/saas/mall/products/save", op, body.clone())
            .await
            .field(),
        "productId"
    );
    body["saleType"] = json!(20);
    body["productId"] = json!(501);
    assert_eq!(
        f.post("/saas/mall/products/save", op, body).await.field(),
        "productId",
        "not a ticket product"
    );
    f.shutdown().await;
}

async fn announce(f: &Env, saas: i64, product_type: i32, id: i64, name: &str) {
    let p = v1::ProductUpdated {
        product_id: id,
        product_type,
        supplier_mch_id: SUPPLIER,
        product_name: name.into(),
        on_sale: true,
        deleted: false,
    };
    let key = if product_type == 10 {
        "product.hotel.updated"
    } else {
        "product.ticket.updated"
    };
    let out = Outgoing::new("hotel-app", key, saas, &p);
    f.bus
        .publish_batch(&[(key, &out.envelope_bytes())])
        .await
        .unwrap();
}

async fn bad_input_names_the_field_and_writes_nothing(backend: Backend) {
    let f = start(backend).await;
    let op = &f.operator;
    let cases = [
        ("productName", json!("  ")),
        ("saleType", json!(30)),
        ("productId", json!(null)),
        ("saleTimeRange", json!([5, 5])),
        ("price", json!(-1)),
        ("stock", json!("many")),
        ("images", json!(["javascript:alert(1)"])),
        ("rankNum", json!(-3)),
        ("keywords", json!("a\nb")),
        ("supplierId", json!(99999)),
    ];
    for (field, value) in cases {
        let mut body = product_body("x");
        if field == "productId" {
            body["saleType"] = json!(20);
        } else {
            body[field] = value;
        }
        let answer = f.post("/saas/mall/products/save", op, body).await;
        assert_eq!(
            (answer.status, answer.field()),
            (412, field),
            "{}",
            answer.body
        );
    }
    assert_eq!(
        f.get("/saas/mall/products/list", op).await.data()["sizeAll"],
        0
    );
    let r = f
        .put(
            "/saas/mall/products/rank",
            op,
            json!({"id": 1, "rankNum": 1_000_000}),
        )
        .await;
    assert_eq!(r.field(), "rankNum");
    assert_eq!(
        f.get("/saas/mall/products/list?resultNum=0", op)
            .await
            .field(),
        "resultNum"
    );
    assert_eq!(f.get("/saas/mall/products/load", op).await.field(), "id");
    f.shutdown().await;
}

/// A body over the platform's limit is a 413 in the envelope on every route of the service.
async fn every_route_refuses_a_body_over_the_limit_in_the_envelope(backend: Backend) {
    let f = start(backend).await;
    assert_eq!(
        f.app.body_limit_misses(&[&f.operator]).await,
        Vec::<String>::new()
    );
    f.shutdown().await;
}

platform::on_both_backends!(
    staff_add_list_rank_publish_and_withdraw,
    suppliers_see_their_own_distributors_the_published,
    another_tenants_products_are_not_found,
    hotel_and_ticket_products_come_from_their_events,
    bad_input_names_the_field_and_writes_nothing,
    every_route_refuses_a_body_over_the_limit_in_the_envelope,
);
