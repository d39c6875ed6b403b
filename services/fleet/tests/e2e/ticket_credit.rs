//! A ticket order paid by credit across ticket-app and finance-app (docs/ticket.md, "Paying by
//! credit"; docs/finance.md), on the in-process bus and on RabbitMQ, each on SQLite and
//! PostgreSQL: the demo supplier publishes a ticket product on a demo spot, the distributor
//! books it and pays by credit; finance-app takes the amount and the order is paid and confirmed
//! with its voucher; a second order finds no credit left and shows the reason; the first,
//! cancelled, gives its credit back.

use platform::bus::rabbit::RabbitBroker;
use platform::bus::{Bus, MemoryBroker};
use platform::demo::{DISTRIBUTOR_ID, SAAS_ID, SUPPLIER_ID};
use platform::testing::{Backend, TestApp, TestIssuer, eventually_within};
use serde_json::{Value, json};

use crate::demo_hotel::day;
use crate::saga::{announce_merchants, start_finance, start_on_bus};

const OPERATOR: i64 = 30;
const DISTRIBUTOR_USER: i64 = 31;
const SUPPLIER_USER: i64 = 32;
const WAIT: std::time::Duration = std::time::Duration::from_secs(30);

struct Two {
    ticket: TestApp,
    finance: TestApp,
    operator: String,
    supplier: String,
    distributor: String,
}

async fn call(app: &TestApp, method: &str, path: &str, token: &str, body: Option<Value>) -> Value {
    let (s, b) = app.call(method, path, token, "en", body).await;
    assert_eq!(s, 200, "{method} {path}: {b}");
    b["data"].clone()
}

impl Two {
    async fn start(backend: Backend, bus: Bus) -> Self {
        let issuer = TestIssuer::new();
        // The demo spots, which the demo supplier supplies.
        let (ticket, _) = start_on_bus(
            ticket_app::service().auth_backend(issuer.clone()),
            ticket_app::NAME,
            backend,
            &bus,
            &[("TRADEWIND_TICKET_APP__DEMO__ENABLED", "true")],
        )
        .await;
        let finance = start_finance(backend, &bus, &issuer).await;
        issuer.grant(
            SUPPLIER_USER,
            &[
                "/saas/product/**",
                "/saas/price/**",
                "/saas/ticket/**",
                "/saas/order/**",
            ],
        );
        issuer.grant(
            DISTRIBUTOR_USER,
            &["/saas/booking/**", "/saas/order/**", "/saas/finance/**"],
        );
        let two = Self {
            ticket,
            finance,
            operator: issuer.token(OPERATOR, SAAS_ID, 0, 200),
            supplier: issuer.token(SUPPLIER_USER, SAAS_ID, SUPPLIER_ID, 311),
            distributor: issuer.token(DISTRIBUTOR_USER, SAAS_ID, DISTRIBUTOR_ID, 312),
        };
        // Both services learn the demo merchants from saas-main's events (announced until both
        // know them: on RabbitMQ a queue is bound a moment after its consumer starts).
        let t = &two;
        let bus = &bus;
        eventually_within(WAIT, "both services knowing the merchants", || async move {
            announce_merchants(bus).await;
            let (credit, _) = t.set_credit(0).await;
            let (spots, _) = t
                .ticket
                .call(
                    "GET",
                    "/saas/product/scenicProducts/listForScenic?supplierState=1",
                    &t.supplier,
                    "en",
                    None,
                )
                .await;
            (credit == 200 && spots == 200).then_some(())
        })
        .await;
        two
    }

    async fn set_credit(&self, credit: i64) -> (u16, Value) {
        let body = json!({"mchId": DISTRIBUTOR_ID, "credit": credit, "reason": "ticket saga test"});
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
        let d = call(
            &self.finance,
            "GET",
            "/saas/finance/credit/check",
            &self.distributor,
            None,
        )
        .await;
        d["usedCredit"].as_i64().unwrap()
    }

    /// The supplier's product on a demo spot, on sale and priced tomorrow (100.00 a ticket).
    async fn product(&self) -> i64 {
        let spots = call(
            &self.ticket,
            "GET",
            "/saas/product/scenicProducts/listForScenic?supplierState=1",
            &self.supplier,
            None,
        )
        .await;
        let spot = spots["results"][0]["scenicId"].clone();
        assert!(spot.is_i64(), "a demo spot the supplier supplies: {spots}");
        let form = json!({"productName": "Credit saga ticket", "scenicId": spot, "productType": 1,
            "formFields": [1, 2], "confirmType": 1, "payOnline": true, "cancelType": 1});
        let p = call(
            &self.ticket,
            "POST",
            "/saas/product/scenicProducts/save",
            &self.supplier,
            Some(form),
        )
        .await["productId"]
            .clone();
        call(
            &self.ticket,
            "PUT",
            "/saas/product/scenicProducts/changeState",
            &self.supplier,
            Some(json!({"productId": p, "action": "publish"})),
        )
        .await;
        let prices = json!({"productId": p, "startDate": day(1), "endDate": day(1),
            "purchasePrice": {"mode": "fixed", "value": 8000},
            "distributionPrice": {"mode": "fixed", "value": 10000},
            "retailPrice": {"mode": "fixed", "value": 12000},
            "stockType": "limited", "stock": 10});
        call(
            &self.ticket,
            "POST",
            "/saas/price/ticketPriceStore/save",
            &self.supplier,
            Some(prices),
        )
        .await;
        p.as_i64().unwrap()
    }

    async fn book(&self, product: i64, mobile: &str) -> (i64, i64) {
        let body = json!({"productId": product, "visitDate": day(1), "quantity": 1,
            "buyer": {"name": "Saga Tester", "mobile": mobile}});
        let o = call(
            &self.ticket,
            "POST",
            "/saas/booking/ticketBookings/order",
            &self.distributor,
            Some(body),
        )
        .await;
        assert_eq!(o["orderState"], 2, "unpaid: {o}");
        (
            o["orderId"].as_i64().unwrap(),
            o["orderPrice"].as_i64().unwrap(),
        )
    }

    async fn act(&self, token: &str, action: &str, body: Value) -> Value {
        call(
            &self.ticket,
            "PUT",
            &format!("/saas/order/ticketOrder/{action}"),
            token,
            Some(body),
        )
        .await
    }

    /// The order once its payment state is `pay_state`.
    async fn order_when(&self, id: i64, pay_state: i64) -> Value {
        eventually_within(
            WAIT,
            &format!("ticket order {id} in payment state {pay_state}"),
            || async move {
                let (s, b) = self
                    .ticket
                    .call(
                        "GET",
                        &format!("/saas/order/ticketSys/load?orderId={id}"),
                        &self.distributor,
                        "en",
                        None,
                    )
                    .await;
                (s == 200 && b["data"]["payState"] == pay_state).then(|| b["data"].clone())
            },
        )
        .await
    }

    async fn shutdown(self) {
        self.ticket.shutdown().await;
        self.finance.shutdown().await;
    }
}

async fn a_ticket_order_paid_by_credit(backend: Backend, bus: Bus) {
    let two = Two::start(backend, bus).await;
    // The demo: two spots, each with its adult and family tickets on sale and priced.
    let demo = call(
        &two.ticket,
        "GET",
        &format!("/saas/booking/ticketBookings/list?visitDate={}", day(1)),
        &two.distributor,
        None,
    )
    .await;
    assert_eq!(demo["sizeAll"], 4, "{demo}");
    assert!(
        demo["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["bookable"] == true && p["price"].as_i64().unwrap() > 0),
        "{demo}"
    );
    let product = two.product().await;
    let (a, price) = two.book(product, "13900000001").await;
    assert_eq!(two.set_credit(price).await.0, 200);
    let paying = two
        .act(&two.distributor, "pay", json!({"orderId": a, "payType": 1}))
        .await;
    assert_eq!(paying["payState"], 20);
    let paid = two.order_when(a, 21).await;
    assert_eq!(
        (paid["orderState"].as_i64(), paid["payType"].as_i64()),
        (Some(1), Some(1)),
        "paid and, instant confirmation, confirmed: {paid}"
    );
    assert_eq!(paid["vouchers"], 1, "its voucher issued");
    assert_eq!(two.used_credit().await, price);

    // No credit left: refused, the reason on the order.
    let (b, _) = two.book(product, "13900000002").await;
    two.act(&two.distributor, "pay", json!({"orderId": b, "payType": 1}))
        .await;
    let refused = two.order_when(b, 29).await;
    assert_eq!(refused["orderState"], 2);
    let reason = refused["payFailReason"].as_str().unwrap();
    assert!(reason.contains("not enough credit"), "{reason}");
    assert_eq!(two.used_credit().await, price);

    // The paid order cancelled: refunded, its credit back.
    two.act(&two.distributor, "applyCancel", json!({"orderId": a}))
        .await;
    let refunded = two
        .act(&two.supplier, "agreeCancel", json!({"orderId": a}))
        .await;
    assert_eq!(
        (
            refunded["orderState"].as_i64(),
            refunded["payState"].as_i64()
        ),
        (Some(6), Some(51))
    );
    eventually_within(WAIT, "the refunded order's credit given back", || async {
        (two.used_credit().await == 0).then_some(())
    })
    .await;
    two.shutdown().await;
}

async fn a_ticket_order_paid_by_credit_on_the_in_process_bus(backend: Backend) {
    a_ticket_order_paid_by_credit(backend, Bus::Memory(MemoryBroker::default())).await;
}

async fn a_ticket_order_paid_by_credit_on_rabbitmq(backend: Backend) {
    let exchange = format!("tradewind.test.{}", uuid::Uuid::new_v4().simple());
    let bus = Bus::Rabbit(RabbitBroker::with_exchange(
        &crate::notify::amqp_url(),
        &exchange,
        true,
    ));
    a_ticket_order_paid_by_credit(backend, bus).await;
}

platform::on_both_backends!(
    a_ticket_order_paid_by_credit_on_the_in_process_bus,
    a_ticket_order_paid_by_credit_on_rabbitmq,
);
