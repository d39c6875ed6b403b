//! The price and stock calendar of ticket products: the setting dialog's rules (shared with
//! hotels), a distributor's own price and authorised stock, and who may see or change it.

use platform::testing::Backend;
use serde_json::json;

use crate::helpers::{DISTRIBUTOR, day, product_form, start_env};

async fn a_supplier_prices_its_product_and_a_distributor_gets_its_own(backend: Backend) {
    let env = start_env(backend).await;
    let spot = env.spot_for("West Lake", &[&env.supplier]).await;
    let supplier = env.client(&env.supplier);
    let id = supplier
        .product_on_sale(product_form(spot, json!({})))
        .await;
    let (from, to) = (day(1), day(3));
    let saved = supplier
        .post(
            "/saas/price/ticketPriceStore/save",
            json!({"productId": id, "startDate": from, "endDate": to,
                   "purchasePrice": {"mode": "fixed", "value": 8000},
                   "distributionPrice": {"mode": "fixed", "value": 10000},
                   "retailPrice": {"mode": "fixed", "value": "12000"},
                   "stockType": "limited", "stock": 10}),
        )
        .await;
    assert_eq!(saved.data()["created"], 3);
    let raised = supplier
        .post(
            "/saas/price/ticketPriceStore/save",
            json!({"productId": id, "startDate": from, "endDate": from,
                   "distributionPrice": {"mode": "multiply", "value": 1.1}, "closed": true}),
        )
        .await;
    assert_eq!(raised.data()["created"], 0);
    let cal = supplier
        .get(&format!(
            "/saas/price/ticketPriceStore/list?productId={id}&startDate={from}&endDate={}",
            day(4)
        ))
        .await;
    let days = cal.data().as_array().unwrap();
    assert_eq!(days.len(), 4);
    assert_eq!(days[0]["distributionPrice"], 11000);
    assert_eq!(days[0]["closed"], true);
    assert_eq!(days[1]["distributionPrice"], 10000);
    assert_eq!(
        (days[1]["stockType"].as_str(), days[1]["stock"].as_i64()),
        (Some("limited"), Some(10))
    );
    assert_eq!(days[3]["hasPrice"], false);

    let own = supplier
        .post(
            "/saas/price/ticketPriceStoreDistributor/save",
            json!({"productId": id, "distributorId": DISTRIBUTOR, "startDate": day(2), "endDate": day(2),
                   "distributionPrice": {"mode": "subtract", "value": 500}, "authorizedStock": 3}),
        )
        .await;
    own.data();
    let view = supplier
        .get(&format!(
            "/saas/price/ticketPriceStore/list?productId={id}&startDate={}&endDate={}&distributorId={DISTRIBUTOR}",
            day(2),
            day(3)
        ))
        .await;
    let d = &view.data()[0]["distributor"];
    assert_eq!(
        (d["effectivePrice"].as_i64(), d["effectiveStock"].as_i64()),
        (Some(9500), Some(3))
    );
    assert_eq!(d["stockSource"], "authorized");
    assert_eq!(view.data()[1]["distributor"]["stockSource"], "common");
    env.shutdown().await;
}

async fn the_setting_dialogs_rules_are_412s_naming_the_field(backend: Backend) {
    let env = start_env(backend).await;
    let spot = env
        .spot_for("West Lake", &[&env.supplier, &env.supplier_2])
        .await;
    let supplier = env.client(&env.supplier);
    let id = supplier
        .product_on_sale(product_form(spot, json!({})))
        .await;
    let save = |patch: serde_json::Value| {
        let mut body = json!({"productId": id, "startDate": day(1), "endDate": day(2),
            "purchasePrice": {"mode": "fixed", "value": 1}, "distributionPrice": {"mode": "fixed", "value": 1},
            "retailPrice": {"mode": "fixed", "value": 1}});
        for (k, v) in patch.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    for (patch, field) in [
        (json!({"startDate": null}), "startDate"),
        (json!({"endDate": ""}), "endDate"),
        (
            json!({"distributionPrice": {"mode": "multiply"}}),
            "distributionPrice",
        ),
        (
            json!({"retailPrice": {"mode": "divide", "value": 0}}),
            "retailPrice",
        ),
        (
            json!({"purchasePrice": {"mode": "add", "value": 5}}),
            "purchasePrice",
        ),
        (json!({"stockType": "limited"}), "stock"),
        (json!({"stockType": "some"}), "stockType"),
        (json!({"startDate": day(-1)}), "startDate"),
    ] {
        let answer = supplier
            .post("/saas/price/ticketPriceStore/save", save(patch))
            .await;
        assert_eq!(answer.field(), field);
    }
    let unpriced = supplier
        .post(
            "/saas/price/ticketPriceStoreDistributor/save",
            json!({"productId": id, "distributorId": DISTRIBUTOR, "startDate": day(1), "endDate": day(1), "authorizedStock": 2}),
        )
        .await;
    assert_eq!(unpriced.field(), "startDate");
    let not_a_distributor = supplier
        .post(
            "/saas/price/ticketPriceStoreDistributor/save",
            json!({"productId": id, "distributorId": 999, "startDate": day(1), "endDate": day(1)}),
        )
        .await;
    assert_eq!(not_a_distributor.field(), "distributorId");
    // Another supplier's product, a distributor: not theirs.
    let list = format!(
        "/saas/price/ticketPriceStore/list?productId={id}&startDate={}&endDate={}",
        day(1),
        day(2)
    );
    assert_eq!(env.client(&env.supplier_2).get(&list).await.status, 404);
    assert_eq!(
        env.client(&env.supplier_2)
            .post("/saas/price/ticketPriceStore/save", save(json!({})))
            .await
            .status,
        404
    );
    assert_eq!(env.client(&env.distributor).get(&list).await.status, 403);
    assert_eq!(env.client(&env.other_operator).get(&list).await.status, 404);
    assert_eq!(
        supplier.get(&list).await.data()[0]["hasPrice"],
        false,
        "nothing written"
    );
    env.shutdown().await;
}

platform::on_both_backends!(
    a_supplier_prices_its_product_and_a_distributor_gets_its_own,
    the_setting_dialogs_rules_are_412s_naming_the_field,
);
