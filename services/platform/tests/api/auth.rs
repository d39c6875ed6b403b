//! The guard every service runs: sessions, permission codes from the matched route, platform
//! endpoints, and ended sessions learnt from `session.ended` events.

use std::sync::Arc;

use actix_web::{HttpResponse, web};
use awc::Client;
use platform::ServiceSpec;
use platform::auth::{CurrentUser, EndReason};
use platform::bus::{Bus, MemoryBroker, Outgoing, v1};
use platform::testing::{TestApp, TestIssuer, spawn_on_bus, spawn_with, test_config};
use serde_json::Value;

async fn whoami(user: CurrentUser) -> HttpResponse {
    HttpResponse::Ok().json(user)
}

fn guarded(issuer: Arc<TestIssuer>) -> ServiceSpec {
    let doc = utoipa::openapi::OpenApiBuilder::new().build();
    ServiceSpec::new("guarded", "1.0.0", 0)
        .openapi(doc)
        .auth_backend(issuer)
        .routes(|c, _| {
            c.route("/client/me", web::get().to(whoami))
                .route("/saas/order/hotelOrders/list", web::get().to(whoami))
                .route("/saas/order/hotelOrders/{id}", web::put().to(whoami))
                .route("/saas/platform/saasInfo/list", web::get().to(whoami));
        })
}

async fn call(app: &TestApp, method: &str, path: &str, token: Option<&str>) -> (u16, Value) {
    let client = Client::default();
    let mut req = match method {
        "PUT" => client.put(app.url(path)),
        _ => client.get(app.url(path)),
    }
    .insert_header(("accept-language", "en"));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let mut res = req.send().await.unwrap();
    let body = res.json::<Value>().await.unwrap_or(Value::Null);
    (res.status().as_u16(), body)
}

#[actix_web::test]
async fn sessions_and_permissions_are_checked_in_one_place() {
    let issuer = TestIssuer::new();
    let app = spawn_with(guarded(issuer.clone()), &test_config("guarded", None), None).await;

    // Public and session paths.
    assert_eq!(call(&app, "GET", "/actuator/health", None).await.0, 200);
    let (status, body) = call(&app, "GET", "/client/me", None).await;
    assert_eq!(status, 401);
    assert_eq!(body["code"], "unauthorized");
    assert_eq!(body["msg"], "Auth failed, login again");
    let (status, body) = call(&app, "GET", "/client/me", Some("not.a.token")).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("token-invalid"))
    );

    // The caller comes from the token: tenant and merchant included.
    let supplier = issuer.token(11, 7, 2001, 311);
    let (status, body) = call(&app, "GET", "/client/me", Some(&supplier)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["saasId"].as_i64(), body["mchId"].as_i64()),
        (Some(7), Some(2001))
    );

    // A permission code is the route's pattern and method.
    let (status, body) = call(&app, "GET", "/saas/order/hotelOrders/list", Some(&supplier)).await;
    assert_eq!(status, 403);
    assert_eq!(body["msg"], "Sorry, the current user has no permission");
    issuer.grant(12, &["/saas/order/hotelOrders/{id}:PUT"]);
    let editor = issuer.token(12, 7, 2001, 311);
    assert_eq!(
        call(&app, "PUT", "/saas/order/hotelOrders/5", Some(&editor))
            .await
            .0,
        200
    );
    assert_eq!(
        call(&app, "GET", "/saas/order/hotelOrders/list", Some(&editor))
            .await
            .0,
        403
    );
    issuer.grant(13, &["/saas/order/**"]);
    let orders = issuer.token(13, 7, 0, 300);
    assert_eq!(
        call(&app, "GET", "/saas/order/hotelOrders/list", Some(&orders))
            .await
            .0,
        200
    );
    // Platform codes are never granted by a group; the operator admin holds the rest.
    issuer.grant(14, &["/saas/**"]);
    let everything = issuer.token(14, 7, 0, 300);
    assert_eq!(
        call(
            &app,
            "GET",
            "/saas/platform/saasInfo/list",
            Some(&everything)
        )
        .await
        .0,
        403
    );
    let operator_admin = issuer.token(15, 7, 0, 200);
    assert_eq!(
        call(
            &app,
            "GET",
            "/saas/order/hotelOrders/list",
            Some(&operator_admin)
        )
        .await
        .0,
        200
    );
    assert_eq!(
        call(
            &app,
            "GET",
            "/saas/platform/saasInfo/list",
            Some(&operator_admin)
        )
        .await
        .0,
        403
    );
    let admin = issuer.token(1, 0, 0, 100);
    assert_eq!(
        call(&app, "GET", "/saas/platform/saasInfo/list", Some(&admin))
            .await
            .0,
        200
    );
    // Platform endpoints: administrators only.
    assert_eq!(
        call(&app, "GET", "/internal/dead-letters", Some(&operator_admin))
            .await
            .0,
        403
    );

    // Percent-encoding a path does not make it another class of path.
    assert_eq!(
        call(
            &app,
            "GET",
            "/%73aas/order/hotelOrders/list",
            Some(&supplier)
        )
        .await
        .0,
        403
    );
    assert_eq!(
        call(
            &app,
            "GET",
            "/%69nternal/dead-letters",
            Some(&operator_admin)
        )
        .await
        .0,
        403
    );
    assert_eq!(
        call(&app, "GET", "/%73aas/order/hotelOrders/list", Some(&orders))
            .await
            .0,
        200
    );

    // A token of another issuer (another key) is refused.
    let stranger = TestIssuer::new().token(11, 7, 2001, 311);
    assert_eq!(
        call(&app, "GET", "/client/me", Some(&stranger)).await.0,
        401
    );
    app.shutdown().await;
}

#[actix_web::test]
async fn an_ended_session_is_refused_with_token_repeated_from_the_event() {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let app = spawn_on_bus(
        guarded(issuer.clone()),
        &test_config("guarded", None),
        None,
        bus.clone(),
    )
    .await;
    let token = issuer.token(21, 7, 0, 300);
    assert_eq!(call(&app, "GET", "/client/me", Some(&token)).await.0, 200);

    // The issuer does not say so on a question; the event alone must end it (the session's
    // state is cached as live by now).
    let sid = {
        use base64::Engine as _;
        let payload = token.split('.').nth(1).unwrap();
        let claims: Value = serde_json::from_slice(
            &base64::engine::general_purpose::URL_SAFE_NO_PAD
                .decode(payload)
                .unwrap(),
        )
        .unwrap();
        claims["sid"].as_str().unwrap().to_owned()
    };
    let ended = v1::SessionEnded {
        session_id: sid,
        user_id: 21,
        reason: EndReason::Replaced.as_str().to_owned(),
    };
    let out = Outgoing::new("auth-center", "session.ended", 7, &ended);
    let body = out.envelope_bytes();
    bus.publish_batch(&[("session.ended", body.as_slice())])
        .await
        .unwrap();
    let (app_ref, token_ref) = (&app, &token);
    let refused = platform::testing::eventually("the ended session is refused", || async move {
        let (status, body) = call(app_ref, "GET", "/client/me", Some(token_ref)).await;
        (status == 401).then_some(body)
    })
    .await;
    assert_eq!(refused["code"], "token-repeated", "{refused}");

    // Ended for another reason: a plain 401 (the shell refreshes, which fails, then logs in).
    let other = issuer.token(22, 7, 0, 300);
    issuer.end(&other, EndReason::Logout);
    let (status, body) = call(&app, "GET", "/client/me", Some(&other)).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (401, Some("session-ended"))
    );
    app.shutdown().await;
}

/// A stand-in for auth-center over HTTP: publishes whichever keys the test puts in, and says
/// every session is live.
fn key_server(keys: Arc<std::sync::Mutex<platform::auth::JwkSet>>) -> ServiceSpec {
    ServiceSpec::new("keys", "1.0.0", 0).routes(move |c, _| {
        let keys = keys.clone();
        c.route(
            "/.well-known/jwks.json",
            web::get().to(move || {
                let set = keys.lock().unwrap().clone();
                async move { HttpResponse::Ok().json(set) }
            }),
        )
        .route(
            "/api/auth/check",
            web::get()
                .to(|| async { HttpResponse::Ok().json(serde_json::json!({"active": true})) }),
        );
    })
}

fn jwk_of(issuer: &TestIssuer) -> platform::auth::Jwk {
    use platform::auth::AuthBackend as _;
    let set = futures_util::FutureExt::now_or_never(issuer.jwks())
        .unwrap()
        .unwrap();
    set.keys[0].clone()
}

#[actix_web::test]
async fn a_new_key_id_is_fetched_from_auth_center() {
    let (old, new) = (TestIssuer::new(), TestIssuer::new());
    let keys = Arc::new(std::sync::Mutex::new(platform::auth::JwkSet {
        keys: vec![jwk_of(&old)],
    }));
    let server = spawn_with(key_server(keys.clone()), &test_config("keys", None), None).await;

    // A service that asks the key server over HTTP, as every service asks auth-center.
    let mut cfg = test_config("guarded", None);
    cfg.auth.url = server.address.clone();
    let spec = ServiceSpec::new("guarded", "1.0.0", 0).routes(|c, _| {
        c.route("/client/me", web::get().to(whoami));
    });
    let app = spawn_with(spec, &cfg, None).await;

    let before = old.token(31, 7, 0, 300);
    assert_eq!(call(&app, "GET", "/client/me", Some(&before)).await.0, 200);
    // Not yet published: refused, and asked about again (not remembered as bad for good).
    let after = new.token(32, 7, 0, 300);
    assert_eq!(call(&app, "GET", "/client/me", Some(&after)).await.0, 401);

    // Rotation: the new key signs, the old one still verifies until its tokens expire.
    keys.lock().unwrap().keys = vec![jwk_of(&new), jwk_of(&old)];
    // Key sets are fetched at most once a second.
    let (app_ref, after_ref) = (&app, &after);
    platform::testing::eventually("the new key id is fetched", || async move {
        (call(app_ref, "GET", "/client/me", Some(after_ref)).await.0 == 200).then_some(())
    })
    .await;
    assert_eq!(call(&app, "GET", "/client/me", Some(&before)).await.0, 200);
    app.shutdown().await;
    server.shutdown().await;
}

#[actix_web::test]
async fn forged_tokens_stop_at_the_guard() {
    let issuer = TestIssuer::new();
    let app = spawn_with(guarded(issuer.clone()), &test_config("guarded", None), None).await;
    let good = issuer.token(41, 7, 0, 300);
    assert_eq!(call(&app, "GET", "/client/me", Some(&good)).await.0, 200);
    // The good token's verification is remembered; none of these may ride on it.
    for (what, forged) in platform::testing::forgeries(&good, &jwk_of(&issuer)) {
        let (status, body) = call(&app, "GET", "/client/me", Some(&forged)).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (401, Some("token-invalid")),
            "{what}: {body}"
        );
    }
    app.shutdown().await;
}
