//! Tokens that must not pass, the public keys, the password change, applications and menus.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use platform::auth::token::{self, Claims, TokenKind};
use platform::testing::{Backend, TestApp};
use serde_json::{Value, json};

use crate::helpers::{login, send, start, tokens};

fn claims_of(token: &str) -> Value {
    serde_json::from_slice(&B64.decode(token.split('.').nth(1).unwrap()).unwrap()).unwrap()
}

/// Signs claims with the service's own key (read from its data directory), for tokens the
/// service itself would never issue: an expired one.
fn sign_with_service_key(app: &TestApp, claims: &Claims) -> String {
    let path = app
        .data_dir
        .as_ref()
        .unwrap()
        .path()
        .join("auth-center/signing-key.pem");
    let ring =
        auth_center::keys::KeyRing::load_or_create(&path, &[] as &[&std::path::Path]).unwrap();
    token::sign(claims, &ring.signing)
}

async fn forged_expired_and_foreign_tokens_are_401(backend: Backend) {
    let app = start(backend).await;
    let (good, _) = tokens(&app, "operator", "operator123").await;
    assert_eq!(
        send(&app, "GET", "/client/user", Some(&good), None)
            .await
            .status,
        200
    );
    let parts: Vec<&str> = good.split('.').collect();

    // Tampered: the claims say platform admin, the signature does not agree.
    let mut claims = claims_of(&good);
    claims["mscType"] = json!(100);
    let tampered = format!(
        "{}.{}.{}",
        parts[0],
        B64.encode(claims.to_string()),
        parts[2]
    );
    // alg none, no signature.
    let none_header = B64.encode(r#"{"alg":"none","typ":"JWT"}"#);
    let unsigned = format!("{none_header}.{}.", parts[1]);
    // Signed by another key with the same claims.
    let other = platform::testing::TestIssuer::new().token(1, 1001, 0, 300);
    // Expired, signed with the right key.
    let c = claims_of(&good);
    let expired = sign_with_service_key(
        &app,
        &Claims {
            iss: token::ISSUER.to_owned(),
            sub: c["sub"].as_str().unwrap().to_owned(),
            username: "operator".to_owned(),
            saas_id: 1001,
            mch_id: 0,
            msc_type: 300,
            user_grade: 0,
            sid: c["sid"].as_str().unwrap().to_owned(),
            typ: TokenKind::Access,
            iat: 1,
            exp: token::now_secs() - 1,
        },
    );
    // Algorithm confusion (HS256 keyed with the published public key) and a key id auth-center
    // never published, made from the good token.
    let jwks = send(&app, "GET", "/.well-known/jwks.json", None, None).await;
    let jwk: platform::auth::Jwk = serde_json::from_value(jwks.body["keys"][0].clone()).unwrap();
    let forged = platform::testing::forgeries(&good, &jwk);
    let mut cases = vec![
        ("tampered", tampered, "token-invalid"),
        ("alg none", unsigned, "token-invalid"),
        ("another key", other, "token-invalid"),
        ("expired", expired.clone(), "token-expired"),
        ("garbage", "abc.def.ghi".to_owned(), "token-invalid"),
    ];
    cases.extend(
        forged
            .into_iter()
            .map(|(what, t)| (what, t, "token-invalid")),
    );
    for (what, bad, code) in &cases {
        let bad = bad.as_str();
        let a = send(&app, "GET", "/client/user", Some(bad), None).await;
        assert_eq!(
            (a.status, a.body["code"].as_str()),
            (401, Some(*code)),
            "{what}: {}",
            a.body
        );
        let check = send(
            &app,
            "GET",
            &format!("/api/auth/check?token={bad}"),
            None,
            None,
        )
        .await;
        assert_eq!(check.body["active"], false, "{what}");
    }
    let a = send(&app, "GET", "/client/user", Some(&expired), None).await;
    assert_eq!(
        a.body["msg"],
        "Your identity verification has expired, please log in again!"
    );
    app.shutdown().await;
}

async fn jwks_lists_the_key_that_signs(backend: Backend) {
    let app = start(backend).await;
    let (good, _) = tokens(&app, "demo", "demo123").await;
    let a = send(&app, "GET", "/.well-known/jwks.json", None, None).await;
    assert_eq!(a.status, 200);
    let key = &a.body["keys"][0];
    assert_eq!(
        (
            key["kty"].as_str(),
            key["crv"].as_str(),
            key["alg"].as_str()
        ),
        (Some("OKP"), Some("Ed25519"), Some("EdDSA"))
    );
    assert_eq!(key["kid"].as_str().unwrap(), token::key_id(&good).unwrap());
    let c = claims_of(&good);
    for claim in [
        "sub",
        "username",
        "saasId",
        "mchId",
        "mscType",
        "userGrade",
        "sid",
        "exp",
    ] {
        assert!(c.get(claim).is_some(), "{claim} missing in {c}");
    }
    // About an hour.
    assert!(
        (3500..=3700).contains(&(c["exp"].as_i64().unwrap() - token::now_secs())),
        "{c}"
    );
    app.shutdown().await;
}

async fn a_password_change_follows_the_rules_and_ends_every_session(backend: Backend) {
    let app = start(backend).await;
    let (token, refresh) = tokens(&app, "supplier", "supplier123").await;
    let reset = |body: Value| {
        let token = token.clone();
        let app = &app;
        async move { send(app, "PUT", "/client/user/reset", Some(&token), Some(body)).await }
    };
    let a =
        reset(json!({"oldPassword": "", "newPassword": "abcdef", "repeatNewPassword": "abcdef"}))
            .await;
    assert_eq!(
        (a.status, a.body["data"]["field"].as_str()),
        (412, Some("oldPassword"))
    );
    let a = reset(
        json!({"oldPassword": "supplier123", "newPassword": "abc", "repeatNewPassword": "abc"}),
    )
    .await;
    assert_eq!(
        a.body["msg"],
        "newPassword: Password cannot be less than 6 characters"
    );
    let a = reset(json!({"oldPassword": "supplier123", "newPassword": "abcdef", "repeatNewPassword": "abcdeg"})).await;
    assert_eq!(
        a.body["msg"],
        "repeatNewPassword: The two passwords are different!"
    );
    let a = reset(
        json!({"oldPassword": "wrong-one", "newPassword": "abcdef", "repeatNewPassword": "abcdef"}),
    )
    .await;
    assert_eq!(
        (a.status, a.body["data"]["field"].as_str()),
        (412, Some("oldPassword"))
    );
    // Nothing changed so far.
    assert_eq!(
        send(&app, "GET", "/client/user", Some(&token), None)
            .await
            .status,
        200
    );

    let a = reset(json!({"oldPassword": "supplier123", "newPassword": "n3w-secret", "repeatNewPassword": "n3w-secret"})).await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(
        send(&app, "GET", "/client/user", Some(&token), None)
            .await
            .status,
        401
    );
    assert_eq!(
        send(&app, "GET", "/api/auth/token", Some(&refresh), None)
            .await
            .status,
        401
    );
    assert_eq!(login(&app, "supplier", "supplier123").await.status, 412);
    assert_eq!(login(&app, "supplier", "n3w-secret").await.status, 200);
    app.shutdown().await;
}

async fn applications_and_menus_follow_the_role(backend: Backend) {
    let app = start(backend).await;
    let (admin, _) = tokens(&app, "demo", "demo123").await;
    let apps = send(&app, "GET", "/client/user/loadAppList", Some(&admin), None).await;
    assert_eq!(apps.status, 200, "{}", apps.body);
    let names: Vec<&str> = apps.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["appName"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "saas-app",
            "saas-hotel-app",
            "saas-ticket-app",
            "common-weixin-server",
            "saas-mall-app"
        ]
    );
    let hotel = &apps.body["data"][1];
    assert_eq!(
        (
            hotel["appId"].as_i64(),
            hotel["appRegName"].as_str(),
            hotel["displayStatus"].as_i64()
        ),
        (Some(36), Some("Hotel"), Some(2))
    );

    // A supplier holds no code of any application yet (no service has declared one here):
    // only the base application.
    let (supplier, _) = tokens(&app, "supplier", "supplier123").await;
    let apps = send(
        &app,
        "GET",
        "/client/user/loadAppList",
        Some(&supplier),
        None,
    )
    .await;
    assert_eq!(
        apps.body["data"].as_array().unwrap().len(),
        1,
        "{}",
        apps.body
    );
    let menu = send(&app, "GET", "/client/user/loadMenu", Some(&supplier), None).await;
    assert_eq!(menu.status, 200);
    assert!(menu.body["data"].is_array());
    // Other services check against the grants themselves, whether or not the services that
    // serve them have declared their codes yet (none has here).
    let grants = send(&app, "GET", "/client/user/grants", Some(&supplier), None).await;
    assert_eq!(grants.status, 200, "{}", grants.body);
    let held: Vec<&str> = grants.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g.as_str())
        .collect();
    assert!(
        held.contains(&"/saas/order/**") && held.contains(&"/saas/stats/productStats/count:GET"),
        "{held:?}"
    );
    assert!(
        !menu.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["permCode"] == "/saas/stats/productStats/count:GET"),
        "saas-main has not declared its codes here: {}",
        menu.body
    );
    let (admin, _) = tokens(&app, "demo", "demo123").await;
    let grants = send(&app, "GET", "/client/user/grants", Some(&admin), None).await;
    assert_eq!(
        grants.body["data"],
        serde_json::json!([]),
        "the role holds every code"
    );
    app.shutdown().await;
}

platform::on_both_backends!(
    forged_expired_and_foreign_tokens_are_401,
    jwks_lists_the_key_that_signs,
    a_password_change_follows_the_rules_and_ends_every_session,
    applications_and_menus_follow_the_role,
);
