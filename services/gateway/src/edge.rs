//! Edge security for `/api/**`: the caller's token is verified before anything is forwarded
//! (the public paths aside), over-limit callers are turned away, and the verified identity is
//! passed on in headers of the gateway's own (never the caller's).

use actix_web::HttpRequest;
use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};
use platform::ApiError;
use platform::auth::access::{self, Access};
use platform::auth::{AuthError, Authenticator, CurrentUser, bearer_token};

use crate::ratelimit::Limiter;

const USER_ID: HeaderName = HeaderName::from_static("x-tradewind-user-id");
const SAAS_ID: HeaderName = HeaderName::from_static("x-tradewind-saas-id");
const MCH_ID: HeaderName = HeaderName::from_static("x-tradewind-mch-id");
const MSC_TYPE: HeaderName = HeaderName::from_static("x-tradewind-msc-type");

/// Whether a header is one of the identity headers only the gateway may set.
pub fn is_identity_header(name: &HeaderName) -> bool {
    name.as_str().starts_with("x-tradewind-")
}

/// The client's address as the gateway sees it (the peer, or the first hop an ingress names).
pub fn client_ip(req: &HttpRequest) -> String {
    let info = req.connection_info();
    let raw = info.realip_remote_addr().unwrap_or("unknown");
    raw.parse::<std::net::SocketAddr>()
        .map_or_else(|_| raw.to_owned(), |a| a.ip().to_string())
}

/// Admits a request for `service_path` (the path as the service sees it) or says why not.
pub async fn admit(
    req: &HttpRequest,
    service_path: &str,
    auth: &Authenticator,
    limiter: &Limiter,
) -> Result<Option<CurrentUser>, ApiError> {
    let user = if access::classify(service_path) == Access::Public {
        None
    } else {
        let token = bearer_token(req.headers(), req.query_string()).ok_or(AuthError::Missing)?;
        Some(auth.authenticate(&token).await?)
    };
    limiter
        .check(
            req.method().as_str(),
            req.path(),
            &client_ip(req),
            user.as_ref(),
        )
        .map_err(|retry_after_secs| ApiError::TooManyRequests { retry_after_secs })?;
    Ok(user)
}

/// Adds the verified identity to the upstream request's headers.
pub fn identify(user: Option<&CurrentUser>, out: &mut HeaderMap) {
    let Some(user) = user else {
        return;
    };
    for (name, value) in [
        (USER_ID, user.user_id.to_string()),
        (SAAS_ID, user.saas_id.to_string()),
        (MCH_ID, user.mch_id.to_string()),
        (MSC_TYPE, user.msc_type.to_string()),
    ] {
        if let Ok(v) = HeaderValue::from_str(&value) {
            out.insert(name, v);
        }
    }
}
