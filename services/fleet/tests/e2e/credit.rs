//! The credit-payment saga across hotel-app and finance-app (docs/finance.md), on the
//! in-process bus and on RabbitMQ, each on SQLite and PostgreSQL: a hotel order paid by credit
//! is paid once finance-app has taken its amount; refused for lack of credit it shows payment
//! state 29 with the reason; cancelled, its amount goes back; events told again change nothing;
//! and 200 concurrent credit payments of one distributor whose credit covers 50 leave exactly 50
//! paid, with the used credit their sum; finance-app's credit log follows the orders.

use platform::bus::rabbit::RabbitBroker;
use platform::bus::{Bus, MemoryBroker, Outgoing, v1};
use platform::demo::{DISTRIBUTOR_ID, SAAS_ID};
use platform::testing::{Backend, eventually, eventually_within};
use serde_json::json;

use crate::saga::{DISTRIBUTOR_USER, Saga, publish};

async fn the_saga(backend: Backend, bus: Bus) {
    let saga = Saga::start(backend, bus).await;
    let product = saga.online_product().await;
    let mut night = 30;

    // Paid: the credit covers one order exactly.
    let (a, price) = saga.book(&product, &mut night).await;
    assert_eq!(saga.set_credit(price).await.0, 200);
    let (s, b) = saga.pay_by_credit(a).await;
    assert_eq!((s, b["data"]["payState"].as_i64()), (200, Some(20)), "{b}");
    let (order_state, _, full) = saga.order_when(a, 21).await;
    assert_eq!(order_state, 3, "paid, waiting for the supplier");
    assert_eq!(full["payType"], 1);
    assert_eq!(full["payPrice"], price);
    assert_eq!(saga.used_credit().await, price);

    // Refused for lack of credit: unpaid, payment failed, the reason shown.
    let (b_id, b_price) = saga.book(&product, &mut night).await;
    assert_eq!(b_price, price, "one price a night");
    saga.pay_by_credit(b_id).await;
    let (order_state, _, full) = saga.order_when(b_id, 29).await;
    assert_eq!(order_state, 2);
    let reason = full["payFailReason"].as_str().unwrap();
    assert!(
        reason.contains("not enough credit: 0.00 available"),
        "{reason}"
    );
    assert!(reason.contains("可用授信不足"), "{reason}");
    assert_eq!(saga.used_credit().await, price);

    // Released on cancel: the paid order is refunded and its credit comes back.
    let (s, b) = saga
        .act("/saas/order/channel/cancel", json!({"orderId": a}))
        .await;
    assert_eq!((s, b["data"]["orderState"].as_i64()), (200, Some(6)), "{b}");
    eventually_within(
        std::time::Duration::from_secs(30),
        "the cancelled order's credit given back",
        || async { (saga.used_credit().await == 0).then_some(()) },
    )
    .await;

    // Told again: a request of the released order (the same event delivered twice), and
    // answers for it, each delivered twice. Nothing changes: finance-app takes nothing for a
    // released order, and hotel-app's refunded order stays refunded.
    let again = Outgoing::new(
        "hotel-app",
        "credit.hotel.requested",
        SAAS_ID,
        &v1::CreditPaymentRequested {
            order: Some(v1::OrderRef {
                order_id: a,
                product_type: v1::ProductType::Hotel as i32,
                distributor_mch_id: DISTRIBUTOR_ID,
                ..Default::default()
            }),
            amount: price,
            currency: "CNY".into(),
            requested_by: DISTRIBUTOR_USER,
        },
    );
    publish(&saga.bus, "credit.hotel.requested", &again).await;
    publish(&saga.bus, "credit.hotel.requested", &again).await;
    for accepted in [true, false] {
        let answer = v1::CreditPaymentAnswered {
            order_id: a,
            product_type: v1::ProductType::Hotel as i32,
            distributor_mch_id: DISTRIBUTOR_ID,
            amount: price,
            currency: "CNY".into(),
            accepted,
            ..Default::default()
        };
        let out = Outgoing::new(
            "finance-app",
            "finance.hotel.credit-answered",
            SAAS_ID,
            &answer,
        );
        publish(&saga.bus, "finance.hotel.credit-answered", &out).await;
        publish(&saga.bus, "finance.hotel.credit-answered", &out).await;
    }
    // The failed order paid now: its request is behind those on finance-app's queue, its
    // answer behind those on hotel-app's, so by then all of them were handled.
    assert_eq!(saga.set_credit(price).await.0, 200);
    saga.pay_by_credit(b_id).await;
    saga.order_when(b_id, 21).await;
    assert_eq!(
        saga.order(a).await.0,
        6,
        "the refunded order stays refunded"
    );
    assert_eq!(saga.order(a).await.1, 51);
    assert_eq!(saga.used_credit().await, price, "the failed order's, once");
    saga.act("/saas/order/channel/cancel", json!({"orderId": b_id}))
        .await;
    eventually("the second order's credit given back", || async {
        (saga.used_credit().await == 0).then_some(())
    })
    .await;

    // 200 concurrent credit payments; the credit covers 50.
    let mut ids = Vec::new();
    for _ in 0..200 {
        let (id, p) = saga.book(&product, &mut night).await;
        assert_eq!(p, price);
        ids.push(id);
    }
    assert_eq!(saga.set_credit(50 * price).await.0, 200);
    let paid = futures_util::future::join_all(ids.iter().map(|id| saga.pay_by_credit(*id))).await;
    for (s, b) in &paid {
        assert_eq!((*s, b["data"]["payState"].as_i64()), (200, Some(20)), "{b}");
    }
    eventually_within(
        std::time::Duration::from_secs(60),
        "every credit payment answered",
        || async { saga.orders_in(20).await.is_empty().then_some(()) },
    )
    .await;
    let paid = saga.orders_in(21).await;
    let failed = saga.orders_in(29).await;
    assert_eq!(paid.len(), 50, "exactly the 50 the credit covers");
    assert_eq!(failed.len(), 150, "the rest");
    let sum: i64 = paid.iter().map(|o| o["orderPrice"].as_i64().unwrap()).sum();
    assert_eq!(sum, 50 * price);
    assert_eq!(saga.used_credit().await, sum);

    // finance-app's credit log has a row for each of these orders, from hotel-app's order
    // events: the two refunded ones failed (nothing to settle), the 50 paid ones waiting for
    // the supplier, the 150 refused ones still unpaid.
    eventually("the credit log of every order", || async {
        (saga.credit_logs("").await == 202 && saga.credit_logs("&state=1").await == 50)
            .then_some(())
    })
    .await;
    assert_eq!(saga.credit_logs("&state=3").await, 2);
    assert_eq!(saga.credit_logs("&state=5").await, 150);
    saga.shutdown().await;
}

async fn the_credit_saga_on_the_in_process_bus(backend: Backend) {
    the_saga(backend, Bus::Memory(MemoryBroker::default())).await;
}

async fn the_credit_saga_on_rabbitmq(backend: Backend) {
    let exchange = format!("tradewind.test.{}", uuid::Uuid::new_v4().simple());
    let bus = Bus::Rabbit(RabbitBroker::with_exchange(
        &crate::notify::amqp_url(),
        &exchange,
        true,
    ));
    the_saga(backend, bus).await;
}

platform::on_both_backends!(
    the_credit_saga_on_the_in_process_bus,
    the_credit_saga_on_rabbitmq,
);
