//! Ticket products: the form's rules (each a 412 naming its field), who keeps which product
//! (a supplier its own, another supplier's is not found), the state table shared with hotel
//! products, the lists, and the `product.ticket.updated` event of every change.

use platform::bus::v1;
use platform::testing::Backend;
use prost::Message as _;
use serde_json::json;

use platform::bus::Subscription;

use crate::helpers::{Client, SUPPLIER, SUPPLIER_2, next_event, product_form, start_env};

const EVENT: &str = "product.ticket.updated";

async fn next_product_event(events: &mut Subscription) -> v1::ProductUpdated {
    let e = next_event(events, EVENT).await;
    v1::ProductUpdated::decode(e.payload.as_slice()).unwrap()
}

async fn a_supplier_makes_publishes_and_changes_its_product(backend: Backend) {
    let mut env = start_env(backend).await;
    let spot = env.spot_for("West Lake", &[&env.supplier]).await;
    env.drain_events();
    let supplier = Client::new(&env.fixture, &env.fixture.supplier);
    let saved = supplier
        .save_product(product_form(
            spot,
            json!({"smsText": format!("{}，{}", "甲".repeat(50), "乙".repeat(20)), "limitGoodsType": 2, "limitNum": 4, "limitBy": 3}),
        ))
        .await;
    let p = saved.data();
    let id = p["productId"].as_i64().unwrap();
    assert_eq!(p["state"], 0, "a new product is unpublished");
    assert_eq!(p["supplierId"], SUPPLIER);
    assert_eq!(p["supplierName"], "Demo Supplier");
    assert_eq!(p["scenicName"], "West Lake");
    assert_eq!(p["smsParts"].as_array().unwrap().len(), 2);
    assert_eq!(p["limitBy"], 3);
    let e = next_product_event(&mut env.events).await;
    assert_eq!(
        (e.product_id, e.supplier_mch_id, e.on_sale),
        (id, SUPPLIER, false)
    );
    assert_eq!(e.product_type, v1::ProductType::Ticket as i32);

    let published = supplier.change_product(id, "publish").await;
    assert_eq!(published.data()["state"], 1);
    assert!(next_product_event(&mut env.events).await.on_sale);

    let changed = supplier
        .update_product(json!({"productId": id, "productName": "Adult ticket", "scenicId": spot, "productType": 2, "formFields": [4]}))
        .await;
    assert_eq!(changed.data()["productName"], "Adult ticket");
    assert_eq!(changed.data()["state"], 1, "a change keeps the state");
    assert_eq!(
        next_product_event(&mut env.events).await.product_name,
        "Adult ticket"
    );

    let refused = supplier.change_product(id, "delete").await;
    assert_eq!(
        (refused.status, refused.body["code"].as_str()),
        (412, Some("product-state"))
    );
    supplier.change_product(id, "unshelve").await.data();
    assert!(!next_product_event(&mut env.events).await.on_sale);
    supplier.change_product(id, "delete").await.data();
    assert!(next_product_event(&mut env.events).await.deleted);
    assert_eq!(
        supplier.list_products("").await.data()["sizeAll"],
        0,
        "deleted: left out"
    );
    assert_eq!(
        supplier.list_products("state=-1").await.data()["sizeAll"],
        1
    );
    let deleted_change = supplier
        .update_product(json!({"productId": id, "productName": "X", "scenicId": spot, "productType": 1, "formFields": [2]}))
        .await;
    assert_eq!(deleted_change.status, 412);
    assert_eq!(supplier.change_product(id, "fly").await.field(), "action");
    env.shutdown().await;
}

async fn every_product_rule_is_a_412_naming_its_field(backend: Backend) {
    let env = start_env(backend).await;
    let spot = env.spot_for("West Lake", &[&env.supplier]).await;
    let not_mine = env.spot_for("Qiandao Lake", &[&env.supplier_2]).await;
    let supplier = env.client(&env.supplier);
    for (patch, field) in [
        (json!({"productName": " "}), "productName"),
        (json!({"productType": 9}), "productType"),
        (json!({"deliveryType": 2}), "formFields"),
        (json!({"formFields": [1, 3]}), "formFields"),
        (json!({"formFields": [2, 8]}), "formFields[1]"),
        (
            json!({"interfaceId": 5, "customFields": [{"name": "Hotel", "fieldType": 1}]}),
            "customFields",
        ),
        (
            json!({"customFields": [{"name": "Size", "fieldType": 4}]}),
            "customFields[0].options",
        ),
        (json!({"smsText": "x".repeat(121)}), "smsText"),
        (json!({"validateType": 3}), "validDays"),
        (
            json!({"validateType": 1, "validStart": "2026-12-01"}),
            "validEnd",
        ),
        (json!({"limitTimeType": 1}), "limitTime"),
        (json!({"cancelType": 2}), "cancelDays"),
        (json!({"limitGoodsType": 1}), "limitNum"),
        (
            json!({"limitGoodsType": 2, "limitNum": 2, "limitBy": 4}),
            "limitBy",
        ),
        (json!({"productType": "one"}), "productType"),
        (json!({"scenicId": not_mine}), "scenicId"),
        (json!({"scenicId": 42}), "scenicId"),
    ] {
        assert_eq!(
            supplier
                .save_product(product_form(spot, patch))
                .await
                .field(),
            field
        );
    }
    // External interface products without custom fields, express with an address: fine.
    supplier
        .save_product(product_form(
            spot,
            json!({"interfaceId": 5, "deliveryType": 2, "formFields": [2, 5]}),
        ))
        .await
        .data();
    assert_eq!(supplier.list_products("").await.data()["sizeAll"], 1);
    // The staff name a cooperating supplier; distributors keep no products.
    let staff = env.client(&env.operator);
    assert_eq!(
        staff
            .save_product(product_form(spot, json!({})))
            .await
            .field(),
        "supplierId"
    );
    assert_eq!(
        staff
            .save_product(product_form(spot, json!({"supplierId": SUPPLIER_2})))
            .await
            .field(),
        "scenicId"
    );
    let by_staff = staff
        .save_product(product_form(spot, json!({"supplierId": SUPPLIER})))
        .await;
    assert_eq!(by_staff.data()["supplierId"], SUPPLIER);
    let distributor = env.client(&env.distributor);
    assert_eq!(
        distributor
            .save_product(product_form(spot, json!({})))
            .await
            .status,
        403
    );
    assert_eq!(distributor.list_products("").await.status, 403);
    env.shutdown().await;
}

async fn another_suppliers_products_are_invisible(backend: Backend) {
    let env = start_env(backend).await;
    let spot = env
        .spot_for("West Lake", &[&env.supplier, &env.supplier_2])
        .await;
    let mine = env
        .client(&env.supplier)
        .product_on_sale(product_form(spot, json!({})))
        .await;
    let theirs = env
        .client(&env.supplier_2)
        .product_on_sale(product_form(spot, json!({"productName": "Theirs"})))
        .await;
    let supplier = env.client(&env.supplier);
    assert_eq!(supplier.load_product(theirs).await.status, 404);
    assert_eq!(
        supplier.change_product(theirs, "unshelve").await.status,
        404
    );
    assert_eq!(
        supplier
            .update_product(json!({"productId": theirs, "productName": "Mine now", "scenicId": spot, "productType": 1, "formFields": [2]}))
            .await
            .status,
        404
    );
    let list = supplier
        .list_products(&format!("supplierId={SUPPLIER_2}"))
        .await;
    assert_eq!(list.data()["sizeAll"], 1);
    assert_eq!(list.rows()[0]["productId"], mine);
    let own = supplier
        .get("/saas/product/supplierProduct/listTicket")
        .await;
    assert_eq!(own.data()["sizeAll"], 1);
    // The staff see both, and narrow to a supplier.
    let staff = env.client(&env.operator);
    assert_eq!(staff.list_products("").await.data()["sizeAll"], 2);
    let narrowed = staff
        .get(&format!(
            "/saas/product/supplierProduct/listTicket?supplierId={SUPPLIER_2}"
        ))
        .await;
    assert_eq!(narrowed.rows()[0]["productId"], theirs);
    let grouped = staff.get("/saas/product/scenicProducts/listScenic").await;
    assert_eq!(grouped.data()["sizeAll"], 1);
    assert_eq!(grouped.rows()[0]["scenicName"], "West Lake");
    assert_eq!(grouped.rows()[0]["products"].as_array().unwrap().len(), 2);
    let for_scenic = supplier.list_for_scenic("").await;
    assert_eq!(for_scenic.rows()[0]["productCount"], 1, "its own");
    // Another tenant sees nothing of them.
    let other = env.client(&env.other_operator);
    assert_eq!(other.load_product(mine).await.status, 404);
    assert_eq!(other.list_products("").await.data()["sizeAll"], 0);
    env.shutdown().await;
}

platform::on_both_backends!(
    a_supplier_makes_publishes_and_changes_its_product,
    every_product_rule_is_a_412_naming_its_field,
    another_suppliers_products_are_invisible,
);
