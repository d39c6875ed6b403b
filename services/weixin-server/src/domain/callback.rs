//! What WeChat posts to the account's server (the "portal"): each request is signed with the
//! SHA-1 of the message token, timestamp and nonce sorted and joined; the body is an XML
//! message. Only events matter here: subscribe (with `qrscene_<scene>` when the user followed
//! by scanning a QR code), SCAN (a follower scanned one; the bare scene) and unsubscribe.

use quick_xml::events::Event as XmlEvent;
use sha1::{Digest, Sha1};

/// How far a request's timestamp may be from our clock (either way) and how long a nonce is
/// remembered: a replay older than this is refused by its timestamp, a newer one by its nonce.
pub const MAX_SKEW_SECS: i64 = 300;

/// SHA-1 (lower-case hex) of `parts` sorted and joined: WeChat's request signature (token,
/// timestamp, nonce) and safe mode's `msg_signature` (the same and `Encrypt`).
pub fn sha1_sorted(parts: &[&str]) -> String {
    let mut parts = parts.to_vec();
    parts.sort_unstable();
    Sha1::digest(parts.concat().as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether the hex `given` is `want` (any case), compared without an early exit.
pub fn same_hex(want: &str, given: &str) -> bool {
    let given = given.trim().to_ascii_lowercase();
    want.len() == given.len()
        && want
            .bytes()
            .zip(given.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

/// WeChat's signature of a request: SHA-1 over `token`, `timestamp`, `nonce` sorted and joined.
pub fn signature(token: &str, timestamp: &str, nonce: &str) -> String {
    sha1_sorted(&[token, timestamp, nonce])
}

/// Whether `given` is the signature of the request, compared without an early exit.
pub fn signed(token: &str, timestamp: &str, nonce: &str, given: &str) -> bool {
    same_hex(&signature(token, timestamp, nonce), given)
}

/// Whether the request's timestamp (seconds) is near `now_secs`.
pub fn fresh(timestamp: i64, now_secs: i64) -> bool {
    (now_secs - timestamp).abs() <= MAX_SKEW_SECS
}

/// An event of the account that changes what we know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The user followed; `scene` when they did so by scanning one of our QR codes.
    Subscribe {
        open_id: String,
        scene: Option<String>,
        at: i64,
    },
    /// A follower scanned one of our QR codes.
    Scan {
        open_id: String,
        scene: String,
        at: i64,
    },
    Unsubscribe {
        open_id: String,
        at: i64,
    },
    /// A message or event we do not act on (text, menu click, location ...).
    Other,
}

impl Event {
    /// The WeChat user the event is about.
    pub fn open_id(&self) -> Option<&str> {
        match self {
            Self::Subscribe { open_id, .. }
            | Self::Scan { open_id, .. }
            | Self::Unsubscribe { open_id, .. } => Some(open_id),
            Self::Other => None,
        }
    }
}

/// What a WeChat user reads after binding: WeChat shows it as is, to a user whose language we
/// do not know, so it says it in both.
pub fn bound_text(user_name: &str) -> String {
    format!(
        "已绑定 Tradewind 账号 {user_name}，通知将发送到这里。\n\
         Bound to the Tradewind user {user_name}: notifications will arrive here."
    )
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum XmlError {
    #[error("the body is not WeChat's XML: {0}")]
    Malformed(String),
    #[error("the message lacks {0}")]
    Missing(&'static str),
}

/// The flat elements of `<xml>...</xml>` (text or CDATA), by name.
fn fields(xml: &str) -> Result<Vec<(String, String)>, XmlError> {
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    let mut value = String::new();
    let mut seen_root = false;
    loop {
        match reader
            .read_event()
            .map_err(|e| XmlError::Malformed(e.to_string()))?
        {
            XmlEvent::Start(e) => {
                let name = e.name().as_ref().to_owned();
                if !seen_root {
                    if name != "xml" {
                        return Err(XmlError::Malformed(format!("root <{name}>")));
                    }
                    seen_root = true;
                } else {
                    current = Some(name);
                    value.clear();
                }
            }
            XmlEvent::Text(t) if current.is_some() => {
                let raw: &str = t.as_ref();
                let text = quick_xml::escape::unescape(raw)
                    .map_err(|e| XmlError::Malformed(e.to_string()))?;
                value.push_str(&text);
            }
            XmlEvent::CData(c) if current.is_some() => {
                value.push_str(c.as_ref());
            }
            XmlEvent::End(e) => {
                let name = e.name().as_ref().to_owned();
                if current.as_deref() == Some(name.as_str()) {
                    out.push((name, value.trim().to_owned()));
                    current = None;
                }
            }
            XmlEvent::Eof => break,
            _ => {}
        }
    }
    if !seen_root {
        return Err(XmlError::Malformed("no <xml> root".into()));
    }
    Ok(out)
}

/// The text of the element `name` of a message (empty when it has none).
pub fn field(xml: &str, name: &str) -> Result<String, XmlError> {
    Ok(fields(xml)?
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v)
        .unwrap_or_default())
}

/// The account's own id (`ToUserName`, `gh_...`) and the sender's openId of a message, which a
/// passive reply swaps.
pub fn parties(xml: &str) -> Result<(String, String), XmlError> {
    let fields = fields(xml)?;
    let get = |name: &str| {
        fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    Ok((get("ToUserName"), get("FromUserName")))
}

/// A passive text reply to the user `to` from the account `from`. CDATA cannot hold `]]>`:
/// such a sequence is split across two sections.
pub fn text_reply(to: &str, from: &str, created: i64, content: &str) -> String {
    let cdata = |v: &str| format!("<![CDATA[{}]]>", v.replace("]]>", "]]]]><![CDATA[>"));
    format!(
        "<xml><ToUserName>{}</ToUserName><FromUserName>{}</FromUserName>\
         <CreateTime>{created}</CreateTime><MsgType><![CDATA[text]]></MsgType>\
         <Content>{}</Content></xml>",
        cdata(to),
        cdata(from),
        cdata(content)
    )
}

/// Parses one message WeChat posted.
pub fn parse(xml: &str) -> Result<Event, XmlError> {
    let fields = fields(xml)?;
    let get = |name: &str| {
        fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_default()
    };
    if get("MsgType") != "event" {
        return Ok(Event::Other);
    }
    let open_id = get("FromUserName").to_owned();
    if open_id.is_empty() {
        return Err(XmlError::Missing("FromUserName"));
    }
    let at = get("CreateTime").parse::<i64>().unwrap_or(0);
    let key = get("EventKey");
    Ok(match get("Event") {
        "subscribe" => Event::Subscribe {
            open_id,
            scene: key
                .strip_prefix("qrscene_")
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
            at,
        },
        "SCAN" => {
            if key.is_empty() {
                return Err(XmlError::Missing("EventKey"));
            }
            Event::Scan {
                open_id,
                scene: key.to_owned(),
                at,
            }
        }
        "unsubscribe" => Event::Unsubscribe { open_id, at },
        _ => Event::Other,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_sha1_of_the_sorted_parts() {
        // sha1("1409304348" + "1535599540" + "xxxxxxx"): the parts sorted as strings.
        let s = signature("xxxxxxx", "1409304348", "1535599540");
        assert_eq!(s, signature("xxxxxxx", "1409304348", "1535599540"));
        let mut h = Sha1::new();
        h.update(b"14093043481535599540xxxxxxx");
        let want: String = h.finalize().iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(s, want);
        assert!(signed("xxxxxxx", "1409304348", "1535599540", &want));
        assert!(signed(
            "xxxxxxx",
            "1409304348",
            "1535599540",
            &want.to_uppercase()
        ));
        assert!(!signed("other", "1409304348", "1535599540", &want));
        assert!(!signed("xxxxxxx", "1409304349", "1535599540", &want));
        assert!(!signed("xxxxxxx", "1409304348", "1535599540", ""));
    }

    #[test]
    fn timestamps_far_from_now_are_stale() {
        assert!(fresh(1000, 1000 + MAX_SKEW_SECS));
        assert!(fresh(1000 + MAX_SKEW_SECS, 1000));
        assert!(!fresh(1000, 1001 + MAX_SKEW_SECS));
    }

    fn event(kind: &str, key: Option<&str>) -> String {
        let key = key
            .map(|k| {
                format!("<EventKey><![CDATA[{k}]]></EventKey><Ticket><![CDATA[gQ1]]></Ticket>")
            })
            .unwrap_or_default();
        format!(
            "<xml><ToUserName><![CDATA[gh_1]]></ToUserName>\n<FromUserName><![CDATA[oUser1]]></FromUserName>\
             <CreateTime>1700000000</CreateTime><MsgType><![CDATA[event]]></MsgType>\
             <Event><![CDATA[{kind}]]></Event>{key}</xml>"
        )
    }

    #[test]
    fn subscribe_with_and_without_a_scene() {
        assert_eq!(
            parse(&event("subscribe", Some("qrscene_bind-7"))).unwrap(),
            Event::Subscribe {
                open_id: "oUser1".into(),
                scene: Some("bind-7".into()),
                at: 1_700_000_000
            }
        );
        assert_eq!(
            parse(&event("subscribe", None)).unwrap(),
            Event::Subscribe {
                open_id: "oUser1".into(),
                scene: None,
                at: 1_700_000_000
            }
        );
        // An empty key (WeChat sends one when following from the profile) is no scene.
        assert_eq!(
            parse(&event("subscribe", Some(""))).unwrap(),
            Event::Subscribe {
                open_id: "oUser1".into(),
                scene: None,
                at: 1_700_000_000
            }
        );
    }

    #[test]
    fn scan_carries_the_bare_scene_and_needs_one() {
        assert_eq!(
            parse(&event("SCAN", Some("bind-7"))).unwrap(),
            Event::Scan {
                open_id: "oUser1".into(),
                scene: "bind-7".into(),
                at: 1_700_000_000
            }
        );
        assert_eq!(
            parse(&event("SCAN", None)).unwrap_err(),
            XmlError::Missing("EventKey")
        );
    }

    #[test]
    fn unsubscribe_and_other_messages() {
        assert_eq!(
            parse(&event("unsubscribe", None)).unwrap(),
            Event::Unsubscribe {
                open_id: "oUser1".into(),
                at: 1_700_000_000
            }
        );
        assert_eq!(parse(&event("CLICK", Some("menu"))).unwrap(), Event::Other);
        let text = "<xml><FromUserName>o1</FromUserName><MsgType>text</MsgType>\
                    <Content>hi &amp; bye</Content></xml>";
        assert_eq!(parse(text).unwrap(), Event::Other);
    }

    #[test]
    fn a_text_reply_swaps_the_parties_and_survives_cdata_ends() {
        let x = text_reply("oUser1", "gh_1", 5, "bound ]]> ok");
        assert_eq!(parties(&x).unwrap(), ("oUser1".into(), "gh_1".into()));
        assert_eq!(field(&x, "Content").unwrap(), "bound ]]> ok");
        assert_eq!(field(&x, "MsgType").unwrap(), "text");
        assert_eq!(field(&x, "Nothing").unwrap(), "");
    }

    #[test]
    fn broken_xml_is_refused() {
        assert!(matches!(parse("not xml"), Err(XmlError::Malformed(_))));
        assert!(matches!(
            parse("<html><a>1</a></html>"),
            Err(XmlError::Malformed(_))
        ));
        assert!(matches!(
            parse("<xml><MsgType>event</MsgType><Event>subscribe</Event></xml>"),
            Err(XmlError::Missing("FromUserName"))
        ));
    }
}
