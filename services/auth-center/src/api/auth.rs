//! Logging in and out, tokens and keys: `/api/auth/*` and `/.well-known/jwks.json`.

use actix_web::{HttpRequest, HttpResponse, get, post, web};
use platform::ApiError;
use platform::auth::token::TokenKind;
use platform::auth::{
    AuthError, Authenticator, CurrentUser, EndReason, JwkSet, SessionState, bearer_token, signed,
};
use platform::db::with_conn;
use platform::http::{Json, Query, Reply};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::context::{Ctx, client_ip, user_agent};
use crate::domain::accounts::USER_NORMAL;
use crate::domain::api_users::{SignedRefusal, SignedRequest, admit_signed};
use crate::domain::login::{Failures, LoginRefusal, after_failure, check_credentials, decide};
use crate::domain::password;
use crate::store::api_users::{self, ApiUser};
use crate::store::ip_failures;
use crate::store::logs::{self, LoginRecord};
use crate::store::sessions::{self, NewSession};
use crate::store::users::{self, User};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginForm {
    pub username: String,
    pub password: String,
}

/// A login's answer: bare, as the shell reads it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginAnswer {
    pub token: String,
    pub refresh_token: String,
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TokenAnswer {
    pub token: String,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct CheckQuery {
    /// The access token to check.
    pub token: String,
}

#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckAnswer {
    pub active: bool,
    /// Why not active: invalid, expired, replaced, logout, password-changed, locked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub saas_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mch_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub msc_type: Option<i32>,
    /// Expiry, seconds since the epoch.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exp: Option<i64>,
}

enum Outcome {
    /// Logged in: the user, the new session, the sessions it replaced.
    In(Box<User>, String, Vec<String>),
    Refused(LoginRefusal),
}

/// Logs in: username trimmed, password at least 6 characters; a new login ends the account's
/// previous session. Wrong passwords count toward the lockout.
#[utoipa::path(
    request_body = LoginForm,
    responses(
        (status = 200, body = LoginAnswer),
        (status = 412, description = "short password, wrong credentials, locked or disabled account, refused IP"),
        (status = 429, description = "too many failed logins from this IP"),
    ),
    tag = "auth",
    extensions(("x-envelope" = json!(false)))
)]
#[post("/api/auth/login")]
pub async fn login(
    ctx: web::Data<Ctx>,
    auth: web::Data<Authenticator>,
    req: HttpRequest,
    form: Json<LoginForm>,
) -> Result<HttpResponse, ApiError> {
    let form = form.into_inner();
    let username = check_credentials(&form.username, &form.password)?;
    let ip = client_ip(&req);
    let agent = user_agent(&req);
    let c = ctx.clone();
    let (ip2, agent2) = (ip.clone(), agent.clone());
    let window_ms = crate::ip_window_ms(&ctx.settings);
    let outcome = with_conn(&ctx.pool, move |conn| -> Result<Outcome, ApiError> {
        let now = platform::time::now_ms();
        if ip_failures::blocked(conn, &ip2, now, window_ms, c.settings.ip_max_failures)? {
            return Ok(Outcome::Refused(LoginRefusal::TooManyFromIp));
        }
        let Some(user) = users::user_by_name(conn, &username)? else {
            password::verify_nothing(&form.password);
            let refusal = LoginRefusal::WrongCredentials;
            ip_failures::failed(conn, &ip2, now, window_ms)?;
            logs::log_login(
                conn,
                LoginRecord {
                    saas_id: 0,
                    user_id: 0,
                    username: &username,
                    ip: &ip2,
                    user_agent: &agent2,
                    success: false,
                    message: refusal.text().en.as_ref(),
                    now,
                },
            )?;
            return Ok(Outcome::Refused(refusal));
        };
        let refusal = decide(user.account(), &form.password, &ip2, now);
        platform::db::write_tx(conn, |conn| {
            let mut record = LoginRecord {
                saas_id: user.saas_id,
                user_id: user.id,
                username: &user.username,
                ip: &ip2,
                user_agent: &agent2,
                success: false,
                message: "",
                now,
            };
            if let Some(refusal) = refusal {
                if refusal == LoginRefusal::WrongCredentials {
                    let prev = Failures {
                        count: user.failed_count,
                        since: user.failed_since,
                    };
                    let (next, lock) = after_failure(prev, now, c.settings.lockout);
                    users::record_failure(conn, user.id, next.count, next.since, lock)?;
                    ip_failures::failed(conn, &ip2, now, window_ms)?;
                }
                let text = refusal.text();
                record.message = &text.en;
                logs::log_login(conn, record)?;
                return Ok(Outcome::Refused(refusal));
            }
            users::record_success(conn, user.id, &ip2, now)?;
            let (sid, replaced) = sessions::start_session(
                conn,
                NewSession {
                    user: &user,
                    ip: &ip2,
                    user_agent: &agent2,
                    now,
                    expires_at: now + c.settings.refresh_ttl_secs * 1000,
                },
            )?;
            record.success = true;
            record.message = "ok";
            logs::log_login(conn, record)?;
            Ok(Outcome::In(Box::new(user), sid, replaced))
        })
    })
    .await?;
    match outcome {
        Outcome::Refused(refusal) => {
            tracing::info!(ip, code = refusal.code(), "login refused");
            Err(refusal.into())
        }
        Outcome::In(user, sid, replaced) => {
            // This process knows at once; the others from the session.ended events.
            for old in &replaced {
                auth.session_ended(old, EndReason::Replaced);
            }
            let (token, _) = ctx.token(&user, &sid, TokenKind::Access);
            let (refresh_token, _) = ctx.token(&user, &sid, TokenKind::Refresh);
            tracing::info!(user = user.id, "logged in");
            Ok(HttpResponse::Ok().json(LoginAnswer {
                token,
                refresh_token,
                message: platform::i18n::Text::fixed("登录成功", "Logged in")
                    .localized()
                    .to_owned(),
            }))
        }
    }
}

/// A new access token for the refresh token given as the bearer; refused (401) once its
/// session has ended.
#[utoipa::path(
    responses((status = 200, body = TokenAnswer), (status = 401, description = "no, invalid or ended refresh token")),
    security(("bearer" = [])),
    tag = "auth",
    extensions(("x-envelope" = json!(false)))
)]
#[get("/api/auth/token")]
pub async fn refresh(ctx: web::Data<Ctx>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let raw = bearer_token(req.headers(), "").ok_or(AuthError::Missing)?;
    let claims = ctx
        .verify(&raw, TokenKind::Refresh)
        .map_err(AuthError::from)?;
    let sid = claims.sid.clone();
    let user_id = claims.user_id();
    let user = with_conn(&ctx.pool, move |conn| -> Result<User, ApiError> {
        match sessions::session_state(conn, &sid, platform::time::now_ms())? {
            SessionState::Ended(reason) => Err(AuthError::Ended(reason).into()),
            SessionState::Live => users::user_by_id(conn, user_id)?
                .filter(|u| u.user_state == USER_NORMAL)
                .ok_or_else(|| AuthError::Ended(EndReason::Locked).into()),
        }
    })
    .await?;
    let (token, _) = ctx.token(&user, &claims.sid, TokenKind::Access);
    Ok(HttpResponse::Ok().json(TokenAnswer { token }))
}

/// Whether an access token is valid and its session live, and whose it is.
#[utoipa::path(params(CheckQuery), responses((status = 200, body = CheckAnswer)), tag = "auth", extensions(("x-envelope" = json!(false))))]
#[get("/api/auth/check")]
pub async fn check(ctx: web::Data<Ctx>, q: Query<CheckQuery>) -> Result<HttpResponse, ApiError> {
    let claims = match ctx.verify(q.token.trim(), TokenKind::Access) {
        Ok(c) => c,
        Err(e) => {
            let reason = if e == platform::auth::TokenError::Expired {
                "expired"
            } else {
                "invalid"
            };
            return Ok(HttpResponse::Ok().json(CheckAnswer {
                reason: Some(reason.to_owned()),
                ..CheckAnswer::default()
            }));
        }
    };
    let sid = claims.sid.clone();
    let state = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        Ok(sessions::session_state(
            conn,
            &sid,
            platform::time::now_ms(),
        )?)
    })
    .await?;
    let answer = match state {
        SessionState::Ended(reason) => CheckAnswer {
            reason: Some(reason.as_str().to_owned()),
            ..CheckAnswer::default()
        },
        SessionState::Live => CheckAnswer {
            active: true,
            reason: None,
            user_id: Some(claims.user_id()),
            saas_id: Some(claims.saas_id),
            mch_id: Some(claims.mch_id),
            msc_type: Some(claims.msc_type),
            exp: Some(claims.exp),
        },
    };
    Ok(HttpResponse::Ok().json(answer))
}

/// Who a verified signed request is: the API user, and an access token made for the request.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedIdentity {
    /// The API user's id.
    pub user_id: i64,
    pub saas_id: i64,
    pub mch_id: i64,
    /// 500 API user, 510 API shared, 511 API supplier, 512 API distributor.
    pub msc_type: i32,
    pub app_key: String,
    /// A short-lived access token of the API user, which the gateway forwards as the bearer.
    pub token: String,
    /// Its expiry, seconds since the epoch.
    pub exp: i64,
}

/// Checks a signed request of an API user for the gateway: the app key, the user's state, the
/// clock (±5 minutes), the HMAC with the user's secret, and the nonce (recorded; a second use
/// is a replay). Not forwarded from outside by the gateway.
#[utoipa::path(
    request_body = SignedRequest,
    responses(
        (status = 200, body = SignedIdentity),
        (status = 401, description = "app-key-unknown, app-key-disabled, secret-reset-needed (made before signing: reset the secret), timestamp-stale, signature-invalid, nonce-replayed"),
        (status = 412, description = "a malformed nonce, signature or digest"),
    ),
    tag = "auth",
    extensions(("x-envelope" = json!(false)))
)]
#[post("/api/auth/verifySigned")]
pub async fn verify_signed(
    ctx: web::Data<Ctx>,
    form: Json<SignedRequest>,
) -> Result<HttpResponse, ApiError> {
    let form = form.into_inner();
    form.check_form()?;
    let shared = ctx.clone();
    let user = with_conn(&ctx.pool, move |conn| -> Result<ApiUser, ApiError> {
        let now = platform::time::now_ms();
        let user = api_users::by_app_key(conn, &form.app_key)?.ok_or(SignedRefusal::UnknownKey)?;
        admit_signed(
            user.state,
            user.secret_sealed.as_deref().is_some_and(|s| !s.is_empty()),
            form.timestamp,
            now,
        )?;
        let secret = shared
            .sealer
            .open(user.secret_sealed.as_deref().unwrap_or_default())?;
        if !signed::verify(&secret, &form.canonical(), &form.signature) {
            return Err(SignedRefusal::BadSignature.into());
        }
        if !api_users::record_nonce(conn, &user.app_key, &form.nonce, form.nonce_expiry())? {
            return Err(SignedRefusal::Replayed.into());
        }
        Ok(user)
    })
    .await?;
    let (token, exp) = ctx.api_token(&user);
    Ok(HttpResponse::Ok().json(SignedIdentity {
        user_id: user.id,
        saas_id: user.saas_id,
        mch_id: user.mch_id,
        msc_type: user.msc_type,
        app_key: user.app_key,
        token,
        exp,
    }))
}

/// Ends the caller's session: its access and refresh tokens stop working everywhere.
#[utoipa::path(responses((status = 200, description = "logged out")), security(("bearer" = [])), tag = "auth")]
#[post("/api/auth/logout")]
pub async fn logout(
    ctx: web::Data<Ctx>,
    auth: web::Data<Authenticator>,
    user: CurrentUser,
) -> Result<Reply<bool>, ApiError> {
    let sid = user.session_id.clone();
    with_conn(&ctx.pool, move |conn| -> Result<(), ApiError> {
        let Some(row) = users::user_by_id(conn, user.user_id)? else {
            return Ok(());
        };
        platform::db::write_tx(conn, |conn| {
            sessions::end_session(
                conn,
                &user.session_id,
                &row,
                EndReason::Logout,
                platform::time::now_ms(),
            )
        })?;
        Ok(())
    })
    .await?;
    auth.session_ended(&sid, EndReason::Logout);
    Ok(Reply(true))
}

/// The public keys that verify access tokens.
#[utoipa::path(responses((status = 200, body = Object, description = "a JWK set")), tag = "auth", extensions(("x-envelope" = json!(false))))]
#[get("/.well-known/jwks.json")]
pub async fn jwks(ctx: web::Data<Ctx>) -> HttpResponse {
    let set: JwkSet = ctx.keys.jwks();
    HttpResponse::Ok()
        .insert_header((
            actix_web::http::header::CACHE_CONTROL,
            "public, max-age=300",
        ))
        .json(set)
}

platform::endpoints!(login, refresh, check, verify_signed, logout, jwks);
