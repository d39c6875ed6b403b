use awc::ws::{Frame, Message};
use futures_util::{SinkExt as _, StreamExt as _};

use crate::helpers::spawn_stack;

fn ws_url(http: String) -> String {
    http.replacen("http", "ws", 1)
}

#[actix_web::test]
async fn a_websocket_round_trip_passes_through_the_gateway() {
    let stack = spawn_stack().await;
    let (res, mut socket) = stack
        .client()
        .ws(ws_url(stack.url("/api/hotel-app/ws?token=good")))
        .connect()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 101);
    socket.send(Message::Text("success?".into())).await.unwrap();
    match socket.next().await.unwrap().unwrap() {
        Frame::Text(text) => assert_eq!(text, "echo: success?"),
        other => panic!("expected text, got {other:?}"),
    }
    socket.send(Message::Ping("p".into())).await.unwrap();
    match socket.next().await.unwrap().unwrap() {
        Frame::Pong(p) => assert_eq!(p, "p"),
        other => panic!("expected pong, got {other:?}"),
    }
    socket.send(Message::Close(None)).await.unwrap();
}

#[actix_web::test]
async fn a_refused_upgrade_keeps_its_status() {
    let stack = spawn_stack().await;
    let result = stack
        .client()
        .ws(ws_url(stack.url("/api/hotel-app/ws?token=bad")))
        .connect()
        .await;
    let Err(err) = result else {
        panic!("the upgrade was accepted");
    };
    match err {
        awc::error::WsClientError::InvalidResponseStatus(status) => {
            assert_eq!(status.as_u16(), 401)
        }
        other => panic!("expected a 401, got {other:?}"),
    }
}
