//! What auth-center's handlers share: the database, the keys, the settings.

use actix_web::HttpRequest;
use platform::auth::CurrentUser;
use platform::auth::token::{self, Claims, TokenKind};
use platform::db::DbPool;

use crate::keys::KeyRing;
use crate::settings::Settings;
use crate::store::logs::Actor;
use crate::store::users::User;

pub struct Ctx {
    pub pool: DbPool,
    pub keys: KeyRing,
    pub settings: Settings,
}

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
