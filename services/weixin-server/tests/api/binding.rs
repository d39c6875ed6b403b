//! Binding a staff user's WeChat by QR code: the QR code comes from WeChat (the simulator), the
//! scan reaches the portal as WeChat's signed event, the binding shows in baseInfo, and ends by
//! removeBind or unsubscribe. The portal refuses bad signatures, stale timestamps and replays.

use platform::testing::Backend;

use crate::helpers::{APP_ID, TOKEN, now_secs, post_portal, start};

async fn a_scanned_qr_code_binds_the_staff_user_and_unbinding_ends_it(backend: Backend) {
    let w = start(backend).await;
    let id = w.add_account().await;
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
    assert_eq!(scanned["serverAnswer"], "success");
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
    let id = w.add_account().await;
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

    // Good: bound.
    let ts = now_secs();
    let (status, body) = post_portal(&url, TOKEN, ts, "n2", &xml, None).await;
    assert_eq!((status, body.as_str()), (200, "success"));
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
    let id = w.add_account().await;
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

platform::on_both_backends!(
    a_scanned_qr_code_binds_the_staff_user_and_unbinding_ends_it,
    a_merchant_user_binds_their_own_and_an_admin_may_unbind_it,
    the_portal_verifies_signatures_and_refuses_replays,
    a_repeated_event_binds_once,
);
