//! Booking tickets and the orders' life: stock taken all or nothing (never oversold however
//! many book at once), purchase limits, the state machine's moves through the API with their
//! log and `order.ticket.*` events, who sees which order, unpaid orders cancelling themselves.

use platform::bus::v1;
use platform::testing::{Backend, eventually};
use prost::Message as _;
use serde_json::json;

use crate::helpers::{
    Client, DISTRIBUTOR, SAAS, SUPPLIER, buyer, day, next_event, start_env, start_env_with,
};

async fn a_distributor_books_the_supplier_confirms_and_everyone_is_told(backend: Backend) {
    let mut env = start_env(backend).await;
    let product = env
        .bookable(
            &env.supplier,
            json!({"confirmType": 2, "cancelType": 1}),
            Some(10),
        )
        .await;
    env.drain_events();
    let distributor = Client::new(&env.fixture, &env.fixture.distributor);
    let search = distributor
        .get(&format!(
            "/saas/booking/ticketBookings/list?visitDate={}&quantity=2",
            day(1)
        ))
        .await;
    assert_eq!(search.data()["sizeAll"], 1);
    let row = &search.rows()[0];
    assert_eq!(
        (row["price"].as_i64(), row["left"].as_i64()),
        (Some(10000), Some(10))
    );
    assert_eq!(row["bookable"], true);

    let placed = distributor
        .book(product, 1, 2, buyer("13800000001", "A1"))
        .await;
    let o = placed.data();
    let id = o["orderId"].as_i64().unwrap();
    assert_eq!(
        o["orderState"], 8,
        "delayed confirmation: waits for the supplier"
    );
    // What the supplier is paid is not the distributor's to read; the supplier and staff read it.
    assert_eq!(
        (o["orderPrice"].as_i64(), o.get("supplierPrice")),
        (Some(20000), None),
        "{o}"
    );
    for reader in [&env.supplier, &env.operator] {
        let seen = env.client(reader).load_order(id).await;
        assert_eq!(seen.data()["supplierPrice"].as_i64(), Some(16000));
    }
    let listed = distributor.get("/saas/order/ticketChannel/list").await;
    assert_eq!(listed.rows()[0].get("supplierPrice"), None);
    assert_eq!(o["distributorName"], "Demo Distributor");
    assert_eq!(
        &distributor.load_order(id).await.data().clone(),
        o,
        "the answer is the order as it reads afterwards"
    );
    assert_eq!(env.left(product, 1).await, 8);
    let e = next_event(&mut env.events, "order.ticket.created").await;
    let created = v1::OrderCreated::decode(e.payload.as_slice()).unwrap();
    let r = created.order.unwrap();
    assert_eq!(
        (r.order_id, r.product_type),
        (id, v1::ProductType::Ticket as i32)
    );
    assert_eq!(
        (r.supplier_mch_id, r.distributor_mch_id),
        (SUPPLIER, DISTRIBUTOR)
    );
    assert_eq!(created.quantity, 2);

    let supplier = Client::new(&env.fixture, &env.fixture.supplier);
    // Forbidden moves name the state; the wrong party may not act.
    let early = supplier.act("complete", id, "").await;
    assert_eq!(
        (early.status, early.body["code"].as_str()),
        (412, Some("order-state"))
    );
    assert_eq!(distributor.act("confirm", id, "").await.status, 403);
    assert_eq!(supplier.act("refuse", id, "").await.field(), "remark");
    let confirmed = supplier.act("confirm", id, "").await;
    assert_eq!(confirmed.data()["orderState"], 1);
    assert!(confirmed.data()["confirmDate"].as_i64().unwrap() > 0);
    let e = next_event(&mut env.events, "order.ticket.state-changed").await;
    let changed = v1::OrderStateChanged::decode(e.payload.as_slice()).unwrap();
    assert_eq!((changed.old_order_state, changed.new_order_state), (8, 1));

    // A cancellation applied for, refused, applied for again and agreed: the tickets go back.
    distributor
        .act("applyCancel", id, "plans changed")
        .await
        .data();
    next_event(&mut env.events, "order.ticket.state-changed").await;
    let kept = supplier.act("refuseCancel", id, "too late").await;
    assert_eq!(kept.data()["orderState"], 1);
    next_event(&mut env.events, "order.ticket.state-changed").await;
    distributor.act("applyCancel", id, "").await.data();
    next_event(&mut env.events, "order.ticket.state-changed").await;
    let agreed = supplier.act("agreeCancel", id, "").await;
    assert_eq!(agreed.data()["orderState"], 4);
    let e = next_event(&mut env.events, "order.ticket.cancelled").await;
    assert_eq!(
        v1::OrderCancelled::decode(e.payload.as_slice())
            .unwrap()
            .order
            .unwrap()
            .order_id,
        id
    );
    assert_eq!(env.left(product, 1).await, 10);

    let log = env
        .client(&env.operator)
        .get(&format!("/saas/log/ticketOrderLog/list?orderId={id}"))
        .await;
    let actions: Vec<&str> = log
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        [
            "create",
            "confirm",
            "apply-cancel",
            "refuse-cancel",
            "apply-cancel",
            "agree-cancel"
        ]
    );
    let remarked = distributor
        .put(
            "/saas/order/ticketOrder/updateRemark",
            json!({"orderId": id, "remark": "note"}),
        )
        .await;
    assert_eq!(remarked.data()["remark"], "note");
    env.shutdown().await;
}

async fn an_instant_product_confirms_and_an_online_one_waits_for_payment(backend: Backend) {
    let env = start_env(backend).await;
    let instant = env
        .bookable(&env.supplier, json!({"confirmType": 1}), Some(5))
        .await;
    let distributor = env.client(&env.distributor);
    let o = distributor
        .book(instant, 0, 1, buyer("13800000002", "B1"))
        .await;
    assert_eq!(
        o.data()["orderState"],
        1,
        "instant confirmation with limited stock"
    );
    // The answer, made from what placing the order knew, is the order as it reads afterwards
    // (names, vouchers issued with it).
    let id = o.data()["orderId"].as_i64().unwrap();
    assert_eq!(o.data()["vouchers"], 1);
    assert_eq!(distributor.load_order(id).await.data(), o.data());
    // No limit on the day: a person confirms even an instant product.
    let unlimited = env
        .bookable(&env.supplier, json!({"confirmType": 1}), None)
        .await;
    let o = distributor
        .book(unlimited, 0, 1, buyer("13800000002", "B1"))
        .await;
    assert_eq!(o.data()["orderState"], 8);
    let online = env
        .bookable(&env.supplier, json!({"payOnline": true}), Some(5))
        .await;
    let o = distributor
        .book(online, 1, 1, buyer("13800000002", "B1"))
        .await;
    let id = o.data()["orderId"].as_i64().unwrap();
    assert_eq!(o.data()["orderState"], 2);
    assert!(o.data()["payDeadline"].as_i64().unwrap() > 0);
    let unknown = distributor
        .put(
            "/saas/order/ticketOrder/pay",
            json!({"orderId": id, "payType": 7}),
        )
        .await;
    assert_eq!(unknown.field(), "payType");
    assert_eq!(
        env.client(&env.supplier)
            .put(
                "/saas/order/ticketOrder/pay",
                json!({"orderId": id, "payType": 2})
            )
            .await
            .status,
        403
    );
    let paid = distributor
        .put(
            "/saas/order/ticketOrder/pay",
            json!({"orderId": id, "payType": 2}),
        )
        .await;
    assert_eq!(
        (
            paid.data()["orderState"].as_i64(),
            paid.data()["payState"].as_i64()
        ),
        (Some(1), Some(21))
    );
    assert_eq!(paid.data()["payDeadline"], 0);
    env.shutdown().await;
}

async fn purchase_limits_hold_per_order_customer_and_day(backend: Backend) {
    let env = start_env(backend).await;
    let distributor = env.client(&env.distributor);
    let per_order = env
        .bookable(
            &env.supplier,
            json!({"limitGoodsType": 1, "limitNum": 2}),
            Some(50),
        )
        .await;
    let refused = distributor
        .book(per_order, 1, 3, buyer("13800000003", "C1"))
        .await;
    assert_eq!(
        (refused.status, refused.body["code"].as_str()),
        (412, Some("purchase-limit"))
    );
    distributor
        .book(per_order, 1, 2, buyer("13800000003", "C1"))
        .await
        .data();
    distributor
        .book(per_order, 1, 2, buyer("13800000003", "C1"))
        .await
        .data();

    let per_customer = env
        .bookable(
            &env.supplier,
            json!({"limitGoodsType": 2, "limitNum": 3, "limitBy": 3, "cancelType": 1}),
            Some(50),
        )
        .await;
    distributor
        .book(per_customer, 1, 2, buyer("13800000004", "D1"))
        .await
        .data();
    // The same ID number with another mobile is the same customer, on another day too.
    let again = distributor
        .book(per_customer, 2, 2, buyer("13900000000", "d1"))
        .await;
    assert_eq!(again.body["code"], "purchase-limit");
    let other = distributor
        .book(per_customer, 1, 3, buyer("13800000004", "D2"))
        .await;
    other.data();
    // A cancelled order gives its allowance back.
    let first = distributor
        .book(per_customer, 1, 1, buyer("13800000005", "E1"))
        .await;
    let first_id = first.data()["orderId"].as_i64().unwrap();
    distributor
        .book(per_customer, 1, 2, buyer("13800000005", "E1"))
        .await
        .data();
    assert_eq!(
        distributor
            .book(per_customer, 1, 1, buyer("13800000005", "E1"))
            .await
            .body["code"],
        "purchase-limit"
    );
    env.client(&env.operator)
        .act("applyCancel", first_id, "")
        .await
        .data();
    env.client(&env.supplier)
        .act("agreeCancel", first_id, "")
        .await
        .data();
    distributor
        .book(per_customer, 1, 1, buyer("13800000005", "E1"))
        .await
        .data();

    let per_day = env
        .bookable(
            &env.supplier,
            json!({"limitGoodsType": 3, "limitNum": 2}),
            Some(50),
        )
        .await;
    distributor
        .book(per_day, 1, 2, buyer("13800000006", "F1"))
        .await
        .data();
    assert_eq!(
        distributor
            .book(per_day, 1, 1, buyer("13800000006", "F1"))
            .await
            .body["code"],
        "purchase-limit"
    );
    distributor
        .book(per_day, 2, 2, buyer("13800000006", "F1"))
        .await
        .data();
    env.shutdown().await;
}

async fn two_hundred_parallel_bookings_of_ten_tickets_sell_exactly_ten(backend: Backend) {
    let env = start_env(backend).await;
    let product = env
        .bookable(&env.supplier, json!({"confirmType": 1}), Some(10))
        .await;
    let distributor = env.client(&env.distributor);
    let attempts = (0..200).map(|i| {
        let client = &distributor;
        async move {
            client
                .book(
                    product,
                    1,
                    1,
                    buyer(&format!("138{i:08}"), &format!("P{i}")),
                )
                .await
        }
    });
    let answers = futures_util::future::join_all(attempts).await;
    let booked = answers.iter().filter(|a| a.status == 200).count();
    let sold_out = answers
        .iter()
        .filter(|a| a.status == 412 && a.body["code"] == "sold-out")
        .count();
    assert_eq!(booked, 10, "exactly the stock");
    assert_eq!(
        booked + sold_out,
        200,
        "every other booking was told it sold out"
    );
    assert_eq!(env.left(product, 1).await, 0);
    let orders = env
        .client(&env.operator)
        .get(&format!("/saas/order/ticketSys/list?productId={product}"))
        .await;
    assert_eq!(orders.data()["sizeAll"], 10);
    env.shutdown().await;
}

async fn another_suppliers_and_distributors_orders_are_invisible(backend: Backend) {
    let env = start_env(backend).await;
    let product = env
        .bookable(&env.supplier, json!({"confirmType": 2}), Some(10))
        .await;
    let o = env
        .client(&env.distributor)
        .book(product, 1, 1, buyer("13800000007", "G1"))
        .await;
    let id = o.data()["orderId"].as_i64().unwrap();
    for token in [&env.supplier_2, &env.other_operator, &env.other_supplier] {
        let c = env.client(token);
        assert_eq!(c.load_order(id).await.status, 404);
        assert_eq!(c.act("confirm", id, "").await.status, 404);
        // Merchants' groups hold no /saas/log codes (403); the other tenant's staff: not found.
        let log = c
            .get(&format!("/saas/log/ticketOrderLog/list?orderId={id}"))
            .await;
        assert!(matches!(log.status, 403 | 404), "{}", log.body);
    }
    assert_eq!(
        env.client(&env.supplier_2)
            .get("/saas/order/ticketSupplier/list")
            .await
            .data()["sizeAll"],
        0
    );
    assert_eq!(
        env.client(&env.supplier)
            .get("/saas/order/ticketSupplier/list")
            .await
            .data()["sizeAll"],
        1
    );
    assert_eq!(
        env.client(&env.distributor)
            .get("/saas/order/ticketChannel/list")
            .await
            .data()["sizeAll"],
        1
    );
    assert_eq!(
        env.client(&env.supplier)
            .get("/saas/order/ticketSys/list")
            .await
            .status,
        403
    );
    assert_eq!(
        env.client(&env.supplier)
            .get("/saas/order/ticketChannel/list")
            .await
            .status,
        403
    );
    assert_eq!(
        env.client(&env.distributor)
            .get("/saas/order/ticketSupplier/list")
            .await
            .status,
        403
    );
    assert_eq!(
        env.client(&env.operator)
            .get("/saas/order/ticketSys/list")
            .await
            .data()["sizeAll"],
        1
    );
    // Bad input: a 412 naming the field, nothing booked.
    let d = env.client(&env.distributor);
    assert_eq!(
        d.book(product, 1, 0, buyer("13800000007", "G1"))
            .await
            .field(),
        "quantity"
    );
    assert_eq!(
        d.book(product, 1, 1, json!({"name": "Li", "idNumber": "G1"}))
            .await
            .field(),
        "buyer.mobile"
    );
    assert_eq!(
        d.book(product, -1, 1, buyer("13800000007", "G1"))
            .await
            .field(),
        "visitDate"
    );
    assert_eq!(
        d.book(product, 9, 1, buyer("13800000007", "G1")).await.body["code"],
        "no-price"
    );
    assert_eq!(
        env.client(&env.supplier)
            .book(product, 1, 1, buyer("13800000007", "G1"))
            .await
            .status,
        403
    );
    assert_eq!(env.left(product, 1).await, 9);
    env.shutdown().await;
}

async fn unpaid_orders_cancel_themselves_and_return_their_tickets(backend: Backend) {
    let mut env = start_env_with(
        backend,
        &[("TRADEWIND_TICKET_APP__ORDERS__EXPIRY_CHECK_SECS", "1")],
    )
    .await;
    let product = env
        .bookable(&env.supplier, json!({"payOnline": true}), Some(10))
        .await;
    let d = env.client(&env.distributor);
    let unpaid = d.book(product, 1, 2, buyer("13800000008", "H1")).await;
    let id = unpaid.data()["orderId"].as_i64().unwrap();
    let deadline = unpaid.data()["payDeadline"].as_i64().unwrap();
    assert_eq!(
        deadline - unpaid.data()["createDate"].as_i64().unwrap(),
        24 * 60 * 60_000
    );
    let paid = d.book(product, 1, 1, buyer("13800000008", "H1")).await;
    let paid_id = paid.data()["orderId"].as_i64().unwrap();
    d.put(
        "/saas/order/ticketOrder/pay",
        json!({"orderId": paid_id, "payType": 2}),
    )
    .await
    .data();
    assert_eq!(env.left(product, 1).await, 7);
    env.drain_events();
    // Time passes: the payment deadline is behind us.
    env.sql("UPDATE ticket_orders SET pay_deadline = 1 WHERE pay_deadline > 0");
    let e = next_event(&mut env.events, "order.ticket.cancelled").await;
    assert_eq!(
        v1::OrderCancelled::decode(e.payload.as_slice())
            .unwrap()
            .order
            .unwrap()
            .order_id,
        id
    );
    eventually("the unpaid order is cancelled", || async {
        let o = env.client(&env.operator).load_order(id).await;
        (o.data()["orderState"] == 4).then_some(())
    })
    .await;
    assert_eq!(
        env.left(product, 1).await,
        9,
        "only the unpaid order's tickets came back"
    );
    assert_eq!(
        env.client(&env.operator).load_order(paid_id).await.data()["orderState"],
        1
    );
    let log = env
        .client(&env.operator)
        .get(&format!("/saas/log/ticketOrderLog/list?orderId={id}"))
        .await;
    assert_eq!(log.data()[1]["action"], "timeout-cancel");
    assert_eq!(log.data()[1]["role"], "system");
    env.shutdown().await;
}

async fn answer_credit(
    env: &crate::helpers::Env,
    order_id: i64,
    request_id: &str,
    amount: i64,
    refusal: Option<(&str, &str)>,
) {
    let (zh, en) = refusal.unwrap_or_default();
    let answer = v1::CreditPaymentAnswered {
        order_id,
        product_type: v1::ProductType::Ticket as i32,
        distributor_mch_id: DISTRIBUTOR,
        amount,
        currency: "CNY".into(),
        accepted: refusal.is_none(),
        reason_zh: zh.into(),
        reason_en: en.into(),
        request_id: request_id.into(),
    };
    let key = "finance.ticket.credit-answered";
    let out = platform::bus::Outgoing::new("finance-app", key, crate::helpers::SAAS, &answer);
    env.bus
        .publish_batch(&[(key, &out.envelope_bytes())])
        .await
        .unwrap();
}

async fn a_credit_payment_asks_finance_and_waits_for_its_answer(backend: Backend) {
    let mut env = start_env(backend).await;
    let online = env
        .bookable(
            &env.supplier,
            json!({"payOnline": true, "cancelType": 1}),
            Some(5),
        )
        .await;
    let distributor = Client::new(&env.fixture, &env.fixture.distributor);
    let supplier = Client::new(&env.fixture, &env.fixture.supplier);
    let o = distributor
        .book(online, 1, 2, buyer("13800000009", "K1"))
        .await;
    let id = o.data()["orderId"].as_i64().unwrap();
    let price = o.data()["orderPrice"].as_i64().unwrap();
    while env.events.try_recv().is_some() {}
    let pay = json!({"orderId": id, "payType": 1});
    let paying = distributor
        .put("/saas/order/ticketOrder/pay", pay.clone())
        .await;
    assert_eq!(
        (
            paying.data()["orderState"].as_i64(),
            paying.data()["payState"].as_i64()
        ),
        (Some(2), Some(20))
    );
    let e = next_event(&mut env.events, "credit.ticket.requested").await;
    let first = e.event_id.clone();
    let asked = v1::CreditPaymentRequested::decode(e.payload.as_slice()).unwrap();
    assert_eq!((asked.amount, asked.currency.as_str()), (price, "CNY"));
    let r = asked.order.unwrap();
    assert_eq!(
        (r.order_id, r.product_type, r.distributor_mch_id),
        (id, v1::ProductType::Ticket as i32, DISTRIBUTOR)
    );
    // While paying nothing else happens to it.
    for (client, action) in [
        (&distributor, "cancel"),
        (&distributor, "pay"),
        (&supplier, "confirm"),
    ] {
        let a = client
            .put(
                &format!("/saas/order/ticketOrder/{action}"),
                json!({"orderId": id, "payType": 2}),
            )
            .await;
        assert_eq!(
            (a.status, a.body["code"].as_str()),
            (412, Some("order-paying")),
            "{action}"
        );
    }
    // Another request's answer changes nothing; the refusal is kept with its reason.
    answer_credit(&env, id, "another request", price, None).await;
    answer_credit(
        &env,
        id,
        &first,
        price,
        Some(("可用授信不足", "not enough credit")),
    )
    .await;
    let refused = eventually("the refusal reaches the order", || async {
        let o = distributor.load_order(id).await;
        (o.data()["payState"] == 29).then(|| o.data().clone())
    })
    .await;
    assert_eq!(refused["orderState"], 2, "still unpaid");
    assert_eq!(refused["payFailReason"], "可用授信不足 / not enough credit");
    // Again, accepted this time: paid and (instant confirmation) confirmed, vouchers issued.
    distributor
        .put("/saas/order/ticketOrder/pay", pay)
        .await
        .data();
    let second = next_event(&mut env.events, "credit.ticket.requested")
        .await
        .event_id;
    answer_credit(&env, id, &first, price, Some(("旧", "stale"))).await;
    answer_credit(&env, id, &second, price, None).await;
    let e = next_event(&mut env.events, "order.ticket.state-changed").await;
    let changed = v1::OrderStateChanged::decode(e.payload.as_slice()).unwrap();
    assert_eq!((changed.old_order_state, changed.new_order_state), (2, 1));
    assert!(changed.reason.contains("vouchers:"), "{}", changed.reason);
    let paid = distributor.load_order(id).await;
    let paid = paid.data();
    assert_eq!(
        (
            paid["orderState"].as_i64(),
            paid["payState"].as_i64(),
            paid["payType"].as_i64()
        ),
        (Some(1), Some(21), Some(1))
    );
    assert_eq!(
        (paid["payFailReason"].as_str(), paid["vouchers"].as_i64()),
        (Some(""), Some(2))
    );
    // Told again: nothing changes.
    answer_credit(&env, id, &second, price, Some(("x", "x"))).await;
    // Refunded: the credit goes back.
    distributor.act("applyCancel", id, "").await.data();
    let agreed = supplier.act("agreeCancel", id, "").await;
    assert_eq!(
        (
            agreed.data()["orderState"].as_i64(),
            agreed.data()["payState"].as_i64()
        ),
        (Some(6), Some(51))
    );
    let e = next_event(&mut env.events, "credit.ticket.release-requested").await;
    let back = v1::CreditReleaseRequested::decode(e.payload.as_slice()).unwrap();
    assert_eq!((back.amount, back.order.unwrap().order_id), (price, id));
    let log = env
        .client(&env.operator)
        .get(&format!("/saas/log/ticketOrderLog/list?orderId={id}"))
        .await;
    let actions: Vec<&str> = log
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        [
            "create",
            "pay-credit",
            "credit-refused",
            "pay-credit",
            "credit-paid",
            "apply-cancel",
            "agree-cancel"
        ]
    );
    env.shutdown().await;
}

async fn the_staff_adjust_an_orders_amounts_and_no_one_else_may(backend: Backend) {
    let mut env = start_env(backend).await;
    let product = env
        .bookable(
            &env.supplier,
            json!({"confirmType": 2, "cancelType": 1}),
            Some(10),
        )
        .await;
    let distributor = Client::new(&env.fixture, &env.fixture.distributor);
    let placed = distributor
        .book(product, 1, 2, buyer("13800000001", "A1"))
        .await;
    let id = placed.data()["orderId"].as_i64().unwrap();
    while env.events.try_recv().is_some() {}
    let operator = Client::new(&env.fixture, &env.fixture.operator);
    let adjust = "/saas/order/ticketSys/orderToAdjust";

    // Refused: by merchants, without a reason or an amount, with an amount out of range, on an
    // order that is not there. Nothing changes.
    let body = json!({"orderId": id, "orderPrice": 18000, "remark": "agreed by phone"});
    assert_eq!(
        env.client(&env.supplier)
            .put(adjust, body.clone())
            .await
            .status,
        403
    );
    assert_eq!(distributor.put(adjust, body.clone()).await.status, 403);
    for (bad, field) in [
        (
            json!({"orderId": id, "orderPrice": 18000, "remark": "  "}),
            "remark",
        ),
        (json!({"orderId": id, "remark": "why"}), "orderPrice"),
        (
            json!({"orderId": id, "supplierPrice": -1, "remark": "why"}),
            "supplierPrice",
        ),
        (json!({"orderPrice": 18000, "remark": "why"}), "orderId"),
    ] {
        assert_eq!(
            operator.put(adjust, bad.clone()).await.field(),
            field,
            "{bad}"
        );
    }
    let missing = json!({"orderId": id + 1_000_000, "orderPrice": 1, "remark": "why"});
    assert_eq!(operator.put(adjust, missing).await.status, 404);
    let unchanged = operator.load_order(id).await;
    assert_eq!(
        (
            unchanged.data()["orderPrice"].as_i64(),
            unchanged.data()["supplierPrice"].as_i64()
        ),
        (Some(20000), Some(16000))
    );

    // The staff set the price the distributor pays; the supplier's is kept.
    let adjusted = operator.put(adjust, body).await;
    let o = adjusted.data();
    assert_eq!(
        (
            o["orderPrice"].as_i64(),
            o["supplierPrice"].as_i64(),
            o["orderState"].as_i64()
        ),
        (Some(18000), Some(16000), Some(8))
    );
    let e = next_event(&mut env.events, "order.ticket.modified").await;
    let changed = v1::OrderStateChanged::decode(e.payload.as_slice()).unwrap();
    assert_eq!(changed.reason, "adjust: agreed by phone");
    assert_eq!((changed.old_order_state, changed.new_order_state), (8, 8));
    let log = operator
        .get(&format!("/saas/log/ticketOrderLog/list?orderId={id}"))
        .await;
    let entry = log
        .data()
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["action"] == "adjust")
        .cloned()
        .unwrap_or_else(|| panic!("no adjust entry: {}", log.body));
    assert!(
        entry["remark"]
            .as_str()
            .unwrap()
            .contains("orderPrice 20000 -> 18000"),
        "{entry}"
    );
    // The distributor reads the new price, and still not the supplier's.
    let seen = distributor.load_order(id).await;
    assert_eq!(seen.data()["orderPrice"], 18000);
    assert_eq!(seen.data().get("supplierPrice"), None);
}

/// A distributor of a level with a price rule is quoted, and orders, at what the rule makes of
/// the day's prices (purchase 8,000, distribution 10,000, retail 12,000); its own price for the
/// day wins over the rule, and a disabled rule prices nothing.
async fn a_distributors_level_prices_its_tickets(backend: Backend) {
    let env = start_env(backend).await;
    let product = env
        .bookable(&env.supplier, json!({"confirmType": 2}), Some(10))
        .await;
    env.fixture.publish_distributor_grade(4).await;
    let rule = |formula: &str, enabled: bool| v1::PriceRuleUpdated {
        rule_id: 91,
        grade: 4,
        supplier_id: SUPPLIER,
        product_type: 20,
        product_id: 0,
        formula: formula.into(),
        enabled,
        deleted: false,
        updated_at: 0,
    };
    env.fixture
        .publish_price_rule(SAAS, rule("(purchase + retail) / 2 - 7", true))
        .await;
    let distributor = Client::new(&env.fixture, &env.fixture.distributor);
    let quoted = || async {
        let search = distributor
            .get(&format!(
                "/saas/booking/ticketBookings/list?visitDate={}&quantity=1",
                day(1)
            ))
            .await;
        search.rows()[0]["price"].as_i64()
    };
    assert_eq!(quoted().await, Some(9_993));
    env.fixture
        .publish_price_rule(SAAS, rule("retail * 0.75 + 1", true))
        .await;
    assert_eq!(quoted().await, Some(9_001));
    // The supplier's calendar, asked for the distributor, shows what the rule makes it pay.
    let supplier = Client::new(&env.fixture, &env.fixture.supplier);
    let calendar = supplier
        .get(&format!(
            "/saas/price/ticketPriceStore/list?productId={product}&startDate={}&endDate={}&distributorId={DISTRIBUTOR}",
            day(1),
            day(1)
        ))
        .await;
    let mine = &calendar.data()[0]["distributor"];
    assert_eq!(
        (mine["effectivePrice"].as_i64(), mine["byRule"].as_bool()),
        (Some(9_001), Some(true)),
        "{mine}"
    );
    let placed = distributor
        .book(product, 1, 2, buyer("13800000002", "B2"))
        .await;
    assert_eq!(placed.data()["orderPrice"].as_i64(), Some(2 * 9_001));
    // Its own price for the day wins.
    env.sql(&format!(
        "INSERT INTO ticket_price_distributor VALUES ({product}, {DISTRIBUTOR}, '{}', {SAAS}, 9500, NULL, 0, 0)",
        day(1)
    ));
    assert_eq!(quoted().await, Some(9_500));
    env.sql(&format!(
        "DELETE FROM ticket_price_distributor WHERE product_id = {product}"
    ));
    env.fixture
        .publish_price_rule(SAAS, rule("retail * 0.75 + 1", false))
        .await;
    assert_eq!(quoted().await, Some(10_000));
    env.shutdown().await;
}

platform::on_both_backends!(
    a_credit_payment_asks_finance_and_waits_for_its_answer,
    a_distributors_level_prices_its_tickets,
    a_distributor_books_the_supplier_confirms_and_everyone_is_told,
    an_instant_product_confirms_and_an_online_one_waits_for_payment,
    purchase_limits_hold_per_order_customer_and_day,
    two_hundred_parallel_bookings_of_ten_tickets_sell_exactly_ten,
    another_suppliers_and_distributors_orders_are_invisible,
    unpaid_orders_cancel_themselves_and_return_their_tickets,
    the_staff_adjust_an_orders_amounts_and_no_one_else_may,
);
