//! Edge security for `/api/**`: the caller's token is verified before anything is forwarded
//! (the public paths aside), over-limit callers are turned away, and the verified identity is
//! passed on in headers of the gateway's own (never the caller's).

use actix_web::HttpRequest;
use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};
use platform::ApiError;
use platform::auth::access::{self, Access};
use platform::auth::{AuthError, Authenticator, CurrentUser, bearer_token};

use crate::domain::ratelimit::Limiter;

use platform::http::identity::{self, FleetKey};

const USER_ID: HeaderName = HeaderName::from_static(identity::USER_ID);
const SAAS_ID: HeaderName = HeaderName::from_static(identity::SAAS_ID);
const MCH_ID: HeaderName = HeaderName::from_static(identity::MCH_ID);
const MSC_TYPE: HeaderName = HeaderName::from_static(identity::MSC_TYPE);
/// The caller's address as the gateway determined it; services read it instead of
/// `X-Forwarded-For`, which a caller can write.
pub const CLIENT_IP: HeaderName = HeaderName::from_static(identity::CLIENT_IP);
const SIGNATURE: HeaderName = HeaderName::from_static(identity::SIGNATURE);

/// How many proxies in front of the gateway (an ingress, a load balancer) append to
/// `X-Forwarded-For`; only their entries are believed.
#[derive(Debug, Clone, Copy, Default)]
pub struct TrustedProxies(pub usize);

/// Whether a header is one of the identity headers only the gateway may set.
pub fn is_identity_header(name: &HeaderName) -> bool {
    name.as_str().starts_with("x-tradewind-")
}

/// The client's address: the peer, or with trusted proxies in front, the entry the farthest
/// of them appended to `X-Forwarded-For` (entries further left were written by the caller).
pub fn client_ip(req: &HttpRequest, proxies: TrustedProxies) -> String {
    let peer = req
        .peer_addr()
        .map_or_else(|| "unknown".to_owned(), |a| a.ip().to_string());
    if proxies.0 == 0 {
        return peer;
    }
    let chain: Vec<String> = req
        .headers()
        .get_all(actix_web::http::header::HeaderName::from_static(
            "x-forwarded-for",
        ))
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|e| e.trim().to_owned())
        .filter(|e| !e.is_empty())
        .collect();
    chain
        .len()
        .checked_sub(proxies.0)
        .and_then(|i| chain.get(i))
        .or_else(|| chain.first())
        .cloned()
        .unwrap_or(peer)
}

/// Admits a request for `service_path` (the path as the service sees it) or says why not.
/// `signed` is the API user of a signed request, already verified.
pub async fn admit(
    req: &HttpRequest,
    service_path: &str,
    client_ip: &str,
    auth: &Authenticator,
    limiter: &Limiter,
    signed: Option<CurrentUser>,
) -> Result<Option<CurrentUser>, ApiError> {
    let user = if let Some(user) = signed {
        Some(user)
    } else if access::classify(service_path) == Access::Public {
        None
    } else {
        let token = bearer_token(req.headers(), req.query_string()).ok_or(AuthError::Missing)?;
        Some(auth.authenticate(&token).await?)
    };
    limiter
        .check(req.method().as_str(), req.path(), client_ip, user.as_ref())
        .map_err(|retry_after_secs| ApiError::TooManyRequests { retry_after_secs })?;
    Ok(user)
}

/// Adds the client's address and the verified identity to the upstream request's headers, and
/// signs them with the fleet key for the request the service will receive (`method` and
/// `path_and_query` as sent upstream), so a service can tell them from headers a caller wrote.
pub fn identify(
    key: &FleetKey,
    method: &str,
    path_and_query: &str,
    user: Option<&CurrentUser>,
    client_ip: &str,
    out: &mut HeaderMap,
) {
    let ids = user
        .map(|u| [u.user_id, u.saas_id, u.mch_id, i64::from(u.msc_type)].map(|n| n.to_string()));
    // Each header is signed with the value it was sent with ("" when it was not sent).
    let mut signed = ["", "", "", "", ""];
    if let Ok(v) = HeaderValue::from_str(client_ip) {
        out.insert(CLIENT_IP, v);
        signed[0] = client_ip;
    }
    if let Some(ids) = &ids {
        for (i, (name, value)) in [USER_ID, SAAS_ID, MCH_ID, MSC_TYPE]
            .into_iter()
            .zip(ids)
            .enumerate()
        {
            if let Ok(v) = HeaderValue::from_str(value) {
                out.insert(name, v);
                signed[i + 1] = value;
            }
        }
    }
    let signature = key.sign(platform::time::now_ms(), method, path_and_query, signed);
    if let Ok(v) = HeaderValue::from_str(&signature) {
        out.insert(SIGNATURE, v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn only_trusted_proxies_are_believed() {
        let req = TestRequest::get()
            .insert_header(("x-forwarded-for", "6.6.6.6, 203.0.113.9"))
            .peer_addr("10.0.0.2:5000".parse().unwrap())
            .to_http_request();
        // Nobody in front: the caller's header is ignored.
        assert_eq!(client_ip(&req, TrustedProxies(0)), "10.0.0.2");
        // One ingress: it appended the address it saw; what the caller wrote before is not it.
        assert_eq!(client_ip(&req, TrustedProxies(1)), "203.0.113.9");
        assert_eq!(client_ip(&req, TrustedProxies(5)), "6.6.6.6");
    }
}
