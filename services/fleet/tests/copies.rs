#![allow(clippy::unwrap_used, clippy::expect_used)]
//! A service started into a running installation gets every copy it keeps from the owner: with
//! saas-main already holding 1,000 merchants and 100 users' notification settings (none of them
//! ever published to the newcomers' queues), hotel-app and message-server started afterwards
//! have all of them within 10 s, and are ready only then. A copy wiped is rebuilt, with the
//! owner's rows, by the operators' call. On RabbitMQ (an exchange of the test's own) and on both
//! databases.

use std::time::Duration;

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::Bus;
use platform::bus::rabbit::RabbitBroker;
use platform::bus::topology::Topology;
use platform::db::{DbConnection, connect};
use platform::testing::{
    Backend, TestApp, TestDb, TestIssuer, eventually_within, spawn_on_bus, test_config,
};

const MERCHANTS: i64 = 1000;
const SETTINGS: i64 = 100;
/// The provinces saas-main's migration seeds (China's 34), which hotel-app copies from it.
const SEEDED_PROVINCES: i64 = 34;
const SAAS: i64 = 4242;
const COPIES_WITHIN: Duration = Duration::from_secs(60);

async fn spawn(spec: platform::ServiceSpec, backend: Backend, bus: &Bus) -> TestApp {
    let db = TestDb::new(backend);
    let cfg = test_config(spec.name, Some(&db));
    spawn_on_bus(spec, &cfg, Some(db), bus.clone()).await
}

fn conn_of(app: &TestApp) -> platform::db::PooledConnection {
    connect(&app.db.as_ref().unwrap().config())
        .unwrap()
        .get()
        .unwrap()
}

/// What saas-main holds before the newcomers start: a tenant, its merchants and its users'
/// notification settings, written through saas-main's own store.
fn fill_owner(conn: &mut DbConnection) {
    use saas_main::domain::merchants::MerchantFields;
    use saas_main::domain::notify::Settings;
    use saas_main::domain::tenants::TenantFields;
    let now = platform::time::now_ms();
    let tenant: TenantFields = serde_json::from_value(serde_json::json!({
        "saasName": "Big Travel",
        "companyName": "Big Travel Ltd",
        "payServiceFee": 6,
        "saasExpireDate": 4_102_444_800_000_i64,
        "state": 1,
        "currency": "CNY",
        "language": "zh-cn",
    }))
    .unwrap();
    saas_main::store::tenants::insert(conn, SAAS, &tenant, now).unwrap();
    let viewer = Viewer::tenant(SAAS);
    for i in 0..MERCHANTS {
        let fields: MerchantFields = serde_json::from_value(serde_json::json!({
            "mchName": format!("Merchant {i}"),
            "currency": "CNY",
            "language": "zh-cn",
            "state": 1,
        }))
        .unwrap();
        let mch_type = 1 + (i % 2) as i32;
        saas_main::store::merchants::insert(conn, &viewer, 50_000 + i, mch_type, &fields, now)
            .unwrap();
    }
    let settings = Settings {
        web: "0".into(),
        weixin: String::new(),
        sms: String::new(),
        mail: String::new(),
        mobile: String::new(),
        email: String::new(),
        state: 1,
    };
    for user in 0..SETTINGS {
        saas_main::store::notify::save(conn, &viewer, 90_000 + user, &settings, "en", now).unwrap();
    }
}

fn count(app: &TestApp, table: &str) -> i64 {
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    diesel::sql_query(format!("SELECT COUNT(*) AS n FROM {table}"))
        .get_result::<Count>(&mut *conn_of(app))
        .unwrap()
        .n
}

async fn ready(app: &TestApp) -> bool {
    app.call("GET", "/actuator/health/readiness", "", "en", None)
        .await
        .0
        == 200
}

fn rabbit() -> Bus {
    let url = std::env::var("TRADEWIND_TEST_AMQP_URL")
        .unwrap_or_else(|_| "amqp://guest:guest@127.0.0.1:5672/%2f".to_owned());
    let exchange = format!(
        "tradewind.test.copies.{}",
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    );
    Bus::Rabbit(RabbitBroker::with_topology(
        &url,
        &exchange,
        true,
        Topology::from_registry(),
    ))
}

/// The merchants of tenant `SAAS` a service holds: (id, type, name), by id.
fn merchants_in(conn: &mut DbConnection, table: &str) -> Vec<(i64, i32, String)> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        mch_id: i64,
        #[diesel(sql_type = diesel::sql_types::Integer)]
        mch_type: i32,
        #[diesel(sql_type = diesel::sql_types::Text)]
        mch_name: String,
    }
    diesel::sql_query(format!(
        "SELECT mch_id, mch_type, mch_name FROM {table} WHERE saas_id = {SAAS} ORDER BY mch_id"
    ))
    .load::<Row>(conn)
    .unwrap()
    .into_iter()
    .map(|r| (r.mch_id, r.mch_type, r.mch_name))
    .collect()
}

async fn newcomers_get_the_owners_copies(backend: Backend) {
    let bus = rabbit();
    let issuer = TestIssuer::new();
    let owner = spawn(
        saas_main::service().auth_backend(issuer.clone()),
        backend,
        &bus,
    )
    .await;
    fill_owner(&mut conn_of(&owner));

    let hotel = spawn(
        hotel_app::service().auth_backend(issuer.clone()),
        backend,
        &bus,
    )
    .await;
    let messages = spawn(
        message_server::service().auth_backend(issuer.clone()),
        backend,
        &bus,
    )
    .await;
    // A bound for "it happens", not a timing (the bench measures that): on a loaded two-core
    // machine 1,000 merchants over RabbitMQ into PostgreSQL took over 10 s once.
    eventually_within(
        COPIES_WITHIN,
        "the newcomers' copies are filled and they are ready",
        || async {
            (count(&hotel, "replica_merchants") == MERCHANTS
                && count(&hotel, "replica_tenants") == 1
                && count(&hotel, "replica_areas") == SEEDED_PROVINCES
                && count(&messages, "notify_configs") == SETTINGS
                && ready(&hotel).await
                && ready(&messages).await)
                .then_some(())
        },
    )
    .await;

    // Wiped by hand, the copy is rebuilt by the operators' call with the owner's rows.
    diesel::delete(platform::replica::schema::replica_merchants::table)
        .execute(&mut *conn_of(&hotel))
        .unwrap();
    let admin = issuer.token(1, 0, 0, platform::tenancy::msc::PLATFORM_ADMIN);
    let asked = hotel
        .answer("POST", "/internal/replica/resync", &admin, "en", None)
        .await;
    // Every copy it keeps is asked for again.
    assert_eq!(
        asked.data(),
        &serde_json::json!(["tenants", "areas", "price-rules", "interface-configs"])
    );
    eventually_within(COPIES_WITHIN, "the wiped copy is rebuilt", || async {
        (count(&hotel, "replica_merchants") == MERCHANTS).then_some(())
    })
    .await;
    assert_eq!(
        merchants_in(&mut conn_of(&hotel), "replica_merchants"),
        merchants_in(&mut conn_of(&owner), "merchants"),
        "the copy holds the owner's rows"
    );
    for app in [messages, hotel, owner] {
        app.shutdown().await;
    }
}

platform::on_both_backends!(newcomers_get_the_owners_copies);
