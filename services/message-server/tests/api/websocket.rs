//! The notification socket: refused without a valid token, keep-alives answered, order events
//! pushed as they happen, the unread backlog at connect, closed when the session ends elsewhere
//! or the socket stays silent.

use std::time::Duration;

use crate::helpers::{self, Env, open, publish, publish_settings, ws_url};
use awc::ws::Message;
use base64::Engine as _;
use futures_util::SinkExt as _;
use platform::bus::{Bus, Outgoing, v1};
use platform::testing::Backend;
use serde_json::Value;

const SAAS: i64 = 1001;
const SUPPLIER: i64 = 2001;

/// message-server closing silent sockets after `idle_secs`, and the token of a supplier's user
/// who takes web notifications of new and succeeded orders.
async fn start(backend: Backend, idle_secs: &str) -> (Env, String) {
    let env = helpers::start(backend, &[("WEBSOCKET__IDLE_SECS", idle_secs)]).await;
    let config = v1::NotifyConfigUpdated {
        user_id: 10,
        mch_id: SUPPLIER,
        notify_web: "0,1".into(),
        state: 1,
        ..Default::default()
    };
    publish_settings(&env.bus, SAAS, &config).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    let token = env.issuer.token(10, SAAS, SUPPLIER, 311);
    (env, token)
}

async fn new_order(bus: &Bus, id: i64) {
    let created = v1::OrderCreated {
        order: Some(v1::OrderRef {
            order_id: id,
            product_type: 10,
            supplier_mch_id: SUPPLIER,
            distributor_mch_id: 2002,
            product_name: "Sea-view King".into(),
            start_date: "2026-12-01".into(),
            ..Default::default()
        }),
        ..Default::default()
    };
    publish(
        bus,
        "order.hotel.created",
        Outgoing::new("hotel-app", "order.hotel.created", SAAS, &created),
    )
    .await;
}

/// The next text frame (5 s at most); None when the socket closes first.
async fn next_text(socket: &mut helpers::Socket) -> Option<String> {
    helpers::next_text(socket, Duration::from_secs(5))
        .await
        .expect("a frame within 5 s")
}

fn session_of(token: &str) -> String {
    let claims = token.split('.').nth(1).unwrap();
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(claims)
        .unwrap();
    let v: Value = serde_json::from_slice(&bytes).unwrap();
    v["sid"].as_str().unwrap().to_owned()
}

async fn the_socket_carries_notifications_and_keep_alives(backend: Backend) {
    let (env, token) = start(backend, "120").await;
    let refused = awc::Client::new()
        .ws(ws_url(&env.app, "bad"))
        .connect()
        .await;
    match refused {
        Err(awc::error::WsClientError::InvalidResponseStatus(s)) => assert_eq!(s.as_u16(), 401),
        other => panic!("expected 401, got {:?}", other.map(|(r, _)| r.status())),
    }

    let mut socket = open(&env.app, &token).await;
    socket.send(Message::Text("ping".into())).await.unwrap();
    assert_eq!(next_text(&mut socket).await.as_deref(), Some("success"));
    new_order(&env.bus, 42).await;
    let pushed: Value = serde_json::from_str(&next_text(&mut socket).await.unwrap()).unwrap();
    assert_eq!(pushed["notifyType"], 0);
    assert_eq!(pushed["refId"], "42");
    assert_eq!(
        pushed["message"],
        "New order (hotel): Sea-view King, 2026-12-01, order 42"
    );
    assert!(pushed["createDate"].as_i64().unwrap() > 0);
    socket.send(Message::Close(None)).await.unwrap();

    // Reconnecting: the unread notifications of the last day, as one array.
    new_order(&env.bus, 43).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut again = open(&env.app, &token).await;
    let backlog: Value = serde_json::from_str(&next_text(&mut again).await.unwrap()).unwrap();
    let refs: Vec<&str> = backlog
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["refId"].as_str().unwrap())
        .collect();
    assert_eq!(refs, ["42", "43"]);

    // The session ended elsewhere (a second login, a logout): its sockets close.
    let ended = v1::SessionEnded {
        session_id: session_of(&token),
        user_id: 10,
        reason: "replaced".into(),
    };
    publish(
        &env.bus,
        "session.ended",
        Outgoing::new("auth-center", "session.ended", SAAS, &ended),
    )
    .await;
    assert_eq!(next_text(&mut again).await, None, "closed");
    env.app.shutdown().await;
}

async fn a_silent_socket_is_closed(backend: Backend) {
    let (env, token) = start(backend, "1").await;
    let mut socket = open(&env.app, &token).await;
    socket.send(Message::Text("ping".into())).await.unwrap();
    assert_eq!(next_text(&mut socket).await.as_deref(), Some("success"));
    // Then nothing more is sent: the server closes it.
    assert_eq!(next_text(&mut socket).await, None);
    env.app.shutdown().await;
}

platform::on_both_backends!(
    the_socket_carries_notifications_and_keep_alives,
    a_silent_socket_is_closed,
);
