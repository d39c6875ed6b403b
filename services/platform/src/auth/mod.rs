//! Identity at every service and at the gateway: verifying access tokens with auth-center's
//! public keys, knowing which sessions have ended, and which permission codes a user holds.
//!
//! [`Authenticator`] keeps three caches: the public keys (refetched when a token names an
//! unknown key id), session states (an ended session is learnt from `session.ended` events at
//! once, and a session not seen lately is asked about), and each session's permission codes.
//! Where the answers come from is an [`AuthBackend`]: auth-center over HTTP for every process
//! but auth-center, which answers from its own database.

pub mod access;
mod eddsa;
mod guard;
pub mod remote;
pub mod signed;
pub mod token;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use futures_util::future::LocalBoxFuture;
use jsonwebtoken::DecodingKey;
use prost::Message as _;

pub use guard::{CurrentUser, bearer_token, forbidden, guard};
pub use token::{Claims, Jwk, JwkSet, TokenError, TokenKind};

use crate::error::ApiError;
use crate::i18n::Text;

/// Why a session ended, as `session.ended` events and `/api/auth/check` name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// A newer login of the same account: the old token answers `token-repeated`.
    Replaced,
    Logout,
    PasswordChanged,
    /// Locked or disabled by an administrator.
    Locked,
    Expired,
}

impl EndReason {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Replaced => "replaced",
            Self::Logout => "logout",
            Self::PasswordChanged => "password-changed",
            Self::Locked => "locked",
            Self::Expired => "expired",
        }
    }

    pub fn parse(s: &str) -> Self {
        match s {
            "replaced" => Self::Replaced,
            "logout" => Self::Logout,
            "password-changed" => Self::PasswordChanged,
            "locked" => Self::Locked,
            _ => Self::Expired,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionState {
    Live,
    Ended(EndReason),
}

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("no token was given")]
    Missing,
    #[error("{0}")]
    Token(#[from] TokenError),
    #[error("the session has ended ({})", .0.as_str())]
    Ended(EndReason),
    #[error("auth-center cannot be asked: {0}")]
    Unavailable(String),
}

impl From<AuthError> for ApiError {
    fn from(e: AuthError) -> Self {
        match e {
            AuthError::Missing => ApiError::Unauthorized {
                code: "unauthorized",
                msg: Text::fixed("认证失败，请重新登录", "Auth failed, login again"),
            },
            AuthError::Token(TokenError::Expired) => ApiError::Unauthorized {
                code: "token-expired",
                msg: Text::fixed(
                    "身份验证已过期，请重新登录",
                    "Your identity verification has expired, please log in again!",
                ),
            },
            AuthError::Token(_) => ApiError::Unauthorized {
                code: "token-invalid",
                msg: Text::fixed(
                    "令牌无效，请重新登录",
                    "The token is invalid, please log in again",
                ),
            },
            AuthError::Ended(EndReason::Replaced) => ApiError::Unauthorized {
                code: "token-repeated",
                msg: Text::fixed(
                    "账号已在其他地方登录，您已被迫下线",
                    "This account has logged in elsewhere; this session has ended",
                ),
            },
            AuthError::Ended(_) => ApiError::Unauthorized {
                code: "session-ended",
                msg: Text::fixed(
                    "会话已结束，请重新登录",
                    "The session has ended, please log in again",
                ),
            },
            AuthError::Unavailable(reason) => {
                // The detail (auth-center's address) is for the log, not for callers.
                tracing::warn!(reason, "auth-center could not be asked");
                ApiError::Unavailable {
                    reason: Text::fixed(
                        "认证服务暂不可用，请稍后重试",
                        "The authentication service is unavailable, please retry shortly",
                    ),
                }
            }
        }
    }
}

/// Where keys, session states and permissions come from.
pub trait AuthBackend: Send + Sync + 'static {
    fn jwks(&self) -> LocalBoxFuture<'_, Result<JwkSet, AuthError>>;
    /// The state of the session of a verified token.
    fn session<'a>(
        &'a self,
        token: &'a str,
        claims: &'a Claims,
    ) -> LocalBoxFuture<'a, Result<SessionState, AuthError>>;
    /// The permission codes (and subtree grants) the token's user holds.
    fn permissions<'a>(
        &'a self,
        token: &'a str,
        claims: &'a Claims,
    ) -> LocalBoxFuture<'a, Result<Vec<String>, AuthError>>;
}

/// How long answers are trusted.
#[derive(Debug, Clone, Copy)]
pub struct CacheSettings {
    /// A live session is asked about again after this; ended ones are learnt from events.
    pub session: Duration,
    pub permissions: Duration,
    /// The least time between two fetches of the key set.
    pub key_refetch: Duration,
}

impl Default for CacheSettings {
    fn default() -> Self {
        Self {
            session: Duration::from_secs(60),
            permissions: Duration::from_secs(30),
            key_refetch: Duration::from_secs(1),
        }
    }
}

struct SessionEntry {
    state: SessionState,
    checked: Instant,
    /// The session can be forgotten after this (its tokens have all expired).
    forget_after_secs: i64,
}

#[derive(Default)]
struct Caches {
    keys: HashMap<String, DecodingKey>,
    keys_fetched: Option<Instant>,
    sessions: HashMap<String, SessionEntry>,
    permissions: HashMap<String, (Instant, Arc<Vec<String>>)>,
    /// Access tokens whose signature was checked, by the whole token string: a caller sends the
    /// same token for an hour, and an Ed25519 check costs far more than a lookup.
    verified: HashMap<String, Claims>,
}

/// Verifies tokens and answers who the caller is; shared by every worker of a process.
#[derive(Clone)]
pub struct Authenticator {
    backend: Arc<dyn AuthBackend>,
    settings: CacheSettings,
    caches: Arc<Mutex<Caches>>,
}

/// How long an ended session is remembered when its expiry is unknown (a refresh token's life).
const ENDED_MEMORY_SECS: i64 = 8 * 24 * 3600;
/// Above this many remembered sessions, those past their time are swept on the next insert.
const SWEEP_ABOVE: usize = 10_000;
/// Verified tokens remembered at most (then those expired are swept, and if that is not enough,
/// all are forgotten).
const VERIFIED_MAX: usize = 20_000;

impl Authenticator {
    pub fn new(backend: Arc<dyn AuthBackend>, settings: CacheSettings) -> Self {
        Self {
            backend,
            settings,
            caches: Arc::default(),
        }
    }

    fn caches(&self) -> MutexGuard<'_, Caches> {
        self.caches.lock().unwrap_or_else(PoisonError::into_inner)
    }

    async fn key(&self, kid: &str) -> Result<DecodingKey, AuthError> {
        if let Some(key) = self.caches().keys.get(kid) {
            return Ok(key.clone());
        }
        let may_fetch = self
            .caches()
            .keys_fetched
            .is_none_or(|at| at.elapsed() >= self.settings.key_refetch);
        if may_fetch {
            let set = self.backend.jwks().await?;
            let mut caches = self.caches();
            caches.keys = set.decoding_keys();
            caches.keys_fetched = Some(Instant::now());
        }
        self.caches()
            .keys
            .get(kid)
            .cloned()
            .ok_or_else(|| TokenError::UnknownKey(kid.to_owned()).into())
    }

    /// Verifies a token's signature, expiry and kind, without asking about its session.
    pub async fn verify(&self, token: &str, kind: TokenKind) -> Result<Claims, AuthError> {
        let now = token::now_secs();
        if kind == TokenKind::Access
            && let Some(claims) = self.caches().verified.get(token)
        {
            if claims.exp <= now {
                return Err(TokenError::Expired.into());
            }
            return Ok(claims.clone());
        }
        let kid = token::key_id(token)?;
        let key = self.key(&kid).await?;
        let claims = token::verify(token, &key, kind)?;
        if kind == TokenKind::Access {
            let mut caches = self.caches();
            if caches.verified.len() >= VERIFIED_MAX {
                caches.verified.retain(|_, c| c.exp > now);
                if caches.verified.len() >= VERIFIED_MAX {
                    caches.verified.clear();
                }
            }
            caches.verified.insert(token.to_owned(), claims.clone());
        }
        Ok(claims)
    }

    /// Who calls with this access token: verified, and its session still live.
    pub async fn authenticate(&self, token: &str) -> Result<CurrentUser, AuthError> {
        let claims = self.verify(token, TokenKind::Access).await?;
        self.check_session(token, &claims).await?;
        Ok(CurrentUser::from_claims(&claims, token))
    }

    async fn check_session(&self, token: &str, claims: &Claims) -> Result<(), AuthError> {
        let cached = self
            .caches()
            .sessions
            .get(&claims.sid)
            .and_then(|e| match e.state {
                SessionState::Ended(reason) => Some(Err(reason)),
                SessionState::Live if e.checked.elapsed() < self.settings.session => Some(Ok(())),
                SessionState::Live => None,
            });
        let state = match cached {
            Some(Ok(())) => return Ok(()),
            Some(Err(reason)) => return Err(AuthError::Ended(reason)),
            None => self.backend.session(token, claims).await?,
        };
        self.remember(&claims.sid, state, claims.exp);
        match state {
            SessionState::Live => Ok(()),
            SessionState::Ended(reason) => Err(AuthError::Ended(reason)),
        }
    }

    fn remember(&self, sid: &str, state: SessionState, forget_after_secs: i64) {
        let mut caches = self.caches();
        if caches.sessions.len() > SWEEP_ABOVE {
            let now = token::now_secs();
            caches.sessions.retain(|_, e| e.forget_after_secs > now);
            caches
                .permissions
                .retain(|_, (at, _)| at.elapsed() < self.settings.permissions);
        }
        if let SessionState::Ended(_) = state {
            caches.permissions.remove(sid);
        }
        caches.sessions.insert(
            sid.to_owned(),
            SessionEntry {
                state,
                checked: Instant::now(),
                forget_after_secs,
            },
        );
    }

    /// Records a session ended elsewhere (from a `session.ended` event).
    pub fn session_ended(&self, sid: &str, reason: EndReason) {
        self.remember(
            sid,
            SessionState::Ended(reason),
            token::now_secs() + ENDED_MEMORY_SECS,
        );
    }

    /// Whether the user holds the permission `code`.
    pub async fn holds(&self, user: &CurrentUser, code: &str) -> Result<bool, AuthError> {
        if access::held_by_role(user.msc_type, code) {
            return Ok(true);
        }
        let cached = self
            .caches()
            .permissions
            .get(&user.session_id)
            .filter(|(at, _)| at.elapsed() < self.settings.permissions)
            .map(|(_, codes)| codes.clone());
        let codes = match cached {
            Some(codes) => codes,
            None => {
                let claims = user.claims();
                let codes = Arc::new(self.backend.permissions(&user.token, &claims).await?);
                self.caches()
                    .permissions
                    .insert(user.session_id.clone(), (Instant::now(), codes.clone()));
                codes
            }
        };
        Ok(access::holds(user.msc_type, &codes, code))
    }

    /// Forgets every cached permission list (a group or a user's groups changed).
    pub fn permissions_changed(&self) {
        self.caches().permissions.clear();
    }

    /// Follows `session.ended` and `permission-grant.changed` events on a queue of this process
    /// alone, so every replica hears of every ended session.
    pub fn listen(
        &self,
        bus: &crate::bus::Bus,
        process: &str,
    ) -> actix_web::rt::task::JoinHandle<()> {
        let mut subscription = bus.broadcast(process, &[ROUTE_SESSION_ENDED, ROUTE_GRANTS_CHANGED]);
        let this = self.clone();
        actix_web::rt::spawn(async move {
            while let Some(delivery) = subscription.recv().await {
                this.apply_event(&delivery.routing_key, &delivery.body);
                if let Some(ack) = delivery.ack {
                    ack.ack().await;
                }
            }
        })
    }

    fn apply_event(&self, routing_key: &str, body: &[u8]) {
        if routing_key == ROUTE_GRANTS_CHANGED {
            self.permissions_changed();
            return;
        }
        let Ok(envelope) = crate::bus::EventEnvelope::decode(body) else {
            tracing::warn!(routing_key, "undecodable event ignored");
            return;
        };
        match crate::bus::v1::SessionEnded::decode(envelope.payload.as_slice()) {
            Ok(ended) => self.session_ended(&ended.session_id, EndReason::parse(&ended.reason)),
            Err(e) => tracing::warn!(routing_key, error = %e, "undecodable session.ended ignored"),
        }
    }
}

pub const ROUTE_SESSION_ENDED: &str = "session.ended";
pub const ROUTE_GRANTS_CHANGED: &str = "permission-grant.changed";
