//! The gateway's identity headers, which only the gateway can write.
//!
//! The gateway passes on what it decided about a request (the client's address, and the verified
//! caller for a request with a session) in `x-tradewind-*` headers, and signs them with the fleet
//! secret (`TRADEWIND_FLEET_SECRET`, shared by the gateway and every service): an HMAC-SHA256
//! over a version, the time, the method, the path and query the service receives, and each
//! identity header, in `x-tradewind-signature: <ms since the epoch>.<base64url MAC>`. A service
//! believes the headers only when the signature verifies and is at most [`MAX_AGE_MS`] old or
//! early; otherwise (a caller that reached the service directly, or wrote the headers itself)
//! they are ignored and the client's address is the connection's peer.

use actix_web::HttpMessage as _;
use actix_web::http::header::HeaderMap;
use actix_web::{HttpRequest, web};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{KeyInit as _, Mac as _};

/// The client's address as the gateway decided it.
pub const CLIENT_IP: &str = "x-tradewind-client-ip";
/// The verified caller, for a path that needs a session.
pub const USER_ID: &str = "x-tradewind-user-id";
pub const SAAS_ID: &str = "x-tradewind-saas-id";
pub const MCH_ID: &str = "x-tradewind-mch-id";
pub const MSC_TYPE: &str = "x-tradewind-msc-type";
/// `<ms>.<base64url HMAC-SHA256>` over the headers above and the request.
pub const SIGNATURE: &str = "x-tradewind-signature";

/// The signed headers, in the order they are signed.
pub const SIGNED: [&str; 5] = [CLIENT_IP, USER_ID, SAAS_ID, MCH_ID, MSC_TYPE];

/// How far a signature's time may be from the service's clock: the hop from the gateway is
/// immediate, so this only covers clock differences between machines (keep them on NTP).
pub const MAX_AGE_MS: i64 = 60_000;

/// The fleet secret the embedded mode and tests use when `TRADEWIND_FLEET_SECRET` is unset. It is
/// public (it is here): an installation whose services can be reached other than through the
/// gateway must set its own.
pub const DEVELOPMENT_SECRET: &str = "tradewind-development-fleet-secret-not-for-production";

/// Shortest secret taken: 32 bytes, the MAC's own length.
pub const MIN_SECRET_LEN: usize = 32;

type HmacSha256 = hmac::Hmac<sha2::Sha256>;

/// The fleet secret, keyed once: signing or checking a request clones the keyed state, which
/// neither allocates nor hashes the key again.
#[derive(Clone)]
pub struct FleetKey {
    mac: HmacSha256,
}

impl std::fmt::Debug for FleetKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FleetKey(***)")
    }
}

impl FleetKey {
    pub fn new(secret: &[u8]) -> Self {
        // HMAC takes a key of any length (a long one is hashed first).
        let mac = match HmacSha256::new_from_slice(secret) {
            Ok(mac) => mac,
            Err(_) => unreachable!("HMAC accepts keys of every length"),
        };
        Self { mac }
    }

    fn mac(&self, at_ms: i64, method: &str, path_and_query: &str, values: [&str; 5]) -> HmacSha256 {
        let mut mac = self.mac.clone();
        // Every part is followed by a separator no part can contain, so no two different
        // requests sign the same bytes.
        mac.update(b"tradewind-identity-v1\n");
        mac.update(at_ms.to_string().as_bytes());
        for part in [method, path_and_query].into_iter().chain(values) {
            mac.update(b"\n");
            mac.update(part.as_bytes());
        }
        mac
    }

    /// The signature header's value for a request to `path_and_query` carrying `values` (of
    /// [`SIGNED`], in that order; empty for a header not sent).
    pub fn sign(
        &self,
        at_ms: i64,
        method: &str,
        path_and_query: &str,
        values: [&str; 5],
    ) -> String {
        let tag = self
            .mac(at_ms, method, path_and_query, values)
            .finalize()
            .into_bytes();
        format!("{at_ms}.{}", URL_SAFE_NO_PAD.encode(tag))
    }

    /// Whether `headers` carry a signature of this key over them and the request, made within
    /// [`MAX_AGE_MS`] of `now_ms`.
    pub fn verify(
        &self,
        headers: &HeaderMap,
        method: &str,
        path_and_query: &str,
        now_ms: i64,
    ) -> bool {
        let Some((at, tag)) = header(headers, SIGNATURE).split_once('.') else {
            return false;
        };
        let Ok(at_ms) = at.parse::<i64>() else {
            return false;
        };
        if (now_ms - at_ms).abs() > MAX_AGE_MS {
            return false;
        }
        let Ok(tag) = URL_SAFE_NO_PAD.decode(tag) else {
            return false;
        };
        let values = SIGNED.map(|name| header(headers, name));
        // verify_slice compares in constant time.
        self.mac(at_ms, method, path_and_query, values)
            .verify_slice(&tag)
            .is_ok()
    }
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

/// The client's address of a request, decided once and kept with it.
#[derive(Debug, Clone)]
struct ClientIp(String);

/// The caller's address: the one the gateway signed, or the connection's peer for a request
/// that did not come through the gateway (whatever identity headers it carries).
pub fn client_ip(req: &HttpRequest) -> String {
    if let Some(ip) = req.extensions().get::<ClientIp>() {
        return ip.0.clone();
    }
    let ip = vouched_client_ip(req).unwrap_or_else(|| {
        req.peer_addr()
            .map_or_else(|| "unknown".to_owned(), |a| a.ip().to_string())
    });
    req.extensions_mut().insert(ClientIp(ip.clone()));
    ip
}

fn vouched_client_ip(req: &HttpRequest) -> Option<String> {
    let headers = req.headers();
    let claimed = header(headers, CLIENT_IP);
    if claimed.is_empty() && !headers.contains_key(SIGNATURE) {
        return None;
    }
    let key = req.app_data::<web::Data<FleetKey>>()?;
    let path_and_query = req.uri().path_and_query().map_or("/", |p| p.as_str());
    let now = crate::time::now_ms();
    if !claimed.is_empty() && key.verify(headers, req.method().as_str(), path_and_query, now) {
        return Some(claimed.to_owned());
    }
    tracing::warn!(
        claimed,
        peer = ?req.peer_addr(),
        "identity headers not signed by the gateway (a direct call, or another fleet secret): ignored"
    );
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::{HeaderName, HeaderValue};

    fn headers(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (k, v) in pairs {
            map.insert(
                HeaderName::from_bytes(k.as_bytes()).unwrap(),
                HeaderValue::from_str(v).unwrap(),
            );
        }
        map
    }

    #[test]
    fn a_signature_holds_for_its_request_only() {
        let key = FleetKey::new(b"a fleet secret of at least 32 bytes!");
        let now = 1_764_000_000_000;
        let values = ["203.0.113.9", "5", "1001", "0", "300"];
        let sig = key.sign(now, "POST", "/api/auth/login?x=1", values);
        let signed = |ip: &str, sig: &str| {
            headers(&[
                (CLIENT_IP, ip),
                (USER_ID, "5"),
                (SAAS_ID, "1001"),
                (MCH_ID, "0"),
                (MSC_TYPE, "300"),
                (SIGNATURE, sig),
            ])
        };
        let good = signed("203.0.113.9", &sig);
        assert!(key.verify(&good, "POST", "/api/auth/login?x=1", now + 1_000));
        // Another address, method, path, tenant, time or key: refused.
        assert!(!key.verify(&signed("6.6.6.6", &sig), "POST", "/api/auth/login?x=1", now));
        assert!(!key.verify(&good, "GET", "/api/auth/login?x=1", now));
        assert!(!key.verify(&good, "POST", "/api/auth/login?x=2", now));
        let mut other_tenant = good.clone();
        other_tenant.insert(
            HeaderName::from_static(SAAS_ID),
            HeaderValue::from_static("1002"),
        );
        assert!(!key.verify(&other_tenant, "POST", "/api/auth/login?x=1", now));
        assert!(!key.verify(&good, "POST", "/api/auth/login?x=1", now + MAX_AGE_MS + 1));
        let other_key = FleetKey::new(b"another fleet secret of 32 bytes or more");
        assert!(!other_key.verify(&good, "POST", "/api/auth/login?x=1", now));
        // Made up, or no signature at all.
        for forged in ["", "1764000000000", "1764000000000.AAAA", "x.y"] {
            assert!(!key.verify(
                &signed("203.0.113.9", forged),
                "POST",
                "/api/auth/login?x=1",
                now
            ));
        }
    }

    #[test]
    fn a_direct_call_is_its_peer_whatever_it_claims() {
        let key = FleetKey::new(DEVELOPMENT_SECRET.as_bytes());
        let req = actix_web::test::TestRequest::post()
            .uri("/api/auth/login")
            .insert_header((CLIENT_IP, "6.6.6.6"))
            .insert_header((SIGNATURE, "1764000000000.AAAA"))
            .peer_addr("192.0.2.7:5000".parse().unwrap())
            .app_data(web::Data::new(key.clone()))
            .to_http_request();
        assert_eq!(client_ip(&req), "192.0.2.7");

        let now = crate::time::now_ms();
        let sig = key.sign(
            now,
            "POST",
            "/api/auth/login",
            ["203.0.113.9", "", "", "", ""],
        );
        let req = actix_web::test::TestRequest::post()
            .uri("/api/auth/login")
            .insert_header((CLIENT_IP, "203.0.113.9"))
            .insert_header((SIGNATURE, sig))
            .peer_addr("192.0.2.7:5000".parse().unwrap())
            .app_data(web::Data::new(key))
            .to_http_request();
        assert_eq!(client_ip(&req), "203.0.113.9");
    }
}
