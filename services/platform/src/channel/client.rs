//! The generic channel protocol's client: the transport every named channel shares. **This
//! protocol is our assumption** (docs/channels.md), not any channel's real API; a real adapter
//! replaces this module's transport and keeps the records and field maps.
//!
//! - A configuration's `baseUrl` is the channel's address for that account (the simulator's is
//!   `http://host:port/<channel>`); the calls are `POST {base}/v1/calendar` (a calendar push),
//!   `GET {base}/v1/scenics` and `GET {base}/v1/products` (the channel's catalogue as it holds
//!   it), `POST {base}/v1/orders/notify` (what became of one of the channel's orders).
//! - Bodies and answers are JSON in the channel's field names ([`super::mapping`]): a push is
//!   `{"items": [calendar, ...]}`, a list answers `{"code": 0, "message", "data": {"items"}}`.
//!   An answer is `{"code": 0 | <error>, "message": "..."}`; `code` 0 is success.
//! - Every call is signed as the open API's requests are ([`crate::auth::signed`]): the account
//!   in `X-Channel-Account`, `X-Channel-Timestamp` (unix ms), `X-Channel-Nonce` and
//!   `X-Channel-Signature`, the hex HMAC-SHA256 keyed with the secret of
//!   `METHOD\npath?query\ntimestamp\nnonce\nhex sha256(body)`. The secret itself never travels
//!   and is never in an [`Exchange`] (what the interface log keeps).

use std::time::Instant;

use serde_json::{Value, json};

use super::{Calendar, CatalogueEntry, Channel, Credentials, OrderNotice};
use crate::auth::signed;
use crate::outbound::Outbound;

pub const ACCOUNT: &str = "x-channel-account";
pub const TIMESTAMP: &str = "x-channel-timestamp";
pub const NONCE: &str = "x-channel-nonce";
pub const SIGNATURE: &str = "x-channel-signature";

/// The longest answer an [`Exchange`] keeps (the log's column); longer ones are cut.
pub const KEPT_ANSWER: usize = 8 * 1024;

/// How a call ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The channel took it (HTTP 2xx and code 0).
    Success,
    /// The channel refused it for what it is (HTTP 4xx but 408 and 429, or a code other than 0
    /// on a 2xx): sending it again changes nothing.
    Refused,
    /// It may work later (no answer, a timeout, 408, 429, 5xx): try again.
    Failed,
}

impl Outcome {
    /// The interface log's outcome: 1 success, 2 refused, 3 failed.
    pub fn code(self) -> i32 {
        match self {
            Outcome::Success => 1,
            Outcome::Refused => 2,
            Outcome::Failed => 3,
        }
    }

    /// Whether a call that ended so is tried again.
    pub fn retryable(self) -> bool {
        self == Outcome::Failed
    }

    /// The outcome of an HTTP answer with its envelope's code (None: no envelope).
    pub fn of(status: u16, code: Option<i64>) -> Self {
        match status {
            200..=299 if code == Some(0) => Outcome::Success,
            200..=299 => Outcome::Refused,
            408 | 429 => Outcome::Failed,
            400..=499 => Outcome::Refused,
            _ => Outcome::Failed,
        }
    }
}

/// One call as the interface log keeps it: never a credential (the signature headers are not
/// kept; the account is in the configuration the log names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exchange {
    pub method: &'static str,
    /// scheme, host, port and path: no query.
    pub url: String,
    pub request: String,
    /// 0 when no answer came.
    pub status: u16,
    pub answer: String,
    pub took_ms: i64,
    pub outcome: Outcome,
    /// Why it did not succeed: the channel's message, or the transport's.
    pub error: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ChannelError {
    #[error("the channel's address {0:?} is not an http(s) URL")]
    BadBaseUrl(String),
    #[error("the channel's answer cannot be read: {0}")]
    Unreadable(String),
}

/// One account at one channel.
#[derive(Clone)]
pub struct ChannelClient {
    outbound: Outbound,
    channel: Channel,
    base: reqwest::Url,
    credentials: Credentials,
}

impl std::fmt::Debug for ChannelClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ChannelClient({} at {})", self.channel, self.base)
    }
}

/// `base` and `path` joined, whatever slashes either has.
fn join(base: &reqwest::Url, path: &str) -> reqwest::Url {
    let mut u = base.clone();
    let joined = format!(
        "{}/{}",
        base.path().trim_end_matches('/'),
        path.trim_start_matches('/')
    );
    u.set_path(&joined);
    u
}

fn shown(url: &reqwest::Url) -> String {
    let mut u = url.clone();
    u.set_query(None);
    u.set_fragment(None);
    let _ = u.set_username("");
    let _ = u.set_password(None);
    u.to_string()
}

fn cut(mut s: String) -> String {
    if s.len() > KEPT_ANSWER {
        let mut at = KEPT_ANSWER;
        while !s.is_char_boundary(at) {
            at -= 1;
        }
        s.truncate(at);
        s.push('…');
    }
    s
}

/// The headers that sign a request (what the simulator checks with [`verify`]).
pub fn sign_headers(
    credentials: &Credentials,
    method: &str,
    path_and_query: &str,
    body: &[u8],
    now_ms: i64,
    nonce: &str,
) -> [(&'static str, String); 4] {
    let canonical = signed::canonical(
        method,
        path_and_query,
        now_ms,
        nonce,
        &signed::body_hash(body),
    );
    [
        (ACCOUNT, credentials.account.clone()),
        (TIMESTAMP, now_ms.to_string()),
        (NONCE, nonce.to_owned()),
        (SIGNATURE, signed::sign(&credentials.secret, &canonical)),
    ]
}

/// A request as the channel received it, for [`verify`].
#[derive(Debug, Clone, Copy)]
pub struct Received<'a> {
    pub method: &'a str,
    pub path_and_query: &'a str,
    pub body: &'a [u8],
    /// The headers' values.
    pub timestamp: &'a str,
    pub nonce: &'a str,
    pub signature: &'a str,
}

/// Whether a request's signature is the secret's (the channel's side of [`sign_headers`]), the
/// timestamp within the clock window and the nonce well formed. Replays inside the window are
/// the receiver's to refuse (it keeps the nonces).
pub fn verify(secret: &str, r: &Received<'_>, now_ms: i64) -> Result<(), &'static str> {
    let ts: i64 = r.timestamp.trim().parse().map_err(|_| "bad timestamp")?;
    if !signed::fresh(ts, now_ms) {
        return Err("stale timestamp");
    }
    if !signed::nonce_ok(r.nonce) {
        return Err("bad nonce");
    }
    let canonical = signed::canonical(
        r.method,
        r.path_and_query,
        ts,
        r.nonce,
        &signed::body_hash(r.body),
    );
    if signed::verify(secret, &canonical, r.signature) {
        Ok(())
    } else {
        Err("bad signature")
    }
}

impl ChannelClient {
    pub fn new(
        outbound: Outbound,
        channel: Channel,
        base_url: &str,
        credentials: Credentials,
    ) -> Result<Self, ChannelError> {
        let base = reqwest::Url::parse(base_url.trim())
            .ok()
            .filter(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some())
            .ok_or_else(|| ChannelError::BadBaseUrl(base_url.to_owned()))?;
        Ok(Self {
            outbound,
            channel,
            base,
            credentials,
        })
    }

    pub fn channel(&self) -> Channel {
        self.channel
    }

    /// Pushes calendars in one call.
    pub async fn push_calendars(&self, calendars: &[Calendar]) -> Exchange {
        let map = self.channel.fields();
        let items: Vec<Value> = calendars.iter().map(|c| map.calendar_out(c)).collect();
        let body = json!({ "items": items }).to_string();
        self.call(reqwest::Method::POST, "v1/calendar", Some(body))
            .await
            .0
    }

    /// Tells the channel what became of one of its orders (`POST {base}/v1/orders/notify`, in
    /// the generic names).
    pub async fn notify_order(&self, notice: &OrderNotice) -> Exchange {
        let body = serde_json::to_string(notice).unwrap_or_default();
        self.call(reqwest::Method::POST, "v1/orders/notify", Some(body))
            .await
            .0
    }

    /// The channel's scenic spots (hotels) as it holds them.
    pub async fn list_scenics(&self) -> (Exchange, Result<Vec<CatalogueEntry>, ChannelError>) {
        self.list("v1/scenics").await
    }

    /// The channel's products as it holds them, each with its spot.
    pub async fn list_products(&self) -> (Exchange, Result<Vec<CatalogueEntry>, ChannelError>) {
        self.list("v1/products").await
    }

    async fn list(&self, path: &str) -> (Exchange, Result<Vec<CatalogueEntry>, ChannelError>) {
        let (exchange, answer) = self.call(reqwest::Method::GET, path, None).await;
        if exchange.outcome != Outcome::Success {
            return (exchange, Ok(Vec::new()));
        }
        let map = self.channel.fields();
        let items = answer
            .as_ref()
            .and_then(|a| a.pointer("/data/items"))
            .and_then(Value::as_array)
            .ok_or_else(|| ChannelError::Unreadable("data.items is not a list".into()))
            .and_then(|items| {
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        map.entry_in(v, &format!("data.items[{i}]"))
                            .map_err(|e| ChannelError::Unreadable(e.to_string()))
                    })
                    .collect()
            });
        (exchange, items)
    }

    /// One signed call; the exchange for the log and the answer's JSON when there was one.
    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<String>,
    ) -> (Exchange, Option<Value>) {
        let url = join(&self.base, path);
        let path_and_query = match url.query() {
            Some(q) => format!("{}?{q}", url.path()),
            None => url.path().to_owned(),
        };
        let bytes = body.clone().unwrap_or_default();
        let nonce = uuid::Uuid::new_v4().simple().to_string();
        let headers = sign_headers(
            &self.credentials,
            method.as_str(),
            &path_and_query,
            bytes.as_bytes(),
            crate::time::now_ms(),
            &nonce,
        );
        let method_name = if method == reqwest::Method::GET {
            "GET"
        } else {
            "POST"
        };
        let mut request = self.outbound.client().request(method, url.clone());
        for (name, value) in headers {
            request = request.header(name, value);
        }
        if let Some(b) = body.clone() {
            request = request.header("content-type", "application/json").body(b);
        }
        let started = Instant::now();
        let answered = request.send().await;
        let mut exchange = Exchange {
            method: method_name,
            url: shown(&url),
            request: body.unwrap_or_default(),
            status: 0,
            answer: String::new(),
            took_ms: 0,
            outcome: Outcome::Failed,
            error: String::new(),
        };
        let response = match answered {
            Ok(r) => r,
            Err(e) => {
                exchange.took_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(0);
                exchange.error = if e.is_timeout() {
                    "no answer in time".to_owned()
                } else if e.is_connect() {
                    "cannot connect".to_owned()
                } else {
                    "the call failed".to_owned()
                };
                return (exchange, None);
            }
        };
        exchange.status = response.status().as_u16();
        let text = response.text().await.unwrap_or_default();
        exchange.took_ms = i64::try_from(started.elapsed().as_millis()).unwrap_or(0);
        let parsed: Option<Value> = serde_json::from_str(&text).ok();
        let code = parsed
            .as_ref()
            .and_then(|v| v.get("code"))
            .and_then(Value::as_i64);
        exchange.outcome = Outcome::of(exchange.status, code);
        if exchange.outcome != Outcome::Success {
            exchange.error = parsed
                .as_ref()
                .and_then(|v| v.get("message"))
                .and_then(Value::as_str)
                .map_or_else(|| format!("HTTP {}", exchange.status), str::to_owned);
        }
        exchange.answer = cut(text);
        (exchange, parsed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_tell_what_to_try_again() {
        assert_eq!(Outcome::of(200, Some(0)), Outcome::Success);
        assert_eq!(Outcome::of(200, Some(3)), Outcome::Refused);
        assert_eq!(Outcome::of(200, None), Outcome::Refused);
        assert_eq!(Outcome::of(400, Some(400)), Outcome::Refused);
        assert_eq!(Outcome::of(401, None), Outcome::Refused);
        assert_eq!(Outcome::of(429, None), Outcome::Failed);
        assert_eq!(Outcome::of(503, Some(0)), Outcome::Failed);
        assert!(Outcome::Failed.retryable() && !Outcome::Refused.retryable());
    }

    #[test]
    fn paths_join_the_base_whatever_its_slashes() {
        let base = reqwest::Url::parse("http://h:1/meituan/").unwrap();
        assert_eq!(join(&base, "v1/calendar").path(), "/meituan/v1/calendar");
        let base = reqwest::Url::parse("http://h:1").unwrap();
        assert_eq!(join(&base, "/v1/scenics").path(), "/v1/scenics");
    }

    #[test]
    fn a_signed_request_verifies_with_its_secret_only() {
        let creds = Credentials {
            account: "acc".into(),
            secret: "s3cret".into(),
        };
        let h = sign_headers(
            &creds,
            "POST",
            "/m/v1/calendar",
            b"{}",
            1_000_000,
            "nonce-123",
        );
        let sig = &h[3].1;
        assert!(!h.iter().any(|(_, v)| v.contains("s3cret")));
        let ok = |secret: &str, body: &[u8], now: i64| {
            let r = Received {
                method: "POST",
                path_and_query: "/m/v1/calendar",
                body,
                timestamp: "1000000",
                nonce: "nonce-123",
                signature: sig,
            };
            verify(secret, &r, now)
        };
        assert_eq!(ok("s3cret", b"{}", 1_000_000), Ok(()));
        assert_eq!(ok("other", b"{}", 1_000_000), Err("bad signature"));
        assert_eq!(ok("s3cret", b"{ }", 1_000_000), Err("bad signature"));
        assert_eq!(
            ok("s3cret", b"{}", 1_000_000 + 3_600_000),
            Err("stale timestamp")
        );
    }

    #[test]
    fn answers_are_kept_cut_and_urls_without_query() {
        let long = "é".repeat(KEPT_ANSWER);
        assert!(cut(long).len() <= KEPT_ANSWER + '…'.len_utf8());
        let u = reqwest::Url::parse("http://u:p@h:1/x?key=1").unwrap();
        assert_eq!(shown(&u), "http://h:1/x");
        assert!(
            ChannelClient::new(
                Outbound::new("t", crate::outbound::OutboundConfig::default()).unwrap(),
                Channel::Api,
                "ftp://x",
                Credentials {
                    account: "a".into(),
                    secret: "b".into()
                }
            )
            .is_err()
        );
    }
}
