//! hotel-app and finance-app running together for the credit-payment saga: the e2e test
//! (`credit.rs`) and the finance benchmark (`benches/finance.rs`, which includes this file) start
//! them, pay and read what each service says the same way.

use platform::app::ServiceSpec;
use platform::bus::{Bus, Outgoing, v1};
use platform::config::DatabaseConfig;
use platform::demo::{DISTRIBUTOR_ID, SAAS_ID, SUPPLIER_ID};
use platform::testing::{
    Backend, TestApp, TestDb, TestIssuer, eventually, eventually_within, spawn_on_bus, test_config,
};
use serde_json::{Value, json};

use crate::demo_hotel::day;

/// Every booking of this test has this contact, so the order lists find them among the demo
/// history's.
pub const CONTACT: &str = "Saga Tester";

const OPERATOR: i64 = 20;
pub const DISTRIBUTOR_USER: i64 = 21;

pub struct Saga {
    pub bus: Bus,
    pub hotel: TestApp,
    pub finance: TestApp,
    pub operator: String,
    pub distributor: String,
}

pub async fn publish(bus: &Bus, key: &str, out: &Outgoing) {
    bus.publish_batch(&[(key, &out.envelope_bytes())])
        .await
        .expect("the bus takes it");
}

/// saas-main's word on the demo supplier and distributor, as the services' copies learn it.
pub async fn announce_merchants(bus: &Bus) {
    for (mch_id, mch_type) in [(SUPPLIER_ID, 1), (DISTRIBUTOR_ID, 2)] {
        let m = v1::MerchantUpdated {
            mch_id,
            mch_type,
            mch_name: format!("merchant {mch_id}"),
            mch_currency: "CNY".into(),
            state: 1,
            grade: 0,
        };
        let out = Outgoing::new("saas-main", "merchant.updated", SAAS_ID, &m);
        publish(bus, "merchant.updated", &out).await;
    }
}

/// Starts `spec` (the service `name`) on `bus` with a database of its own on `backend` and the
/// settings `env` (`TRADEWIND_...` variables); answers the service and its database's settings,
/// for a test that reads or moves what the service keeps.
pub async fn start_on_bus(
    spec: ServiceSpec,
    name: &str,
    backend: Backend,
    bus: &Bus,
    env: &[(&str, &str)],
) -> (TestApp, DatabaseConfig) {
    let db = TestDb::new(backend);
    let mut cfg = test_config(name, Some(&db));
    for (k, v) in env {
        cfg.env.set(*k, *v);
    }
    let config = db.config();
    (
        spawn_on_bus(spec, &cfg, Some(db), bus.clone()).await,
        config,
    )
}

/// finance-app with no demo on `bus`: the credit side every credit-payment test pays against.
pub async fn start_finance(
    backend: Backend,
    bus: &Bus,
    issuer: &std::sync::Arc<TestIssuer>,
) -> TestApp {
    let spec = finance_app::service().auth_backend(issuer.clone());
    let env = [("TRADEWIND_FINANCE_APP__DEMO__ENABLED", "false")];
    start_on_bus(spec, finance_app::NAME, backend, bus, &env)
        .await
        .0
}

impl Saga {
    /// hotel-app (its demo hotel on) and finance-app (no demo) on `bus`, each with a database of
    /// its own, once both know the demo merchants.
    pub async fn start(backend: Backend, bus: Bus) -> Self {
        let issuer = TestIssuer::new();
        let (hotel, _) = start_on_bus(
            hotel_app::service().auth_backend(issuer.clone()),
            hotel_app::NAME,
            backend,
            &bus,
            &[("TRADEWIND_HOTEL_APP__DEMO__ENABLED", "true")],
        )
        .await;
        let finance = start_finance(backend, &bus, &issuer).await;
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

    pub async fn set_credit(&self, credit: i64) -> (u16, Value) {
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

    pub async fn used_credit(&self) -> i64 {
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
    pub async fn online_product(&self) -> Value {
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
    pub async fn book(&self, product: &Value, night: &mut i64) -> (i64, i64) {
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

    pub async fn act(&self, path: &str, body: Value) -> (u16, Value) {
        self.hotel
            .call("PUT", path, &self.distributor, "en", Some(body))
            .await
    }

    pub async fn pay_by_credit(&self, order_id: i64) -> (u16, Value) {
        self.act(
            "/saas/order/channel/pay",
            json!({"orderId": order_id, "payType": 1}),
        )
        .await
    }

    /// (order state, payment state, the order) as the distributor loads it.
    pub async fn order(&self, order_id: i64) -> (i64, i64, Value) {
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
    pub async fn order_when(&self, order_id: i64, pay_state: i64) -> (i64, i64, Value) {
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
    pub async fn orders_in(&self, pay_state: i64) -> Vec<Value> {
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
    pub async fn credit_logs(&self, q: &str) -> i64 {
        let path = format!("/saas/credit/log/list?contact=Saga&resultNum=1{q}");
        let (s, b) = self
            .finance
            .call("GET", &path, &self.operator, "en", None)
            .await;
        assert_eq!(s, 200, "{b}");
        b["data"]["sizeAll"].as_i64().unwrap()
    }

    pub async fn shutdown(self) {
        self.hotel.shutdown().await;
        self.finance.shutdown().await;
    }
}
