//! Starting hotel-app as the tests need it, and calling it as the console does.
//!
//! `start` spawns the service on an in-process bus (RabbitMQ is exercised by the platform's
//! and message-server's tests), tells it about the merchants below through real
//! `merchant.updated` events, and listens to what it publishes.

use std::time::Duration;

use platform::bus::{Bus, EventEnvelope, MemoryBroker, Outgoing, Subscription, v1};
use platform::testing::{Backend, TestApp, TestDb, TestIssuer, spawn_on_bus, test_config};
use prost::Message as _;
use serde_json::Value;

pub const SAAS: i64 = 1001;
pub const OTHER_SAAS: i64 = 1002;
pub const SUPPLIER: i64 = 2001;
pub const DISTRIBUTOR: i64 = 2002;
pub const SUPPLIER_2: i64 = 2003;
pub const DISTRIBUTOR_2: i64 = 2004;
/// A supplier of the other tenant.
pub const OTHER_SUPPLIER: i64 = 3001;

pub struct Env {
    pub app: TestApp,
    /// What hotel-app publishes: `order.#` and `product.#`.
    pub events: Subscription,
    /// The tenant's administrator (mscType 200): every code of the tenant.
    pub operator: String,
    pub supplier: String,
    pub distributor: String,
    pub supplier_2: String,
    pub distributor_2: String,
    /// The other tenant's administrator, and its supplier's user.
    pub other_operator: String,
    pub other_supplier: String,
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
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let events = bus.broadcast("test", &["order.#", "product.#"]);
    let db = TestDb::new(backend);
    let mut cfg = test_config(hotel_app::NAME, Some(&db));
    for (k, v) in settings {
        cfg.env.set(*k, *v);
    }
    let spec = hotel_app::service().auth_backend(issuer.clone());
    let app = spawn_on_bus(spec, &cfg, Some(db), bus.clone()).await;
    let merchants = [
        (SAAS, SUPPLIER, 1, "Demo Supplier"),
        (SAAS, DISTRIBUTOR, 2, "Demo Distributor"),
        (SAAS, SUPPLIER_2, 1, "Second Supplier"),
        (SAAS, DISTRIBUTOR_2, 2, "Second Distributor"),
        (OTHER_SAAS, OTHER_SUPPLIER, 1, "Other Tenant Supplier"),
    ];
    for (saas, mch, kind, name) in merchants {
        let m = v1::MerchantUpdated {
            mch_id: mch,
            mch_type: kind,
            mch_name: name.into(),
            mch_currency: "CNY".into(),
            state: 1,
        };
        let out = Outgoing::new("saas-main", "merchant.updated", saas, &m);
        bus.publish_batch(&[("merchant.updated", &out.envelope_bytes())])
            .await
            .unwrap();
    }
    let user = |id: i64, saas: i64, mch: i64, msc: i32, grants: &[&str]| {
        issuer.grant(id, grants);
        issuer.token(id, saas, mch, msc)
    };
    let env = Env {
        operator: user(1, SAAS, 0, 200, &[]),
        supplier: user(2, SAAS, SUPPLIER, 311, SUPPLIER_GRANTS),
        distributor: user(3, SAAS, DISTRIBUTOR, 312, DISTRIBUTOR_GRANTS),
        supplier_2: user(4, SAAS, SUPPLIER_2, 311, SUPPLIER_GRANTS),
        distributor_2: user(5, SAAS, DISTRIBUTOR_2, 312, DISTRIBUTOR_GRANTS),
        other_operator: user(6, OTHER_SAAS, 0, 200, &[]),
        other_supplier: user(7, OTHER_SAAS, OTHER_SUPPLIER, 311, SUPPLIER_GRANTS),
        app,
        events,
    };
    env.wait_for_merchants().await;
    env
}

impl Env {
    /// Waits until the consumer has applied the five merchants.
    async fn wait_for_merchants(&self) {
        #[derive(diesel::QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let pool = platform::db::connect(&self.app.db.as_ref().unwrap().config()).unwrap();
        for _ in 0..250 {
            let mut conn = pool.get().unwrap();
            let c: Count = diesel::RunQueryDsl::get_result(
                diesel::sql_query("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM replica_merchants"),
                &mut conn,
            )
            .unwrap();
            if c.n == 5 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("hotel-app never learnt the merchants");
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

/// Today (China time) plus `n` days, as YYYY-MM-DD.
pub fn day(n: i64) -> String {
    platform::time::format_day(platform::time::day_of_ms(platform::time::now_ms()) + n)
}

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
             '110000', 0, '1 Beach Road', '100000', '010-12345678', '', '[]', 100, '2020-01-01', \
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
