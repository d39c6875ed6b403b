//! Signed requests of API users (the open distribution API): the one definition of what is
//! signed and how, used by auth-center (which checks), the gateway (which hashes the body) and
//! every client and test (which sign).
//!
//! A request carries `X-Tw-App-Key`, `X-Tw-Timestamp` (unix milliseconds), `X-Tw-Nonce` (8 to
//! 64 printable ASCII characters, never used twice within the clock window) and
//! `X-Tw-Signature`: the lowercase hex HMAC-SHA256, keyed with the API user's secret, of
//!
//! ```text
//! METHOD "\n" path-and-query as sent to the gateway "\n" timestamp "\n" nonce "\n" hex sha256(body)
//! ```

use hmac::{KeyInit as _, Mac as _};
use sha2::Digest as _;

pub const APP_KEY: &str = "x-tw-app-key";
pub const TIMESTAMP: &str = "x-tw-timestamp";
pub const NONCE: &str = "x-tw-nonce";
pub const SIGNATURE: &str = "x-tw-signature";

/// How far a request's timestamp may be from the checker's clock, either way: five minutes.
pub const MAX_SKEW_MS: i64 = 5 * 60 * 1000;
/// The shortest and longest nonce.
pub const NONCE_MIN: usize = 8;
pub const NONCE_MAX: usize = 64;

type HmacSha256 = hmac::Hmac<sha2::Sha256>;

/// Lowercase hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    out
}

/// The lowercase hex SHA-256 of a body (of the empty body for a request without one).
pub fn body_hash(body: &[u8]) -> String {
    hex(&sha2::Sha256::digest(body))
}

/// The string that is signed.
pub fn canonical(
    method: &str,
    path_and_query: &str,
    timestamp_ms: i64,
    nonce: &str,
    body_sha256_hex: &str,
) -> String {
    format!(
        "{}\n{path_and_query}\n{timestamp_ms}\n{nonce}\n{body_sha256_hex}",
        method.to_ascii_uppercase()
    )
}

fn mac(secret: &str, canonical: &str) -> HmacSha256 {
    let mut mac = match HmacSha256::new_from_slice(secret.as_bytes()) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC accepts keys of every length"),
    };
    mac.update(canonical.as_bytes());
    mac
}

/// The signature of a canonical string: lowercase hex HMAC-SHA256 keyed with the secret.
pub fn sign(secret: &str, canonical: &str) -> String {
    hex(&mac(secret, canonical).finalize().into_bytes())
}

/// The four headers that sign an API user's request of `body` to `path_and_query` (the full
/// path the gateway is called at) at `timestamp_ms` with `nonce`: what a client of the open
/// API sends (docs/open-api.md; the example client does the same in Python).
pub fn request_headers(
    app_key: &str,
    secret: &str,
    method: &str,
    path_and_query: &str,
    body: &[u8],
    timestamp_ms: i64,
    nonce: &str,
) -> [(&'static str, String); 4] {
    let canonical = canonical(
        method,
        path_and_query,
        timestamp_ms,
        nonce,
        &body_hash(body),
    );
    [
        (APP_KEY, app_key.to_owned()),
        (TIMESTAMP, timestamp_ms.to_string()),
        (NONCE, nonce.to_owned()),
        (SIGNATURE, sign(secret, &canonical)),
    ]
}

/// Whether `signature` (hex, either case) is the secret's signature of `canonical`; compared
/// in constant time.
pub fn verify(secret: &str, canonical: &str, signature: &str) -> bool {
    let Some(raw) = unhex(signature.trim()) else {
        return false;
    };
    mac(secret, canonical).verify_slice(&raw).is_ok()
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// Whether a nonce has the allowed form: 8 to 64 printable ASCII characters, no blank.
pub fn nonce_ok(nonce: &str) -> bool {
    (NONCE_MIN..=NONCE_MAX).contains(&nonce.len()) && nonce.bytes().all(|b| b.is_ascii_graphic())
}

/// Whether a timestamp is within [`MAX_SKEW_MS`] of `now_ms`.
pub fn fresh(timestamp_ms: i64, now_ms: i64) -> bool {
    (now_ms - timestamp_ms).abs() <= MAX_SKEW_MS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_empty_body_hashes_to_the_known_digest() {
        assert_eq!(
            body_hash(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn the_canonical_string_joins_the_parts_with_newlines_and_upper_cases_the_method() {
        assert_eq!(
            canonical(
                "post",
                "/api/hotel-app/open/v1/orders?x=1",
                1700,
                "abcdefgh",
                "ff"
            ),
            "POST\n/api/hotel-app/open/v1/orders?x=1\n1700\nabcdefgh\nff"
        );
    }

    #[test]
    fn a_signature_matches_rfc_4231_and_verifies_only_for_its_string() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?".
        let sig = sign("Jefe", "what do ya want for nothing?");
        assert_eq!(
            sig,
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
        assert!(verify("Jefe", "what do ya want for nothing?", &sig));
        assert!(verify(
            "Jefe",
            "what do ya want for nothing?",
            &sig.to_ascii_uppercase()
        ));
        assert!(!verify("Jefe", "what do ya want for nothing!", &sig));
        assert!(!verify("jefe", "what do ya want for nothing?", &sig));
        assert!(!verify("Jefe", "what do ya want for nothing?", "zz"));
        assert!(!verify("Jefe", "what do ya want for nothing?", "abc"));
    }

    #[test]
    fn nonces_and_timestamps_have_their_bounds() {
        assert!(nonce_ok("abcdefgh"));
        assert!(!nonce_ok("abcdefg"));
        assert!(!nonce_ok(&"a".repeat(65)));
        assert!(!nonce_ok("abcd efgh"));
        assert!(fresh(1_000_000, 1_000_000 + MAX_SKEW_MS));
        assert!(fresh(1_000_000 + MAX_SKEW_MS, 1_000_000));
        assert!(!fresh(1_000_000, 1_000_001 + MAX_SKEW_MS));
    }
}
