//! The notification socket: refused without a valid token, keep-alives answered, order events
//! pushed as they happen, the unread backlog at connect, closed when the session ends elsewhere
//! or the socket stays silent.

use std::time::Duration;

use awc::ws::{Frame, Message};
use base64::Engine as _;
use futures_util::{SinkExt as _, StreamExt as _};
use platform::bus::{Bus, MemoryBroker, Outgoing, v1};
use platform::testing::{Backend, TestApp, TestDb, TestIssuer, spawn_on_bus, test_config};
use serde_json::Value;

const SAAS: i64 = 1001;
const SUPPLIER: i64 = 2001;

struct Env {
    app: TestApp,
    bus: Bus,
    token: String,
}

async fn start(backend: Backend, idle_secs: &str) -> Env {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let db = TestDb::new(backend);
    let mut cfg = test_config(message_server::NAME, Some(&db));
    cfg.env
        .set("TRADEWIND_MESSAGE_SERVER__WEBSOCKET__IDLE_SECS", idle_secs);
    let app = spawn_on_bus(
        message_server::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
        bus.clone(),
    )
    .await;
    let config = v1::NotifyConfigUpdated {
        user_id: 10,
        mch_id: SUPPLIER,
        notify_web: "0,1".into(),
        state: 1,
        ..Default::default()
    };
    publish(
        &bus,
        Outgoing::new("saas-main", "notify-config.updated", SAAS, &config),
        "notify-config.updated",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    Env {
        app,
        bus,
        token: issuer.token(10, SAAS, SUPPLIER, 311),
    }
}

async fn publish(bus: &Bus, out: Outgoing, key: &str) {
    bus.publish_batch(&[(key, &out.envelope_bytes())])
        .await
        .unwrap();
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
        Outgoing::new("hotel-app", "order.hotel.created", SAAS, &created),
        "order.hotel.created",
    )
    .await;
}

fn ws_url(app: &TestApp, token: &str) -> String {
    app.url(&format!("/websocket?token={token}"))
        .replacen("http", "ws", 1)
}

type Socket = actix_codec::Framed<awc::BoxedSocket, awc::ws::Codec>;

async fn open(app: &TestApp, token: &str) -> Socket {
    let (res, socket) = awc::Client::new()
        .ws(ws_url(app, token))
        .header("accept-language", "en")
        .connect()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 101);
    socket
}

/// The next text frame (5 s at most); None when the socket closes first.
async fn next_text(socket: &mut Socket) -> Option<String> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("a frame within 5 s");
        match frame {
            Some(Ok(Frame::Text(t))) => return Some(String::from_utf8(t.to_vec()).unwrap()),
            Some(Ok(Frame::Close(_))) | None | Some(Err(_)) => return None,
            Some(Ok(_)) => {}
        }
    }
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
    let env = start(backend, "120").await;
    let refused = awc::Client::new()
        .ws(ws_url(&env.app, "bad"))
        .connect()
        .await;
    match refused {
        Err(awc::error::WsClientError::InvalidResponseStatus(s)) => assert_eq!(s.as_u16(), 401),
        other => panic!("expected 401, got {:?}", other.map(|(r, _)| r.status())),
    }

    let mut socket = open(&env.app, &env.token).await;
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
    let mut again = open(&env.app, &env.token).await;
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
        session_id: session_of(&env.token),
        user_id: 10,
        reason: "replaced".into(),
    };
    publish(
        &env.bus,
        Outgoing::new("auth-center", "session.ended", SAAS, &ended),
        "session.ended",
    )
    .await;
    assert_eq!(next_text(&mut again).await, None, "closed");
    env.app.shutdown().await;
}

async fn a_silent_socket_is_closed(backend: Backend) {
    let env = start(backend, "1").await;
    let mut socket = open(&env.app, &env.token).await;
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
