//! The one place a request's caller is checked: the middleware every service runs after
//! `observe`, and the extractor handlers take the caller from.

use std::future::{Ready, ready};

use actix_web::ResponseError as _;
use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header::{AUTHORIZATION, HeaderMap, UPGRADE};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use serde::Serialize;

use super::access::{self, Access};
use super::{AuthError, Authenticator, Claims, TokenKind};
use crate::error::ApiError;
use crate::i18n::Text;

/// The caller of a request, from a verified token: the tenant and merchant every query filters
/// by come from here, never from the request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CurrentUser {
    pub user_id: i64,
    pub username: String,
    pub saas_id: i64,
    pub mch_id: i64,
    pub msc_type: i32,
    pub user_grade: i32,
    pub session_id: String,
    /// The token itself (to call another service on the user's behalf).
    #[serde(skip)]
    pub token: String,
    pub exp: i64,
}

impl CurrentUser {
    pub fn from_claims(claims: &Claims, token: &str) -> Self {
        Self {
            user_id: claims.user_id(),
            username: claims.username.clone(),
            saas_id: claims.saas_id,
            mch_id: claims.mch_id,
            msc_type: claims.msc_type,
            user_grade: claims.user_grade,
            session_id: claims.sid.clone(),
            token: token.to_owned(),
            exp: claims.exp,
        }
    }

    pub fn claims(&self) -> Claims {
        Claims {
            iss: super::token::ISSUER.to_owned(),
            sub: self.user_id.to_string(),
            username: self.username.clone(),
            saas_id: self.saas_id,
            mch_id: self.mch_id,
            msc_type: self.msc_type,
            user_grade: self.user_grade,
            sid: self.session_id.clone(),
            typ: TokenKind::Access,
            iat: 0,
            exp: self.exp,
        }
    }

    pub fn is_platform_admin(&self) -> bool {
        self.msc_type == access::MSC_PLATFORM_ADMIN
    }

    /// A merchant's user (supplier or distributor) sees only that merchant's rows.
    pub fn is_merchant_user(&self) -> bool {
        self.mch_id != 0
    }
}

/// The bearer token of a request, or for a websocket upgrade (browsers cannot set headers
/// there) its `token` query parameter.
pub fn bearer_token(headers: &HeaderMap, query: &str) -> Option<String> {
    let from_header = headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            let (scheme, token) = v.trim().split_once(' ')?;
            scheme
                .eq_ignore_ascii_case("bearer")
                .then(|| token.trim().to_owned())
        })
        .filter(|t| !t.is_empty());
    if from_header.is_some() {
        return from_header;
    }
    let upgrade = headers
        .get(UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"));
    if !upgrade {
        return None;
    }
    form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "token")
        .map(|(_, v)| v.into_owned())
        .filter(|t| !t.is_empty())
}

pub fn forbidden() -> ApiError {
    ApiError::Forbidden {
        msg: Text::fixed(
            "抱歉，当前用户没有权限",
            "Sorry, the current user has no permission",
        ),
    }
}

/// Checks the caller against [`access::classify`] of the path: a session, the permission code
/// of the matched route, or platform administration. The caller is left in the request's
/// extensions for [`CurrentUser`].
pub async fn guard<B: MessageBody>(
    req: ServiceRequest,
    next: Next<B>,
) -> Result<ServiceResponse<EitherBody<B>>, actix_web::Error> {
    match admit(&req).await {
        Ok(Some(user)) => {
            req.extensions_mut().insert(user);
        }
        Ok(None) => {}
        // Rendered here, inside the request's language scope, not later by the server.
        Err(e) => return Ok(req.into_response(e.error_response()).map_into_right_body()),
    }
    Ok(next.call(req).await?.map_into_left_body())
}

/// The caller, if the path needs one and the caller may call it.
async fn admit(req: &ServiceRequest) -> Result<Option<CurrentUser>, ApiError> {
    // The path as the router sees it (percent-decoded): `/%73aas/...` is a `/saas/` path.
    let path = req.match_info().as_str();
    let access = access::classify(path);
    if access == Access::Public {
        return Ok(None);
    }
    let Some(auth) = req.app_data::<web::Data<Authenticator>>().cloned() else {
        return Err(ApiError::Internal(anyhow::anyhow!(
            "no authenticator is configured"
        )));
    };
    let token = bearer_token(req.headers(), req.query_string()).ok_or(AuthError::Missing)?;
    let user = auth.authenticate(&token).await?;
    match access {
        Access::Platform if !user.is_platform_admin() => return Err(forbidden()),
        Access::Permission => {
            // An unknown route has no code; it answers 404 once routed.
            if let Some(pattern) = req.resource_map().match_pattern(path) {
                let code = access::permission_code(&pattern, req.method().as_str());
                if !auth.holds(&user, &code).await? {
                    tracing::info!(user = user.user_id, code, "permission refused");
                    return Err(forbidden());
                }
            }
        }
        _ => {}
    }
    Ok(Some(user))
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(
            req.extensions()
                .get::<CurrentUser>()
                .cloned()
                .ok_or_else(|| AuthError::Missing.into()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::http::header::HeaderValue;

    #[test]
    fn bearer_from_header_or_websocket_query() {
        let mut h = HeaderMap::new();
        h.insert(AUTHORIZATION, HeaderValue::from_static("Bearer abc"));
        assert_eq!(bearer_token(&h, ""), Some("abc".into()));
        let mut h = HeaderMap::new();
        assert_eq!(bearer_token(&h, "token=xyz"), None);
        h.insert(UPGRADE, HeaderValue::from_static("websocket"));
        assert_eq!(bearer_token(&h, "a=1&token=xyz"), Some("xyz".into()));
        h.insert(AUTHORIZATION, HeaderValue::from_static("Basic abc"));
        assert_eq!(bearer_token(&h, ""), None);
    }
}
