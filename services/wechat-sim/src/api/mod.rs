//! The simulator's HTTP side: WeChat's own paths under `/cgi-bin/` ([`wechat`]), its controls
//! under `/sim/` ([`sim`]), and the calls it makes to an account's server (the events WeChat
//! posts and the echo check of a server URL).

pub mod sim;
pub mod wechat;

use actix_web::{HttpResponse, web};
use serde_json::json;

use crate::domain::{self, safe_mode};
use crate::store::{Settings, Sim, now_ms, now_secs, random_hex};

/// WeChat's error answer: HTTP 200 with the code in the body.
fn err(code: i64) -> HttpResponse {
    HttpResponse::Ok().json(json!({"errcode": code, "errmsg": domain::errmsg(code)}))
}

/// The client the simulator calls account servers with.
#[derive(Clone)]
pub struct Callbacks {
    client: reqwest::Client,
}

impl Callbacks {
    fn new() -> Self {
        Self {
            client: reqwest::Client::new(),
        }
    }

    /// Posts one event to the account's server as WeChat does: XML body, signed query; in safe
    /// mode the body encrypted, with `encrypt_type=aes` and `msg_signature`, and the server's
    /// passive reply opened (its signature and AppID checked) as WeChat would before showing it.
    async fn push(&self, sim: &Sim, appid: &str, xml: String) -> Result<Delivered, String> {
        let server = sim.server(appid).ok_or("unknown appid")?;
        if server.url.is_empty() {
            return Err("the account has no server URL".into());
        }
        let timestamp = now_secs().to_string();
        let nonce = (now_ms() % 1_000_000_000).to_string() + &random_hex()[..6];
        let sig = domain::signature(&server.token, &timestamp, &nonce);
        let mut query = vec![
            ("signature", sig),
            ("timestamp", timestamp.clone()),
            ("nonce", nonce.clone()),
        ];
        let key = match server.aes_key.as_str() {
            "" => None,
            k => Some(
                safe_mode::AesKey::from_encoding(k)
                    .map_err(|e| format!("the account's EncodingAESKey: {e}"))?,
            ),
        };
        let body = match &key {
            None => xml,
            Some(key) => {
                let random = *uuid::Uuid::new_v4().as_bytes();
                let encrypted = safe_mode::encrypt(key, appid, &xml, random);
                query.push(("encrypt_type", "aes".into()));
                query.push((
                    "msg_signature",
                    safe_mode::msg_signature(&server.token, &timestamp, &nonce, &encrypted),
                ));
                safe_mode::inbound_xml(appid, &encrypted)
            }
        };
        let pairs: Vec<(&str, &str)> = query.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let url = with_query(&server.url, &pairs)?;
        let answer = self
            .client
            .post(url)
            .header("Content-Type", "text/xml")
            .body(body)
            .send()
            .await
            .map_err(|e| format!("the server did not answer: {e}"))?;
        let status = answer.status().as_u16();
        let body = answer.text().await.unwrap_or_default();
        Ok(open_reply(key.as_ref(), &server.token, appid, status, body))
    }

    /// A JSON POST (the simulator playing a mini-program that logs its user in).
    async fn post_json(
        &self,
        url: &str,
        body: &serde_json::Value,
    ) -> Result<(u16, serde_json::Value), String> {
        let answer = self
            .client
            .post(url)
            .json(body)
            .send()
            .await
            .map_err(|e| format!("the server did not answer: {e}"))?;
        let status = answer.status().as_u16();
        let text = answer.text().await.unwrap_or_default();
        Ok((
            status,
            serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text)),
        ))
    }

    /// WeChat's check of a server URL: a signed `GET` whose `echostr` must come back.
    async fn echo_check(&self, url: &str, token: &str) -> Result<(), String> {
        let timestamp = now_secs().to_string();
        let nonce = random_hex();
        let echo = random_hex();
        let sig = domain::signature(token, &timestamp, &nonce);
        let url = with_query(
            url,
            &[
                ("signature", sig.as_str()),
                ("timestamp", timestamp.as_str()),
                ("nonce", nonce.as_str()),
                ("echostr", echo.as_str()),
            ],
        )?;
        let answer = self
            .client
            .get(url)
            .send()
            .await
            .map_err(|e| format!("the server URL did not answer: {e}"))?;
        if answer.text().await.unwrap_or_default() != echo {
            return Err("the server URL did not echo echostr (token mismatch?)".into());
        }
        Ok(())
    }
}

/// What the account's server answered an event.
pub struct Delivered {
    pub status: u16,
    /// The answer as the server meant it: `success`, or the passive reply's XML (decrypted in
    /// safe mode).
    pub answer: String,
    /// Whether the answer came encrypted (and opened).
    pub encrypted: bool,
    /// Why an encrypted-looking answer could not be opened.
    pub reply_error: Option<String>,
}

/// Opens a safe-mode reply. WeChat takes `success` and an empty body in the clear in every
/// mode (they are acknowledgements, not replies); anything else from a safe-mode account must
/// be an envelope whose signature and AppID check out.
fn open_reply(
    key: Option<&safe_mode::AesKey>,
    token: &str,
    appid: &str,
    status: u16,
    body: String,
) -> Delivered {
    let plain = |answer: String, reply_error: Option<String>| Delivered {
        status,
        answer,
        encrypted: false,
        reply_error,
    };
    let Some(key) = key else {
        return plain(body, None);
    };
    if status != 200 || body.trim().is_empty() || body.trim() == "success" {
        return plain(body, None);
    }
    match safe_mode::Envelope::parse(&body)
        .map_err(|e| e.to_string())
        .and_then(|env| env.open(key, token, appid).map_err(|e| e.to_string()))
    {
        Ok(reply) => Delivered {
            status,
            answer: reply,
            encrypted: true,
            reply_error: None,
        },
        Err(e) => plain(body, Some(e)),
    }
}

/// `url` with `pairs` added to its query.
fn with_query(url: &str, pairs: &[(&str, &str)]) -> Result<reqwest::Url, String> {
    let mut u = reqwest::Url::parse(url).map_err(|e| format!("bad server URL {url}: {e}"))?;
    u.query_pairs_mut().extend_pairs(pairs);
    Ok(u)
}

/// The simulator's routes: WeChat's under `/cgi-bin/`, its own controls under `/sim/`.
pub fn routes(cfg: &mut web::ServiceConfig) {
    wechat::routes(cfg);
    sim::routes(cfg);
}

/// A running simulator: its base URL (what weixin-server's `WECHAT__BASE_URL` is set to).
pub struct Running {
    pub url: String,
    pub sim: Sim,
    handle: actix_web::dev::ServerHandle,
}

impl Running {
    pub async fn stop(self) {
        self.handle.stop(true).await;
    }
}

/// Starts the simulator on `addr` (port 0: any free port) on the current actix runtime.
pub fn start(addr: &str, settings: Settings) -> std::io::Result<Running> {
    let sim = Sim::new(settings);
    let data = web::Data::new(sim.clone());
    let callbacks = web::Data::new(Callbacks::new());
    let server = actix_web::HttpServer::new(move || {
        actix_web::App::new()
            .app_data(data.clone())
            .app_data(callbacks.clone())
            .configure(routes)
    })
    .workers(2)
    .disable_signals()
    .bind(addr)?;
    let port = server.addrs().first().map_or(0, |a| a.port());
    let server = server.run();
    let handle = server.handle();
    actix_web::rt::spawn(server);
    Ok(Running {
        url: format!("http://127.0.0.1:{port}"),
        sim,
        handle,
    })
}
