//! What WeChat's documentation fixes, as plain functions: token lifetimes, error codes, QR code
//! scenes and lifetimes, and the event XML it posts. No HTTP, no shared state. The wire format
//! both sides share (the request signature, safe mode's encryption and `msg_signature`) is
//! weixin-server's `domain::callback` and `domain::safe_mode`, used here as WeChat's side.

use serde_json::Value;

pub use weixin_server::domain::callback::signature;
pub use weixin_server::domain::safe_mode;

/// How long a mini-program's `wx.login` code may be exchanged (WeChat: 5 minutes, once).
pub const MA_CODE_LIFETIME_SECS: i64 = 300;

/// A session key as `jscode2session` gives it: 16 random bytes in base64.
pub fn session_key() -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(uuid::Uuid::new_v4().as_bytes())
}

/// WeChat's `errmsg` of an `errcode`.
pub fn errmsg(code: i64) -> &'static str {
    match code {
        -1 => "system error",
        40001 => "invalid credential, access_token is invalid or not latest",
        40002 => "invalid grant_type",
        40003 => "invalid openid",
        40013 => "invalid appid",
        40029 => "invalid code",
        40163 => "code been used",
        40037 => "invalid template_id",
        40125 => "invalid appsecret",
        41001 => "access_token missing",
        42001 => "access_token expired",
        43004 => "require subscribe",
        45009 => "reach max api daily quota limit",
        47001 => "data format error",
        _ => "error",
    }
}

/// An access token's expiry (s) and validity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub value: String,
    pub expires_at: i64,
}

impl Token {
    pub fn valid(&self, now: i64) -> bool {
        self.expires_at > now
    }

    /// The token that was current once a new one is issued at `now`: it keeps working
    /// `overlap` seconds more (WeChat: 5 minutes), never longer than it had.
    pub fn superseded(mut self, now: i64, overlap: i64) -> Self {
        self.expires_at = self.expires_at.min(now + overlap);
        self
    }
}

/// Why a token is refused: unknown (40001) or known but expired (42001).
pub fn refused_token(known_but_expired: bool) -> i64 {
    if known_but_expired { 42001 } else { 40001 }
}

/// Whether the day's `count` calls (after this one) exceed `quota` (45009 then).
pub fn over_quota(count: u64, quota: u64) -> bool {
    count > quota
}

/// The scene of a `qrcode/create` body: `scene_str` of the string kinds, `scene_id` of the
/// numeric ones; 1 to 64 characters.
pub fn qr_scene(body: &Value) -> Option<String> {
    let scene = match body["action_name"].as_str() {
        Some("QR_STR_SCENE" | "QR_LIMIT_STR_SCENE") => body["action_info"]["scene"]["scene_str"]
            .as_str()
            .map(str::to_owned),
        Some("QR_SCENE" | "QR_LIMIT_SCENE") => body["action_info"]["scene"]["scene_id"]
            .as_i64()
            .map(|i| i.to_string()),
        _ => None,
    };
    scene.filter(|s| !s.is_empty() && s.len() <= 64)
}

/// A QR code's lifetime (s): 60 when `expire_seconds` is absent, at most 30 days.
pub fn qr_lifetime(expire_seconds: Option<i64>) -> i64 {
    expire_seconds.unwrap_or(60).clamp(1, 2_592_000)
}

/// Whether `wanted` (a ticket, or the `url` the code encodes) names the QR code `ticket`.
pub fn ticket_matches(ticket: &str, wanted: &str) -> bool {
    let wanted = wanted.trim();
    let code = wanted.rsplit('/').next().unwrap_or_default();
    ticket == wanted || ticket.strip_prefix("gQ") == Some(code)
}

/// The event a scan sends: a newcomer subscribes with `qrscene_` + the scene, a follower gets
/// `SCAN` with the bare scene.
pub fn scan_event(already_following: bool, scene: &str) -> (&'static str, String) {
    if already_following {
        ("SCAN", scene.to_owned())
    } else {
        ("subscribe", format!("qrscene_{scene}"))
    }
}

/// One event in WeChat's XML. `key` and `ticket` are left out when empty.
pub fn event_xml(
    to: &str,
    from: &str,
    created: i64,
    event: &str,
    key: &str,
    ticket: &str,
) -> String {
    let mut xml = format!(
        "<xml><ToUserName><![CDATA[{to}]]></ToUserName><FromUserName><![CDATA[{from}]]></FromUserName>\
         <CreateTime>{created}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[{event}]]></Event>"
    );
    if !key.is_empty() {
        xml.push_str(&format!("<EventKey><![CDATA[{key}]]></EventKey>"));
    }
    if !ticket.is_empty() {
        xml.push_str(&format!("<Ticket><![CDATA[{ticket}]]></Ticket>"));
    }
    xml.push_str("</xml>");
    xml
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_signature_sorts_before_hashing() {
        // SHA-1 of "1700000000noncetoken" (the parts sorted), computed apart.
        assert_eq!(
            signature("token", "1700000000", "nonce"),
            "bf37e74fc61ce5974ce58c68e55130b79b2578b9"
        );
    }

    #[test]
    fn a_superseded_token_keeps_at_most_the_overlap() {
        let t = Token {
            value: "A".into(),
            expires_at: 10_000,
        };
        assert!(t.valid(9_999));
        assert!(!t.valid(10_000));
        assert_eq!(t.clone().superseded(1_000, 300).expires_at, 1_300);
        assert_eq!(t.superseded(9_900, 300).expires_at, 10_000);
        assert_eq!(refused_token(true), 42001);
        assert_eq!(refused_token(false), 40001);
    }

    #[test]
    fn quotas_and_codes() {
        assert!(!over_quota(3, 3));
        assert!(over_quota(4, 3));
        assert_eq!(errmsg(43004), "require subscribe");
        assert_eq!(errmsg(12345), "error");
    }

    #[test]
    fn qr_codes_have_a_scene_and_a_bounded_life() {
        let s = json!({"action_name": "QR_STR_SCENE", "action_info": {"scene": {"scene_str": "bind_1"}}});
        assert_eq!(qr_scene(&s).as_deref(), Some("bind_1"));
        let n = json!({"action_name": "QR_SCENE", "action_info": {"scene": {"scene_id": 7}}});
        assert_eq!(qr_scene(&n).as_deref(), Some("7"));
        assert_eq!(qr_scene(&json!({"action_name": "QR_STR_SCENE"})), None);
        let long = "x".repeat(65);
        assert_eq!(
            qr_scene(
                &json!({"action_name": "QR_STR_SCENE", "action_info": {"scene": {"scene_str": long}}})
            ),
            None
        );
        assert_eq!(qr_lifetime(None), 60);
        assert_eq!(qr_lifetime(Some(1800)), 1800);
        assert_eq!(qr_lifetime(Some(99_999_999)), 2_592_000);
        assert!(ticket_matches("gQabc", "gQabc"));
        assert!(ticket_matches("gQabc", "http://weixin.qq.com/q/abc"));
        assert!(!ticket_matches("gQabc", "gQabd"));
    }

    #[test]
    fn a_scan_subscribes_a_newcomer_and_scans_for_a_follower() {
        assert_eq!(scan_event(false, "s1"), ("subscribe", "qrscene_s1".into()));
        assert_eq!(scan_event(true, "s1"), ("SCAN", "s1".into()));
    }

    #[test]
    fn an_event_without_a_scene_has_no_event_key() {
        let x = event_xml("gh_1", "o1", 5, "subscribe", "", "");
        assert!(!x.contains("EventKey"));
        let x = event_xml("gh_1", "o1", 5, "subscribe", "qrscene_7", "T");
        assert!(x.contains("<EventKey><![CDATA[qrscene_7]]></EventKey>"));
        assert!(x.contains("<Ticket><![CDATA[T]]></Ticket>"));
    }
}
