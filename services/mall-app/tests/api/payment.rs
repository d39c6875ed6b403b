//! Paying mall orders by credit (finance-app's saga, told here as finance-app would answer),
//! cancelling and refunding them, the spec's IP and "resource" limit targets, and sessions that
//! sell a share of their product's stock.

use futures_util::future::join_all;
use platform::bus::v1;
use platform::testing::{Backend, eventually};
use prost::Message as _;
use serde_json::json;

use crate::helpers::{DISTRIBUTOR, start, start_with};

async fn a_credit_paid_order_never_expires_and_a_refund_releases_its_credit(backend: Backend) {
    let mut f = start_with(
        backend,
        &[("TRADEWIND_MALL_APP__SNAPUP__EXPIRY_CHECK_SECS", "3600")],
    )
    .await;
    let p = f.product("Tea").await;
    let s = f.live_session(p, 10, 2, 3).await;
    let placed = f.order(&f.distributor, s, 2).await;
    let order = placed.data()["order"]["orderId"].as_i64().unwrap();
    let price = placed.data()["order"]["orderPrice"].as_i64().unwrap();

    let paying = f
        .put(
            "/saas/mall/orders/pay",
            &f.distributor,
            json!({"orderId": order, "payType": 1}),
        )
        .await;
    assert_eq!(
        (paying.status, paying.data()["payState"].as_i64()),
        (200, Some(20)),
        "{}",
        paying.body
    );
    let asked = f.next_event("credit.mall.requested").await;
    let request = asked.event_id.clone();
    let r = v1::CreditPaymentRequested::decode(asked.payload.as_slice()).unwrap();
    let o = r.order.unwrap();
    assert_eq!(
        (o.order_id, o.product_type, o.distributor_mch_id, r.amount),
        (order, v1::ProductType::General as i32, DISTRIBUTOR, price)
    );
    // While finance-app is asked: no second payment, no cancellation, no expiry.
    let again = f
        .put(
            "/saas/mall/orders/pay",
            &f.distributor,
            json!({"orderId": order, "payType": 1}),
        )
        .await;
    assert_eq!(again.body["code"], "order-paying");
    let cancel = f
        .put(
            "/saas/mall/orders/cancel",
            &f.operator,
            json!({"orderId": order}),
        )
        .await;
    assert_eq!(cancel.body["code"], "order-paying");
    f.sql(&format!(
        "UPDATE mall_orders SET pay_deadline = 1 WHERE id = {order}"
    ));
    let mut conn = f.pool().get().unwrap();
    let now = platform::time::now_ms();
    assert_eq!(
        mall_app::store::orders::expire_unpaid(&mut conn, now)
            .unwrap()
            .0,
        0
    );

    // An answer to another attempt changes nothing; this attempt's answer pays it.
    f.credit_answer(order, price, "another-request", true).await;
    f.credit_answer(order, price, &request, true).await;
    let (state, pay, o) = eventually("the order paid", || async {
        let o = f.order_of(&f.distributor, order).await;
        (o.1 == 21).then_some(o)
    })
    .await;
    assert_eq!((state, pay), (3, 21));
    assert_eq!(
        (o["payPrice"].as_i64(), o["payType"].as_i64()),
        (Some(price), Some(1))
    );
    let changed = f.next_event("order.mall.state-changed").await;
    let c = v1::OrderStateChanged::decode(changed.payload.as_slice()).unwrap();
    assert_eq!((c.old_order_state, c.new_order_state), (2, 3));
    // Paid past its deadline: it does not expire; its units stay sold.
    assert_eq!(
        mall_app::store::orders::expire_unpaid(&mut conn, now)
            .unwrap()
            .0,
        0
    );
    drop(conn);
    assert_eq!(f.stock_left(s).await, 8);
    // Told a refusal of the same attempt afterwards: nothing changes.
    f.credit_answer(order, price, &request, false).await;

    // The buyer cannot cancel a paid order; the staff can, and it is refunded.
    let mine = f
        .put(
            "/saas/mall/orders/cancel",
            &f.distributor,
            json!({"orderId": order}),
        )
        .await;
    assert_eq!(mine.body["code"], "order-paid");
    let refunded = f
        .put(
            "/saas/mall/orders/cancel",
            &f.operator,
            json!({"orderId": order, "remark": "customer changed plans"}),
        )
        .await;
    assert_eq!(
        (
            refunded.status,
            refunded.data()["orderState"].as_i64(),
            refunded.data()["payState"].as_i64()
        ),
        (200, Some(4), Some(51)),
        "{}",
        refunded.body
    );
    let cancelled = f.next_event("order.mall.cancelled").await;
    let c = v1::OrderCancelled::decode(cancelled.payload.as_slice()).unwrap();
    assert_eq!(c.reason, "customer changed plans");
    let released = f.next_event("credit.mall.release-requested").await;
    let r = v1::CreditReleaseRequested::decode(released.payload.as_slice()).unwrap();
    assert_eq!((r.order.unwrap().order_id, r.amount), (order, price));
    // (written in that order, in the cancellation's transaction)
    // The units and the buyer's limit came back, once.
    assert_eq!(f.stock_left(s).await, 10);
    let twice = f
        .put(
            "/saas/mall/orders/cancel",
            &f.operator,
            json!({"orderId": order}),
        )
        .await;
    assert_eq!(twice.body["code"], "order-closed");
    assert_eq!(f.stock_left(s).await, 10);
    assert_eq!(f.order(&f.distributor, s, 3).await.status, 200);
    assert_eq!((f.order_of(&f.operator, order).await.0), 4);
    f.shutdown().await;
}

async fn a_refused_payment_keeps_the_reason_and_the_order_payable_and_cancellable(
    backend: Backend,
) {
    let mut f = start(backend).await;
    let p = f.product("Tea").await;
    let s = f.live_session(p, 10, 0, 0).await;
    let placed = f.order(&f.distributor, s, 1).await;
    let order = placed.data()["order"]["orderId"].as_i64().unwrap();
    assert_eq!(
        f.put(
            "/saas/mall/orders/pay",
            &f.distributor,
            json!({"orderId": order, "payType": 2}),
        )
        .await
        .field(),
        "payType"
    );
    f.put(
        "/saas/mall/orders/pay",
        &f.distributor,
        json!({"orderId": order, "payType": 1}),
    )
    .await;
    let request = f.next_event("credit.mall.requested").await.event_id;
    f.credit_answer(order, 990, &request, false).await;
    let (state, _, o) = eventually("the payment refused", || async {
        let o = f.order_of(&f.distributor, order).await;
        (o.1 == 29).then_some(o)
    })
    .await;
    assert_eq!(state, 2, "still unpaid");
    assert!(
        o["payFailReason"]
            .as_str()
            .unwrap()
            .contains("not enough credit"),
        "{o}"
    );
    // Paid again: a new request, waiting again.
    let again = f
        .put(
            "/saas/mall/orders/pay",
            &f.distributor,
            json!({"orderId": order, "payType": 1}),
        )
        .await;
    assert_eq!(again.data()["payState"], 20, "{}", again.body);
    let second = f.next_event("credit.mall.requested").await.event_id;
    assert_ne!(second, request);
    // The first attempt's refusal told again does not touch the second attempt.
    f.credit_answer(order, 990, &request, false).await;
    f.credit_answer(order, 990, &second, false).await;
    eventually("the second payment refused", || async {
        (f.order_of(&f.distributor, order).await.1 == 29).then_some(())
    })
    .await;
    // The buyer cancels its own unpaid order: the unit goes back.
    let cancelled = f
        .put(
            "/saas/mall/orders/cancel",
            &f.distributor,
            json!({"orderId": order}),
        )
        .await;
    assert_eq!(cancelled.data()["orderState"], 4, "{}", cancelled.body);
    assert_eq!(f.stock_left(s).await, 10);
    // The staff's own order has no distributor's credit to pay it; suppliers cancel nothing.
    let staffs = f.order(&f.operator, s, 1).await;
    let staffs = staffs.data()["order"]["orderId"].as_i64().unwrap();
    let refused = f
        .put(
            "/saas/mall/orders/pay",
            &f.operator,
            json!({"orderId": staffs, "payType": 1}),
        )
        .await;
    assert_eq!((refused.status, refused.field()), (412, "payType"));
    let supplier = f
        .put(
            "/saas/mall/orders/cancel",
            &f.supplier,
            json!({"orderId": staffs}),
        )
        .await;
    assert_eq!(supplier.status, 403);
    // Another tenant's staff find no such order.
    let other = f
        .put(
            "/saas/mall/orders/cancel",
            &f.other_operator,
            json!({"orderId": staffs}),
        )
        .await;
    assert_eq!(other.status, 404);
    f.shutdown().await;
}

async fn an_ip_limit_counts_every_buyer_behind_one_address(backend: Backend) {
    let f = start(backend).await;
    let p = f.product("Tea").await;
    // Per customer, 2, counted by the client's address (the tests all come from 127.0.0.1).
    let s = f.live_session_for(p, 10, 2, 0, 2).await;
    assert_eq!(f.order(&f.buyer(60), s, 1).await.status, 200);
    assert_eq!(f.order(&f.buyer(61), s, 1).await.status, 200);
    assert_eq!(
        f.order(&f.buyer(62), s, 1).await.body["code"],
        "limit-reached"
    );
    assert_eq!(f.stock_left(s).await, 8);
    f.shutdown().await;
}

async fn a_resource_limit_counts_the_buyer_over_every_session_of_the_product(backend: Backend) {
    let f = start(backend).await;
    let p = f.product("Tea").await;
    let a = f.live_session_for(p, 10, 2, 11, 2).await;
    let b = f.live_session_for(p, 10, 2, 11, 2).await;
    let me = f.buyer(70);
    assert_eq!(f.order(&me, a, 2).await.status, 200);
    assert_eq!(f.order(&me, b, 1).await.body["code"], "limit-reached");
    assert_eq!(f.order(&f.buyer(71), b, 2).await.status, 200);
    // A user target counts each session on its own.
    let c = f.live_session_for(p, 10, 2, 1, 2).await;
    assert_eq!(f.order(&me, c, 2).await.status, 200);
    // A merchant resource target: the distributor's users together, over the product.
    let q = f.product("Silk").await;
    let d = f.live_session_for(q, 10, 2, 12, 3).await;
    let e = f.live_session_for(q, 10, 2, 12, 3).await;
    assert_eq!(f.order(&f.buyer(72), d, 2).await.status, 200);
    assert_eq!(
        f.order(&f.buyer(73), e, 2).await.body["code"],
        "limit-reached"
    );
    assert_eq!(f.order(&f.buyer(73), e, 1).await.status, 200);
    f.shutdown().await;
}

async fn sessions_share_their_products_stock_and_never_oversell_it(backend: Backend) {
    let f = start_with(
        backend,
        &[("TRADEWIND_MALL_APP__SNAPUP__MAX_IN_FLIGHT", "1000")],
    )
    .await;
    let p = f.product("Tea").await;
    f.sql(&format!(
        "UPDATE mall_products SET stock = 10 WHERE id = {p}"
    ));
    let too_many = f.live_session_for(p, 10, 0, -1, 0).await;
    let second = f.live_session_for(p, 8, 0, -1, 0).await;
    // A session's stock is at most what the product has.
    let now = platform::time::now_ms();
    let over = f
        .post(
            "/saas/mall/snapups/save",
            &f.operator,
            json!({"mallProductId": p, "snapupPrice": 990, "stock": 11,
                   "startTime": now, "endTime": now + 3_600_000}),
        )
        .await;
    assert_eq!((over.status, over.field()), (412, "stock"));
    // 200 buyers over two sessions of 10 and 8 units of a product of 10: exactly 10 orders.
    let buyers: Vec<String> = (0..200).map(|i| f.buyer(300 + i)).collect();
    let answers = join_all(
        buyers
            .iter()
            .enumerate()
            .map(|(i, b)| f.order(b, if i % 2 == 0 { too_many } else { second }, 1)),
    )
    .await;
    let placed = answers.iter().filter(|a| a.status == 200).count();
    let refused = answers
        .iter()
        .filter(|a| a.status == 412 && a.body["code"] == "sold-out")
        .count();
    assert_eq!((placed, refused), (10, 190));
    let product = f
        .get(&format!("/saas/mall/products/load?id={p}"), &f.operator)
        .await;
    assert_eq!(
        (
            product.data()["stock"].as_i64(),
            product.data()["saleNum"].as_i64()
        ),
        (Some(0), Some(10))
    );
    assert_eq!(
        (f.stock_left(too_many).await, f.stock_left(second).await),
        (0, 0)
    );
    assert_eq!(
        f.number(&format!(
            "SELECT COUNT(*) AS n FROM mall_orders WHERE mall_product_id = {p}"
        )),
        10
    );
    f.shutdown().await;
}

platform::on_both_backends!(
    a_credit_paid_order_never_expires_and_a_refund_releases_its_credit,
    a_refused_payment_keeps_the_reason_and_the_order_payable_and_cancellable,
    an_ip_limit_counts_every_buyer_behind_one_address,
    a_resource_limit_counts_the_buyer_over_every_session_of_the_product,
    sessions_share_their_products_stock_and_never_oversell_it,
);
