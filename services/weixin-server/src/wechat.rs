//! WeChat's API as weixin-server calls it, through the platform's outbound client, at the base
//! URL of the settings (WeChat's own in production, the simulator elsewhere). WeChat answers
//! errors with HTTP 200 and `{"errcode", "errmsg"}`; those become [`WxError::Api`].

use platform::outbound::{Outbound, OutboundError, reqwest};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

#[derive(Debug, thiserror::Error)]
pub enum WxError {
    #[error("WeChat answered {code}: {msg}")]
    Api { code: i64, msg: String },
    #[error(transparent)]
    Transport(#[from] OutboundError),
    #[error("WeChat's answer is not what its documentation says: {0}")]
    Answer(String),
}

impl WxError {
    pub fn code(&self) -> Option<i64> {
        match self {
            Self::Api { code, .. } => Some(*code),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Wechat {
    base: String,
    out: Outbound,
}

#[derive(Debug, Deserialize)]
pub struct Token {
    pub access_token: String,
    pub expires_in: i64,
}

#[derive(Debug, Deserialize)]
pub struct QrTicket {
    pub ticket: String,
    pub expire_seconds: i64,
    /// What the QR code encodes (WeChat: "generate the image from it yourself").
    pub url: String,
}

#[derive(Debug, Deserialize)]
pub struct OpenIds {
    #[serde(default)]
    pub openid: Vec<String>,
}

#[derive(Debug, Deserialize)]
pub struct UserPage {
    pub total: i64,
    pub count: i64,
    /// Absent on a page without openids.
    pub data: Option<OpenIds>,
    #[serde(default)]
    pub next_openid: String,
}

#[derive(Debug, Deserialize)]
pub struct UserInfo {
    pub subscribe: i32,
    pub openid: String,
    /// WeChat stopped returning it for new calls in 2021; kept when present.
    #[serde(default)]
    pub nickname: String,
    #[serde(default)]
    pub subscribe_time: i64,
}

/// `jscode2session`'s answer: who logged in to the mini-program. No `Debug`: the session key
/// is a secret and must not reach a log line.
#[derive(Deserialize)]
pub struct Session {
    pub openid: String,
    pub session_key: String,
    /// Only when the mini-program belongs to an open-platform account the user has met.
    #[serde(default)]
    pub unionid: String,
}

impl Wechat {
    pub fn new(base: &str, out: Outbound) -> Self {
        Self {
            base: base.trim_end_matches('/').to_owned(),
            out,
        }
    }

    fn url(&self, path: &str, params: &[(&str, &str)]) -> Result<reqwest::Url, WxError> {
        reqwest::Url::parse_with_params(&format!("{}{path}", self.base), params)
            .map_err(|e| WxError::Answer(format!("bad URL: {e}")))
    }

    async fn call<T: DeserializeOwned>(&self, req: reqwest::RequestBuilder) -> Result<T, WxError> {
        let answer = self.out.send(req).await?;
        let v: Value = answer
            .json()
            .await
            .map_err(|e| WxError::Answer(e.to_string()))?;
        if let Some(code) = v.get("errcode").and_then(Value::as_i64)
            && code != 0
        {
            let msg = v["errmsg"].as_str().unwrap_or_default().to_owned();
            return Err(WxError::Api { code, msg });
        }
        serde_json::from_value(v).map_err(|e| WxError::Answer(e.to_string()))
    }

    /// `POST /cgi-bin/stable_token`: a token, new when `force`.
    pub async fn stable_token(
        &self,
        appid: &str,
        secret: &str,
        force: bool,
    ) -> Result<Token, WxError> {
        let url = self.url("/cgi-bin/stable_token", &[])?;
        let body = serde_json::json!({
            "grant_type": "client_credential",
            "appid": appid,
            "secret": secret,
            "force_refresh": force,
        });
        self.call(self.out.client().post(url).json(&body)).await
    }

    /// `POST /cgi-bin/qrcode/create`: a temporary QR code with a string scene.
    pub async fn qrcode(
        &self,
        token: &str,
        scene: &str,
        expire_secs: i64,
    ) -> Result<QrTicket, WxError> {
        let url = self.url("/cgi-bin/qrcode/create", &[("access_token", token)])?;
        let body = serde_json::json!({
            "expire_seconds": expire_secs,
            "action_name": "QR_STR_SCENE",
            "action_info": {"scene": {"scene_str": scene}},
        });
        self.call(self.out.client().post(url).json(&body)).await
    }

    /// `GET /cgi-bin/user/get`: the followers after `next` (all from the first when empty).
    pub async fn users(&self, token: &str, next: &str) -> Result<UserPage, WxError> {
        let url = self.url(
            "/cgi-bin/user/get",
            &[("access_token", token), ("next_openid", next)],
        )?;
        self.call(self.out.client().get(url)).await
    }

    /// `POST /cgi-bin/message/template/send`: answers WeChat's `msgid`.
    pub async fn template(&self, token: &str, body: &Value) -> Result<i64, WxError> {
        #[derive(Deserialize)]
        struct Sent {
            #[serde(default)]
            msgid: i64,
        }
        let url = self.url("/cgi-bin/message/template/send", &[("access_token", token)])?;
        let sent: Sent = self.call(self.out.client().post(url).json(body)).await?;
        Ok(sent.msgid)
    }

    /// `GET /sns/jscode2session`: the mini-program user of a `wx.login` code (one use, 5
    /// minutes). Signed by the app secret, not an access token.
    pub async fn code2session(
        &self,
        appid: &str,
        secret: &str,
        code: &str,
    ) -> Result<Session, WxError> {
        let url = self.url(
            "/sns/jscode2session",
            &[
                ("appid", appid),
                ("secret", secret),
                ("js_code", code),
                ("grant_type", "authorization_code"),
            ],
        )?;
        self.call(self.out.client().get(url)).await
    }

    /// `GET /cgi-bin/user/info`.
    pub async fn user_info(&self, token: &str, openid: &str) -> Result<UserInfo, WxError> {
        let url = self.url(
            "/cgi-bin/user/info",
            &[
                ("access_token", token),
                ("openid", openid),
                ("lang", "zh_CN"),
            ],
        )?;
        self.call(self.out.client().get(url)).await
    }
}
