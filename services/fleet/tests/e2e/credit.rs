//! The credit-payment saga across hotel-app and finance-app (docs/finance.md), on the
//! in-process bus and on RabbitMQ, each on SQLite and PostgreSQL: a hotel order paid by credit
//! is paid once finance-app has taken its amount; refused for lack of credit it shows payment
//! state 29 with the reason; cancelled, its amount goes back; events told again change nothing;
//! and 200 concurrent credit payments of one distributor whose credit covers 50 leave exactly 50
//! paid, with the used credit their sum; finance-app's credit log follows the orders.

use platform::bus::rabbit::RabbitBroker;
use platform::bus::{Bus, MemoryBroker, Outgoing, v1};
use platform::demo::{DISTRIBUTOR_ID, SAAS_ID, SUPPLIER_ID};
use platform::testing::{
    Backend, TestApp, TestDb, TestIssuer, eventually, eventually_within, spawn_on_bus, test_config,
};
use serde_json::{Value, json};

use crate::demo_hotel::day;

/// Every booking of this test has this contact, so the order lists find them among the demo
/// history's.
const CONTACT: &str = "Saga Tester";

const OPERATOR: i64 = 20;
const DISTRIBUTOR_USER: i64 = 21;

struct Saga {
    bus: Bus,
    hotel: TestApp,
    finance: TestApp,
    operator: String,
    distributor: String,
}

async fn publish(bus: &Bus, key: &str, out: &Outgoing) {
    bus.publish_batch(&[(key, &out.envelope_bytes())])
        .await
        .expect("the bus takes it");
}

async fn announce_merchants(bus: &Bus) {
    for (mch_id, mch_type) in [(SUPPLIER_ID, 1), (DISTRIBUTOR_ID, 2)] {
        let m = v1::MerchantUpdated {
            mch_id,
            mch_type,
            mch_name: format!("merchant {mch_id}"),
            mch_currency: "CNY".into(),
            state: 1,
        };
        let out = Outgoing::new("saas-main", "merchant.updated", SAAS_ID, &m);
        publish(bus, "merchant.updated", &out).await;
    }
}

impl Saga {
    /// hotel-app (its demo hotel on) and finance-app (no demo) on `bus`, each with a database of
    /// its own, once both know the demo merchants.
    async fn start(backend: Backend, bus: Bus) -> Self {
        let issuer = TestIssuer::new();
        let hotel_db = TestDb::new(backend);
        let mut hotel_cfg = test_config(hotel_app::NAME, Some(&hotel_db));
        hotel_cfg
            .env
            .set("TRADEWIND_HOTEL_APP__DEMO__ENABLED", "true");
        let hotel = spawn_on_bus(
            hotel_app::service().auth_backend(issuer.clone()),
            &hotel_cfg,
            Some(hotel_db),
            bus.clone(),
        )
        .await;
        let finance_db = TestDb::new(backend);
        let mut finance_cfg = test_config(finance_app::NAME, Some(&finance_db));
        finance_cfg
            .env
            .set("TRADEWIND_FINANCE_APP__DEMO__ENABLED", "false");
        let finance = spawn_on_bus(
            finance_app::service().auth_backend(issuer.clone()),
            &finance_cfg,
            Some(finance_db),
            bus.clone(),
        )
        .await;
        issuer.grant(
            DISTRIBUTOR_USER,
            &["/saas/booking/**", "/saas/order/**", "/saas/finance/**"],
        );
        let saga = Self {
            operator: issuer.token(OPERATOR, SAAS_ID, 0, 200),
            distributor: issuer.token(DISTRIBUTOR_USER, SAAS_ID, DISTRIBUTOR_ID, 312),
            bus,
            hotel,
            finance,
        };
        // On RabbitMQ a consumer's queue is bound a moment after its start: announce the
        // merchants until finance-app takes the distributor's limits.
        let s = &saga;
        eventually_within(
            std::time::Duration::from_secs(30),
            "finance-app knowing the distributor",
            || async move {
                announce_merchants(&s.bus).await;
                let (status, _) = s.set_credit(0).await;
                (status == 200).then_some(())
            },
        )
        .await;
        saga
    }

    async fn set_credit(&self, credit: i64) -> (u16, Value) {
        let body = json!({"mchId": DISTRIBUTOR_ID, "credit": credit, "reason": "saga test"});
        self.finance
            .call(
                "PUT",
                "/saas/finance/credit/update",
                &self.operator,
                "en",
                Some(body),
            )
            .await
    }

    async fn used_credit(&self) -> i64 {
        let (s, b) = self
            .finance
            .call(
                "GET",
                "/saas/finance/credit/check",
                &self.distributor,
                "en",
                None,
            )
            .await;
        assert_eq!(s, 200, "{b}");
        b["data"]["usedCredit"].as_i64().unwrap()
    }

    /// The demo hotel's online-payment product, as the distributor finds it.
    async fn online_product(&self) -> Value {
        let stay = format!("checkinDate={}&checkoutDate={}&roomNum=1", day(1), day(2));
        let path = format!("/saas/booking/hotelBookings/list?{stay}");
        let (hotel, token) = (&self.hotel, self.distributor.as_str());
        let (path, stay) = (path.as_str(), stay.as_str());
        let hotel_id = eventually("hotel-app offering the demo hotel", || async move {
            let (s, b) = hotel.call("GET", path, token, "en", None).await;
            (s == 200 && b["data"]["sizeAll"] == 1)
                .then(|| b["data"]["results"][0]["hotelId"].clone())
        })
        .await;
        let path =
            format!("/saas/booking/hotelBookings/listHotelProduct?hotelId={hotel_id}&{stay}");
        let (_, p) = hotel.call("GET", &path, token, "en", None).await;
        p["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|q| {
                q["productName"]
                    .as_str()
                    .unwrap_or("")
                    .contains("pay online")
            })
            .unwrap_or_else(|| panic!("no online-payment product in {p}"))["productId"]
            .clone()
    }

    /// Books one room of `product` for the first night from `*night` on that has one left
    /// (the demo history holds some); answers the order's id and price.
    async fn book(&self, product: &Value, night: &mut i64) -> (i64, i64) {
        loop {
            assert!(*night < 89, "the demo hotel ran out of nights");
            let body = json!({
                "productId": product,
                "checkinDate": day(*night),
                "checkoutDate": day(*night + 1),
                "roomNum": 1,
                "contactName": CONTACT,
                "contactPhone": "13812345678",
                "guests": [{"name": CONTACT}]
            });
            let (s, b) = self
                .hotel
                .call(
                    "POST",
                    "/saas/booking/hotelBookings/order",
                    &self.distributor,
                    "en",
                    Some(body),
                )
                .await;
            if s == 200 {
                assert_eq!(b["data"]["orderState"], 2, "unpaid: {b}");
                return (
                    b["data"]["orderId"].as_i64().unwrap(),
                    b["data"]["orderPrice"].as_i64().unwrap(),
                );
            }
            assert_eq!(s, 412, "{b}");
            *night += 1;
        }
    }

    async fn act(&self, path: &str, body: Value) -> (u16, Value) {
        self.hotel
            .call("PUT", path, &self.distributor, "en", Some(body))
            .await
    }

    async fn pay_by_credit(&self, order_id: i64) -> (u16, Value) {
        self.act(
            "/saas/order/channel/pay",
            json!({"orderId": order_id, "payType": 1}),
        )
        .await
    }

    /// (order state, payment state, the order) as the distributor loads it.
    async fn order(&self, order_id: i64) -> (i64, i64, Value) {
        let path = format!("/saas/order/sys/load?orderId={order_id}");
        let (s, b) = self
            .hotel
            .call("GET", &path, &self.distributor, "en", None)
            .await;
        assert_eq!(s, 200, "{b}");
        let d = b["data"].clone();
        (
            d["orderState"].as_i64().unwrap(),
            d["payState"].as_i64().unwrap(),
            d,
        )
    }

    /// The order once its payment state is `pay_state`.
    async fn order_when(&self, order_id: i64, pay_state: i64) -> (i64, i64, Value) {
        eventually_within(
            std::time::Duration::from_secs(30),
            &format!("order {order_id} in payment state {pay_state}"),
            || async move {
                let o = self.order(order_id).await;
                (o.1 == pay_state).then_some(o)
            },
        )
        .await
    }

    /// This test's orders in payment state `pay_state` (at most 500).
    async fn orders_in(&self, pay_state: i64) -> Vec<Value> {
        let path = format!(
            "/saas/order/sys/list?contact={}&payState={pay_state}&resultNum=500",
            CONTACT.replace(' ', "%20")
        );
        let (s, b) = self
            .hotel
            .call("GET", &path, &self.operator, "en", None)
            .await;
        assert_eq!(s, 200, "{b}");
        b["data"]["results"].as_array().unwrap().clone()
    }

    /// How many rows of finance-app's credit log are this test's orders, with the filter `q`.
    async fn credit_logs(&self, q: &str) -> i64 {
        let path = format!("/saas/credit/log/list?contact=Saga&resultNum=1{q}");
        let (s, b) = self
            .finance
            .call("GET", &path, &self.operator, "en", None)
            .await;
        assert_eq!(s, 200, "{b}");
        b["data"]["sizeAll"].as_i64().unwrap()
    }

    async fn shutdown(self) {
        self.hotel.shutdown().await;
        self.finance.shutdown().await;
    }
}

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
