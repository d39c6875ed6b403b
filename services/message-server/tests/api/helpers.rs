//! message-server as the tests use it: spawned on an in-memory bus with a test issuer, fed
//! events as saas-main and hotel-app publish them, called through a client with one method per
//! endpoint, and its notification socket.

use std::sync::Arc;
use std::time::Duration;

use awc::ws::Frame;
use futures_util::StreamExt as _;
use platform::bus::{Bus, MemoryBroker, Outgoing, v1};
use platform::testing::{
    Answer, Backend, TestApp, TestDb, TestIssuer, eventually, spawn_on_bus, test_config,
};
use serde_json::{Value, json};

/// A started message-server, the bus it listens on and the issuer of its tokens.
pub struct Env {
    pub app: TestApp,
    pub bus: Bus,
    pub issuer: Arc<TestIssuer>,
}

/// Starts message-server on `backend` and an in-memory bus; `settings` are its variables
/// without the `TRADEWIND_MESSAGE_SERVER__` prefix (`SMS__POLL_MS`, ...).
pub async fn start(backend: Backend, settings: &[(&str, &str)]) -> Env {
    let issuer = TestIssuer::new();
    let bus = Bus::Memory(MemoryBroker::default());
    let db = TestDb::new(backend);
    let mut cfg = test_config(message_server::NAME, Some(&db));
    for (key, value) in settings {
        cfg.env
            .set(format!("TRADEWIND_MESSAGE_SERVER__{key}"), *value);
    }
    let app = spawn_on_bus(
        message_server::service().auth_backend(issuer.clone()),
        &cfg,
        Some(db),
        bus.clone(),
    )
    .await;
    Env { app, bus, issuer }
}

/// Publishes `out` under `key`, straight to the broker.
pub async fn publish(bus: &Bus, key: &str, out: Outgoing) {
    bus.publish_batch(&[(key, &out.envelope_bytes())])
        .await
        .unwrap();
}

/// A user's notification settings, as saas-main publishes them.
pub async fn publish_settings(bus: &Bus, saas: i64, settings: &v1::NotifyConfigUpdated) {
    let key = "notify-config.updated";
    publish(bus, key, Outgoing::new("saas-main", key, saas, settings)).await;
}

/// A live licence of 100 for `name` (`saas/notify/sms`, ...), as saas-main publishes it.
pub async fn publish_licence(bus: &Bus, saas: i64, name: &str) {
    let licence = v1::LicenceUpdated {
        license_name: name.into(),
        license_value: 100,
        expire_date: 0,
        state: 1,
    };
    let key = "licence.updated";
    publish(bus, key, Outgoing::new("saas-main", key, saas, &licence)).await;
}

/// One caller of the service.
pub struct Client<'a> {
    pub app: &'a TestApp,
    pub token: &'a str,
    pub lang: &'a str,
}

impl<'a> Client<'a> {
    pub fn new(app: &'a TestApp, token: &'a str) -> Self {
        Self {
            app,
            token,
            lang: "en",
        }
    }

    /// The same caller, reading in `lang`.
    pub fn in_lang(&self, lang: &'a str) -> Self {
        Self { lang, ..*self }
    }

    async fn call(&self, method: &str, path: &str, body: Option<Value>) -> Answer {
        self.app
            .answer(method, path, self.token, self.lang, body)
            .await
    }

    async fn list(&self, path: &str, query: &str) -> Answer {
        if query.is_empty() {
            self.call("GET", path, None).await
        } else {
            self.call("GET", &format!("{path}?{query}"), None).await
        }
    }

    pub async fn list_messages(&self, query: &str) -> Answer {
        self.list("/saas/notify/message/list", query).await
    }

    /// Marks messages read: `body` names the ids, or none for all.
    pub async fn read_messages(&self, body: Value) -> Answer {
        self.call("PUT", "/saas/notify/message/read", Some(body))
            .await
    }

    pub async fn list_sms(&self, query: &str) -> Answer {
        self.list("/saas/msg/sms/list", query).await
    }

    pub async fn list_sms_queue(&self, query: &str) -> Answer {
        self.list("/saas/msg/smsQueue/list", query).await
    }

    pub async fn resend_sms(&self, id: &Value) -> Answer {
        self.call("PUT", "/saas/msg/smsQueue/resend", Some(json!({"id": id})))
            .await
    }

    pub async fn list_mail(&self, query: &str) -> Answer {
        self.list("/saas/msg/mail/list", query).await
    }

    pub async fn list_mail_queue(&self, query: &str) -> Answer {
        self.list("/saas/msg/mailQueue/list", query).await
    }

    pub async fn resend_mail(&self, id: &Value) -> Answer {
        self.call("PUT", "/saas/msg/mailQueue/resend", Some(json!({"id": id})))
            .await
    }
}

/// The rows of the list `list` answers, once there are at least `n`.
pub async fn at_least<F, Fut>(n: usize, what: &str, list: F) -> Vec<Value>
where
    F: Fn() -> Fut,
    Fut: Future<Output = Answer>,
{
    let list = &list;
    eventually(what, || async move {
        let rows = list().await.rows();
        (rows.len() >= n).then_some(rows)
    })
    .await
}

pub type Socket = actix_codec::Framed<awc::BoxedSocket, awc::ws::Codec>;

/// The notification socket's address for `token`.
pub fn ws_url(app: &TestApp, token: &str) -> String {
    app.url(&format!("/websocket?token={token}"))
        .replacen("http", "ws", 1)
}

/// Opens the notification socket, reading in English.
pub async fn open(app: &TestApp, token: &str) -> Socket {
    let (res, socket) = awc::Client::new()
        .ws(ws_url(app, token))
        .header("accept-language", "en")
        .connect()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 101);
    socket
}

/// The next text frame, skipping the others: `Ok(None)` when the socket closes first, `Err`
/// when nothing comes within `wait`.
pub async fn next_text(
    socket: &mut Socket,
    wait: Duration,
) -> Result<Option<String>, tokio::time::error::Elapsed> {
    loop {
        match tokio::time::timeout(wait, socket.next()).await? {
            Some(Ok(Frame::Text(t))) => return Ok(Some(String::from_utf8(t.to_vec()).unwrap())),
            Some(Ok(Frame::Close(_))) | None | Some(Err(_)) => return Ok(None),
            Some(Ok(_)) => {}
        }
    }
}
