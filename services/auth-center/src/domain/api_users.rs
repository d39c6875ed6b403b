//! API users: the form, and the app keys and secrets they are given.

use platform::ApiError;
use platform::auth::{CurrentUser, signed};
use platform::i18n::Text;
use serde::Deserialize;
use utoipa::ToSchema;

use super::accounts::{API_TYPES, USER_NORMAL, check_may_manage, check_range, check_tenant_type};
use super::password::random_secret;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiUserForm {
    /// Required by update only.
    #[serde(default)]
    pub id: Option<i64>,
    pub name: String,
    pub msc_type: i32,
    #[serde(default)]
    pub mch_id: i64,
    #[serde(default)]
    pub state: i32,
    #[serde(default)]
    pub remarks: String,
    /// On update: make a new secret (the old one stops working).
    #[serde(default)]
    pub reset_secret: bool,
}

impl ApiUserForm {
    pub fn check(&self, me: &CurrentUser) -> Result<(), ApiError> {
        platform::validate::line("name", self.name.trim(), 1, 64)?;
        check_range("mscType", self.msc_type, API_TYPES)?;
        check_range("state", self.state, &[0, 2])?;
        check_may_manage(me, self.msc_type, self.mch_id)?;
        // API users act for a tenant: the platform's own has none.
        check_tenant_type(me.saas_id, self.msc_type)
    }

    /// Checks a form that changes an API user; answers its id.
    pub fn check_update(&self, me: &CurrentUser) -> Result<i64, ApiError> {
        let id = self.id.ok_or_else(|| {
            ApiError::invalid_field("id", "请选择接口用户", "Please select the API user")
        })?;
        self.check(me)?;
        Ok(id)
    }

    /// The form as it is stored: the name without the blanks around it.
    pub fn trimmed(mut self) -> Self {
        self.name = self.name.trim().to_owned();
        self
    }

    /// The change's name in the user action log.
    pub fn update_action(&self) -> &'static str {
        if self.reset_secret {
            "api-user.reset-secret"
        } else {
            "api-user.update"
        }
    }
}

/// A new app key: `tw` and lower-case letters and digits.
pub fn new_app_key() -> anyhow::Result<String> {
    Ok(format!(
        "tw{}",
        random_secret(12)?
            .to_ascii_lowercase()
            .replace(['-', '_'], "")
    ))
}

/// A new app secret, shown once and kept only as its hash.
pub fn new_secret() -> anyhow::Result<String> {
    random_secret(24)
}

/// The session id of an API user's tokens: no login session, the API user's state decides.
pub fn api_session_id(api_user_id: i64) -> String {
    format!("{API_SESSION_PREFIX}{api_user_id}")
}

pub const API_SESSION_PREFIX: &str = "api:";

/// A signed request as the gateway passes it on for checking: the caller's four headers and
/// what the gateway saw of the request (its method, its path and query as sent to the gateway,
/// the SHA-256 of its body).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedRequest {
    pub app_key: String,
    /// Unix milliseconds (`X-Tw-Timestamp`).
    pub timestamp: i64,
    pub nonce: String,
    /// Lowercase hex HMAC-SHA256 (`X-Tw-Signature`).
    pub signature: String,
    pub method: String,
    pub path_and_query: String,
    /// Lowercase hex SHA-256 of the body.
    pub body_sha256: String,
}

impl SignedRequest {
    /// Checks the form of what was sent (not yet whether it is right).
    pub fn check_form(&self) -> Result<(), ApiError> {
        platform::validate::line("appKey", &self.app_key, 1, 64)?;
        if !signed::nonce_ok(&self.nonce) {
            return Err(ApiError::invalid_field(
                "nonce",
                "X-Tw-Nonce 为 8 到 64 个可打印字符",
                "X-Tw-Nonce is 8 to 64 printable characters",
            ));
        }
        let hex64 = |s: &str| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit());
        if !hex64(&self.signature) {
            return Err(ApiError::invalid_field(
                "signature",
                "X-Tw-Signature 为 64 位十六进制",
                "X-Tw-Signature is 64 hex digits",
            ));
        }
        if !hex64(&self.body_sha256) {
            return Err(ApiError::invalid_field(
                "bodySha256",
                "请求体摘要为 64 位十六进制",
                "the body's digest is 64 hex digits",
            ));
        }
        if self.method.is_empty() || !self.path_and_query.starts_with('/') {
            return Err(ApiError::invalid_field(
                "pathAndQuery",
                "请求路径无效",
                "the request's path is invalid",
            ));
        }
        Ok(())
    }

    /// The string the caller signed.
    pub fn canonical(&self) -> String {
        signed::canonical(
            &self.method,
            &self.path_and_query,
            self.timestamp,
            &self.nonce,
            &self.body_sha256,
        )
    }

    /// Until when its nonce is remembered: as long as its timestamp would be accepted.
    pub fn nonce_expiry(&self) -> i64 {
        self.timestamp.saturating_add(signed::MAX_SKEW_MS)
    }
}

/// Why a signed request is refused: each its own 401 code, so the distributor's developer knows
/// what to mend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignedRefusal {
    UnknownKey,
    Disabled,
    /// Made before signing existed: the secret is kept only as a hash.
    SecretNotSealed,
    Stale,
    BadSignature,
    Replayed,
}

impl From<SignedRefusal> for ApiError {
    fn from(r: SignedRefusal) -> Self {
        let (code, zh, en) = match r {
            SignedRefusal::UnknownKey => {
                ("app-key-unknown", "AppKey 不存在", "The app key is unknown")
            }
            SignedRefusal::Disabled => (
                "app-key-disabled",
                "接口用户已停用",
                "The API user is disabled",
            ),
            SignedRefusal::SecretNotSealed => (
                "secret-reset-needed",
                "该接口用户创建于签名功能之前，请重置密钥后再使用签名请求",
                "This API user was made before signed requests existed: reset its secret to sign requests",
            ),
            SignedRefusal::Stale => (
                "timestamp-stale",
                "X-Tw-Timestamp 与服务器时间相差超过 5 分钟",
                "X-Tw-Timestamp is more than 5 minutes from the server's clock",
            ),
            SignedRefusal::BadSignature => (
                "signature-invalid",
                "签名不正确",
                "The signature does not match the request",
            ),
            SignedRefusal::Replayed => (
                "nonce-replayed",
                "X-Tw-Nonce 已使用过",
                "X-Tw-Nonce was used before: this request is a replay",
            ),
        };
        ApiError::Unauthorized {
            code,
            msg: Text::fixed(zh, en),
        }
    }
}

/// The checks before the signature: the API user's state, a secret to check with, the clock.
pub fn admit_signed(
    state: i32,
    has_sealed_secret: bool,
    timestamp: i64,
    now: i64,
) -> Result<(), SignedRefusal> {
    if state != USER_NORMAL {
        return Err(SignedRefusal::Disabled);
    }
    if !has_sealed_secret {
        return Err(SignedRefusal::SecretNotSealed);
    }
    if !signed::fresh(timestamp, now) {
        return Err(SignedRefusal::Stale);
    }
    Ok(())
}

#[cfg(test)]
mod signed_tests {
    use super::*;

    #[test]
    fn a_disabled_user_an_unsealed_secret_and_a_stale_clock_are_refused_in_that_order() {
        let now = 1_800_000_000_000;
        assert_eq!(admit_signed(0, true, now - 1000, now), Ok(()));
        assert_eq!(admit_signed(2, false, 0, now), Err(SignedRefusal::Disabled));
        assert_eq!(
            admit_signed(0, false, now, now),
            Err(SignedRefusal::SecretNotSealed)
        );
        assert_eq!(
            admit_signed(0, true, now - signed::MAX_SKEW_MS - 1, now),
            Err(SignedRefusal::Stale)
        );
        assert_eq!(
            admit_signed(0, true, now + signed::MAX_SKEW_MS + 1, now),
            Err(SignedRefusal::Stale)
        );
    }
}
