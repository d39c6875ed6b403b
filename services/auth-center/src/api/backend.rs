//! auth-center answers its own guard from its database and keys, without calling itself.

use std::sync::Arc;

use futures_util::future::LocalBoxFuture;
use platform::auth::{AuthBackend, AuthError, Claims, JwkSet, SessionState};
use platform::db::with_conn;

use super::context::Ctx;
use crate::store;

pub struct LocalBackend(pub Arc<Ctx>);

fn unavailable(e: impl std::fmt::Display) -> AuthError {
    AuthError::Unavailable(e.to_string())
}

impl AuthBackend for LocalBackend {
    fn jwks(&self) -> LocalBoxFuture<'_, Result<JwkSet, AuthError>> {
        Box::pin(async move { Ok(self.0.keys.jwks()) })
    }

    fn session<'a>(
        &'a self,
        _token: &'a str,
        claims: &'a Claims,
    ) -> LocalBoxFuture<'a, Result<SessionState, AuthError>> {
        let sid = claims.sid.clone();
        Box::pin(async move {
            with_conn(&self.0.pool, move |conn| {
                store::sessions::session_state(conn, &sid, platform::time::now_ms())
                    .map_err(platform::db::DbError::from)
            })
            .await
            .map_err(unavailable)
        })
    }

    fn permissions<'a>(
        &'a self,
        _token: &'a str,
        claims: &'a Claims,
    ) -> LocalBoxFuture<'a, Result<Vec<String>, AuthError>> {
        let user_id = claims.user_id();
        Box::pin(async move {
            with_conn(&self.0.pool, move |conn| {
                store::permissions::grants_of(conn, user_id).map_err(platform::db::DbError::from)
            })
            .await
            .map_err(unavailable)
        })
    }
}
