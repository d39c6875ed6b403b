//! Secrets never reach a log line: every log of the service, at debug level, captured through
//! a whole life (configuration, connection test, a refused signature, binding, a token WeChat
//! refused, a dead template message), holds neither the app secret, the message token, the
//! EncodingAESKey nor an access token.

use std::io::Write;
use std::sync::{Arc, Mutex};

use platform::bus::{Outgoing, v1};
use platform::testing::{Backend, TenantFixture, eventually};
use serde_json::json;

use crate::helpers::{AES_KEY, APP_ID, SECRET, TOKEN, now_secs, post_portal, start};

#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<u8>>>);

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

async fn secrets_are_never_logged(backend: Backend) {
    let capture = Capture::default();
    let writer = capture.clone();
    // Each test is its own process (nextest): this subscriber sees everything of this one.
    let _ = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::DEBUG)
        .with_writer(move || writer.clone())
        .try_init();
    let w = start(backend).await;
    let staff = w.client(&w.f.operator);
    let id = w.add_account().await;
    staff
        .update("mp", json!({"configId": id, "name": "Logged", "appId": APP_ID, "appSecret": SECRET, "templates": {"10": "TMPL"}}))
        .await;
    staff.test("mp", id).await;
    let xml = wechat_sim::event_xml("gh", "oX", now_secs(), "subscribe", "", "");
    post_portal(&w.portal(id), "wrong", now_secs(), "n", &xml, None).await;
    let ticket = staff.bind_qr(id).await.data()["ticket"]
        .as_str()
        .unwrap()
        .to_owned();
    w.scan(&ticket, "oLog", "Logger").await;
    w.sim.sim.fail_next(APP_ID, "qrcode", &[40001]);
    staff.bind_qr(id).await;
    w.sim.sim.fail_next(APP_ID, "template", &[40037]);
    let n = v1::NotificationRequested {
        notify_type: 10,
        channel: "weixin".into(),
        user_id: 1,
        ref_id: "L1".into(),
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
    eventually("the message is dead", || async {
        (staff.messages(id, "state=3").await.data()["sizeAll"] == 1).then_some(())
    })
    .await;
    let tokens = w.sim.sim.token_requests(APP_ID);
    w.shutdown().await;

    let logs = String::from_utf8_lossy(&capture.0.lock().unwrap()).into_owned();
    assert!(
        logs.contains("access token refreshed"),
        "the logs were captured"
    );
    assert!(
        logs.contains("a template message is dead"),
        "the logs were captured"
    );
    assert!(tokens >= 2);
    for secret in [SECRET, TOKEN, AES_KEY, "SIM_"] {
        assert!(!logs.contains(secret), "{secret} is in the logs");
    }
}

platform::on_both_backends!(secrets_are_never_logged);
