//! Logging in, the failure catalogue, lockout, refresh, logout and single sessions.

use platform::testing::Backend;
use serde_json::json;

use crate::helpers::{login, send, sql, start, start_with, tokens};

async fn login_answers_tokens_and_the_user(backend: Backend) {
    let app = start(backend).await;
    // The username is trimmed.
    let a = login(&app, "  demo ", "demo123").await;
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(a.body["token"].as_str().unwrap().len() > 40);
    assert!(a.body["refreshToken"].as_str().unwrap().len() > 40);
    assert_eq!(a.body["message"], "Logged in");
    let token = a.body["token"].as_str().unwrap();

    let me = send(&app, "GET", "/client/user", Some(token), None).await;
    assert_eq!(me.status, 200, "{}", me.body);
    let u = &me.body["data"];
    assert_eq!(u["username"], "demo");
    assert_eq!(u["mscType"], 200);
    assert_eq!(u["saasId"], 1001);
    assert_eq!(u["mchId"], 0);
    assert_eq!(u["companyName"], "Demo Travel");
    assert!(u["saasExpireDate"].as_i64().unwrap() > platform::time::now_ms());
    for field in [
        "id",
        "realName",
        "nickName",
        "mobile",
        "email",
        "userGrade",
        "saasLogo",
        "mchName",
    ] {
        assert!(u.get(field).is_some(), "{field} missing in {u}");
    }
    let (supplier, _) = tokens(&app, "supplier", "supplier123").await;
    let me = send(&app, "GET", "/client/user", Some(&supplier), None).await;
    assert_eq!(
        (
            me.body["data"]["mchId"].as_i64(),
            me.body["data"]["mchName"].as_str()
        ),
        (Some(2001), Some("Demo Supplier"))
    );

    app.shutdown().await;
}

async fn each_failure_of_the_catalogue_is_a_412_with_its_message(backend: Backend) {
    let app = start(backend).await;
    let a = login(&app, "demo", "12345").await;
    assert_eq!(a.status, 412);
    assert_eq!(
        a.body["msg"],
        "password: Password cannot be less than 6 characters"
    );
    assert_eq!(a.body["data"]["field"], "password");

    let a = login(&app, "demo", "wrong-password").await;
    assert_eq!(
        (a.status, a.body["code"].as_str()),
        (412, Some("login-failed"))
    );
    assert_eq!(a.body["msg"], "Wrong username or password");
    let a = login(&app, "nobody", "whatever").await;
    assert_eq!(
        (a.status, a.body["msg"].as_str()),
        (412, Some("Wrong username or password"))
    );

    sql(
        &app,
        "UPDATE users SET user_state = 2 WHERE username = 'operator'",
    );
    let a = login(&app, "operator", "operator123").await;
    assert_eq!(
        (a.status, a.body["code"].as_str()),
        (412, Some("account-disabled"))
    );
    sql(
        &app,
        "UPDATE users SET user_state = 1 WHERE username = 'operator'",
    );
    let a = login(&app, "operator", "operator123").await;
    assert_eq!(
        (a.status, a.body["code"].as_str()),
        (412, Some("account-locked"))
    );

    // The tests call from 127.0.0.1.
    sql(
        &app,
        "UPDATE users SET ip_filter_type = -1, ip_filter_value = '127.0.0.1' WHERE username = 'supplier'",
    );
    let a = login(&app, "supplier", "supplier123").await;
    assert_eq!(
        (a.status, a.body["code"].as_str()),
        (412, Some("ip-refused"))
    );
    sql(
        &app,
        "UPDATE users SET ip_filter_type = 1, ip_filter_value = '10.0.0.0/8' WHERE username = 'supplier'",
    );
    assert_eq!(
        login(&app, "supplier", "supplier123").await.body["code"],
        "ip-refused"
    );
    sql(
        &app,
        "UPDATE users SET ip_filter_type = 1, ip_filter_value = '127.0.0.0/8' WHERE username = 'supplier'",
    );
    assert_eq!(login(&app, "supplier", "supplier123").await.status, 200);

    // Malformed JSON names the problem, never a 500.
    let a = send(
        &app,
        "POST",
        "/api/auth/login",
        None,
        Some(json!({"username": 5})),
    )
    .await;
    assert_eq!(a.status, 412, "{}", a.body);
    app.shutdown().await;
}

async fn five_wrong_passwords_lock_the_account(backend: Backend) {
    let app = start(backend).await;
    for _ in 0..4 {
        assert_eq!(
            login(&app, "distributor", "not-it-at-all").await.body["code"],
            "login-failed"
        );
    }
    let fifth = login(&app, "distributor", "not-it-at-all").await;
    assert_eq!(fifth.body["code"], "login-failed");
    // Locked now: even the right password is refused, with the time to wait.
    let a = login(&app, "distributor", "distributor123").await;
    assert_eq!(
        (a.status, a.body["code"].as_str()),
        (412, Some("account-locked"))
    );
    assert!(
        a.body["msg"].as_str().unwrap().contains("10 minutes"),
        "{}",
        a.body
    );
    // Another account is not affected.
    assert_eq!(login(&app, "operator", "operator123").await.status, 200);
    // The lock ends when its time is up.
    sql(
        &app,
        "UPDATE users SET locked_until = 1 WHERE username = 'distributor'",
    );
    assert_eq!(
        login(&app, "distributor", "distributor123").await.status,
        200
    );
    app.shutdown().await;
}

async fn too_many_failures_from_one_ip_are_refused_with_429(backend: Backend) {
    let app = start_with(
        backend,
        &[("TRADEWIND_AUTH_CENTER__LOGIN__IP_MAX_FAILURES", "3")],
    )
    .await;
    for name in ["a1", "a2", "a3"] {
        assert_eq!(login(&app, name, "whatever").await.status, 412);
    }
    let a = login(&app, "demo", "demo123").await;
    assert_eq!(a.status, 429, "{}", a.body);
    assert_eq!(a.body["code"], "too-many-requests");
    assert!(a.retry_after.is_some());
    app.shutdown().await;
}

async fn the_ip_limit_is_one_for_every_replica(backend: Backend) {
    let vars = [("TRADEWIND_AUTH_CENTER__LOGIN__IP_MAX_FAILURES", "4")];
    let app = start_with(backend, &vars).await;
    let other = crate::helpers::replica(&app, &vars).await;
    // Two failures on each replica: four from the IP in all.
    for (i, name) in ["a1", "a2", "a3", "a4"].into_iter().enumerate() {
        let on = if i % 2 == 0 { &app } else { &other };
        assert_eq!(login(on, name, "whatever").await.status, 412);
    }
    for on in [&app, &other] {
        let a = login(on, "demo", "demo123").await;
        assert_eq!(a.status, 429, "{}", a.body);
    }
    other.shutdown().await;
    app.shutdown().await;
}

async fn refresh_works_until_the_session_ends(backend: Backend) {
    let app = start(backend).await;
    let (token, refresh) = tokens(&app, "operator", "operator123").await;
    let a = send(&app, "GET", "/api/auth/token", Some(&refresh), None).await;
    assert_eq!(a.status, 200, "{}", a.body);
    let renewed = a.body["token"].as_str().unwrap().to_owned();
    assert_eq!(
        send(&app, "GET", "/client/user", Some(&renewed), None)
            .await
            .status,
        200
    );
    // An access token is not a refresh token, and the other way round.
    assert_eq!(
        send(&app, "GET", "/api/auth/token", Some(&token), None)
            .await
            .status,
        401
    );
    assert_eq!(
        send(&app, "GET", "/client/user", Some(&refresh), None)
            .await
            .status,
        401
    );
    assert_eq!(
        send(&app, "GET", "/api/auth/token", None, None)
            .await
            .status,
        401
    );

    let check = send(
        &app,
        "GET",
        &format!("/api/auth/check?token={token}"),
        None,
        None,
    )
    .await;
    assert_eq!(check.body["active"], true, "{}", check.body);
    assert_eq!(check.body["saasId"], 1001);
    assert_eq!(check.body["mscType"], 300);

    let out = send(&app, "POST", "/api/auth/logout", Some(&token), None).await;
    assert_eq!(out.status, 200, "{}", out.body);
    assert_eq!(
        send(&app, "GET", "/api/auth/token", Some(&refresh), None)
            .await
            .status,
        401
    );
    for t in [&token, &renewed] {
        let a = send(&app, "GET", "/client/user", Some(t), None).await;
        assert_eq!(
            (a.status, a.body["code"].as_str()),
            (401, Some("session-ended"))
        );
    }
    let check = send(
        &app,
        "GET",
        &format!("/api/auth/check?token={token}"),
        None,
        None,
    )
    .await;
    assert_eq!(
        (
            check.body["active"].as_bool(),
            check.body["reason"].as_str()
        ),
        (Some(false), Some("logout"))
    );
    app.shutdown().await;
}

async fn a_second_login_ends_the_first_with_token_repeated(backend: Backend) {
    let app = start(backend).await;
    let (first, first_refresh) = tokens(&app, "operator", "operator123").await;
    let (second, _) = tokens(&app, "operator", "operator123").await;
    let a = send(&app, "GET", "/client/user", Some(&first), None).await;
    assert_eq!(
        (a.status, a.body["code"].as_str()),
        (401, Some("token-repeated")),
        "{}",
        a.body
    );
    assert_eq!(
        send(&app, "GET", "/api/auth/token", Some(&first_refresh), None)
            .await
            .status,
        401
    );
    assert_eq!(
        send(&app, "GET", "/client/user", Some(&second), None)
            .await
            .status,
        200
    );
    app.shutdown().await;
}

/// Each login tells the activity dashboard, as a user action of the account.
async fn a_login_is_a_user_action(backend: Backend) {
    use platform::bus::{Bus, EventEnvelope, MemoryBroker, v1};
    use prost::Message as _;
    let bus = Bus::Memory(MemoryBroker::default());
    let mut events = bus.broadcast("test", &["user-action.recorded"]);
    let db = platform::testing::TestDb::new(backend);
    let mut cfg = platform::testing::test_config(auth_center::NAME, Some(&db));
    cfg.env.set("TRADEWIND_AUTH_CENTER__DEMO__ENABLED", "true");
    let app = platform::testing::spawn_on_bus(auth_center::service(), &cfg, Some(db), bus).await;
    let (token, _) = tokens(&app, "demo", "demo123").await;
    let me = send(&app, "GET", "/client/user", Some(&token), None).await;
    let delivery = tokio::time::timeout(std::time::Duration::from_secs(10), events.recv())
        .await
        .unwrap()
        .unwrap();
    let e = EventEnvelope::decode(delivery.body.as_slice()).unwrap();
    let batch = v1::UserActionsRecorded::decode(e.payload.as_slice()).unwrap();
    assert_eq!(e.saas_id, 1001);
    assert_eq!(batch.actions.len(), 1);
    let a = &batch.actions[0];
    assert_eq!(a.user_id, me.body["data"]["id"].as_i64().unwrap());
    assert_eq!(
        (a.method.as_str(), a.path.as_str(), a.status),
        ("POST", auth_center::store::sessions::LOGIN_ACTION_PATH, 200)
    );
    app.shutdown().await;
}

/// A login sent to auth-center directly, with the headers the gateway would set.
async fn login_claiming(
    app: &platform::testing::TestApp,
    username: &str,
    password: &str,
    headers: &[(&str, &str)],
) -> (u16, serde_json::Value) {
    let mut req = awc::Client::default()
        .post(app.url("/api/auth/login"))
        .insert_header(("accept-language", "en"));
    for (k, v) in headers {
        req = req.insert_header((*k, *v));
    }
    let mut res = req
        .send_json(&json!({"username": username, "password": password}))
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or_default())
}

/// A caller that reaches auth-center without the gateway cannot choose its address: identity
/// headers not signed with the fleet secret are ignored, so an IP whitelist and the per-IP limit
/// apply to the real peer; the gateway's signed header is believed.
async fn forged_identity_headers_do_not_move_a_direct_caller(backend: Backend) {
    use platform::http::identity::{CLIENT_IP, DEVELOPMENT_SECRET, FleetKey, SIGNATURE};
    let app = start_with(
        backend,
        &[("TRADEWIND_AUTH_CENTER__LOGIN__IP_MAX_FAILURES", "3")],
    )
    .await;
    sql(
        &app,
        "UPDATE users SET ip_filter_type = 1, ip_filter_value = '203.0.113.7' WHERE username = 'operator'",
    );
    let key = FleetKey::new(DEVELOPMENT_SECRET.as_bytes());
    let signed = key.sign(
        platform::time::now_ms(),
        "POST",
        "/api/auth/login",
        ["203.0.113.7", "", "", "", ""],
    );
    let stale = key.sign(
        platform::time::now_ms() - 3_600_000,
        "POST",
        "/api/auth/login",
        ["203.0.113.7", "", "", "", ""],
    );
    let other_key = FleetKey::new(b"a fleet secret the services do not share").sign(
        platform::time::now_ms(),
        "POST",
        "/api/auth/login",
        ["203.0.113.7", "", "", "", ""],
    );
    // The whitelist: only the gateway's word moves the caller to the listed address.
    for forged in [
        vec![(CLIENT_IP, "203.0.113.7")],
        vec![
            (CLIENT_IP, "203.0.113.7"),
            (SIGNATURE, "1764000000000.AAAA"),
        ],
        vec![(CLIENT_IP, "203.0.113.7"), (SIGNATURE, stale.as_str())],
        vec![(CLIENT_IP, "203.0.113.7"), (SIGNATURE, other_key.as_str())],
        vec![(CLIENT_IP, "203.0.113.8"), (SIGNATURE, signed.as_str())],
        vec![("x-forwarded-for", "203.0.113.7")],
    ] {
        let (status, body) = login_claiming(&app, "operator", "operator123", &forged).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (412, Some("ip-refused")),
            "{forged:?}: {body}"
        );
    }
    let through_gateway = [(CLIENT_IP, "203.0.113.7"), (SIGNATURE, signed.as_str())];
    let (status, body) = login_claiming(&app, "operator", "operator123", &through_gateway).await;
    assert_eq!(status, 200, "{body}");

    // The per-IP limit: failures under ever new forged addresses all count against the peer.
    for n in 1..=3 {
        let ip = format!("198.51.100.{n}");
        let (status, body) =
            login_claiming(&app, "nobody", "whatever", &[(CLIENT_IP, ip.as_str())]).await;
        assert_eq!(status, 412, "{body}");
    }
    let (status, body) =
        login_claiming(&app, "demo", "demo123", &[(CLIENT_IP, "198.51.100.4")]).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (429, Some("too-many-requests")),
        "{body}"
    );
    // The address the gateway signed has no failures of its own.
    let (status, body) = login_claiming(&app, "operator", "operator123", &through_gateway).await;
    assert_eq!(status, 200, "{body}");
    app.shutdown().await;
}

platform::on_both_backends!(
    a_login_is_a_user_action,
    forged_identity_headers_do_not_move_a_direct_caller,
    login_answers_tokens_and_the_user,
    each_failure_of_the_catalogue_is_a_412_with_its_message,
    five_wrong_passwords_lock_the_account,
    too_many_failures_from_one_ip_are_refused_with_429,
    the_ip_limit_is_one_for_every_replica,
    refresh_works_until_the_session_ends,
    a_second_login_ends_the_first_with_token_repeated,
);

/// The demo logins exist only where the demo switch (`DEMO__ENABLED`, the platform's) is on, and
/// a switch that is not a boolean stops the start, named.
#[actix_web::test]
async fn the_demo_logins_exist_only_when_asked_for() {
    let plain = platform::testing::spawn(auth_center::service(), Backend::Sqlite).await;
    assert_eq!(
        login(&plain, "admin", "admin123").await.body["code"],
        "login-failed"
    );
    plain.shutdown().await;

    let db = platform::testing::TestDb::new(Backend::Sqlite);
    let mut cfg = platform::testing::test_config(auth_center::NAME, Some(&db));
    cfg.env.set("TRADEWIND_AUTH_CENTER__DEMO__ENABLED", "yes");
    let Err(refused) = platform::Application::build(auth_center::service(), &cfg).await else {
        panic!("auth-center started with DEMO__ENABLED=yes");
    };
    assert!(refused.to_string().contains("DEMO__ENABLED"), "{refused}");
}
