//! ticket-app as the tests use it: spawned with the platform's tenant fixture, called through a
//! client with one method per endpoint.

use std::ops::Deref;
use std::time::Duration;

use platform::bus::{EventEnvelope, Subscription};
use platform::tenancy::{MCH_DISTRIBUTOR, MCH_SUPPLIER, msc};
use platform::testing::{Answer, Backend, TenantFixture};
use prost::Message as _;
use serde_json::{Value, json};

pub const SAAS: i64 = TenantFixture::SAAS;
pub const SUPPLIER: i64 = TenantFixture::SUPPLIER;
pub const DISTRIBUTOR: i64 = TenantFixture::DISTRIBUTOR;
pub const SUPPLIER_2: i64 = 2003;
pub const DISTRIBUTOR_2: i64 = 2004;

/// What the demo groups give merchant users in the ticket application (docs/demo-data.md);
/// distributors also read the scenic spots they sell.
const SUPPLIER_GRANTS: &[&str] = &[
    "/saas/product/**",
    "/saas/price/**",
    "/saas/ticket/**",
    "/saas/order/**",
    "/saas/log/ticketOrderLog/list:GET",
];
const DISTRIBUTOR_GRANTS: &[&str] = &[
    "/saas/ticket/**",
    "/saas/booking/**",
    "/saas/order/**",
    "/saas/log/ticketOrderLog/list:GET",
];

pub async fn start(backend: Backend) -> TenantFixture {
    TenantFixture::start(
        ticket_app::service(),
        backend,
        &[],
        SUPPLIER_GRANTS,
        DISTRIBUTOR_GRANTS,
    )
    .await
}

/// The fixture (through `Deref`) with a second supplier and distributor of the tenant, and
/// what ticket-app publishes (`order.#`, `product.#`, `credit.#`, `voucher.#`).
pub struct Env {
    pub fixture: TenantFixture,
    pub events: Subscription,
    pub supplier_2: String,
}

impl Deref for Env {
    type Target = TenantFixture;

    fn deref(&self) -> &TenantFixture {
        &self.fixture
    }
}

pub async fn start_env(backend: Backend) -> Env {
    start_env_with(backend, &[]).await
}

/// `start_env` with settings (`TRADEWIND_TICKET_APP__...`).
pub async fn start_env_with(backend: Backend, settings: &[(&str, &str)]) -> Env {
    let fixture = TenantFixture::start(
        ticket_app::service(),
        backend,
        settings,
        SUPPLIER_GRANTS,
        DISTRIBUTOR_GRANTS,
    )
    .await;
    let events = fixture
        .bus
        .broadcast("test", &["order.#", "product.#", "credit.#", "voucher.#"]);
    fixture
        .publish_merchant(SAAS, SUPPLIER_2, MCH_SUPPLIER, "Second Supplier")
        .await;
    fixture
        .publish_merchant(SAAS, DISTRIBUTOR_2, MCH_DISTRIBUTOR, "Second Distributor")
        .await;
    fixture
        .wait_for_merchants(&[(SAAS, SUPPLIER_2), (SAAS, DISTRIBUTOR_2)])
        .await;
    let user = |id: i64, mch: i64, msc: i32, grants: &[&str]| {
        fixture.issuer.grant(id, grants);
        fixture.issuer.token(id, SAAS, mch, msc)
    };
    Env {
        supplier_2: user(6, SUPPLIER_2, msc::SUPPLIER_USER, SUPPLIER_GRANTS),
        fixture,
        events,
    }
}

impl Env {
    pub async fn shutdown(self) {
        self.fixture.shutdown().await;
    }

    /// Drops the events published so far.
    pub fn drain_events(&mut self) {
        while self.events.try_recv().is_some() {}
    }

    pub fn pool(&self) -> platform::db::DbPool {
        platform::db::connect(&self.app.db.as_ref().unwrap().config()).unwrap()
    }

    pub fn sql(&self, statement: &str) {
        let mut conn = self.pool().get().unwrap();
        diesel::RunQueryDsl::execute(diesel::sql_query(statement), &mut conn).unwrap();
    }

    /// A bookable product of `supplier` (its token) on a new spot: on sale, priced for the
    /// next days with `stock` tickets a day (None: no limit), `patch` applied to its form.
    pub async fn bookable(&self, supplier: &str, patch: Value, stock: Option<i64>) -> i64 {
        let spot = self
            .spot_for(&format!("Spot {}", platform::id::next_id()), &[supplier])
            .await;
        let client = self.client(supplier);
        let id = client.product_on_sale(product_form(spot, patch)).await;
        let stock = match stock {
            Some(n) => json!({"stockType": "limited", "stock": n}),
            None => json!({"stockType": "unlimited"}),
        };
        let mut body = json!({"productId": id, "startDate": day(0), "endDate": day(5),
            "purchasePrice": {"mode": "fixed", "value": 8000},
            "distributionPrice": {"mode": "fixed", "value": 10000},
            "retailPrice": {"mode": "fixed", "value": 12000}});
        for (k, v) in stock.as_object().unwrap() {
            body[k] = v.clone();
        }
        client
            .post("/saas/price/ticketPriceStore/save", body)
            .await
            .data();
        id
    }

    /// Tickets left of the product's day `n` days from today.
    pub async fn left(&self, product_id: i64, n: i64) -> i64 {
        let cal = self
            .client(&self.operator)
            .get(&format!(
                "/saas/price/ticketPriceStore/list?productId={product_id}&startDate={}&endDate={}",
                day(n),
                day(n)
            ))
            .await;
        cal.data()[0]["stock"].as_i64().unwrap()
    }

    pub fn client<'a>(&'a self, token: &'a str) -> Client<'a> {
        Client::new(&self.fixture, token)
    }

    /// A normal scenic spot the given suppliers cooperate with; answers its id.
    pub async fn spot_for(&self, name: &str, suppliers: &[&str]) -> i64 {
        let staff = self.client(&self.operator);
        let spot = staff.add_scenic(name, 1).await;
        for token in suppliers {
            let applied = self.client(token).apply_supplier(spot).await;
            let id = applied.data()["id"].as_i64().unwrap();
            staff.change_supplier(id, 1).await.data();
        }
        spot
    }
}

/// The next event of `events` with this routing key (5 s at most).
pub async fn next_event(events: &mut Subscription, key: &str) -> EventEnvelope {
    loop {
        let delivery = tokio::time::timeout(Duration::from_secs(5), events.recv())
            .await
            .unwrap_or_else(|_| panic!("no {key} event within 5 s"))
            .unwrap();
        if delivery.routing_key == key {
            return EventEnvelope::decode(delivery.body.as_slice()).unwrap();
        }
    }
}

pub use platform::testing::day;

/// A product form on `scenic_id` with the required fields, patched by `patch`.
pub fn product_form(scenic_id: i64, patch: Value) -> Value {
    let mut form = json!({
        "productName": "Adult day ticket",
        "scenicId": scenic_id,
        "productType": 1,
        "formFields": [1, 2, 3],
        "confirmType": 1,
        "smsText": "Your ticket is confirmed",
    });
    for (k, v) in patch.as_object().unwrap() {
        form[k] = v.clone();
    }
    form
}

/// One caller of the service.
pub struct Client<'a> {
    pub fixture: &'a TenantFixture,
    pub token: &'a str,
    pub lang: &'a str,
}

impl<'a> Client<'a> {
    pub fn new(fixture: &'a TenantFixture, token: &'a str) -> Self {
        Self {
            fixture,
            token,
            lang: "en",
        }
    }

    async fn call(&self, method: &str, path: &str, body: Option<Value>) -> Answer {
        self.fixture
            .app
            .answer(method, path, self.token, self.lang, body)
            .await
    }

    pub async fn list_scenics(&self, query: &str) -> Answer {
        self.call(
            "GET",
            &format!("/saas/ticket/scenicInfos/list?{query}"),
            None,
        )
        .await
    }

    pub async fn load_scenic(&self, id: i64) -> Answer {
        self.call(
            "GET",
            &format!("/saas/ticket/scenicInfos/load?scenicId={id}"),
            None,
        )
        .await
    }

    pub async fn save_scenic(&self, body: Value) -> Answer {
        self.call("POST", "/saas/ticket/scenicInfos/save", Some(body))
            .await
    }

    pub async fn update_scenic(&self, body: Value) -> Answer {
        self.call("PUT", "/saas/ticket/scenicInfos/update", Some(body))
            .await
    }

    /// Adds a spot and answers its id.
    pub async fn add_scenic(&self, name: &str, state: i32) -> i64 {
        let saved = self
            .save_scenic(json!({"scenicName": name, "star": 4, "state": state}))
            .await;
        saved.data()["scenicId"].as_i64().unwrap()
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.call("GET", path, None).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.call("POST", path, Some(body)).await
    }

    pub async fn put(&self, path: &str, body: Value) -> Answer {
        self.call("PUT", path, Some(body)).await
    }

    pub async fn request_add(&self, body: Value) -> Answer {
        self.post("/saas/ticket/scenicInfos/requestAdd", body).await
    }

    pub async fn request_modify(&self, body: Value) -> Answer {
        self.post("/saas/ticket/scenicInfos/requestModify", body)
            .await
    }

    pub async fn list_requests(&self, query: &str) -> Answer {
        self.get(&format!("/saas/ticket/scenicRequests/list?{query}"))
            .await
    }

    pub async fn approve(&self, id: i64, remark: &str) -> Answer {
        self.put(
            "/saas/ticket/scenicRequests/approve",
            json!({"id": id, "remark": remark}),
        )
        .await
    }

    pub async fn reject(&self, id: i64, remark: &str) -> Answer {
        self.put(
            "/saas/ticket/scenicRequests/reject",
            json!({"id": id, "remark": remark}),
        )
        .await
    }

    pub async fn list_for_scenic(&self, query: &str) -> Answer {
        self.get(&format!(
            "/saas/product/scenicProducts/listForScenic?{query}"
        ))
        .await
    }

    pub async fn apply_supplier(&self, scenic_id: i64) -> Answer {
        self.post(
            "/saas/ticket/scenicSuppliers/apply",
            json!({"scenicId": scenic_id}),
        )
        .await
    }

    pub async fn list_suppliers(&self, query: &str) -> Answer {
        self.get(&format!("/saas/ticket/scenicSuppliers/list?{query}"))
            .await
    }

    pub async fn change_supplier(&self, id: i64, state: i32) -> Answer {
        self.put(
            "/saas/ticket/scenicSuppliers/changeState",
            json!({"id": id, "state": state, "remark": "checked"}),
        )
        .await
    }

    pub async fn save_product(&self, body: Value) -> Answer {
        self.post("/saas/product/scenicProducts/save", body).await
    }

    pub async fn update_product(&self, body: Value) -> Answer {
        self.put("/saas/product/scenicProducts/updateScenicProduct", body)
            .await
    }

    pub async fn load_product(&self, id: i64) -> Answer {
        self.get(&format!("/saas/product/scenicProducts/load?productId={id}"))
            .await
    }

    pub async fn list_products(&self, query: &str) -> Answer {
        self.get(&format!("/saas/product/scenicProducts/list?{query}"))
            .await
    }

    pub async fn change_product(&self, id: i64, action: &str) -> Answer {
        self.put(
            "/saas/product/scenicProducts/changeState",
            json!({"productId": id, "action": action}),
        )
        .await
    }

    /// Saves a product and publishes it (on sale); answers its id.
    pub async fn product_on_sale(&self, form: Value) -> i64 {
        let id = self.save_product(form).await.data()["productId"]
            .as_i64()
            .unwrap();
        self.change_product(id, "publish").await.data();
        id
    }

    /// Books `quantity` tickets `n` days from today for a buyer.
    pub async fn book(&self, product_id: i64, n: i64, quantity: i64, buyer: Value) -> Answer {
        self.post(
            "/saas/booking/ticketBookings/order",
            json!({"productId": product_id, "visitDate": day(n), "quantity": quantity, "buyer": buyer}),
        )
        .await
    }

    pub async fn act(&self, action: &str, order_id: i64, remark: &str) -> Answer {
        self.put(
            &format!("/saas/order/ticketOrder/{action}"),
            json!({"orderId": order_id, "remark": remark}),
        )
        .await
    }

    pub async fn load_order(&self, id: i64) -> Answer {
        self.get(&format!("/saas/order/ticketSys/load?orderId={id}"))
            .await
    }
}

/// A buyer with a name, a mobile and an ID number.
pub fn buyer(mobile: &str, id_number: &str) -> Value {
    json!({"name": "Li Lei", "mobile": mobile, "idNumber": id_number})
}
