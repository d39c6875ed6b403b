//! Signed requests of API users: the gateway hashes the body, has auth-center check the
//! request, passes a refusal on and forwards a good one with the token auth-center made.

use std::sync::{Arc, OnceLock};

use actix_web::{HttpResponse, web};
use platform::ServiceSpec;
use platform::auth::signed;
use platform::testing::{TestIssuer, spawn_with, test_config};

use serde_json::{Value, json};

use crate::helpers::spawn_stack_on;

const SECRET: &str = "the-api-users-secret";

/// Stands in for auth-center's check: the real HMAC with the one secret, tokens from `issuer`.
fn checker(issuer: Arc<OnceLock<Arc<TestIssuer>>>) -> ServiceSpec {
    ServiceSpec::new("auth-stand-in", "0.0.0", 0)
        .unguarded()
        .routes(move |c, _| {
            let issuer = issuer.clone();
            c.route(
                "/api/auth/verifySigned",
                web::post().to(move |form: web::Json<Value>| {
                    let issuer = issuer.clone();
                    async move {
                        let f = form.into_inner();
                        let canonical = signed::canonical(
                            f["method"].as_str().unwrap(),
                            f["pathAndQuery"].as_str().unwrap(),
                            f["timestamp"].as_i64().unwrap(),
                            f["nonce"].as_str().unwrap(),
                            f["bodySha256"].as_str().unwrap(),
                        );
                        if !signed::verify(SECRET, &canonical, f["signature"].as_str().unwrap()) {
                            return HttpResponse::Unauthorized().json(json!({"state": "error", "code": "signature-invalid", "msg": "The signature does not match the request"}));
                        }
                        let token = issuer.get().unwrap().token(7001, 1001, 2002, 512);
                        HttpResponse::Ok().json(json!({"userId": 7001, "saasId": 1001, "mchId": 2002, "mscType": 512, "appKey": "twkey", "token": token, "exp": 0}))
                    }
                }),
            );
        })
}

fn signed_request(
    client: &awc::Client,
    url: &str,
    path: &str,
    body: &[u8],
    secret: &str,
) -> awc::ClientRequest {
    let ts = platform::time::now_ms();
    let nonce = format!("n{}", platform::id::next_id());
    let sig = signed::sign(
        secret,
        &signed::canonical("POST", path, ts, &nonce, &signed::body_hash(body)),
    );
    client
        .post(url)
        .insert_header((signed::APP_KEY, "twkey"))
        .insert_header((signed::TIMESTAMP, ts.to_string()))
        .insert_header((signed::NONCE, nonce))
        .insert_header((signed::SIGNATURE, sig))
        .insert_header(("content-type", "application/json"))
}

#[actix_web::test]
async fn a_signed_request_goes_on_as_the_api_user_and_a_bad_one_is_refused() {
    let issuer = Arc::new(OnceLock::new());
    let stand_in = spawn_with(
        checker(issuer.clone()),
        &test_config("auth-stand-in", None),
        None,
    )
    .await;
    let stack = spawn_stack_on(&[], Some(stand_in.address.clone())).await;
    // The stand-in makes tokens the gateway's issuer verifies.
    issuer.set(stack.issuer.clone()).ok().unwrap();
    // A client of its own: the stack's sends a bearer token.
    let client = awc::Client::default();
    let path = "/api/hotel-app/open/v1/orders?x=1";
    let body = br#"{"productId":1}"#;

    let mut good = signed_request(&client, &stack.url(path), path, body, SECRET)
        .send_body(&body[..])
        .await
        .unwrap();
    assert_eq!(good.status().as_u16(), 200);
    let echoed: Value = good.json().await.unwrap();
    assert_eq!(echoed["body"], r#"{"productId":1}"#);
    assert!(
        echoed["headers"]["authorization"]
            .as_str()
            .unwrap()
            .starts_with("Bearer "),
        "{echoed}"
    );
    // The identity the gateway signs for the service is the token's.
    assert_eq!(echoed["headers"]["x-tradewind-user-id"], "7001", "{echoed}");
    assert_eq!(echoed["headers"]["x-tradewind-mch-id"], "2002", "{echoed}");

    let mut bad = signed_request(&client, &stack.url(path), path, body, "another-secret")
        .send_body(&body[..])
        .await
        .unwrap();
    let refusal: Value = bad.json().await.unwrap();
    assert_eq!(
        (bad.status().as_u16(), refusal["code"].as_str()),
        (401, Some("signature-invalid")),
        "{refusal}"
    );

    let big = vec![b'x'; signed::NONCE_MAX + (1 << 20)];
    let too_big = signed_request(&client, &stack.url(path), path, &big, SECRET)
        .send_body(big.clone())
        .await
        .unwrap();
    assert_eq!(too_big.status().as_u16(), 413);

    let outside = client
        .post(stack.url("/api/auth-center/api/auth/verifySigned"))
        .send_json(&json!({}))
        .await
        .unwrap();
    assert_eq!(outside.status().as_u16(), 404);
    stand_in.shutdown().await;
}
