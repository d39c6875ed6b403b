//! weixin-server as the tests use it: spawned with the platform's tenant fixture and pointed at
//! a WeChat simulator of its own (services/wechat-sim), called through a client with one method
//! per endpoint.

use platform::outbound::reqwest;
use platform::testing::{Answer, Backend, TenantFixture};
use serde_json::{Value, json};

/// The sealing key of the tests (every instance of one test must share it).
pub const KEY: &str = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
pub const APP_ID: &str = "wx0123456789abcdef";
pub const SECRET: &str = "s3cr3ts3cr3ts3cr3ts3cr3ts3cr3t00";
pub const TOKEN: &str = "portaltoken42";
pub const MA_APP_ID: &str = "wx00ma00ma00ma00ma";
pub const AES_KEY: &str = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";

/// What the demo groups give merchant users in the weixin application (their own binding).
const MERCHANT_GRANTS: &[&str] = &["/saas/mp/bind/**", "/saas/mp/info/**"];

pub struct World {
    pub f: TenantFixture,
    pub sim: wechat_sim::Running,
}

pub fn sim_settings() -> wechat_sim::Settings {
    wechat_sim::Settings {
        user_page: 2,
        ..Default::default()
    }
}

pub async fn start_with(backend: Backend, sim: wechat_sim::Settings) -> World {
    let sim = wechat_sim::start("127.0.0.1:0", sim).expect("the simulator starts");
    let f = TenantFixture::start(
        weixin_server::service(),
        backend,
        &[
            ("TRADEWIND_WEIXIN_SERVER__WECHAT__BASE_URL", &sim.url),
            ("TRADEWIND_WEIXIN_SERVER__SECRETS__KEY", KEY),
            ("TRADEWIND_WEIXIN_SERVER__TEMPLATE__POLL_MS", "20"),
            ("TRADEWIND_WEIXIN_SERVER__TEMPLATE__RETRY_BASE_MS", "10"),
        ],
        MERCHANT_GRANTS,
        MERCHANT_GRANTS,
    )
    .await;
    World { f, sim }
}

pub async fn start(backend: Backend) -> World {
    start_with(backend, sim_settings()).await
}

impl World {
    pub async fn shutdown(self) {
        self.f.shutdown().await;
        self.sim.stop().await;
    }

    pub fn client<'a>(&'a self, token: &'a str) -> Client<'a> {
        Client {
            app: &self.f.app,
            token,
            lang: "en",
        }
    }

    /// Adds the test account as an official account of the operator's tenant in safe mode (it
    /// has an EncodingAESKey) and registers it at the simulator, with the same key and this
    /// service's portal as its server URL; answers its id.
    pub async fn add_account(&self) -> i64 {
        let id = self
            .client(&self.f.operator)
            .save("mp", config_body())
            .await
            .data()["configId"]
            .as_i64()
            .unwrap();
        self.register_with(APP_ID, id, AES_KEY).await;
        id
    }

    /// The test account in plaintext mode (no EncodingAESKey), registered at the simulator.
    pub async fn add_plain_account(&self) -> i64 {
        let mut body = config_body();
        body["encodingAesKey"] = json!("");
        let id = self.client(&self.f.operator).save("mp", body).await.data()["configId"]
            .as_i64()
            .unwrap();
        self.register(APP_ID, id).await;
        id
    }

    /// Registers `appid` at the simulator in plaintext mode, as WeChat's console would (it
    /// checks the echo).
    pub async fn register(&self, appid: &str, config_id: i64) {
        self.register_with(appid, config_id, "").await;
    }

    /// Registers `appid` with an EncodingAESKey (empty: plaintext mode).
    pub async fn register_with(&self, appid: &str, config_id: i64, aes_key: &str) {
        let answer = reqwest::Client::new()
            .post(format!("{}/sim/apps", self.sim.url))
            .json(&json!({
                "appid": appid,
                "secret": SECRET,
                "token": TOKEN,
                "encodingAesKey": aes_key,
                "callbackUrl": self.portal(config_id),
            }))
            .send()
            .await
            .unwrap();
        assert_eq!(
            answer.status().as_u16(),
            200,
            "{}",
            answer.text().await.unwrap()
        );
    }

    /// Adds the test mini-program to the operator's tenant and registers it at the simulator;
    /// answers its id.
    pub async fn add_mini_program(&self) -> i64 {
        let saved = self
            .client(&self.f.operator)
            .save(
                "ma",
                json!({"name": "Tradewind Mini", "appId": MA_APP_ID, "appSecret": SECRET}),
            )
            .await;
        assert_eq!(saved.status, 200, "{}", saved.body);
        self.sim_post(
            "/sim/apps",
            json!({"appid": MA_APP_ID, "secret": SECRET, "token": ""}),
        )
        .await;
        saved.data()["configId"].as_i64().unwrap()
    }

    /// `wx.login` on a user's phone: the code for the mini-program to send.
    pub async fn wx_login(&self, openid: &str, unionid: &str) -> String {
        self.sim_post(
            "/sim/ma/login",
            json!({"appid": MA_APP_ID, "openid": openid, "unionid": unionid}),
        )
        .await["code"]
            .as_str()
            .unwrap()
            .to_owned()
    }

    pub fn portal(&self, config_id: i64) -> String {
        self.f.app.url(&format!("/openapi/mp/portal/{config_id}"))
    }

    /// Scans the QR code of `ticket` at the simulator as WeChat user `openid`.
    pub async fn scan(&self, ticket: &str, openid: &str, nickname: &str) -> Value {
        let answer = reqwest::Client::new()
            .post(format!("{}/sim/scan", self.sim.url))
            .json(
                &json!({"appid": APP_ID, "ticket": ticket, "openid": openid, "nickname": nickname}),
            )
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status().as_u16(), 200);
        answer.json().await.unwrap()
    }

    pub async fn sim_post(&self, path: &str, body: Value) -> Value {
        reqwest::Client::new()
            .post(format!("{}{path}", self.sim.url))
            .json(&body)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    }
}

pub fn config_body() -> Value {
    json!({
        "name": "Tradewind Service",
        "appId": APP_ID,
        "appSecret": SECRET,
        "token": TOKEN,
        "encodingAesKey": AES_KEY,
    })
}

/// A POST to the portal signed with `token` (or with a signature of the caller's).
pub async fn post_portal(
    url: &str,
    token: &str,
    timestamp: i64,
    nonce: &str,
    xml: &str,
    signature: Option<&str>,
) -> (u16, String) {
    post_portal_with(url, token, timestamp, nonce, xml, signature, &[]).await
}

/// As [`post_portal`], with more query pairs (safe mode's `encrypt_type` and `msg_signature`).
pub async fn post_portal_with(
    url: &str,
    token: &str,
    timestamp: i64,
    nonce: &str,
    xml: &str,
    signature: Option<&str>,
    extra: &[(&str, &str)],
) -> (u16, String) {
    let ts = timestamp.to_string();
    let sig = signature.map_or_else(|| wechat_sim::signature(token, &ts, nonce), str::to_owned);
    let mut u = reqwest::Url::parse(url).unwrap();
    u.query_pairs_mut()
        .append_pair("signature", &sig)
        .append_pair("timestamp", &ts)
        .append_pair("nonce", nonce)
        .extend_pairs(extra);
    let answer = reqwest::Client::new()
        .post(u)
        .header("Content-Type", "text/xml")
        .body(xml.to_owned())
        .send()
        .await
        .unwrap();
    (answer.status().as_u16(), answer.text().await.unwrap())
}

pub fn now_secs() -> i64 {
    platform::time::now_ms() / 1000
}

/// One caller of the service.
pub struct Client<'a> {
    pub app: &'a platform::testing::TestApp,
    pub token: &'a str,
    pub lang: &'a str,
}

impl Client<'_> {
    pub async fn call(&self, method: &str, path: &str, body: Option<Value>) -> Answer {
        self.app
            .answer(method, path, self.token, self.lang, body)
            .await
    }

    pub async fn list(&self, kind: &str, query: &str) -> Answer {
        self.call("GET", &format!("/saas/{kind}/config/list?{query}"), None)
            .await
    }

    pub async fn load(&self, kind: &str, id: i64) -> Answer {
        self.call(
            "GET",
            &format!("/saas/{kind}/config/load?configId={id}"),
            None,
        )
        .await
    }

    pub async fn save(&self, kind: &str, body: Value) -> Answer {
        self.call("POST", &format!("/saas/{kind}/config/save"), Some(body))
            .await
    }

    pub async fn update(&self, kind: &str, body: Value) -> Answer {
        self.call("PUT", &format!("/saas/{kind}/config/update"), Some(body))
            .await
    }

    pub async fn set_state(&self, kind: &str, id: i64, state: i32) -> Answer {
        self.call(
            "PATCH",
            &format!("/saas/{kind}/config/state?configId={id}&state={state}"),
            None,
        )
        .await
    }

    pub async fn test(&self, kind: &str, id: i64) -> Answer {
        self.call(
            "POST",
            &format!("/saas/{kind}/config/test?configId={id}"),
            None,
        )
        .await
    }

    pub async fn config_ids(&self, saas_id: i64) -> Answer {
        // No token: the console asks before anyone may be logged in.
        self.app
            .answer(
                "GET",
                &format!("/openapi/mp/config/getConfigIds?saasId={saas_id}"),
                "",
                self.lang,
                None,
            )
            .await
    }

    pub async fn bind_qr(&self, id: i64) -> Answer {
        self.call(
            "GET",
            &format!("/saas/mp/bind/bindQrCode?configId={id}&refreshToken=r"),
            None,
        )
        .await
    }

    pub async fn base_info(&self, id: i64) -> Answer {
        self.call(
            "GET",
            &format!("/saas/mp/info/baseInfo?configId={id}"),
            None,
        )
        .await
    }

    pub async fn remove_bind(&self, open_id: &str) -> Answer {
        self.call(
            "PATCH",
            &format!("/saas/mp/bind/removeBind?openId={open_id}"),
            None,
        )
        .await
    }

    pub async fn messages(&self, id: i64, query: &str) -> Answer {
        self.call(
            "GET",
            &format!("/saas/mp/message/list?configId={id}&{query}"),
            None,
        )
        .await
    }

    pub async fn followers(&self, id: i64, query: &str) -> Answer {
        self.call(
            "GET",
            &format!("/saas/mp/user/list?configId={id}&{query}"),
            None,
        )
        .await
    }

    pub async fn ma_users(&self, id: i64, query: &str) -> Answer {
        self.call(
            "GET",
            &format!("/saas/ma/user/list?configId={id}&{query}"),
            None,
        )
        .await
    }

    /// A mini-program's own call (no console login).
    pub async fn ma_login(&self, body: Value) -> Answer {
        self.app
            .answer("POST", "/openapi/ma/user/login", "", self.lang, Some(body))
            .await
    }

    pub async fn sync(&self, id: i64) -> Answer {
        self.call("POST", &format!("/saas/mp/user/sync?configId={id}"), None)
            .await
    }
}
