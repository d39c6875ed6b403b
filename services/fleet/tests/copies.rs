#![allow(clippy::unwrap_used, clippy::expect_used)]
//! A service started into a running installation gets every copy it keeps from the owner: with
//! saas-main already holding 1,000 merchants and 100 users' notification settings (none of them
//! ever published to the newcomers' queues), hotel-app and message-server started afterwards
//! have all of them within 10 s, and are ready only then.

use std::time::Duration;

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Bus, MemoryBroker};
use platform::db::{DbConnection, connect};
use platform::testing::{
    Backend, TestApp, TestDb, TestIssuer, eventually_within, spawn_on_bus, test_config,
};

const MERCHANTS: i64 = 1000;
const SETTINGS: i64 = 100;
const SAAS: i64 = 4242;

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

async fn newcomers_get_the_owners_copies(backend: Backend) {
    let bus = Bus::Memory(MemoryBroker::default());
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
    eventually_within(
        Duration::from_secs(10),
        "the newcomers' copies are filled and they are ready",
        || async {
            (count(&hotel, "replica_merchants") == MERCHANTS
                && count(&hotel, "replica_tenants") == 1
                && count(&messages, "notify_configs") == SETTINGS
                && ready(&hotel).await
                && ready(&messages).await)
                .then_some(())
        },
    )
    .await;
    for app in [messages, hotel, owner] {
        app.shutdown().await;
    }
}

platform::on_both_backends!(newcomers_get_the_owners_copies);
