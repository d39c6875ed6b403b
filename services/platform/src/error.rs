//! The errors a caller can be told about, each mapped once to a status and the envelope.
//!
//! A service's own error type converts into [`ApiError`], whose `ResponseError` implementation is
//! the one place a status and an envelope are chosen.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde_json::json;

use crate::http::envelope::{Envelope, State};
use crate::i18n::Text;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// Validation or malformed input: 412 naming the field.
    #[error("{field}: {}", reason.en)]
    Invalid { field: String, reason: Text },
    /// A business rule refused the request: 412 with its own code.
    #[error("{}", msg.en)]
    Rule { code: &'static str, msg: Text },
    /// No token, or one that is invalid, expired or of an ended session: 401 (the shell
    /// refreshes and retries; `token-repeated` logs out).
    #[error("{}", msg.en)]
    Unauthorized { code: &'static str, msg: Text },
    /// The caller lacks the permission: 403.
    #[error("{}", msg.en)]
    Forbidden { msg: Text },
    /// Over a rate limit: 429 with `Retry-After`.
    #[error("too many requests; retry after {retry_after_secs} s")]
    TooManyRequests { retry_after_secs: u64 },
    #[error("not found: {}", what.en)]
    NotFound { what: Text },
    #[error("method not allowed")]
    MethodNotAllowed,
    #[error("request body too large (limit {limit} bytes)")]
    PayloadTooLarge { limit: usize },
    #[error("upstream {service} is unavailable")]
    BadGateway { service: String },
    #[error("upstream {service} did not answer within {timeout_ms} ms")]
    GatewayTimeout { service: String, timeout_ms: u128 },
    #[error("service unavailable: {}", reason.en)]
    Unavailable { reason: Text },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    pub fn invalid(field: impl Into<String>, reason: Text) -> Self {
        Self::Invalid {
            field: field.into(),
            reason,
        }
    }

    /// 412 naming `field`, with a fixed reason in both languages (the common case of
    /// [`Self::invalid`]).
    pub fn invalid_field(field: impl Into<String>, zh: &'static str, en: &'static str) -> Self {
        Self::invalid(field, Text::fixed(zh, en))
    }

    /// 404 for a `what` that does not exist in the caller's tenant (or is not the caller's to
    /// see: the two are never told apart).
    pub fn not_found(zh: &'static str, en: &'static str) -> Self {
        Self::NotFound {
            what: Text::fixed(zh, en),
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            Self::Invalid { .. } => "invalid",
            Self::Rule { code, .. } => code,
            Self::Unauthorized { code, .. } => code,
            Self::Forbidden { .. } => "forbidden",
            Self::TooManyRequests { .. } => "too-many-requests",
            Self::NotFound { .. } => "not-found",
            Self::MethodNotAllowed => "method-not-allowed",
            Self::PayloadTooLarge { .. } => "payload-too-large",
            Self::BadGateway { .. } => "upstream-unavailable",
            Self::GatewayTimeout { .. } => "upstream-timeout",
            Self::Unavailable { .. } => "unavailable",
            Self::Internal(_) => "internal",
        }
    }

    /// The message shown to the user, in the request's language.
    pub fn message(&self) -> String {
        let text = match self {
            Self::Invalid { field, reason } => {
                return format!("{field}: {}", reason.localized());
            }
            Self::Rule { msg, .. } | Self::Unauthorized { msg, .. } | Self::Forbidden { msg } => {
                msg.clone()
            }
            Self::TooManyRequests { retry_after_secs } => Text::new(
                format!("请求过于频繁，请 {retry_after_secs} 秒后重试"),
                format!("Too many requests, please retry in {retry_after_secs} s"),
            ),
            Self::NotFound { what } => Text::new(
                format!("未找到：{}", what.zh),
                format!("Not found: {}", what.en),
            ),
            Self::MethodNotAllowed => Text::fixed("不支持该请求方法", "Method not allowed"),
            Self::PayloadTooLarge { limit } => Text::new(
                format!("请求体过大（上限 {limit} 字节）"),
                format!("Request body too large (limit {limit} bytes)"),
            ),
            Self::BadGateway { service } => Text::new(
                format!("服务 {service} 暂不可用"),
                format!("Service {service} is unavailable"),
            ),
            Self::GatewayTimeout {
                service,
                timeout_ms,
            } => Text::new(
                format!("服务 {service} 响应超时（{timeout_ms} 毫秒）"),
                format!("Service {service} did not answer within {timeout_ms} ms"),
            ),
            Self::Unavailable { reason } => reason.clone(),
            Self::Internal(_) => Text::fixed(
                "服务器内部错误，请联系技术人员",
                "Internal server error, please contact the technical staff",
            ),
        };
        text.localized().to_owned()
    }

    fn data(&self) -> serde_json::Value {
        match self {
            Self::Invalid { field, reason } => {
                json!({ "field": field, "reason": reason.localized() })
            }
            Self::BadGateway { service } | Self::GatewayTimeout { service, .. } => {
                json!({ "service": service })
            }
            _ => serde_json::Value::Null,
        }
    }
}

/// What a caller is told while the service cannot reach its database: a 503 it may retry
/// (readiness says the same), not a fault of the request.
const DATABASE_AWAY: Text = Text::fixed(
    "暂时无法访问数据库，请稍后重试",
    "The service cannot reach its database for now; please retry shortly",
);

/// Whether a database error is the connection going away rather than the statement failing:
/// libpq reports a pooled connection whose server vanished with these texts and diesel gives
/// them no kind of their own.
fn connection_lost(message: &str) -> bool {
    const LOST: [&str; 5] = [
        "no connection to the server",
        "server closed the connection",
        "terminating connection",
        "could not receive data from server",
        "could not send data to server",
    ];
    LOST.iter().any(|l| message.contains(l))
}

impl From<crate::db::DbError> for ApiError {
    fn from(e: crate::db::DbError) -> Self {
        use crate::db::DbError;
        // Any other database failure is a fault: 500, with the cause in the log.
        match e {
            DbError::Pool(_) | DbError::Connect(_) => {
                tracing::warn!(error = %e, "no database connection");
                Self::Unavailable {
                    reason: DATABASE_AWAY,
                }
            }
            DbError::Query(e) => e.into(),
            other => Self::Internal(other.into()),
        }
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(e: diesel::result::Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error};
        match e {
            Error::DatabaseError(kind, info)
                if kind == DatabaseErrorKind::ClosedConnection
                    || connection_lost(info.message()) =>
            {
                tracing::warn!(error = %info.message(), "database connection lost");
                Self::Unavailable {
                    reason: DATABASE_AWAY,
                }
            }
            e => Self::Internal(e.into()),
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::Invalid { .. } | Self::Rule { .. } => StatusCode::PRECONDITION_FAILED,
            Self::Unauthorized { .. } => StatusCode::UNAUTHORIZED,
            Self::Forbidden { .. } => StatusCode::FORBIDDEN,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::NotFound { .. } => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::BadGateway { .. } => StatusCode::BAD_GATEWAY,
            Self::GatewayTimeout { .. } => StatusCode::GATEWAY_TIMEOUT,
            Self::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let Self::Internal(cause) = self {
            // The cause stays in the log; the caller gets a message without internals.
            tracing::error!(error = ?cause, "request failed");
        }
        let body = Envelope {
            state: State::Error,
            code: self.code().to_owned(),
            msg: self.message(),
            data: Some(self.data()),
            time: crate::time::now_ms(),
        };
        let mut resp = HttpResponse::build(self.status_code());
        if let Self::TooManyRequests { retry_after_secs } = self {
            resp.insert_header((
                actix_web::http::header::RETRY_AFTER,
                retry_after_secs.to_string(),
            ));
        }
        resp.json(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_database_connection_is_a_503_and_a_failed_statement_a_500() {
        use diesel::result::{DatabaseErrorKind, Error};
        let lost = Error::DatabaseError(
            DatabaseErrorKind::Unknown,
            Box::new("no connection to the server\n".to_owned()),
        );
        assert_eq!(
            ApiError::from(lost).status_code(),
            StatusCode::SERVICE_UNAVAILABLE
        );
        let failed = Error::DatabaseError(
            DatabaseErrorKind::Unknown,
            Box::new("syntax error at or near \"FROM\"".to_owned()),
        );
        assert_eq!(
            ApiError::from(failed).status_code(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }
}
