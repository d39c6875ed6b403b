//! Edge security: tokens checked before forwarding, identity passed on, rate limits, CORS.

use awc::Client;
use platform::auth::EndReason;
use serde_json::Value;

use crate::helpers::{spawn_stack, spawn_stack_with};

#[actix_web::test]
async fn calls_without_a_valid_session_stop_at_the_gateway() {
    let stack = spawn_stack().await;
    let mut res = Client::default()
        .get(stack.url("/api/hotel-app/saas/hotel/rooms/list"))
        .insert_header(("accept-language", "en"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 401);
    assert!(
        res.headers().get("x-upstream").is_none(),
        "the service was not reached"
    );
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "unauthorized");
    assert_eq!(body["msg"], "Auth failed, login again");

    // Public paths pass without one.
    let mut res = Client::default()
        .get(stack.url("/api/hotel-app/actuator/health"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(res.json::<Value>().await.unwrap()["status"], "UP");

    // A session ended by a newer login: token-repeated, whatever the service.
    let token = stack.issuer.token(8, 7, 0, 300);
    stack.issuer.end(&token, EndReason::Replaced);
    let mut res = Client::default()
        .get(stack.url("/api/hotel-app/client/user"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 401);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "token-repeated");

    // A token for a websocket comes in the query.
    let mut res = Client::default()
        .get(stack.url("/api/hotel-app/websocket?token=garbage"))
        .insert_header(("upgrade", "websocket"))
        .insert_header(("connection", "upgrade"))
        .insert_header(("sec-websocket-version", "13"))
        .insert_header(("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 401);
    assert_eq!(res.json::<Value>().await.unwrap()["code"], "token-invalid");
}

#[actix_web::test]
async fn the_verified_identity_replaces_whatever_the_caller_claims() {
    let stack = spawn_stack().await;
    let mut res = stack
        .client()
        .get(stack.url("/api/hotel-app/saas/x/y/z"))
        .insert_header(("x-tradewind-saas-id", "999"))
        .insert_header(("x-tradewind-msc-type", "100"))
        .insert_header(("x-tradewind-client-ip", "6.6.6.6"))
        .insert_header(("x-forwarded-for", "6.6.6.6"))
        .insert_header(("forwarded", "for=6.6.6.6"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let echoed: Value = res.json().await.unwrap();
    let headers = &echoed["headers"];
    assert_eq!(headers["x-tradewind-saas-id"], "7");
    assert_eq!(headers["x-tradewind-msc-type"], "300");
    assert_eq!(headers["x-tradewind-user-id"], "5");
    // The address is the one the gateway saw; what the caller wrote is not believed.
    assert_eq!(headers["x-tradewind-client-ip"], "127.0.0.1");
    assert!(headers.get("forwarded").is_none(), "{headers}");
}

/// The identity headers are signed with the fleet secret: the service behind the gateway believes
/// the address the gateway decided, and a caller who reaches the service directly and writes the
/// same headers (even with a signature of its own) is taken for its peer.
#[actix_web::test]
async fn services_believe_the_gateways_signed_address_and_nobody_elses() {
    // One ingress in front: the address it appended is the client's.
    let stack = spawn_stack_with(&[("TRADEWIND_GATEWAY__TRUSTED_PROXY_HOPS", "1")]).await;
    let mut res = stack
        .client()
        .post(stack.url("/api/hotel-app/saas/x/y/z?a=1"))
        .insert_header(("x-forwarded-for", "203.0.113.9"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let echoed: Value = res.json().await.unwrap();
    assert_eq!(echoed["headers"]["x-tradewind-client-ip"], "203.0.113.9");
    assert!(
        echoed["headers"]["x-tradewind-signature"].is_string(),
        "{echoed}"
    );
    assert_eq!(echoed["clientIp"], "203.0.113.9", "{echoed}");

    // The same headers sent to the service directly: not believed.
    let direct = stack._upstream.url("/saas/x/y/z?a=1");
    let forged_signature = echoed["headers"]["x-tradewind-signature"].as_str().unwrap();
    for signature in ["", "1764000000000.AAAA", forged_signature] {
        let mut req = Client::default()
            .get(&direct)
            .insert_header(("x-tradewind-client-ip", "203.0.113.9"))
            .insert_header(("x-tradewind-user-id", "5"));
        if !signature.is_empty() {
            req = req.insert_header(("x-tradewind-signature", signature));
        }
        let echoed: Value = req.send().await.unwrap().json().await.unwrap();
        assert_eq!(echoed["clientIp"], "127.0.0.1", "{signature}: {echoed}");
    }
}

#[actix_web::test]
async fn over_the_limit_is_429_with_retry_after() {
    let stack = spawn_stack_with(&[(
        "TRADEWIND_GATEWAY__RATE_LIMITS",
        // A day's window: windows are aligned on the epoch, and one ending between the requests
        // would start the count again.
        "GET /api/hotel-app/limited=1:2/86400; /api/**=-1:0/60",
    )])
    .await;
    let client = stack.client();
    for _ in 0..2 {
        let res = client
            .get(stack.url("/api/hotel-app/limited"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
    }
    let mut res = client
        .get(stack.url("/api/hotel-app/limited"))
        .insert_header(("accept-language", "en"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 429);
    let wait: u64 = res
        .headers()
        .get("retry-after")
        .unwrap()
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=86_400).contains(&wait));
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "too-many-requests");
    // Per user: another user is not held back; other routes are unlimited.
    let other = Client::default()
        .get(stack.url("/api/hotel-app/limited"))
        .bearer_auth(stack.issuer.token(6, 7, 0, 300))
        .send()
        .await
        .unwrap();
    assert_eq!(other.status().as_u16(), 200);
    assert_eq!(
        client
            .get(stack.url("/api/hotel-app/other"))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16(),
        200
    );
}

#[actix_web::test]
async fn cors_answers_only_the_configured_origins() {
    let stack = spawn_stack_with(&[(
        "TRADEWIND_GATEWAY__CORS_ORIGINS",
        "https://console.example.com",
    )])
    .await;
    let preflight = |origin: &'static str| {
        Client::default()
            .request(
                awc::http::Method::OPTIONS,
                stack.url("/api/hotel-app/saas/x/y/z"),
            )
            .insert_header(("origin", origin))
            .insert_header(("access-control-request-method", "POST"))
            .send()
    };
    let res = preflight("https://console.example.com").await.unwrap();
    assert_eq!(res.status().as_u16(), 204);
    assert_eq!(
        res.headers().get("access-control-allow-origin").unwrap(),
        "https://console.example.com"
    );
    assert!(
        res.headers()
            .get("access-control-allow-headers")
            .unwrap()
            .to_str()
            .unwrap()
            .contains("authorization")
    );
    let res = preflight("https://evil.example.com").await.unwrap();
    assert!(res.headers().get("access-control-allow-origin").is_none());

    let res = stack
        .client()
        .get(stack.url("/api/hotel-app/x"))
        .insert_header(("origin", "https://console.example.com"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.headers().get("access-control-allow-origin").unwrap(),
        "https://console.example.com"
    );
}

#[actix_web::test]
async fn data_changing_calls_are_recorded_as_user_actions() {
    use prost::Message as _;
    let stack = spawn_stack().await;
    let mut actions = stack.bus.broadcast("test", &["user-action.recorded"]);
    // Reads and anonymous calls are not actions.
    stack
        .client()
        .get(stack.url("/api/hotel-app/saas/a/b/list"))
        .send()
        .await
        .unwrap();
    Client::default()
        .post(stack.url("/api/hotel-app/actuator/info"))
        .send()
        .await
        .unwrap();
    let res = stack
        .client()
        .post(stack.url("/api/hotel-app/saas/a/b/save"))
        .send_body("{}")
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let delivery = tokio::time::timeout(std::time::Duration::from_secs(5), actions.recv())
        .await
        .unwrap()
        .unwrap();
    let envelope = platform::bus::EventEnvelope::decode(delivery.body.as_slice()).unwrap();
    assert_eq!(envelope.saas_id, 7);
    let batch =
        platform::bus::v1::UserActionsRecorded::decode(envelope.payload.as_slice()).unwrap();
    assert_eq!(batch.actions.len(), 1, "{batch:?}");
    let action = &batch.actions[0];
    assert_eq!(
        (
            action.user_id,
            action.method.as_str(),
            action.path.as_str(),
            action.status
        ),
        (5, "POST", "/api/hotel-app/saas/a/b/save", 200)
    );
}

/// The gateway's `/actuator/prometheus` figure `name`.
async fn figure(gateway: &platform::testing::TestApp, name: &str) -> f64 {
    let mut res = Client::default()
        .get(gateway.url("/actuator/prometheus"))
        .send()
        .await
        .unwrap();
    let text = String::from_utf8(res.body().await.unwrap().to_vec()).unwrap();
    text.lines()
        .find(|l| l.starts_with(name))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no {name} in {text}"))
}

#[actix_web::test]
async fn replicas_hold_one_limit_together() {
    let stack = spawn_stack_with(&[(
        "TRADEWIND_GATEWAY__RATE_LIMITS",
        "GET /api/hotel-app/limited=1:4/86400; /api/**=-1:0/60",
    )])
    .await;
    // A second replica on the same broker, as a Kubernetes Service spreads callers over them.
    let other = stack.replica().await;
    let shared = "tradewind_gateway_rate_limit_shared_total";
    assert_eq!(figure(&other, shared).await, 0.0);
    let client = stack.client();
    for _ in 0..4 {
        let res = client
            .get(stack.url("/api/hotel-app/limited"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 200);
    }
    platform::testing::eventually("the other replica hears the four", || async {
        (figure(&other, shared).await >= 4.0).then_some(())
    })
    .await;
    let res = client
        .get(other.url("/api/hotel-app/limited"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status().as_u16(),
        429,
        "the limit is the same four on every replica, not four on each"
    );
    // And the other way: what this replica refuses, the first one hears nothing of (a refused
    // request is not counted), while another user is counted apart.
    let someone = Client::default()
        .get(other.url("/api/hotel-app/limited"))
        .bearer_auth(stack.issuer.token(6, 7, 0, 300))
        .send()
        .await
        .unwrap();
    assert_eq!(someone.status().as_u16(), 200);
    platform::testing::eventually("the first replica hears the other user's", || async {
        (figure(&stack.gateway, shared).await >= 1.0).then_some(())
    })
    .await;
    assert_eq!(figure(&stack.gateway, shared).await, 1.0);
}
