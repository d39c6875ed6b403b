//! Template messages from message-server's notification.requested: sent to the bound openId
//! with the template of the notification type, recorded with the result, retried after a
//! transient failure with backoff, dead after a permanent one or too many transient ones.

use platform::bus::{Outgoing, v1};
use platform::testing::{Backend, TenantFixture, eventually};
use serde_json::json;

use crate::helpers::{APP_ID, World, start};

async fn notify(w: &World, user_id: i64, notify_type: i32, channel: &str, ref_id: &str) {
    let n = v1::NotificationRequested {
        notify_type,
        channel: channel.into(),
        user_id,
        message: format!("新订单 {ref_id}"),
        message_en: format!("New order {ref_id}"),
        ref_id: ref_id.into(),
        action_url: "https://example.com/orders".into(),
        created_at: platform::time::now_ms(),
        ..Default::default()
    };
    let out = Outgoing::new(
        "message-server",
        "notification.requested",
        TenantFixture::SAAS,
        &n,
    );
    w.f.bus
        .publish_batch(&[("notification.requested", &out.envelope_bytes())])
        .await
        .unwrap();
}

/// An official account with a template for new orders (10), the operator (user 1) bound to it.
async fn bound_account(w: &World) -> i64 {
    let id = w.add_account().await;
    let staff = w.client(&w.f.operator);
    let changed = staff
        .update("mp", json!({"configId": id, "name": "Tradewind Service", "appId": APP_ID, "templates": {"10": "TMPL_NEW_ORDER"}}))
        .await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    assert_eq!(
        staff.load("mp", id).await.data()["templates"]["10"],
        "TMPL_NEW_ORDER"
    );
    let ticket = staff.bind_qr(id).await.data()["ticket"]
        .as_str()
        .unwrap()
        .to_owned();
    w.scan(&ticket, "oOperator", "Opal").await;
    id
}

/// The messages of `id` once `n` of them are no longer pending.
async fn settled(w: &World, id: i64, n: usize) -> Vec<serde_json::Value> {
    let staff = w.client(&w.f.operator);
    eventually("the template messages are settled", || async {
        let rows = staff.messages(id, "").await.rows();
        (rows.len() == n && rows.iter().all(|r| r["state"] != 0)).then_some(rows)
    })
    .await
}

async fn a_notification_becomes_a_template_message_to_the_bound_openid(backend: Backend) {
    let w = start(backend).await;
    let id = bound_account(&w).await;
    notify(&w, 1, 10, "weixin", "H100").await;
    // Another channel, and a user with no binding, send nothing.
    notify(&w, 1, 10, "web", "H101").await;
    notify(&w, 77, 10, "weixin", "H102").await;
    let rows = settled(&w, id, 1).await;
    assert_eq!(rows[0]["state"], 1, "{}", rows[0]);
    assert_eq!(rows[0]["attempts"], 1);
    assert_eq!(rows[0]["openId"], "oOperator");
    assert!(rows[0]["msgId"].as_i64().unwrap() > 0);
    let received = w.sim.sim.received(APP_ID);
    assert_eq!(received.len(), 1);
    assert_eq!(received[0].touser, "oOperator");
    assert_eq!(received[0].template_id, "TMPL_NEW_ORDER");
    assert_eq!(received[0].data["first"]["value"], "新订单 H100");
    assert_eq!(received[0].data["keyword1"]["value"], "H100");

    // A type without a template is recorded dead with the reason, and not sent.
    notify(&w, 1, 11, "weixin", "H103").await;
    let rows = settled(&w, id, 2).await;
    assert_eq!(rows[0]["state"], 3);
    assert!(
        rows[0]["lastError"]
            .as_str()
            .unwrap()
            .contains("no template"),
        "{}",
        rows[0]
    );
    assert_eq!(w.sim.sim.received(APP_ID).len(), 1);

    // Another tenant sees none of them.
    assert_eq!(
        w.client(&w.f.other_operator).messages(id, "").await.status,
        404
    );
    assert_eq!(w.client(&w.f.supplier).messages(id, "").await.status, 403);
    assert_eq!(
        w.client(&w.f.operator).messages(id, "state=3").await.data()["sizeAll"],
        1
    );
    assert_eq!(
        w.client(&w.f.operator)
            .messages(id, "state=7")
            .await
            .field(),
        "state"
    );
    w.shutdown().await;
}

async fn a_transient_failure_is_retried_and_a_permanent_one_is_dead(backend: Backend) {
    let w = start(backend).await;
    let id = bound_account(&w).await;
    // WeChat busy once: sent on the second attempt.
    w.sim.sim.fail_next(APP_ID, "template", &[-1]);
    notify(&w, 1, 10, "weixin", "R1").await;
    let rows = settled(&w, id, 1).await;
    assert_eq!(
        (rows[0]["state"].clone(), rows[0]["attempts"].clone()),
        (json!(1), json!(2)),
        "{}",
        rows[0]
    );

    // An invalid template: dead at once.
    w.sim.sim.fail_next(APP_ID, "template", &[40037]);
    notify(&w, 1, 10, "weixin", "R2").await;
    let rows = settled(&w, id, 2).await;
    assert_eq!(
        (rows[0]["state"].clone(), rows[0]["attempts"].clone()),
        (json!(3), json!(1)),
        "{}",
        rows[0]
    );
    assert!(rows[0]["lastError"].as_str().unwrap().contains("40037"));

    // Over the quota every time: dead after the last attempt.
    w.sim.sim.fail_next(APP_ID, "template", &[45009; 5]);
    notify(&w, 1, 10, "weixin", "R3").await;
    let rows = settled(&w, id, 3).await;
    assert_eq!(
        (rows[0]["state"].clone(), rows[0]["attempts"].clone()),
        (json!(3), json!(5)),
        "{}",
        rows[0]
    );
    assert_eq!(
        w.sim.sim.received(APP_ID).len(),
        1,
        "only R1 reached WeChat"
    );

    // The two dead ones are the platform's dead letters (one mechanism for the whole fleet),
    // seen by a platform administrator; a re-queue sends the notification again, now WeChat
    // takes it.
    let admin = w.f.issuer.token(1, 0, 0, 100);
    let dead =
        w.f.app
            .answer("GET", "/internal/dead-letters", &admin, "en", None)
            .await;
    let letters = dead.data()["results"].as_array().unwrap().clone();
    assert_eq!(letters.len(), 2, "{}", dead.body);
    assert!(
        letters
            .iter()
            .all(|l| l["consumer"] == "weixin-server.events"
                && l["routingKey"] == "notification.requested")
    );
    assert!(
        letters
            .iter()
            .any(|l| l["error"].as_str().unwrap().contains("40037") && l["attempts"] == 1)
    );
    assert!(
        letters
            .iter()
            .any(|l| l["error"].as_str().unwrap().contains("45009") && l["attempts"] == 5)
    );
    let r2 = letters
        .iter()
        .find(|l| l["error"].as_str().unwrap().contains("40037"))
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let requeued =
        w.f.app
            .answer(
                "POST",
                &format!("/internal/dead-letters/{r2}/requeue"),
                &admin,
                "en",
                None,
            )
            .await;
    assert_eq!(requeued.status, 200, "{}", requeued.body);
    let rows = settled(&w, id, 4).await;
    assert_eq!(rows[0]["state"], 1, "{}", rows[0]);
    assert_eq!(rows[0]["refId"], "R2");
    let received = w.sim.sim.received(APP_ID);
    assert_eq!(received.len(), 2);
    assert_eq!(received[1].data["first"]["value"], "新订单 R2");
    w.shutdown().await;
}

platform::on_both_backends!(
    a_notification_becomes_a_template_message_to_the_bound_openid,
    a_transient_failure_is_retried_and_a_permanent_one_is_dead,
);
