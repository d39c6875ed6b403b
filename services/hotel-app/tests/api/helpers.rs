//! Starting hotel-app as the tests need it, and calling it as the console does.
//!
//! `start` spawns the service with the platform's tenant fixture (an in-process bus; RabbitMQ
//! is exercised by the platform's and message-server's tests), tells it about a second
//! supplier and distributor of the tenant through the same `merchant.updated` events, and
//! listens to what it publishes.

use std::ops::Deref;
use std::time::Duration;

use platform::bus::{EventEnvelope, Subscription};
use platform::tenancy::{MCH_DISTRIBUTOR, MCH_SUPPLIER, msc};
use platform::testing::{Backend, TenantFixture, TestApp};
use prost::Message as _;
use serde_json::Value;

pub const SAAS: i64 = TenantFixture::SAAS;
pub const OTHER_SAAS: i64 = TenantFixture::OTHER_SAAS;
pub const SUPPLIER: i64 = TenantFixture::SUPPLIER;
pub const DISTRIBUTOR: i64 = TenantFixture::DISTRIBUTOR;
pub const SUPPLIER_2: i64 = 2003;
pub const DISTRIBUTOR_2: i64 = 2004;
/// A supplier of the other tenant.
pub const OTHER_SUPPLIER: i64 = TenantFixture::OTHER_SUPPLIER;

/// The fixture's service and callers (`operator`, `supplier`, `distributor`, `other_operator`,
/// `other_supplier`, through `Deref`), with a second supplier and distributor of the tenant.
pub struct Env {
    pub fixture: TenantFixture,
    /// What hotel-app publishes: `order.#`, `product.#` and `credit.#`.
    pub events: Subscription,
    pub supplier_2: String,
    pub distributor_2: String,
}

impl Deref for Env {
    type Target = TenantFixture;

    fn deref(&self) -> &TenantFixture {
        &self.fixture
    }
}

/// Merchant users hold the codes the demo groups give (docs/demo-data.md).
const SUPPLIER_GRANTS: &[&str] = &[
    "/saas/product/**",
    "/saas/price/**",
    "/saas/hotel/**",
    "/saas/order/**",
];
const DISTRIBUTOR_GRANTS: &[&str] = &["/saas/booking/**", "/saas/order/**"];

pub async fn start(backend: Backend) -> Env {
    start_with(backend, &[]).await
}

/// `start` with extra settings (`TRADEWIND_HOTEL_APP__...`).
pub async fn start_with(backend: Backend, settings: &[(&str, &str)]) -> Env {
    let fixture = TenantFixture::start(
        hotel_app::service(),
        backend,
        settings,
        SUPPLIER_GRANTS,
        DISTRIBUTOR_GRANTS,
    )
    .await;
    let events = fixture
        .bus
        .broadcast("test", &["order.#", "product.#", "credit.#"]);
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
        distributor_2: user(7, DISTRIBUTOR_2, msc::DISTRIBUTOR_USER, DISTRIBUTOR_GRANTS),
        fixture,
        events,
    }
}

impl Env {
    pub async fn shutdown(self) {
        self.fixture.shutdown().await;
    }

    pub async fn call(
        &self,
        method: &str,
        path: &str,
        token: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        send(&self.app, method, path, token, body).await
    }

    /// The next event hotel-app published with this routing key, decoded (5 s at most).
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

    /// Drops the events published so far.
    pub fn drain_events(&mut self) {
        while self.events.try_recv().is_some() {}
    }
}

/// Sends `body` (if any) as JSON with the caller's token, in English; answers the status and
/// the body.
pub async fn send(
    app: &TestApp,
    method: &str,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> (u16, Value) {
    app.call(method, path, token, "en", body).await
}

/// The field a 412 names.
pub fn field(body: &Value) -> &str {
    body["data"]["field"].as_str().unwrap_or_default()
}

/// A product to put straight into the database, for the booking and order tests (the
/// catalogue's own endpoints are tested apart).
#[derive(Debug, Clone)]
pub struct Seed {
    pub supplier: i64,
    /// 1 instant; anything else needs the supplier's confirmation.
    pub confirm_type: i32,
    /// 0 pay at the hotel, 1 online, 2 either.
    pub is_online_pay: i32,
    pub cancel_type: i32,
    pub serial_min: i32,
    pub serial_max: i32,
    pub rooms_min: i32,
    pub rooms_max: i32,
    pub earliest_days: i32,
    /// Nights priced, from today: (distribution price, purchase price) per night, cycling.
    pub prices: Vec<(i64, i64)>,
    pub days: i64,
    /// None: no limit.
    pub stock: Option<i64>,
}

impl Default for Seed {
    fn default() -> Self {
        Self {
            supplier: SUPPLIER,
            confirm_type: 1,
            is_online_pay: 0,
            cancel_type: 1,
            serial_min: 1,
            serial_max: 0,
            rooms_min: 1,
            rooms_max: 0,
            earliest_days: 0,
            prices: vec![(30_000, 25_000), (45_000, 40_000), (28_800, 20_000)],
            days: 30,
            stock: Some(10),
        }
    }
}

/// What `seed` made.
#[derive(Debug, Clone, Copy)]
pub struct Seeded {
    pub hotel_id: i64,
    pub room_id: i64,
    pub product_id: i64,
}

pub use platform::testing::day;

impl Env {
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

    /// A hotel with a room and an on-sale product of tenant 1001, priced from today.
    pub fn seed(&self, s: &Seed) -> Seeded {
        let (hotel_id, room_id, product_id) = (
            platform::id::next_id(),
            platform::id::next_id(),
            platform::id::next_id(),
        );
        self.sql(&format!(
            "INSERT INTO hotels VALUES ({hotel_id}, {SAAS}, 'Seaside Hotel {hotel_id}', 'Seaside', 4, \
             'CN', 0, '1 Beach Road', '100000', '010-12345678', '', '[]', 100, '2020-01-01', \
             '14:00', '12:00', 116.4, 39.9, 'wx4g0', 'Asia/Shanghai', '', 1, 0, 0)"
        ));
        self.sql(&format!(
            "INSERT INTO rooms VALUES ({room_id}, {SAAS}, {hotel_id}, 'Deluxe Twin', 1, 1, '30', \
             '5', 2, 0, '1', 1, 1, 0, 0)"
        ));
        self.sql(&format!(
            "INSERT INTO hotel_products VALUES ({product_id}, {SAAS}, {}, {hotel_id}, {room_id}, 0, \
             'Deluxe Twin with breakfast', 'Deluxe', '', {}, 0, '1,2', {}, 1, '', '', '', 1, 0, 0)",
            s.supplier, s.confirm_type, s.is_online_pay
        ));
        self.sql(&format!(
            "INSERT INTO product_terms VALUES ({product_id}, '', {}, {}, 0, 0, 0, 2, 0, 0, {}, {}, \
             {}, {}, 1, 18)",
            s.cancel_type, s.earliest_days, s.serial_min, s.serial_max, s.rooms_min, s.rooms_max
        ));
        for i in 0..s.days {
            let (price, purchase) = s.prices[i as usize % s.prices.len()];
            let (limited, stock) = match s.stock {
                Some(n) => ("TRUE", n),
                None => ("FALSE", 0),
            };
            self.sql(&format!(
                "INSERT INTO price_calendar VALUES ({product_id}, '{}', {SAAS}, {purchase}, {price}, \
                 {}, {limited}, {stock}, 0, FALSE, 0)",
                day(i),
                price + 5_000
            ));
        }
        Seeded {
            hotel_id,
            room_id,
            product_id,
        }
    }

    /// The common stock left on the night `n` days from today.
    pub fn stock(&self, product_id: i64, n: i64) -> i64 {
        self.number(&format!(
            "SELECT stock AS n FROM price_calendar WHERE product_id = {product_id} AND day = '{}'",
            day(n)
        ))
    }
}

/// A booking form for `rooms` rooms from `from` to `to` days from today.
pub fn booking(product_id: i64, from: i64, to: i64, rooms: i64) -> Value {
    serde_json::json!({
        "productId": product_id,
        "checkinDate": day(from),
        "checkoutDate": day(to),
        "roomNum": rooms,
        "contactName": "Li Lei",
        "contactPhone": "13812345678",
        "contactIdType": 1,
        "contactIdNo": "110101199001011234",
        "guests": [{"name": "Li Lei", "phone": "13812345678", "idType": 1, "idNo": "110101199001011234", "country": "CN"}],
        "orderMemo": "late arrival",
    })
}
