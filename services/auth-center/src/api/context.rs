//! What auth-center's handlers share: the database, the keys, the settings.

use actix_web::HttpRequest;
use platform::auth::CurrentUser;
use platform::auth::token::{self, Claims, TokenKind};
use platform::db::DbPool;

use crate::domain::api_users::api_session_id;
use crate::keys::KeyRing;
use crate::settings::Settings;
use crate::store::api_users::ApiUser;
use crate::store::logs::Actor;
use crate::store::users::User;

pub struct Ctx {
    pub pool: DbPool,
    pub keys: KeyRing,
    pub settings: Settings,
    /// Seals API users' secrets (checked against signed requests).
    pub sealer: platform::sealing::Sealer,
}

/// How long the access token of a signed request lives: it is made for that one request, which
/// the gateway forwards at once (and the service may use it to call another on its behalf).
pub const API_TOKEN_TTL_SECS: i64 = 300;

impl Ctx {
    /// Signs a token of `kind` for the user's session.
    pub fn token(&self, user: &User, sid: &str, kind: TokenKind) -> (String, i64) {
        let now = token::now_secs();
        let ttl = match kind {
            TokenKind::Access => self.settings.access_ttl_secs,
            TokenKind::Refresh => self.settings.refresh_ttl_secs,
        };
        let claims = Claims {
            iss: token::ISSUER.to_owned(),
            sub: user.id.to_string(),
            username: user.username.clone(),
            saas_id: user.saas_id,
            mch_id: user.mch_id,
            msc_type: user.msc_type,
            user_grade: user.user_grade,
            sid: sid.to_owned(),
            typ: kind,
            iat: now,
            exp: now + ttl,
        };
        (token::sign(&claims, &self.keys.signing), claims.exp)
    }

    /// Signs an access token for a verified signed request of an API user.
    pub fn api_token(&self, user: &ApiUser) -> (String, i64) {
        let now = token::now_secs();
        let claims = Claims {
            iss: token::ISSUER.to_owned(),
            sub: user.id.to_string(),
            username: user.app_key.clone(),
            saas_id: user.saas_id,
            mch_id: user.mch_id,
            msc_type: user.msc_type,
            user_grade: 0,
            sid: api_session_id(user.id),
            typ: TokenKind::Access,
            iat: now,
            exp: now + API_TOKEN_TTL_SECS,
        };
        (token::sign(&claims, &self.keys.signing), claims.exp)
    }

    /// Verifies a token with auth-center's own keys (no fetching).
    pub fn verify(&self, raw: &str, kind: TokenKind) -> Result<Claims, token::TokenError> {
        token::verify_with(raw, &self.keys.decoding_keys, kind)
    }
}

pub use platform::http::client_ip;

/// The caller as the user action log names them.
pub fn actor(me: &CurrentUser, req: &HttpRequest) -> Actor {
    Actor {
        saas_id: me.saas_id,
        user_id: me.user_id,
        username: me.username.clone(),
        ip: client_ip(req),
    }
}

pub fn user_agent(req: &HttpRequest) -> String {
    req.headers()
        .get(actix_web::http::header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .chars()
        .take(512)
        .collect()
}
