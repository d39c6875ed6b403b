//! Signed requests of API users (the open distribution API, `platform::auth::signed`): a
//! request with `X-Tw-App-Key` and no bearer token has its body read (at most [`BODY_LIMIT`]),
//! hashed, and checked by auth-center with the four `X-Tw-*` headers; a good one goes on as the
//! API user's request, with the access token auth-center made for it as its bearer, so the
//! services and the per-user rate limits see the API user like any logged-in user.

use actix_web::http::header::HeaderMap;
use actix_web::{HttpRequest, HttpResponse, web};
use platform::ApiError;
use platform::auth::remote::{RemoteBackend, SignedCheck, SignedOutcome};
use platform::auth::token::TokenKind;
use platform::auth::{Authenticator, CurrentUser, bearer_token, signed};

/// The largest body of a signed request: it is read whole to be hashed.
pub const BODY_LIMIT: usize = 1 << 20;

/// auth-center, asked about signed requests.
pub struct Verifier(pub RemoteBackend);

/// The path of auth-center's check, which only the gateway calls (never forwarded).
pub const CHECK_PATH: &str = "/api/auth/verifySigned";

/// Whether a request is a signed one: an app key, and no token.
pub fn is_signed(req: &HttpRequest) -> bool {
    req.headers().contains_key(signed::APP_KEY)
        && bearer_token(req.headers(), req.query_string()).is_none()
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Result<&'a str, ApiError> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .ok_or_else(|| {
            ApiError::invalid(
                name,
                platform::i18n::Text::new(
                    format!("缺少请求头 {name}"),
                    format!("the header {name} is missing"),
                ),
            )
        })
}

/// What a signed request came to.
pub enum Admitted {
    /// The API user, and the body that was read.
    User(CurrentUser, web::Bytes),
    /// auth-center's refusal, for the caller as it is.
    Refused(HttpResponse),
}

/// Reads and hashes the body and has auth-center check the request.
pub async fn admit(
    req: &HttpRequest,
    payload: web::Payload,
    verifier: &Verifier,
    auth: &Authenticator,
) -> Result<Admitted, ApiError> {
    let h = req.headers();
    let app_key = header(h, signed::APP_KEY)?;
    let timestamp = header(h, signed::TIMESTAMP)?.parse::<i64>().map_err(|_| {
        ApiError::invalid_field(
            signed::TIMESTAMP,
            "X-Tw-Timestamp 为毫秒时间戳",
            "X-Tw-Timestamp is a timestamp in milliseconds",
        )
    })?;
    let nonce = header(h, signed::NONCE)?;
    let signature = header(h, signed::SIGNATURE)?;
    let body = match payload.to_bytes_limited(BODY_LIMIT).await {
        Ok(Ok(body)) => body,
        Ok(Err(e)) => {
            return Err(ApiError::invalid(
                "body",
                platform::i18n::Text::new(
                    format!("请求体读取失败：{e}"),
                    format!("the body could not be read: {e}"),
                ),
            ));
        }
        Err(_) => return Err(ApiError::PayloadTooLarge { limit: BODY_LIMIT }),
    };
    let digest = signed::body_hash(&body);
    let path_and_query = req.uri().path_and_query().map_or("/", |p| p.as_str());
    let check = SignedCheck {
        app_key,
        timestamp,
        nonce,
        signature,
        method: req.method().as_str(),
        path_and_query,
        body_sha256: &digest,
    };
    match verifier.0.verify_signed(&check).await? {
        SignedOutcome::Refused { status, body } => {
            let status = actix_web::http::StatusCode::from_u16(status)
                .unwrap_or(actix_web::http::StatusCode::UNAUTHORIZED);
            Ok(Admitted::Refused(
                HttpResponse::build(status)
                    .content_type("application/json")
                    .body(body),
            ))
        }
        SignedOutcome::Verified(identity) => {
            // The token is auth-center's, just made: its signature is checked like any other,
            // its session (the API user's state) was checked by auth-center a moment ago.
            let claims = auth.verify(&identity.token, TokenKind::Access).await?;
            Ok(Admitted::User(
                CurrentUser::from_claims(&claims, &identity.token),
                body,
            ))
        }
    }
}
