//! Order events become web notifications for the users whose settings take them: through the
//! service's own consumer, from events on the bus as saas-main and hotel-app publish them.

use std::time::Duration;

use crate::helpers::{Client, at_least, publish, publish_settings, start};
use platform::bus::{Outgoing, v1};
use platform::testing::Backend;
use prost::Message as _;
use serde_json::json;

const SAAS: i64 = 1001;
const SUPPLIER: i64 = 2001;
const DISTRIBUTOR: i64 = 2002;

fn config(user_id: i64, mch_id: i64, web: &str, state: i32) -> v1::NotifyConfigUpdated {
    v1::NotifyConfigUpdated {
        user_id,
        mch_id,
        notify_web: web.into(),
        state,
        ..Default::default()
    }
}

fn order(id: i64) -> v1::OrderRef {
    v1::OrderRef {
        order_id: id,
        product_type: 10,
        supplier_mch_id: SUPPLIER,
        distributor_mch_id: DISTRIBUTOR,
        product_name: "Sea-view King".into(),
        start_date: "2026-12-01".into(),
        end_date: "2026-12-02".into(),
        ..Default::default()
    }
}

/// The types of a user's notifications, newest first, once `n` have arrived.
async fn types_of(user: &Client<'_>, n: usize) -> Vec<i64> {
    let rows = at_least(n, &format!("{n} notifications"), || user.list_messages("")).await;
    rows.iter()
        .map(|r| r["notifyType"].as_i64().unwrap())
        .collect()
}

async fn order_events_reach_the_users_who_asked_for_them(backend: Backend) {
    let env = start(backend, &[]).await;
    let (app, bus, issuer) = (&env.app, &env.bus, &env.issuer);
    let token = |user: i64, saas: i64, mch: i64| {
        issuer.grant(user, &["/saas/notify/**"]);
        issuer.token(user, saas, mch, 311)
    };
    let supplier = token(10, SAAS, SUPPLIER);
    let distributor = token(11, SAAS, DISTRIBUTOR);
    let excluded = token(12, SAAS, SUPPLIER);
    let blocked = token(13, SAAS, SUPPLIER);
    let foreign = token(14, 1002, 3001);
    let staff = issuer.token(15, SAAS, 0, 200);
    let (supplier, distributor, excluded, staff) = (
        Client::new(app, &supplier),
        Client::new(app, &distributor),
        Client::new(app, &excluded),
        Client::new(app, &staff),
    );
    for (saas, c) in [
        (SAAS, config(10, SUPPLIER, "0,1,3", 1)),
        (SAAS, config(11, DISTRIBUTOR, "10,13", 1)),
        (SAAS, config(12, SUPPLIER, "1", 1)),
        (SAAS, config(13, SUPPLIER, "0", 0)),
        (1002, config(14, 3001, "0,10", 1)),
        (SAAS, config(15, 0, "0,10", 1)),
    ] {
        publish_settings(bus, saas, &c).await;
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut requests = bus.broadcast("test", &["notification.requested"]);
    let mut weixin = config(16, SUPPLIER, "", 1);
    weixin.notify_weixin = "0".into();
    publish_settings(bus, SAAS, &weixin).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let created = v1::OrderCreated {
        order: Some(order(42)),
        order_state: 8,
        ..Default::default()
    };
    let out = Outgoing::new("hotel-app", "order.hotel.created", SAAS, &created);
    publish(bus, "order.hotel.created", out).await;

    assert_eq!(types_of(&supplier, 1).await, [0]);
    // WeChat: one request for weixin-server, for the user whose WeChat settings take it.
    let mut asked = Vec::new();
    while let Ok(Some(d)) = tokio::time::timeout(Duration::from_millis(500), requests.recv()).await
    {
        let e = platform::bus::EventEnvelope::decode(d.body.as_slice()).unwrap();
        let r = v1::NotificationRequested::decode(e.payload.as_slice()).unwrap();
        if r.channel == "weixin" {
            asked.push((r.user_id, r.notify_type, r.ref_id));
        }
    }
    assert_eq!(asked, [(16, 0, "42".to_owned())]);
    assert_eq!(types_of(&distributor, 1).await, [10]);
    assert_eq!(
        types_of(&staff, 2).await.len(),
        2,
        "the tenant's staff hear both sides"
    );
    let confirmed = v1::OrderStateChanged {
        order: Some(order(42)),
        old_order_state: 8,
        new_order_state: 1,
        ..Default::default()
    };
    let out = Outgoing::new("hotel-app", "order.hotel.state-changed", SAAS, &confirmed);
    publish(bus, "order.hotel.state-changed", out).await;
    assert_eq!(types_of(&supplier, 2).await, [3, 0]);
    assert_eq!(types_of(&distributor, 2).await, [13, 10]);
    // Settings that exclude the type, blocked settings and another tenant get nothing.
    for token in [excluded.token, &blocked, &foreign] {
        let b = Client::new(app, token).list_messages("").await.body;
        assert_eq!(b["data"]["sizeAll"], 0, "{b}");
    }

    // In the reader's language, with the order and a link to it.
    let b = supplier.list_messages("").await.body;
    let newest = &b["data"]["results"][0];
    assert_eq!(
        newest["message"],
        "Order succeeded (hotel): Sea-view King, 2026-12-01 to 2026-12-02, order 42"
    );
    assert_eq!(newest["refId"], "42");
    assert_eq!(
        newest["actionUrl"],
        "/saas-hotel-app/order/supplier/list?orderId=42"
    );
    assert_eq!(newest["read"], false);
    let b = supplier.in_lang("zh-CN").list_messages("").await.body;
    assert!(
        b["data"]["results"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("订单成功")
    );

    // Read: only one's own; unread first afterwards.
    let newest_id = newest["id"].as_i64().unwrap();
    let a = distributor.read_messages(json!({"ids": [newest_id]})).await;
    assert_eq!(
        (a.status, a.body["data"]["changed"].as_i64()),
        (200, Some(0)),
        "not the distributor's"
    );
    let b = supplier
        .read_messages(json!({"ids": [newest_id]}))
        .await
        .body;
    assert_eq!(b["data"]["changed"], 1);
    let b = supplier.list_messages("").await.body;
    let rows = b["data"]["results"].as_array().unwrap();
    assert_eq!(
        (rows[0]["notifyType"].as_i64(), rows[0]["read"].as_bool()),
        (Some(0), Some(false))
    );
    assert_eq!(
        (rows[1]["id"].as_i64(), rows[1]["read"].as_bool()),
        (Some(newest_id), Some(true))
    );
    let b = supplier.list_messages("unread=true").await.body;
    assert_eq!(b["data"]["sizeAll"], 1);
    let b = supplier.read_messages(json!({})).await.body;
    assert_eq!(b["data"]["changed"], 1);

    // New settings take effect for the next order.
    publish_settings(bus, SAAS, &config(12, SUPPLIER, "0", 1)).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let next = v1::OrderCreated {
        order: Some(order(43)),
        ..Default::default()
    };
    let out = Outgoing::new("hotel-app", "order.hotel.created", SAAS, &next);
    publish(bus, "order.hotel.created", out).await;
    assert_eq!(types_of(&excluded, 1).await, [0]);
    env.app.shutdown().await;
}

/// History (order events told as of the past, such as the demo hotel's year of orders): the last
/// two days' are listed, unread, and neither pushed nor sent; older ones make nothing. News told
/// as it happens goes everywhere, as always.
async fn history_is_listed_quietly_and_older_history_not_at_all(backend: Backend) {
    let env = start(backend, &[]).await;
    let (app, bus, issuer) = (&env.app, &env.bus, &env.issuer);
    issuer.grant(10, &["/saas/notify/**"]);
    issuer.grant(15, &["/saas/msg/**"]);
    let supplier = issuer.token(10, SAAS, SUPPLIER, 311);
    let staff = issuer.token(15, SAAS, 0, 200);
    let mut settings = config(10, SUPPLIER, "0", 1);
    settings.notify_weixin = "0".into();
    settings.notify_sms = "0".into();
    settings.mobile = "13800138000".into();
    publish_settings(bus, SAAS, &settings).await;
    crate::helpers::publish_licence(bus, SAAS, "saas/notify/sms").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut requests = bus.broadcast("test", &["notification.requested"]);
    tokio::time::sleep(Duration::from_millis(200)).await;

    let now = platform::time::now_ms();
    let created = |id: i64| v1::OrderCreated {
        order: Some(order(id)),
        ..Default::default()
    };
    let day = 24 * 3600 * 1000;
    // Told now as of a day ago, as of three days ago, then news.
    for (id, at) in [(50, Some(now - day)), (51, Some(now - 3 * day)), (52, None)] {
        let mut out = Outgoing::new("hotel-app", "order.hotel.created", SAAS, &created(id));
        if let Some(at) = at {
            out = out.at(at);
        }
        publish(bus, "order.hotel.created", out).await;
    }

    // Delivered in order: once the news is listed, the history before it was taken in.
    let supplier = Client::new(app, &supplier);
    let rows = at_least(2, "the news and the recent history", || {
        supplier.list_messages("")
    })
    .await;
    let listed: Vec<(&str, bool)> = rows
        .iter()
        .map(|r| (r["refId"].as_str().unwrap(), r["read"].as_bool().unwrap()))
        .collect();
    assert_eq!(
        listed,
        [("52", false), ("50", false)],
        "newest first, none of 51"
    );
    assert_eq!(
        rows[1]["createDate"].as_i64(),
        Some(now - day),
        "listed when it happened"
    );

    // Only the news was announced: to the sockets and to weixin-server.
    let mut announced = Vec::new();
    while let Ok(Some(d)) = tokio::time::timeout(Duration::from_millis(500), requests.recv()).await
    {
        let e = platform::bus::EventEnvelope::decode(d.body.as_slice()).unwrap();
        let r = v1::NotificationRequested::decode(e.payload.as_slice()).unwrap();
        announced.push((r.channel, r.ref_id));
    }
    announced.sort();
    assert_eq!(
        announced,
        [
            ("web".to_owned(), "52".to_owned()),
            ("weixin".to_owned(), "52".to_owned())
        ]
    );
    // Only the news was queued as a text.
    let texts = Client::new(app, &staff)
        .list_sms_queue("state=-99")
        .await
        .rows();
    let texts: Vec<&str> = texts.iter().map(|t| t["refId"].as_str().unwrap()).collect();
    assert_eq!(texts, ["52"]);
    // A new socket's backlog is the news, not the history.
    let mut socket = crate::helpers::open(app, supplier.token).await;
    let text = crate::helpers::next_text(&mut socket, Duration::from_secs(5))
        .await
        .unwrap()
        .unwrap();
    let backlog: serde_json::Value = serde_json::from_str(&text).unwrap();
    let refs: Vec<&str> = backlog
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["refId"].as_str().unwrap())
        .collect();
    assert_eq!(refs, ["52"]);
    env.app.shutdown().await;
}

platform::on_both_backends!(
    order_events_reach_the_users_who_asked_for_them,
    history_is_listed_quietly_and_older_history_not_at_all
);
