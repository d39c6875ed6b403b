//! The backend of every process but auth-center: asks auth-center over HTTP.

use std::time::Duration;

use futures_util::future::LocalBoxFuture;
use serde::Deserialize;

use super::{AuthBackend, AuthError, Claims, EndReason, JwkSet, SessionState};

pub struct RemoteBackend {
    /// auth-center's base URL, `http://127.0.0.1:8081`.
    base: String,
    timeout: Duration,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CheckAnswer {
    active: bool,
    #[serde(default)]
    reason: Option<String>,
}

#[derive(Deserialize)]
struct Enveloped<T> {
    data: T,
}

fn unavailable(e: impl std::fmt::Display) -> AuthError {
    AuthError::Unavailable(e.to_string())
}

impl RemoteBackend {
    pub fn new(base: &str, timeout: Duration) -> Self {
        Self {
            base: base.trim_end_matches('/').to_owned(),
            timeout,
        }
    }

    async fn get_json<T: for<'de> Deserialize<'de>>(
        &self,
        path: &str,
        bearer: Option<&str>,
    ) -> Result<T, AuthError> {
        let url = format!("{}{path}", self.base);
        // Messages name the endpoint without its query: a session check carries the token.
        let shown = format!("{}{}", self.base, path.split('?').next().unwrap_or(path));
        let mut req = crate::http::client::client()
            .get(&url)
            .timeout(self.timeout);
        if let Some(token) = bearer {
            req = req.bearer_auth(token);
        }
        let mut resp = req
            .send()
            .await
            .map_err(|e| unavailable(format!("{shown}: {e}")))?;
        if !resp.status().is_success() {
            return Err(unavailable(format!("{shown} answered {}", resp.status())));
        }
        let body = resp
            .body()
            .limit(4 << 20)
            .await
            .map_err(|e| unavailable(format!("{shown}: {e}")))?;
        serde_json::from_slice(&body).map_err(|e| unavailable(format!("{shown}: {e}")))
    }
}

impl AuthBackend for RemoteBackend {
    fn jwks(&self) -> LocalBoxFuture<'_, Result<JwkSet, AuthError>> {
        Box::pin(self.get_json("/.well-known/jwks.json", None))
    }

    fn session<'a>(
        &'a self,
        token: &'a str,
        _claims: &'a Claims,
    ) -> LocalBoxFuture<'a, Result<SessionState, AuthError>> {
        Box::pin(async move {
            let query = form_urlencoded::Serializer::new(String::new())
                .append_pair("token", token)
                .finish();
            let answer: CheckAnswer = self
                .get_json(&format!("/api/auth/check?{query}"), None)
                .await?;
            Ok(if answer.active {
                SessionState::Live
            } else {
                SessionState::Ended(
                    answer
                        .reason
                        .as_deref()
                        .map_or(EndReason::Expired, EndReason::parse),
                )
            })
        })
    }

    fn permissions<'a>(
        &'a self,
        token: &'a str,
        _claims: &'a Claims,
    ) -> LocalBoxFuture<'a, Result<Vec<String>, AuthError>> {
        Box::pin(async move {
            // The grants themselves, as auth-center's own check reads them: the menu is narrowed
            // to the catalogue, which fills through the bus after start.
            let grants: Enveloped<Vec<String>> =
                self.get_json("/client/user/grants", Some(token)).await?;
            Ok(grants.data)
        })
    }
}

/// What the gateway asks auth-center to check of a signed request (`/api/auth/verifySigned`).
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SignedCheck<'a> {
    pub app_key: &'a str,
    pub timestamp: i64,
    pub nonce: &'a str,
    pub signature: &'a str,
    pub method: &'a str,
    pub path_and_query: &'a str,
    pub body_sha256: &'a str,
}

/// auth-center's answer for a good signed request: the API user and a token made for it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SignedIdentity {
    pub user_id: i64,
    pub saas_id: i64,
    pub mch_id: i64,
    pub msc_type: i32,
    pub app_key: String,
    pub token: String,
    pub exp: i64,
}

pub enum SignedOutcome {
    Verified(SignedIdentity),
    /// auth-center refused it (401 with the reason's code, 412 for a malformed part): its
    /// status and envelope, for the caller.
    Refused {
        status: u16,
        body: Vec<u8>,
    },
}

impl RemoteBackend {
    /// Asks auth-center to check a signed request.
    pub async fn verify_signed(&self, check: &SignedCheck<'_>) -> Result<SignedOutcome, AuthError> {
        let url = format!("{}/api/auth/verifySigned", self.base);
        let mut resp = crate::http::client::client()
            .post(&url)
            .timeout(self.timeout)
            .send_json(check)
            .await
            .map_err(|e| unavailable(format!("{url}: {e}")))?;
        let status = resp.status().as_u16();
        let body = resp
            .body()
            .limit(1 << 20)
            .await
            .map_err(|e| unavailable(format!("{url}: {e}")))?;
        match status {
            200 => serde_json::from_slice(&body)
                .map(SignedOutcome::Verified)
                .map_err(|e| unavailable(format!("{url}: {e}"))),
            401 | 412 => Ok(SignedOutcome::Refused {
                status,
                body: body.to_vec(),
            }),
            other => Err(unavailable(format!("{url} answered {other}"))),
        }
    }
}
