//! mall-app as the tests use it: spawned with the platform's tenant fixture (an in-process
//! bus), called as the console does, with what it publishes listened to and its database at
//! hand for the moves of time a test cannot wait for.

use std::ops::Deref;
use std::time::Duration;

use platform::bus::{EventEnvelope, Subscription};
use platform::tenancy::msc;
use platform::testing::{Answer, Backend, TenantFixture};
use prost::Message as _;
use serde_json::{Value, json};

pub const SAAS: i64 = TenantFixture::SAAS;
pub const SUPPLIER: i64 = TenantFixture::SUPPLIER;
pub const DISTRIBUTOR: i64 = TenantFixture::DISTRIBUTOR;

/// What the demo groups give merchant users in the mall application (docs/demo-data.md).
const SUPPLIER_GRANTS: &[&str] = &["/saas/mall/**"];
const DISTRIBUTOR_GRANTS: &[&str] = &["/saas/mall/**"];

pub const HOUR: i64 = 3_600_000;

pub struct Env {
    pub fixture: TenantFixture,
    /// What mall-app publishes under `order.#` and `credit.#`.
    pub events: Subscription,
}

impl Deref for Env {
    type Target = TenantFixture;

    fn deref(&self) -> &TenantFixture {
        &self.fixture
    }
}

pub async fn start(backend: Backend) -> Env {
    start_with(backend, &[]).await
}

pub async fn start_with(backend: Backend, settings: &[(&str, &str)]) -> Env {
    let fixture = TenantFixture::start(
        mall_app::service(),
        backend,
        settings,
        SUPPLIER_GRANTS,
        DISTRIBUTOR_GRANTS,
    )
    .await;
    let events = fixture.bus.broadcast("test", &["order.#", "credit.#"]);
    Env { fixture, events }
}

impl Env {
    pub async fn shutdown(self) {
        self.fixture.shutdown().await;
    }

    pub async fn call(&self, method: &str, path: &str, token: &str, body: Option<Value>) -> Answer {
        self.app.answer(method, path, token, "en", body).await
    }

    pub async fn get(&self, path: &str, token: &str) -> Answer {
        self.call("GET", path, token, None).await
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> Answer {
        self.call("POST", path, token, Some(body)).await
    }

    pub async fn put(&self, path: &str, token: &str, body: Value) -> Answer {
        self.call("PUT", path, token, Some(body)).await
    }

    /// A token of another user of the tenant's distributor (each a buyer of its own).
    pub fn buyer(&self, user_id: i64) -> String {
        self.issuer.grant(user_id, DISTRIBUTOR_GRANTS);
        self.issuer
            .token(user_id, SAAS, DISTRIBUTOR, msc::DISTRIBUTOR_USER)
    }

    /// Adds a general product of the supplier as the staff do, publishes it, answers its id.
    pub async fn product(&self, name: &str) -> i64 {
        let saved = self
            .post(
                "/saas/mall/products/save",
                &self.operator,
                product_body(name),
            )
            .await;
        let id = saved.data()["id"].as_i64().unwrap();
        let published = self
            .put(
                "/saas/mall/products/publish",
                &self.operator,
                json!({"id": id}),
            )
            .await;
        assert_eq!(published.status, 200, "{}", published.body);
        id
    }

    /// A session of `product` live from an hour ago, with this stock and limit (counting the
    /// user).
    pub async fn live_session(
        &self,
        product: i64,
        stock: i32,
        limit_goods: i32,
        limit_num: i32,
    ) -> i64 {
        self.live_session_for(product, stock, limit_goods, 1, limit_num)
            .await
    }

    /// A session of `product` live from an hour ago, with this stock, limit and limit target.
    pub async fn live_session_for(
        &self,
        product: i64,
        stock: i32,
        limit_goods: i32,
        limit_target: i32,
        limit_num: i32,
    ) -> i64 {
        let now = platform::time::now_ms();
        let saved = self
            .post(
                "/saas/mall/snapups/save",
                &self.operator,
                json!({
                    "mallProductId": product,
                    "snapupPrice": 990,
                    "stock": stock,
                    "startTime": now - HOUR,
                    "endTime": now + HOUR,
                    "typeLimitGoods": limit_goods,
                    "typeLimitTarget": limit_target,
                    "limitNum": limit_num,
                }),
            )
            .await;
        assert_eq!(saved.status, 200, "{}", saved.body);
        saved.data()["id"].as_i64().unwrap()
    }

    pub async fn order(&self, token: &str, session: i64, quantity: i32) -> Answer {
        self.post(
            "/saas/mall/orders/place",
            token,
            json!({"sessionId": session, "quantity": quantity, "contactName": "Li Lei", "contactPhone": "13812345678"}),
        )
        .await
    }

    /// Tells mall-app what finance-app would answer to the credit payment `request` (the
    /// request's event id) of `order`, as finance-app publishes it.
    pub async fn credit_answer(&self, order: i64, amount: i64, request: &str, accepted: bool) {
        let answer = platform::bus::v1::CreditPaymentAnswered {
            order_id: order,
            product_type: platform::bus::v1::ProductType::General as i32,
            distributor_mch_id: DISTRIBUTOR,
            amount,
            currency: "CNY".into(),
            accepted,
            reason_zh: if accepted { "" } else { "可用授信不足" }.into(),
            reason_en: if accepted { "" } else { "not enough credit" }.into(),
            request_id: request.to_owned(),
        };
        let key = "finance.mall.credit-answered";
        let out = platform::bus::Outgoing::new("finance-app", key, SAAS, &answer);
        self.bus
            .publish_batch(&[(key, &out.envelope_bytes())])
            .await
            .unwrap();
    }

    /// (order state, payment state, the order) as `token` loads it.
    pub async fn order_of(&self, token: &str, order: i64) -> (i64, i64, Value) {
        let o = self
            .get(&format!("/saas/mall/orders/load?orderId={order}"), token)
            .await;
        assert_eq!(o.status, 200, "{}", o.body);
        let d = o.data().clone();
        (
            d["orderState"].as_i64().unwrap(),
            d["payState"].as_i64().unwrap(),
            d,
        )
    }

    pub async fn stock_left(&self, session: i64) -> i64 {
        self.get(
            &format!("/saas/mall/snapups/load?id={session}"),
            &self.operator,
        )
        .await
        .data()["stockLeft"]
            .as_i64()
            .unwrap()
    }

    pub fn pool(&self) -> platform::db::DbPool {
        platform::db::connect(&self.app.db.as_ref().unwrap().config()).unwrap()
    }

    pub fn sql(&self, statement: &str) {
        let mut conn = self.pool().get().unwrap();
        diesel::RunQueryDsl::execute(diesel::sql_query(statement), &mut conn).unwrap();
    }

    /// An integer answered by `query` (a single `n` column).
    pub fn number(&self, query: &str) -> i64 {
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut conn = self.pool().get().unwrap();
        let r: N = diesel::RunQueryDsl::get_result(diesel::sql_query(query), &mut conn).unwrap();
        r.n
    }

    /// The next event mall-app published with this routing key (5 s at most).
    pub async fn next_event(&mut self, key: &str) -> EventEnvelope {
        loop {
            let delivery = tokio::time::timeout(Duration::from_secs(5), self.events.recv())
                .await
                .unwrap_or_else(|_| panic!("no {key} event within 5 s"))
                .unwrap();
            if delivery.routing_key == key {
                return EventEnvelope::decode(delivery.body.as_slice()).unwrap();
            }
        }
    }
}

pub fn product_body(name: &str) -> Value {
    let now = platform::time::now_ms();
    json!({
        "productName": name,
        "keywords": "tea gift",
        "saleType": 60,
        "supplierId": SUPPLIER,
        "saleTimeRange": [now - HOUR, now + 100 * HOUR],
        "images": ["https://img.example/tea.png"],
        "description": "Longjing tea",
        "price": 26800,
        "stock": 500,
        "rankNum": 10,
    })
}
