//! Signed requests of API users (the open API): auth-center's check, refusing what is wrong.

use platform::auth::signed;
use platform::testing::{Backend, TestApp};
use serde_json::{Value, json};

use crate::helpers::{send, sql, start, tokens};

/// An API user of the demo distributor: (app key, secret).
async fn api_user(app: &TestApp) -> (String, String, i64) {
    let (admin, _) = tokens(app, "demo", "demo123").await;
    let created = send(
        app,
        "POST",
        "/saas/account/api/save",
        Some(&admin),
        Some(json!({"name": "Distributor system", "mscType": 512, "mchId": 2002})),
    )
    .await;
    assert_eq!(created.status, 200, "{}", created.body);
    let d = &created.body["data"];
    (
        d["appKey"].as_str().unwrap().to_owned(),
        d["appSecret"].as_str().unwrap().to_owned(),
        d["id"].as_i64().unwrap(),
    )
}

fn request(key: &str, secret: &str, ts: i64, nonce: &str, body: &[u8]) -> Value {
    let path = "/api/hotel-app/open/v1/orders?page=1";
    let digest = signed::body_hash(body);
    let sig = signed::sign(secret, &signed::canonical("POST", path, ts, nonce, &digest));
    json!({"appKey": key, "timestamp": ts, "nonce": nonce, "signature": sig,
           "method": "POST", "pathAndQuery": path, "bodySha256": digest})
}

async fn verify(app: &TestApp, form: Value) -> (u16, Value) {
    let a = send(app, "POST", "/api/auth/verifySigned", None, Some(form)).await;
    (a.status, a.body)
}

async fn bad_signatures_replayed_nonces_and_stale_timestamps_are_refused(backend: Backend) {
    let app = start(backend).await;
    let (key, secret, id) = api_user(&app).await;
    let now = platform::time::now_ms();
    let body = br#"{"productId":1}"#;

    // A good one answers the API user and a token of its own.
    let (status, ok) = verify(&app, request(&key, &secret, now, "nonce-0001", body)).await;
    assert_eq!(status, 200, "{ok}");
    assert_eq!(
        (
            ok["userId"].as_i64(),
            ok["saasId"].as_i64(),
            ok["mchId"].as_i64(),
            ok["mscType"].as_i64()
        ),
        (Some(id), Some(1001), Some(2002), Some(512))
    );
    let token = ok["token"].as_str().unwrap();
    let live = send(
        &app,
        "GET",
        &format!("/api/auth/check?token={token}"),
        None,
        None,
    )
    .await;
    assert_eq!(
        live.body["active"], true,
        "the API user's token is live: {}",
        live.body
    );
    assert_eq!(live.body["userId"].as_i64(), Some(id));

    // The same nonce again: a replay, though everything else is right.
    let (status, b) = verify(&app, request(&key, &secret, now, "nonce-0001", body)).await;
    assert_eq!(
        (status, b["code"].as_str()),
        (401, Some("nonce-replayed")),
        "{b}"
    );

    // Signed with another secret, or over another body than the one named.
    let (status, b) = verify(
        &app,
        request(&key, "not-the-secret", now, "nonce-0002", body),
    )
    .await;
    assert_eq!(
        (status, b["code"].as_str()),
        (401, Some("signature-invalid")),
        "{b}"
    );
    let mut tampered = request(&key, &secret, now, "nonce-0003", body);
    tampered["bodySha256"] = json!(signed::body_hash(br#"{"productId":2}"#));
    let (status, b) = verify(&app, tampered).await;
    assert_eq!(
        (status, b["code"].as_str()),
        (401, Some("signature-invalid")),
        "{b}"
    );
    // A refused signature did not use up its nonce.
    let (status, _) = verify(&app, request(&key, &secret, now, "nonce-0003", body)).await;
    assert_eq!(status, 200);

    // Six minutes off the clock, either way.
    for ts in [now - 6 * 60_000, now + 6 * 60_000] {
        let (status, b) = verify(&app, request(&key, &secret, ts, "nonce-0004", body)).await;
        assert_eq!(
            (status, b["code"].as_str()),
            (401, Some("timestamp-stale")),
            "{b}"
        );
    }

    // An unknown key, a malformed nonce.
    let (status, b) = verify(
        &app,
        request("twnosuchkey", &secret, now, "nonce-0005", body),
    )
    .await;
    assert_eq!(
        (status, b["code"].as_str()),
        (401, Some("app-key-unknown")),
        "{b}"
    );
    let (status, b) = verify(&app, request(&key, &secret, now, "short", body)).await;
    assert_eq!(
        (status, b["data"]["field"].as_str()),
        (412, Some("nonce")),
        "{b}"
    );

    // Disabled: refused.
    sql(
        &app,
        &format!("UPDATE api_users SET state = 2 WHERE id = {id}"),
    );
    let (status, b) = verify(&app, request(&key, &secret, now, "nonce-0006", body)).await;
    assert_eq!(
        (status, b["code"].as_str()),
        (401, Some("app-key-disabled")),
        "{b}"
    );
    let ended = send(
        &app,
        "GET",
        &format!("/api/auth/check?token={token}"),
        None,
        None,
    )
    .await;
    assert_eq!(ended.body["active"], false, "{}", ended.body);

    // Made before signing existed (no sealed secret): told to reset it.
    sql(
        &app,
        &format!("UPDATE api_users SET state = 0, secret_sealed = NULL WHERE id = {id}"),
    );
    let (status, b) = verify(&app, request(&key, &secret, now, "nonce-0007", body)).await;
    assert_eq!(
        (status, b["code"].as_str()),
        (401, Some("secret-reset-needed")),
        "{b}"
    );
    assert!(b["msg"].as_str().unwrap().contains("reset"), "{b}");
    app.shutdown().await;
}

async fn the_secret_is_kept_sealed_and_a_reset_one_signs(backend: Backend) {
    let app = start(backend).await;
    let (key, secret, id) = api_user(&app).await;
    let db = app.db.as_ref().unwrap();
    let pool = platform::db::connect(&db.config()).unwrap();
    let mut conn = pool.get().unwrap();
    let row = auth_center::store::api_users::by_app_key(&mut conn, &key)
        .unwrap()
        .unwrap();
    let sealed = row.secret_sealed.unwrap();
    assert!(sealed.starts_with("v1:") && !sealed.contains(&secret));

    let (admin, _) = tokens(&app, "demo", "demo123").await;
    let reset = send(&app, "PUT", "/saas/account/api/update", Some(&admin), Some(json!({"id": id, "name": "Distributor system", "mscType": 512, "mchId": 2002, "resetSecret": true}))).await;
    assert_eq!(reset.status, 200, "{}", reset.body);
    let new_secret = reset.body["data"]["appSecret"].as_str().unwrap().to_owned();
    let now = platform::time::now_ms();
    let (status, b) = verify(&app, request(&key, &secret, now, "nonce-1001", b"")).await;
    assert_eq!(
        (status, b["code"].as_str()),
        (401, Some("signature-invalid")),
        "{b}"
    );
    let (status, b) = verify(&app, request(&key, &new_secret, now, "nonce-1002", b"")).await;
    assert_eq!(status, 200, "{b}");
    app.shutdown().await;
}

platform::on_both_backends!(
    bad_signatures_replayed_nonces_and_stale_timestamps_are_refused,
    the_secret_is_kept_sealed_and_a_reset_one_signs,
);
