//! Binding a staff user's WeChat by QR code: the QR code comes from WeChat (the simulator), the
//! scan reaches the portal as WeChat's signed event, the binding shows in baseInfo, and ends by
//! removeBind or unsubscribe. The portal refuses bad signatures, stale timestamps and replays.
//! An account in plaintext mode gets WeChat's events in the clear; one with an EncodingAESKey
//! (safe mode) gets them encrypted and answers encrypted.

use platform::testing::Backend;
use weixin_server::domain::callback;
use weixin_server::domain::safe_mode::{self, AesKey, Envelope};

use crate::helpers::{AES_KEY, APP_ID, TOKEN, now_secs, post_portal, post_portal_with, start};

async fn a_scanned_qr_code_binds_the_staff_user_and_unbinding_ends_it(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_plain_account().await;
    let staff = w.client(&w.f.operator);
    assert_eq!(staff.base_info(id).await.data(), &serde_json::Value::Null);

    let qr = staff.bind_qr(id).await;
    assert_eq!(qr.status, 200, "{}", qr.body);
    assert!(
        qr.data()["qrCodeUrl"]
            .as_str()
            .unwrap()
            .starts_with("data:image/svg+xml;base64,")
    );
    assert_eq!(qr.data()["expireSeconds"], 1800);
    let ticket = qr.data()["ticket"].as_str().unwrap().to_owned();

    // A newcomer follows by scanning: subscribe with the scene.
    let scanned = w.scan(&ticket, "oStaff1", "Ada").await;
    assert_eq!(scanned["event"], "subscribe");
    assert_eq!(scanned["serverStatus"], 200);
    // The scanner is told in WeChat, by a passive text reply (in the clear: plaintext mode).
    assert_eq!(scanned["encrypted"], false);
    let reply = scanned["serverAnswer"].as_str().unwrap();
    assert_eq!(callback::field(reply, "MsgType").unwrap(), "text");
    assert_eq!(callback::field(reply, "ToUserName").unwrap(), "oStaff1");
    assert!(callback::field(reply, "Content").unwrap().contains("user1"));
    let info = staff.base_info(id).await;
    assert_eq!(info.data()["nickname"], "Ada");
    assert_eq!(info.data()["openId"], "oStaff1");
    let followers = staff.followers(id, "").await;
    assert_eq!(followers.data()["results"][0]["boundUserId"], 1);
    // Who is bound, by name: the staff user as they asked for the QR code.
    assert_eq!(followers.data()["results"][0]["boundUserName"], "user1");

    // Another user of the tenant cannot end it; the user can, and gets a fresh QR code after.
    let supplier = w.client(&w.f.supplier);
    assert_eq!(supplier.remove_bind("oStaff1").await.status, 404);
    let removed = staff.remove_bind("oStaff1").await;
    assert_eq!(removed.status, 200, "{}", removed.body);
    assert_eq!(removed.body["state"], "success");
    assert_eq!(staff.base_info(id).await.data(), &serde_json::Value::Null);

    // A follower scanning a fresh code: SCAN with the bare scene binds again.
    let again = staff.bind_qr(id).await.data()["ticket"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_ne!(again, ticket);
    assert_eq!(w.scan(&again, "oStaff1", "Ada").await["event"], "SCAN");
    assert_eq!(staff.base_info(id).await.data()["openId"], "oStaff1");

    // Unfollowing ends the binding (template messages could not reach them).
    w.sim_post(
        "/sim/unsubscribe",
        serde_json::json!({"appid": APP_ID, "openid": "oStaff1"}),
    )
    .await;
    assert_eq!(staff.base_info(id).await.data(), &serde_json::Value::Null);
    let gone = staff.followers(id, "subscribe=0").await;
    assert_eq!(gone.data()["sizeAll"], 1);
    w.shutdown().await;
}

async fn a_merchant_user_binds_their_own_and_an_admin_may_unbind_it(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_account().await;
    let supplier = w.client(&w.f.supplier);
    let ticket = supplier.bind_qr(id).await.data()["ticket"]
        .as_str()
        .unwrap()
        .to_owned();
    w.scan(&ticket, "oSupplier", "Sam").await;
    assert_eq!(supplier.base_info(id).await.data()["nickname"], "Sam");
    assert_eq!(
        w.client(&w.f.operator).base_info(id).await.data(),
        &serde_json::Value::Null
    );
    // Another tenant's administrator sees nothing of it.
    assert_eq!(
        w.client(&w.f.other_operator)
            .remove_bind("oSupplier")
            .await
            .status,
        404
    );
    assert_eq!(
        w.client(&w.f.other_operator).base_info(id).await.status,
        404
    );
    assert_eq!(
        w.client(&w.f.operator)
            .remove_bind("oSupplier")
            .await
            .status,
        200
    );
    assert_eq!(
        supplier.base_info(id).await.data(),
        &serde_json::Value::Null
    );
    w.shutdown().await;
}

fn subscribe_xml(open_id: &str, scene: &str, at: i64) -> String {
    wechat_sim::event_xml(
        "gh_test",
        open_id,
        at,
        "subscribe",
        &format!("qrscene_{scene}"),
        "gQ1",
    )
}

/// The scene of a fresh bind QR code of the operator (read from the simulator).
async fn operator_scene(w: &crate::helpers::World, id: i64) -> String {
    let ticket = w.client(&w.f.operator).bind_qr(id).await.data()["ticket"]
        .as_str()
        .unwrap()
        .to_owned();
    let stats: serde_json::Value =
        platform::outbound::reqwest::get(format!("{}/sim/stats?appid={APP_ID}", w.sim.url))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
    stats["liveQrCodes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|q| q["ticket"] == ticket.as_str())
        .unwrap()["scene"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn the_portal_verifies_signatures_and_refuses_replays(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_plain_account().await;
    let staff = w.client(&w.f.operator);
    let scene = operator_scene(&w, id).await;
    w.sim.sim.add_follower(APP_ID, "oForger", "Mallory");
    let url = w.portal(id);
    let xml = subscribe_xml("oForger", &scene, now_secs());

    // Bad: a signature made with another token, or none that matches.
    let (status, _) = post_portal(&url, "wrongtoken", now_secs(), "n1", &xml, None).await;
    assert_eq!(status, 401);
    let (status, _) = post_portal(&url, TOKEN, now_secs(), "n1", &xml, Some("0000")).await;
    assert_eq!(status, 401);
    // Stale: a good signature over a timestamp an hour old.
    let (status, _) = post_portal(&url, TOKEN, now_secs() - 3600, "n1", &xml, None).await;
    assert_eq!(status, 401);
    assert_eq!(
        staff.base_info(id).await.data(),
        &serde_json::Value::Null,
        "nothing bound"
    );

    // Good: bound, and told so.
    let ts = now_secs();
    let (status, body) = post_portal(&url, TOKEN, ts, "n2", &xml, None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(callback::field(&body, "ToUserName").unwrap(), "oForger");
    assert_eq!(staff.base_info(id).await.data()["openId"], "oForger");

    // Replayed: the same signed request is refused, and changes nothing.
    staff.remove_bind("oForger").await;
    let (status, _) = post_portal(&url, TOKEN, ts, "n2", &xml, None).await;
    assert_eq!(status, 401);
    assert_eq!(staff.base_info(id).await.data(), &serde_json::Value::Null);

    // The echo check answers the echo string only when signed.
    let client = platform::outbound::reqwest::Client::new();
    let ts = now_secs().to_string();
    let sig = wechat_sim::signature(TOKEN, &ts, "e1");
    let ok = client
        .get(format!(
            "{url}?signature={sig}&timestamp={ts}&nonce=e1&echostr=hello"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(ok.text().await.unwrap(), "hello");
    let bad = client
        .get(format!(
            "{url}?signature=bad&timestamp={ts}&nonce=e1&echostr=hello"
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status().as_u16(), 401);
    w.shutdown().await;
}

/// WeChat retries an event it got no answer to with a new nonce: the binding is made once.
async fn a_repeated_event_binds_once(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_plain_account().await;
    let scene = operator_scene(&w, id).await;
    w.sim.sim.add_follower(APP_ID, "oTwice", "Twice");
    let url = w.portal(id);
    let xml = subscribe_xml("oTwice", &scene, now_secs());
    for nonce in ["r1", "r2", "r3"] {
        let (status, _) = post_portal(&url, TOKEN, now_secs(), nonce, &xml, None).await;
        assert_eq!(status, 200);
    }
    let staff = w.client(&w.f.operator);
    assert_eq!(staff.base_info(id).await.data()["openId"], "oTwice");
    assert_eq!(staff.followers(id, "").await.data()["sizeAll"], 1);
    // A subscribe without a scene (followed from the profile) binds nobody.
    let plain = wechat_sim::event_xml("gh_test", "oPlain", now_secs(), "subscribe", "", "");
    assert_eq!(
        post_portal(&url, TOKEN, now_secs(), "p1", &plain, None)
            .await
            .0,
        200
    );
    assert_eq!(staff.followers(id, "bound=0").await.data()["sizeAll"], 1);
    assert_eq!(staff.followers(id, "bound=1").await.data()["sizeAll"], 1);
    // Broken XML is a 412, signed or not.
    assert_eq!(
        post_portal(&url, TOKEN, now_secs(), "x1", "<nope", None)
            .await
            .0,
        412
    );
    w.shutdown().await;
}

/// Safe mode through the simulator: the scan's event travels encrypted, the binding is made, and
/// the reply comes back encrypted (the simulator opened it: signature and AppID checked).
async fn in_safe_mode_events_arrive_encrypted_and_replies_leave_encrypted(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_account().await;
    let staff = w.client(&w.f.operator);
    let ticket = staff.bind_qr(id).await.data()["ticket"]
        .as_str()
        .unwrap()
        .to_owned();
    let scanned = w.scan(&ticket, "oSafe", "Sage").await;
    assert_eq!(scanned["serverStatus"], 200, "{scanned}");
    assert_eq!(scanned["encrypted"], true, "{scanned}");
    assert_eq!(scanned["replyError"], serde_json::Value::Null);
    let reply = scanned["serverAnswer"].as_str().unwrap();
    assert_eq!(callback::field(reply, "ToUserName").unwrap(), "oSafe");
    assert!(callback::field(reply, "Content").unwrap().contains("user1"));
    assert_eq!(staff.base_info(id).await.data()["nickname"], "Sage");
    // An event with no reply to give is acknowledged in the clear, as WeChat accepts.
    let gone = w
        .sim_post(
            "/sim/unsubscribe",
            serde_json::json!({"appid": APP_ID, "openid": "oSafe"}),
        )
        .await;
    assert_eq!(gone["serverAnswer"], "success", "{gone}");
    assert_eq!(staff.base_info(id).await.data(), &serde_json::Value::Null);
    w.shutdown().await;
}

/// Safe mode at the portal itself: what WeChat would send is taken and answered encrypted; a
/// tampered, foreign or plaintext message is a clear 4xx and binds nobody.
async fn the_safe_mode_portal_refuses_tampered_messages(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_account().await;
    let staff = w.client(&w.f.operator);
    let scene = operator_scene(&w, id).await;
    w.sim.sim.add_follower(APP_ID, "oSafe", "Sage");
    let url = w.portal(id);
    let key = AesKey::from_encoding(AES_KEY).unwrap();
    let xml = subscribe_xml("oSafe", &scene, now_secs());
    let post = |nonce: &'static str, encrypted: String, msg_sig: Option<String>| {
        let url = url.clone();
        async move {
            let ts = now_secs();
            let sig = msg_sig.unwrap_or_else(|| {
                safe_mode::msg_signature(TOKEN, &ts.to_string(), nonce, &encrypted)
            });
            let body = safe_mode::inbound_xml("gh_test", &encrypted);
            post_portal_with(
                &url,
                TOKEN,
                ts,
                nonce,
                &body,
                None,
                &[("encrypt_type", "aes"), ("msg_signature", &sig)],
            )
            .await
        }
    };
    let good = safe_mode::encrypt(&key, APP_ID, &xml, [7; 16]);

    // A ciphertext altered after WeChat signed it: the msg_signature no longer fits, 401.
    let mut tampered = good.clone();
    tampered.replace_range(10..14, "AAAA");
    let (status, body) = post(
        "t1",
        tampered.clone(),
        Some(safe_mode::msg_signature(
            TOKEN,
            &now_secs().to_string(),
            "t1",
            &good,
        )),
    )
    .await;
    assert_eq!(status, 401, "{body}");
    assert!(body.contains("bad-msg-signature"), "{body}");
    // Signed, but not ours: encrypted with another key, or for another AppID: 412 on Encrypt.
    let other_key = AesKey::from_encoding(&"Q".repeat(43)).unwrap();
    for (nonce, foreign) in [
        ("t2", safe_mode::encrypt(&other_key, APP_ID, &xml, [7; 16])),
        (
            "t3",
            safe_mode::encrypt(&key, "wxffffffffffffffff", &xml, [7; 16]),
        ),
    ] {
        let (status, body) = post(nonce, foreign, None).await;
        assert_eq!(status, 412, "{body}");
        assert!(body.contains("Encrypt"), "{body}");
    }
    // The clear text WeChat would never send to a safe-mode account: 401.
    let (status, body) = post_portal(&url, TOKEN, now_secs(), "t4", &xml, None).await;
    assert_eq!(status, 401, "{body}");
    assert!(body.contains("encryption-required"), "{body}");
    assert_eq!(
        staff.base_info(id).await.data(),
        &serde_json::Value::Null,
        "nothing bound"
    );

    // The real thing: bound, and the reply is an envelope only the account's key opens.
    let (status, body) = post("g1", good, None).await;
    assert_eq!(status, 200, "{body}");
    let envelope = Envelope::parse(&body).unwrap();
    let reply = envelope.open(&key, TOKEN, APP_ID).unwrap();
    assert_eq!(callback::field(&reply, "ToUserName").unwrap(), "oSafe");
    assert_eq!(callback::field(&reply, "FromUserName").unwrap(), "gh_test");
    assert!(envelope.open(&key, "othertoken", APP_ID).is_err());
    assert_eq!(staff.base_info(id).await.data()["openId"], "oSafe");
    w.shutdown().await;
}

platform::on_both_backends!(
    in_safe_mode_events_arrive_encrypted_and_replies_leave_encrypted,
    the_safe_mode_portal_refuses_tampered_messages,
    a_scanned_qr_code_binds_the_staff_user_and_unbinding_ends_it,
    a_merchant_user_binds_their_own_and_an_admin_may_unbind_it,
    the_portal_verifies_signatures_and_refuses_replays,
    a_repeated_event_binds_once,
);
