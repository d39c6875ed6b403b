//! The access token of a configuration, shared by every replica through the database: used
//! while it is fresh, replaced `refresh_ahead` before it expires by exactly one replica (the
//! one that wins the lease, store::tokens), and replaced at once, once, when WeChat says the
//! token used is no good (40001, 42001). Everything that calls WeChat goes through [`Wx::call`].

use std::future::Future;
use std::time::Duration;

use platform::db::{DbPool, with_conn};

use crate::domain::token;
use crate::store::tokens;
use crate::wechat::{Wechat, WxError};
use platform::sealing::Sealer;

/// How long a replica may hold the lease while it asks WeChat (beyond the client's timeout a
/// dead replica's lease lapses and another takes over).
const LEASE_MS: i64 = 15_000;
/// How often a replica waiting for another's refresh looks again.
const WAIT_STEP: Duration = Duration::from_millis(25);

/// What a call to WeChat needs: the client, the database, the sealer and the refresh margin.
#[derive(Clone, Debug)]
pub struct Wx {
    pub wechat: Wechat,
    pub pool: DbPool,
    pub sealer: Sealer,
    pub refresh_ahead_ms: i64,
}

/// The credentials of one configuration, opened.
#[derive(Clone)]
pub struct App {
    pub config_id: i64,
    pub app_id: String,
    pub secret: String,
}

impl std::fmt::Debug for App {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "App({}, {}, secret ***)", self.config_id, self.app_id)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AccessError {
    #[error(transparent)]
    Wx(#[from] WxError),
    #[error(transparent)]
    Db(#[from] platform::db::DbError),
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
    #[error(transparent)]
    Seal(#[from] platform::sealing::SealError),
    #[error("another replica's refresh of the access token did not finish in time")]
    Busy,
}

impl AccessError {
    /// WeChat's error code, when WeChat answered one.
    pub fn code(&self) -> Option<i64> {
        match self {
            Self::Wx(e) => e.code(),
            _ => None,
        }
    }
}

impl Wx {
    /// A usable token of `app` and its version. `stale`: the version WeChat refused, which
    /// must be replaced (by whichever replica wins) before a token is handed out again.
    pub async fn token(&self, app: &App, stale: Option<i64>) -> Result<(String, i64), AccessError> {
        let deadline = std::time::Instant::now() + Duration::from_millis(LEASE_MS as u64 * 2);
        loop {
            let now = platform::time::now_ms();
            let id = app.config_id;
            let row = with_conn(&self.pool, move |c| -> Result<_, AccessError> {
                Ok(tokens::current(c, id)?)
            })
            .await?;
            let refused = stale.is_some_and(|v| row.version <= v);
            if !refused && token::usable(row.expires_at, now, self.refresh_ahead_ms) {
                return Ok((self.sealer.open(&row.token_sealed)?, row.version));
            }
            let version = row.version;
            let claimed = with_conn(&self.pool, move |c| -> Result<_, AccessError> {
                Ok(tokens::claim(c, id, version, now, now + LEASE_MS)?)
            })
            .await?;
            if claimed {
                // A token WeChat refused is replaced by force; one merely near its end is asked
                // for normally (WeChat hands out the next one in its last minutes).
                let fetched = self
                    .wechat
                    .stable_token(&app.app_id, &app.secret, refused || row.expires_at > now)
                    .await;
                return match fetched {
                    Ok(t) => {
                        let sealed = self.sealer.seal(&t.access_token)?;
                        let expires_at = platform::time::now_ms() + t.expires_in.max(1) * 1000;
                        with_conn(&self.pool, move |c| -> Result<_, AccessError> {
                            Ok(tokens::store(c, id, version, &sealed, expires_at)?)
                        })
                        .await?;
                        tracing::info!(
                            config_id = id,
                            version = version + 1,
                            "access token refreshed"
                        );
                        Ok((t.access_token, version + 1))
                    }
                    Err(e) => {
                        with_conn(&self.pool, move |c| -> Result<_, AccessError> {
                            Ok(tokens::release(c, id, version)?)
                        })
                        .await?;
                        Err(e.into())
                    }
                };
            }
            if std::time::Instant::now() > deadline {
                return Err(AccessError::Busy);
            }
            tokio::time::sleep(WAIT_STEP).await;
        }
    }

    /// Calls WeChat with a token of `app`; when WeChat says the token is no good, the token is
    /// replaced once and the call made again.
    pub async fn call<T, F, Fut>(&self, app: &App, f: F) -> Result<T, AccessError>
    where
        F: Fn(Wechat, String) -> Fut,
        Fut: Future<Output = Result<T, WxError>>,
    {
        let token = self.token(app, None).await?;
        self.call_with(app, token, f).await
    }

    /// [`Wx::call`] with a token already in hand (`token` and its version, from
    /// [`Wx::token`]): the sender asks once per account and round, not once per message. A
    /// refused token is replaced through the same single flight.
    pub async fn call_with<T, F, Fut>(
        &self,
        app: &App,
        (tok, version): (String, i64),
        f: F,
    ) -> Result<T, AccessError>
    where
        F: Fn(Wechat, String) -> Fut,
        Fut: Future<Output = Result<T, WxError>>,
    {
        match f(self.wechat.clone(), tok).await {
            Err(e) if e.code().is_some_and(token::stale_token) => {
                tracing::info!(
                    config_id = app.config_id,
                    code = e.code(),
                    "WeChat refused the access token; refreshing once"
                );
                let (tok, _) = self.token(app, Some(version)).await?;
                Ok(f(self.wechat.clone(), tok).await?)
            }
            other => Ok(other?),
        }
    }
}
