//! Through the real RabbitMQ: a hotel order booked through hotel-app's API reaches the
//! supplier's socket as a type-0 notification; with two message-server replicas on one broker
//! and one PostgreSQL database, it arrives once, from the replica holding the socket. (SQLite
//! is the one-process embedded mode: one replica there.) It spans services, so it lives in the
//! fleet's crate, not in message-server's.

use std::time::Duration;

use crate::demo_hotel;
use crate::helpers::{Client, Socket, open, publish, publish_settings};
use platform::bus::rabbit::RabbitBroker;
use platform::bus::{Bus, Outgoing, v1};
use platform::testing::{
    Backend, TestDb, TestIssuer, eventually_within, spawn_on_bus, test_config,
};
use serde_json::Value;

const SAAS: i64 = platform::demo::SAAS_ID;
const SUPPLIER: i64 = platform::demo::SUPPLIER_ID;
const DISTRIBUTOR: i64 = platform::demo::DISTRIBUTOR_ID;

pub(crate) fn amqp_url() -> String {
    std::env::var("TRADEWIND_TEST_AMQP_URL")
        .unwrap_or_else(|_| "amqp://guest:guest@127.0.0.1:5672/%2f".to_owned())
}

/// The next text frame, or None when none comes within `wait` or the socket closes.
async fn next_text(socket: &mut Socket, wait: Duration) -> Option<String> {
    crate::helpers::next_text(socket, wait).await.ok().flatten()
}

async fn an_order_booked_in_hotel_app_reaches_the_suppliers_socket_once(backend: Backend) {
    let issuer = TestIssuer::new();
    let exchange = format!("tradewind.test.{}", uuid::Uuid::new_v4().simple());
    let bus = Bus::Rabbit(RabbitBroker::with_exchange(&amqp_url(), &exchange, true));

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
    // Two replicas of message-server on one PostgreSQL database.
    let msg_db = TestDb::new(backend);
    let msg_cfg = test_config(message_server::NAME, Some(&msg_db));
    let spec = || message_server::service().auth_backend(issuer.clone());
    let first = spawn_on_bus(spec(), &msg_cfg, Some(msg_db), bus.clone()).await;
    let second = match backend {
        Backend::Postgres => Some(spawn_on_bus(spec(), &msg_cfg, None, bus.clone()).await),
        Backend::Sqlite => None,
    };
    let holder = second.as_ref().unwrap_or(&first);

    for (mch_id, mch_type) in [(SUPPLIER, 1), (DISTRIBUTOR, 2)] {
        let m = v1::MerchantUpdated {
            mch_id,
            mch_type,
            mch_name: format!("merchant {mch_id}"),
            mch_currency: "CNY".into(),
            state: 1,
            grade: 0,
        };
        publish(
            &bus,
            "merchant.updated",
            Outgoing::new("saas-main", "merchant.updated", SAAS, &m),
        )
        .await;
    }
    let settings = v1::NotifyConfigUpdated {
        user_id: 10,
        mch_id: SUPPLIER,
        notify_web: "0".into(),
        state: 1,
        ..Default::default()
    };
    publish_settings(&bus, SAAS, &settings).await;

    issuer.grant(10, &["/saas/notify/**"]);
    issuer.grant(11, &["/saas/booking/**"]);
    let supplier = issuer.token(10, SAAS, SUPPLIER, 311);
    let distributor = issuer.token(11, SAAS, DISTRIBUTOR, 312);
    // Behind a lock: the probes below read it from futures a closure cannot lend it to.
    let socket = tokio::sync::Mutex::new(open(holder, &supplier).await);

    // The replica's broadcast queue is bound a moment after it starts: wait until a
    // notification published straight to the broker reaches the socket.
    let (bus_ref, socket_ref) = (&bus, &socket);
    let mut id = 0;
    eventually_within(Duration::from_secs(30), "a probe on the socket", || {
        id += 1;
        let probe = v1::NotificationRequested {
            channel: "web".into(),
            user_id: 10,
            notification_id: id,
            ref_id: "probe".into(),
            ..Default::default()
        };
        async move {
            let out = Outgoing::new("test", "notification.requested", SAAS, &probe);
            publish(bus_ref, "notification.requested", out).await;
            let mut socket = socket_ref.lock().await;
            next_text(&mut socket, Duration::from_millis(200)).await
        }
    })
    .await;

    // The distributor books the demo hotel once hotel-app knows the merchants.
    let product = demo_hotel::demo_product(&hotel, &distributor).await;
    let (s, b) = demo_hotel::book(&hotel, &distributor, &product, 1).await;
    assert_eq!(s, 200, "{b}");
    let order_id = b["data"]["orderId"].as_i64().unwrap().to_string();

    // Late probes may still come; the order's notification must come once.
    let order_ref = order_id.as_str();
    let pushed = eventually_within(
        Duration::from_secs(30),
        "the order's notification on the socket",
        || async move {
            let mut socket = socket_ref.lock().await;
            let text = next_text(&mut socket, Duration::from_millis(200)).await?;
            let v: Value = serde_json::from_str(&text).unwrap();
            (v["refId"] == order_ref).then_some(v)
        },
    )
    .await;
    assert_eq!(
        pushed["notifyType"], 0,
        "the order's notification within 30 s"
    );
    let mut socket = socket.into_inner();
    while let Some(text) = next_text(&mut socket, Duration::from_secs(1)).await {
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_ne!(v["refId"], order_id.as_str(), "delivered twice");
    }
    // hotel-app's demo history (a year of orders) notifies the supplier too: count this order's.
    let client = Client::new(&first, &supplier);
    let mut stored = 0;
    let mut page = 1;
    loop {
        let list = client
            .list_messages(&format!("page={page}&resultNum=500"))
            .await
            .body;
        let results = list["data"]["results"].as_array().unwrap();
        stored += results
            .iter()
            .filter(|m| m["refId"] == order_id.as_str())
            .count();
        if results.is_empty() || list["data"]["pageCount"].as_i64() <= Some(page) {
            break;
        }
        page += 1;
    }
    assert_eq!(stored, 1, "the order's notification stored once");

    if let Some(second) = second {
        second.shutdown().await;
    }
    first.shutdown().await;
    hotel.shutdown().await;
}

platform::on_both_backends!(an_order_booked_in_hotel_app_reaches_the_suppliers_socket_once);
