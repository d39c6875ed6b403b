//! The ticket order report per product: standing orders in the amounts, ended ones counted
//! apart, costs left out for a distributor, each caller's own orders only, a bad period named.

use platform::testing::Backend;
use serde_json::json;

use crate::helpers::{buyer, day, start_env};

async fn the_report_adds_up_each_callers_own_orders(backend: Backend) {
    let env = start_env(backend).await;
    let product = env
        .bookable(
            &env.supplier,
            json!({"confirmType": 2, "cancelType": 1}),
            Some(10),
        )
        .await;
    let distributor = env.client(&env.distributor);
    let kept = distributor
        .book(product, 1, 2, buyer("13800000001", "A1"))
        .await;
    let refused = distributor
        .book(product, 1, 1, buyer("13800000002", "A2"))
        .await;
    let refused = refused.data()["orderId"].as_i64().unwrap();
    let supplier = env.client(&env.supplier);
    assert_eq!(
        supplier
            .act("refuse", refused, "sold out at the gate")
            .await
            .data()["orderState"],
        9
    );
    let kept = kept.data()["orderId"].as_i64().unwrap();
    assert_eq!(
        supplier.act("confirm", kept, "").await.data()["orderState"],
        1
    );

    let report = format!(
        "/saas/order/ticketOrderReport/listProductSummary?startDate={}&endDate={}",
        day(-1),
        day(1)
    );
    let rows = env.client(&env.operator).get(&report).await;
    let rows = rows.data().as_array().unwrap().clone();
    assert_eq!(rows.len(), 1, "{rows:?}");
    let row = &rows[0];
    assert_eq!(row["productId"], product);
    assert!(!row["productName"].as_str().unwrap().is_empty(), "{row}");
    assert!(
        row["scenicName"].as_str().unwrap().starts_with("Spot "),
        "{row}"
    );
    assert_eq!(
        [
            &row["orderNum"],
            &row["ticketNum"],
            &row["orderPrice"],
            &row["supplierPrice"],
            &row["profit"],
            &row["cancelNum"]
        ],
        [
            &json!(2),
            &json!(2),
            &json!(20000),
            &json!(16000),
            &json!(4000),
            &json!(1)
        ],
        "{row}"
    );
    assert_eq!(supplier.get(&report).await.data(), &json!(rows));
    // The distributor reads its amounts, not what the supplier is paid.
    let theirs = distributor.get(&report).await;
    let theirs = &theirs.data()[0];
    assert_eq!(
        (theirs["orderNum"].as_i64(), theirs["orderPrice"].as_i64()),
        (Some(2), Some(20000))
    );
    assert_eq!(
        (theirs.get("supplierPrice"), theirs.get("profit")),
        (None, None),
        "{theirs}"
    );
    // Another supplier of the tenant has no orders of this product.
    assert_eq!(
        env.client(&env.supplier_2).get(&report).await.data(),
        &json!([])
    );
    // A period outside the orders is empty.
    let before = format!(
        "/saas/order/ticketOrderReport/listProductSummary?startDate={}&endDate={}",
        day(-30),
        day(-2)
    );
    assert_eq!(supplier.get(&before).await.data(), &json!([]));

    for (query, field) in [
        (
            format!("startDate={}&endDate={}", day(1), day(0)),
            "endDate",
        ),
        (
            format!("startDate={}&endDate={}", day(-400), day(0)),
            "endDate",
        ),
        (
            format!("startDate=2026-02-30&endDate={}", day(0)),
            "startDate",
        ),
        (format!("startDate={}", day(0)), "endDate"),
    ] {
        let a = supplier
            .get(&format!(
                "/saas/order/ticketOrderReport/listProductSummary?{query}"
            ))
            .await;
        assert_eq!((a.status, a.field()), (412, field), "{query}: {:?}", a.body);
    }
}

platform::on_both_backends!(the_report_adds_up_each_callers_own_orders);
