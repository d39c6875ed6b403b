use std::io::{Read as _, Write as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use awc::Client;
use bytes::Bytes;
use serde_json::Value;

use crate::helpers::{spawn_stack, spawn_stack_with};

#[actix_web::test]
async fn a_request_reaches_the_service_with_method_query_body_and_headers() {
    let stack = spawn_stack().await;
    let token = stack.issuer.token(5, 7, 0, 300);
    let mut res = Client::default()
        .put(stack.url("/api/hotel-app/saas/hotel/rooms/7?page=2&name=%E6%B5%B7"))
        .bearer_auth(&token)
        .insert_header(("x-request-id", "req-42"))
        .send_body(r#"{"name":"Sea"}"#)
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.headers().get("x-upstream").unwrap(), "echo");
    assert_eq!(res.headers().get("x-request-id").unwrap(), "req-42");
    let seen: Value = res.json().await.unwrap();
    assert_eq!(seen["method"], "PUT");
    assert_eq!(seen["path"], "/saas/hotel/rooms/7");
    assert_eq!(seen["query"], "page=2&name=%E6%B5%B7");
    assert_eq!(seen["body"], r#"{"name":"Sea"}"#);
    let headers = &seen["headers"];
    assert_eq!(headers["authorization"], format!("Bearer {token}"));
    assert_eq!(headers["x-request-id"], "req-42");
    assert_eq!(headers["x-forwarded-prefix"], "/api/hotel-app");
    assert_eq!(headers["x-forwarded-for"], "127.0.0.1");
    assert_eq!(headers["x-forwarded-proto"], "http");
}

#[actix_web::test]
async fn the_gateway_makes_a_request_id_when_the_caller_has_none() {
    let stack = spawn_stack().await;
    let mut res = stack
        .client()
        .get(stack.url("/api/hotel-app/x"))
        .send()
        .await
        .unwrap();
    let seen: Value = res.json().await.unwrap();
    let sent = seen["headers"]["x-request-id"].as_str().unwrap().to_owned();
    assert!(!sent.is_empty());
    assert_eq!(
        res.headers().get("x-request-id").unwrap().to_str().unwrap(),
        sent
    );
}

#[actix_web::test]
async fn a_large_body_streams_through_both_ways_intact() {
    let stack = spawn_stack().await;
    let body: Vec<u8> = (0..8 * 1024 * 1024u32).map(|i| (i % 251) as u8).collect();
    let mut res = stack
        .client()
        .post(stack.url("/api/hotel-app/mirror"))
        // Beyond the gateway's own wait for the upstream (helpers::UPSTREAM_TIMEOUT).
        .timeout(std::time::Duration::from_secs(15))
        .send_body(body.clone())
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let back: Bytes = res.body().limit(16 * 1024 * 1024).await.unwrap();
    assert_eq!(back.len(), body.len());
    assert!(back == body, "the mirrored body differs");
}

#[actix_web::test]
async fn a_service_that_is_down_answers_502_naming_it() {
    let stack = spawn_stack().await;
    let mut res = stack
        .client()
        .get(stack.url("/api/saas-main/saas/myInfo/saasInfo/load"))
        .insert_header(("accept-language", "en"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 502);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["state"], "error");
    assert_eq!(body["code"], "upstream-unavailable");
    assert_eq!(body["data"]["service"], "saas-main");
    assert_eq!(body["msg"], "Service saas-main is unavailable");
}

#[actix_web::test]
async fn a_service_slower_than_its_timeout_answers_504() {
    let stack = spawn_stack().await;
    let mut res = stack
        .client()
        .get(stack.url("/api/hotel-app/slow"))
        .timeout(std::time::Duration::from_secs(10))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 504);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "upstream-timeout");
    assert_eq!(body["data"]["service"], "hotel-app");
    assert!(body["msg"].as_str().unwrap().contains("hotel-app"));
}

#[actix_web::test]
async fn an_unknown_service_is_a_404_in_the_envelope() {
    let stack = spawn_stack().await;
    let mut res = stack
        .client()
        .get(stack.url("/api/nope/x"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 404);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "not-found");
}

#[actix_web::test]
async fn the_gateway_has_its_own_actuator_and_api_reference() {
    let stack = spawn_stack().await;
    platform::testing::assert_actuator(&stack.gateway, "gateway").await;
    let client = Client::builder().disable_redirects().finish();
    let res = client.get(stack.url("/api/docs")).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 308);
    let mut res = client.get(stack.url("/api/docs/")).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let page = String::from_utf8(res.body().await.unwrap().to_vec()).unwrap();
    assert!(page.contains("swagger"), "{page}");
    let mut res = client
        .get(stack.url("/api/docs/swagger-initializer.js"))
        .send()
        .await
        .unwrap();
    let init = String::from_utf8(res.body().await.unwrap().to_vec()).unwrap();
    assert!(init.contains("/api/hotel-app/openapi.json"), "{init}");
    assert!(init.contains("/api/finance-app/openapi.json"), "{init}");
}

/// A bare upstream that drops its first `drop_first` connections without answering (a replica
/// stopping during a rolling restart) and answers `200 ok` on the later ones; counts them all.
fn flaky_upstream(drop_first: usize) -> (String, Arc<AtomicUsize>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(AtomicUsize::new(0));
    let counter = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            if counter.fetch_add(1, Ordering::SeqCst) < drop_first {
                drop(stream);
                continue;
            }
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
                head.push(byte[0]);
            }
            let _ = stream
                .write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok");
        }
    });
    (url, seen)
}

#[actix_web::test]
async fn a_read_is_sent_again_when_a_replica_drops_it_and_a_write_is_not() {
    let (reads, read_connections) = flaky_upstream(1);
    let (writes, write_connections) = flaky_upstream(1);
    let stack = spawn_stack_with(&[
        (
            "TRADEWIND_GATEWAY__UPSTREAMS__TICKET_APP__URL",
            reads.as_str(),
        ),
        (
            "TRADEWIND_GATEWAY__UPSTREAMS__MALL_APP__URL",
            writes.as_str(),
        ),
    ])
    .await;

    let mut res = stack
        .client()
        .get(stack.url("/api/ticket-app/saas/anything"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.body().await.unwrap(), "ok");
    assert_eq!(read_connections.load(Ordering::SeqCst), 2);

    // A POST may have been acted on before the connection dropped: never sent twice.
    let res = stack
        .client()
        .post(stack.url("/api/mall-app/saas/anything"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 502);
    assert_eq!(write_connections.load(Ordering::SeqCst), 1);
}
