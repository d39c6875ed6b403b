//! The open API's webhooks (docs/open-api.md), the rules without I/O: what a callback URL may
//! be, what a delivery carries, how it is signed, and when a failed one is tried again.

use platform::ApiError;
use platform::auth::signed;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The delivery's id: the receiver's key for telling a delivery sent again from a new one.
pub const ID_HEADER: &str = "X-Tw-Webhook-Id";
/// When the delivery was signed, unix ms.
pub const TIMESTAMP_HEADER: &str = "X-Tw-Timestamp";
/// Hex HMAC-SHA256, keyed with the webhook's secret, of `POST\npath?query\ntimestamp\nid\nhex
/// sha256(body)`: the open API's own canonical form, with the delivery id as its nonce.
pub const SIGNATURE_HEADER: &str = "X-Tw-Signature";

/// Delivery states.
pub mod state {
    pub const PENDING: i32 = 1;
    pub const DELIVERED: i32 = 2;
    pub const GIVEN_UP: i32 = 3;
}

/// Failed attempts after which a delivery is given up (it can still be sent again by hand).
pub const MAX_ATTEMPTS: i32 = 8;

/// The longest callback URL kept.
pub const MAX_URL: usize = 500;

/// A callback URL as the form sends it: trimmed, http(s) with a host, at most 500 characters.
pub fn check_url(url: &str) -> Result<String, ApiError> {
    let url = url.trim();
    let bad = || {
        ApiError::invalid_field(
            "url",
            "回调地址须为 http(s):// 开头的完整地址，最多 500 个字符",
            "the callback URL must be a full http(s):// address of at most 500 characters",
        )
    };
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(bad)?;
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    if host.is_empty()
        || url.chars().count() > MAX_URL
        || url.chars().any(|c| c.is_control() || c.is_whitespace())
    {
        return Err(bad());
    }
    Ok(url.to_owned())
}

/// What a delivery tells: the change of one of the distributor's orders.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookEvent {
    /// `order.created`, `order.state-changed` or `order.cancelled`.
    pub event: String,
    pub order_id: i64,
    /// The distributor's own order number given at booking (`channelOrderId`); empty if none.
    pub channel_order_id: String,
    /// The order state after the change.
    pub order_state: i32,
    /// The state before it; equal to `orderState` for `order.created`.
    pub old_order_state: i32,
    pub pay_state: i32,
    /// The action and remark that made the change (`confirm`, `cancel: too late`, ...).
    pub reason: String,
    /// ms.
    pub occurred_at: i64,
}

/// The signature of a delivery of `body` to `path_and_query` (the callback URL's path and
/// query) at `timestamp_ms` under delivery id `id`.
pub fn signature(
    secret: &str,
    path_and_query: &str,
    timestamp_ms: i64,
    id: &str,
    body: &[u8],
) -> String {
    signed::sign(
        secret,
        &signed::canonical(
            "POST",
            path_and_query,
            timestamp_ms,
            id,
            &signed::body_hash(body),
        ),
    )
}

/// How long after its `attempts`-th failure a delivery is tried again: 2 s doubling to at most
/// 5 minutes; None once it has failed [`MAX_ATTEMPTS`] times.
pub fn retry_after_ms(attempts: i32) -> Option<i64> {
    if attempts >= MAX_ATTEMPTS {
        return None;
    }
    let doublings = u32::try_from(attempts.max(1) - 1).unwrap_or(0).min(16);
    Some((2_000_i64 << doublings).min(300_000))
}

/// The path and query of a checked callback URL, as the signature covers them (`/` when it
/// names none; never the fragment).
pub fn path_and_query(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let rest = rest.split('#').next().unwrap_or("");
    match rest.find(['/', '?']) {
        Some(i) if rest[i..].starts_with('?') => format!("/{}", &rest[i..]),
        Some(i) => rest[i..].to_owned(),
        None => "/".to_owned(),
    }
}

/// A new webhook secret: 32 random bytes, hex, with a prefix that says what it is.
pub fn new_secret() -> Result<String, ApiError> {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    Ok(format!("whsec_{}", signed::hex(&b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callback_urls_are_full_http_addresses() {
        assert_eq!(
            check_url(" https://dist.example.com/hooks?x=1 ").unwrap(),
            "https://dist.example.com/hooks?x=1"
        );
        assert!(check_url("http://127.0.0.1:9000/cb").is_ok());
        for bad in [
            "",
            "ftp://x/y",
            "https://",
            "https:///path",
            "http://a b/c",
            "javascript:alert(1)",
        ] {
            assert!(check_url(bad).is_err(), "{bad}");
        }
        let long = format!("https://x.example/{}", "a".repeat(MAX_URL));
        assert!(check_url(&long).is_err());
    }

    #[test]
    fn a_delivery_is_signed_over_its_path_time_id_and_body() {
        let s = signature("whsec_1", "/cb?x=1", 1_000, "42", b"{}");
        assert_eq!(s, signature("whsec_1", "/cb?x=1", 1_000, "42", b"{}"));
        assert!(signed::verify(
            "whsec_1",
            &signed::canonical("POST", "/cb?x=1", 1_000, "42", &signed::body_hash(b"{}")),
            &s
        ));
        assert_ne!(s, signature("whsec_2", "/cb?x=1", 1_000, "42", b"{}"));
        assert_ne!(s, signature("whsec_1", "/cb?x=1", 1_000, "43", b"{}"));
        assert_ne!(s, signature("whsec_1", "/cb?x=1", 1_000, "42", b"{ }"));
    }

    #[test]
    fn the_signature_covers_the_urls_path_and_query() {
        assert_eq!(path_and_query("https://h.example/cb?x=1#f"), "/cb?x=1");
        assert_eq!(path_and_query("http://h:9/"), "/");
        assert_eq!(path_and_query("http://h:9"), "/");
        assert_eq!(path_and_query("http://h:9?a=b"), "/?a=b");
    }

    #[test]
    fn failed_deliveries_back_off_then_give_up() {
        assert_eq!(retry_after_ms(1), Some(2_000));
        assert_eq!(retry_after_ms(2), Some(4_000));
        assert_eq!(retry_after_ms(7), Some(128_000));
        assert_eq!(retry_after_ms(MAX_ATTEMPTS), None);
        let s = new_secret().unwrap();
        assert!(s.starts_with("whsec_") && s.len() == 6 + 64);
        assert_ne!(s, new_secret().unwrap());
    }
}
