//! The demo hotel's history leaves the demo users a few notifications (docs/demo-data.md): with
//! the demo on, hotel-app replays its year of orders, saas-main saves the demo logins'
//! settings, and message-server lists the last two days' history for them, quietly (not in a new
//! socket's backlog), and nothing older. Started in the order that is hardest for it:
//! message-server, then hotel-app, whose whole history message-server takes in before saas-main
//! starts and announces a setting (message-server's demo starts its copy with the settings).
//! With the demo off, nobody has any.

use std::time::Duration;

use crate::helpers::{Client, next_text, open};
use platform::bus::{Bus, MemoryBroker};
use platform::demo::{
    DEMO_USER_ID, DISTRIBUTOR_ID, DISTRIBUTOR_USER_ID, SAAS_ID, SUPPLIER_ID, SUPPLIER_USER_ID,
};
use platform::testing::{
    Backend, TestApp, TestDb, TestIssuer, eventually_within, spawn_on_bus, test_config,
};
use serde_json::Value;

const MINUTE_MS: i64 = 60_000;
const DAY_MS: i64 = 24 * 60 * MINUTE_MS;

struct Demo {
    backend: Backend,
    demo: bool,
    bus: Bus,
    issuer: std::sync::Arc<TestIssuer>,
    message: TestApp,
    hotel: TestApp,
}

/// `spec` started on `bus` with a database of its own, its demo on or off.
async fn spawn(
    spec: platform::ServiceSpec,
    name: &str,
    (backend, demo): (Backend, bool),
    bus: &Bus,
    issuer: &std::sync::Arc<TestIssuer>,
) -> TestApp {
    let db = TestDb::new(backend);
    let mut cfg = test_config(name, Some(&db));
    let var = platform::config::service_var(name, platform::app::DEMO_VARIABLE);
    cfg.env.set(var, if demo { "true" } else { "false" });
    let spec = spec.auth_backend(issuer.clone());
    spawn_on_bus(spec, &cfg, Some(db), bus.clone()).await
}

impl Demo {
    /// message-server, then hotel-app, with the demo on or off.
    async fn start(backend: Backend, demo: bool) -> Self {
        let issuer = TestIssuer::new();
        let bus = Bus::Memory(MemoryBroker::default());
        for user in [DEMO_USER_ID, SUPPLIER_USER_ID, DISTRIBUTOR_USER_ID] {
            issuer.grant(user, &["/saas/notify/**", "/saas/order/**"]);
        }
        let how = (backend, demo);
        let message = spawn(
            message_server::service(),
            message_server::NAME,
            how,
            &bus,
            &issuer,
        )
        .await;
        let hotel = spawn(hotel_app::service(), hotel_app::NAME, how, &bus, &issuer).await;
        Self {
            backend,
            demo,
            bus,
            issuer,
            message,
            hotel,
        }
    }

    /// saas-main, last.
    async fn saas_main(&self) -> TestApp {
        let how = (self.backend, self.demo);
        spawn(
            saas_main::service(),
            saas_main::NAME,
            how,
            &self.bus,
            &self.issuer,
        )
        .await
    }

    /// The demo logins' tokens: the tenant's administrator, the supplier's, the distributor's.
    fn tokens(&self) -> [(&'static str, String); 3] {
        let i = &self.issuer;
        [
            ("demo", i.token(DEMO_USER_ID, SAAS_ID, 0, 200)),
            (
                "supplier",
                i.token(SUPPLIER_USER_ID, SAAS_ID, SUPPLIER_ID, 311),
            ),
            (
                "distributor",
                i.token(DISTRIBUTOR_USER_ID, SAAS_ID, DISTRIBUTOR_ID, 312),
            ),
        ]
    }
}

/// Every notification of the caller (the list is paged; 500 a page).
async fn all_messages(app: &TestApp, token: &str) -> Vec<Value> {
    Client::new(app, token)
        .list_messages("resultNum=500")
        .await
        .rows()
}

async fn the_demo_history_leaves_the_demo_users_a_few_quiet_notifications(backend: Backend) {
    let env = Demo::start(backend, true).await;
    let [demo, supplier, distributor] = env.tokens();

    // The newest order of the history, and the newest confirmation (the distributor's news).
    let (status, newest) = env
        .hotel
        .call(
            "GET",
            "/saas/order/sys/list?resultNum=1",
            &demo.1,
            "en",
            None,
        )
        .await;
    assert_eq!(status, 200, "{newest}");
    let newest = newest["data"]["results"][0]["orderId"].to_string();
    assert!(newest.parse::<i64>().is_ok(), "no demo order: {newest}");

    // Each demo user's list fills as message-server takes in the history's events, in the order
    // hotel-app told them, order by order, oldest first: the newest order's come last.
    let (app, supplier_token) = (&env.message, supplier.1.as_str());
    eventually_within(
        Duration::from_secs(120),
        "the supplier notified of the newest demo order",
        || {
            let newest = newest.clone();
            async move {
                let rows = all_messages(app, supplier_token).await;
                rows.iter()
                    .any(|m| m["refId"] == newest.as_str() && m["notifyType"] == 0)
                    .then_some(())
            }
        },
    )
    .await;
    // hotel-app told the newest order last, but for its own later steps, if any.
    actix_web::rt::time::sleep(Duration::from_secs(2)).await;
    // Only now does saas-main start, save the demo logins' settings and announce them.
    let saas = env.saas_main().await;

    let now = platform::time::now_ms();
    for (who, token) in [&demo, &supplier, &distributor] {
        let rows = all_messages(&env.message, token).await;
        let wanted: &[i64] = match *who {
            "demo" => &[0, 1],
            "supplier" => &[0, 1, 2],
            _ => &[11, 13],
        };
        assert!(!rows.is_empty(), "{who}: no notification from the history");
        assert!(rows.len() <= 60, "{who}: {} notifications", rows.len());
        for m in &rows {
            let at = m["createDate"].as_i64().unwrap();
            assert!(
                at >= now - 2 * DAY_MS - MINUTE_MS && at <= now,
                "{who}: older than two days: {m}"
            );
            assert!(
                wanted.contains(&m["notifyType"].as_i64().unwrap()),
                "{who}: a type it did not ask for: {m}"
            );
            assert_eq!(m["read"], false, "{who}: {m}");
            assert!(
                m["actionUrl"]
                    .as_str()
                    .unwrap()
                    .starts_with("/saas-hotel-app/order/"),
                "{who}: {m}"
            );
        }
        // What each asked for and the written-out recent orders guarantee.
        let has = |t: i64| rows.iter().any(|m| m["notifyType"] == t);
        match *who {
            "demo" => assert!(has(0), "demo: a new order"),
            "supplier" => assert!(has(0) && has(2), "supplier: new orders, a change asked for"),
            _ => assert!(has(13), "distributor: a confirmation"),
        }

        // Quiet: a new socket's backlog holds none of them, only news (made within minutes of
        // the start: an order of the history booked in its last minutes, if the draw has one).
        let mut socket = open(&env.message, token).await;
        if let Ok(Some(text)) = next_text(&mut socket, Duration::from_secs(2)).await {
            let backlog: Vec<Value> = match serde_json::from_str(&text).unwrap() {
                Value::Array(a) => a,
                one => vec![one],
            };
            for n in &backlog {
                let at = n["createDate"].as_i64().unwrap();
                assert!(at > now - 15 * MINUTE_MS, "{who}: history pushed: {n}");
            }
            assert!(backlog.len() < rows.len(), "{who}: the history pushed");
        }
    }

    // The settings are saas-main's, as the console's settings dialog reads them.
    let (status, body) = saas
        .call("GET", "/saas/notify/config/load", &supplier.1, "en", None)
        .await;
    assert_eq!(
        (status, body["data"]["notifyWeb"].as_str()),
        (200, Some("0,1,2")),
        "{body}"
    );
    for app in [saas, env.hotel, env.message] {
        app.shutdown().await;
    }
}

async fn with_the_demo_off_nobody_has_a_notification(backend: Backend) {
    let env = Demo::start(backend, false).await;
    let saas = env.saas_main().await;
    let [demo, _, _] = env.tokens();
    let (status, orders) = env
        .hotel
        .call("GET", "/saas/order/sys/list", &demo.1, "en", None)
        .await;
    assert_eq!((status, orders["data"]["sizeAll"].as_i64()), (200, Some(0)));
    // Whatever the start published has had its time to arrive.
    actix_web::rt::time::sleep(Duration::from_secs(2)).await;
    for (who, token) in env.tokens() {
        let rows = all_messages(&env.message, &token).await;
        assert!(rows.is_empty(), "{who}: {rows:?}");
    }
    for app in [saas, env.hotel, env.message] {
        app.shutdown().await;
    }
}

platform::on_both_backends!(
    the_demo_history_leaves_the_demo_users_a_few_quiet_notifications,
    with_the_demo_off_nobody_has_a_notification
);
