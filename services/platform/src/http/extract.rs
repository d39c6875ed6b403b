//! Body and query extractors whose errors are 412s naming the field, never 500s.

use std::future::Future;
use std::ops::Deref;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::error::{JsonPayloadError, PathError, PayloadError, QueryPayloadError};
use actix_web::web::Bytes;
use actix_web::{FromRequest, HttpRequest};
use serde::de::DeserializeOwned;

use crate::error::ApiError;
use crate::i18n::Text;

/// The largest body any route reads, JSON or raw: one limit for every service, answered with
/// 413 in the envelope ([`ApiError::PayloadTooLarge`]) however the handler takes its body.
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// Reads the whole body, up to [`BODY_LIMIT`]. A body announced longer than that is refused
/// before any of it is read; one that turns out longer (chunked) when the limit is passed.
pub async fn read_body(req: &HttpRequest, mut payload: Payload) -> Result<Bytes, ApiError> {
    use futures_util::StreamExt as _;
    let announced = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if announced.is_some_and(|n| n > BODY_LIMIT as u64) {
        return Err(ApiError::PayloadTooLarge { limit: BODY_LIMIT });
    }
    let mut body = actix_web::web::BytesMut::with_capacity(
        announced.map_or(0, |n| usize::try_from(n).unwrap_or(BODY_LIMIT)),
    );
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(payload_error)?;
        if body.len() + chunk.len() > BODY_LIMIT {
            return Err(ApiError::PayloadTooLarge { limit: BODY_LIMIT });
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body.freeze())
}

/// A body taken as it came, for handlers that parse it themselves (a form with its record's id
/// beside the fields): read under [`BODY_LIMIT`] with the same answers as [`Json`]. Handlers
/// take this, never actix's `web::Bytes` (whose limit and answers are actix's own).
#[derive(Debug)]
pub struct Body(pub Bytes);

impl Deref for Body {
    type Target = Bytes;
    fn deref(&self) -> &Bytes {
        &self.0
    }
}

impl FromRequest for Body {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let (req, payload) = (req.clone(), payload.take());
        Box::pin(async move { read_body(&req, payload).await.map(Body) })
    }
}

/// A JSON body; on failure the 412 names the path of the offending field (`rooms[2].price`).
#[derive(Debug)]
pub struct Json<T>(pub T);

impl<T> Deref for Json<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> Json<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

/// Parses JSON, reporting the failing field's path and serde's reason.
pub fn parse_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::invalid(
            "body",
            Text::fixed(
                "请求体为空，需要 JSON",
                "the request body is empty, JSON expected",
            ),
        ));
    }
    let mut de = serde_json::Deserializer::from_slice(body);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let reason = e.into_inner().to_string();
        let field = field_of_error(path, &reason, "body");
        ApiError::invalid(
            field,
            Text::new(format!("JSON 格式或类型错误：{reason}"), reason),
        )
    })
}

/// Parses a query string with the same error shape as [`parse_json`].
pub fn parse_query<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let reason = e.into_inner().to_string();
        let field = field_of_error(path, &reason, "query");
        ApiError::invalid(field, Text::new(format!("查询参数错误：{reason}"), reason))
    })
}

/// serde reports a missing field at the path of the object that lacks it; the caller wants the
/// field itself named (`rooms[1].roomName`, not `rooms[1]` or `body`).
fn field_of_error(path: String, reason: &str, fallback: &str) -> String {
    let missing = reason
        .strip_prefix("missing field `")
        .and_then(|rest| rest.split_once('`'))
        .map(|(name, _)| name);
    match missing {
        Some(name) if path == "." || path.is_empty() => name.to_owned(),
        Some(name) => format!("{path}.{name}"),
        None => path_or(path, fallback),
    }
}

fn path_or(path: String, fallback: &str) -> String {
    if path == "." || path.is_empty() {
        fallback.to_owned()
    } else {
        path
    }
}

fn payload_error(err: PayloadError) -> ApiError {
    match err {
        PayloadError::Overflow => ApiError::PayloadTooLarge { limit: BODY_LIMIT },
        other => ApiError::invalid(
            "body",
            Text::new(format!("请求体读取失败：{other}"), other.to_string()),
        ),
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let (req, payload) = (req.clone(), payload.take());
        Box::pin(async move {
            let bytes = read_body(&req, payload).await?;
            parse_json(&bytes).map(Json)
        })
    }
}

/// Query parameters; a wrong type is a 412 naming the parameter.
#[derive(Debug)]
pub struct Query<T>(pub T);

impl<T> Deref for Query<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> Query<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T: DeserializeOwned> FromRequest for Query<T> {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        std::future::ready(parse_query(req.query_string()).map(Query))
    }
}

/// Limits and error handlers for actix's own extractors, so a handler that uses `web::Json`
/// still answers 412 and 413 in the envelope, under [`BODY_LIMIT`].
pub fn json_config() -> actix_web::web::JsonConfig {
    actix_web::web::JsonConfig::default()
        .limit(BODY_LIMIT)
        .error_handler(|err, _req| {
            let api = match err {
                JsonPayloadError::Overflow { .. }
                | JsonPayloadError::OverflowKnownLength { .. } => {
                    ApiError::PayloadTooLarge { limit: BODY_LIMIT }
                }
                JsonPayloadError::Payload(p) => payload_error(p),
                other => ApiError::invalid(
                    "body",
                    Text::new(format!("JSON 格式或类型错误：{other}"), other.to_string()),
                ),
            };
            api.into()
        })
}

/// actix's own `web::Bytes` and `String` extractors under [`BODY_LIMIT`] too (their default is
/// 256 KiB). Their 413 is actix's bare text: handlers take [`Body`] or [`Json`] instead.
pub fn payload_config() -> actix_web::web::PayloadConfig {
    actix_web::web::PayloadConfig::new(BODY_LIMIT)
}

pub fn query_config() -> actix_web::web::QueryConfig {
    actix_web::web::QueryConfig::default().error_handler(|err: QueryPayloadError, _req| {
        ApiError::invalid(
            "query",
            Text::new(format!("查询参数错误：{err}"), err.to_string()),
        )
        .into()
    })
}

pub fn path_config() -> actix_web::web::PathConfig {
    actix_web::web::PathConfig::default().error_handler(|err: PathError, _req| {
        ApiError::invalid(
            "path",
            Text::new(format!("路径参数错误：{err}"), err.to_string()),
        )
        .into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Room {
        room_name: String,
        max_guests: u32,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Hotel {
        name: String,
        rooms: Vec<Room>,
    }

    fn field_of(err: ApiError) -> String {
        match err {
            ApiError::Invalid { field, .. } => field,
            other => panic!("expected Invalid, got {other:?}"),
        }
    }

    #[test]
    fn a_wrong_type_names_the_nested_field() {
        let body = br#"{"name":"Sea View","rooms":[{"roomName":"A","maxGuests":2},{"roomName":"B","maxGuests":"two"}]}"#;
        assert_eq!(
            field_of(parse_json::<Hotel>(body).unwrap_err()),
            "rooms[1].maxGuests"
        );
    }

    #[test]
    fn a_missing_field_and_malformed_json_are_invalid() {
        let err = parse_json::<Hotel>(br#"{"rooms":[]}"#).unwrap_err();
        assert!(err.to_string().contains("missing field `name`"), "{err}");
        assert_eq!(field_of(err), "name");
        assert_eq!(
            field_of(
                parse_json::<Hotel>(br#"{"name":"A","rooms":[{"maxGuests":2}]}"#).unwrap_err()
            ),
            "rooms[0].roomName"
        );
        assert_eq!(
            field_of(parse_json::<Hotel>(b"{\"name\": ").unwrap_err()),
            "name"
        );
        assert_eq!(field_of(parse_json::<Hotel>(b"  ").unwrap_err()), "body");
    }

    #[test]
    fn a_bad_query_parameter_is_named() {
        #[derive(Debug, Deserialize)]
        #[serde(rename_all = "camelCase")]
        #[allow(dead_code)]
        struct Q {
            result_num: Option<u32>,
        }
        assert_eq!(
            field_of(parse_query::<Q>("resultNum=ten").unwrap_err()),
            "resultNum"
        );
        #[derive(Debug, Deserialize)]
        #[serde(rename_all = "camelCase")]
        #[allow(dead_code)]
        struct Required {
            config_id: u64,
        }
        assert_eq!(
            field_of(parse_query::<Required>("").unwrap_err()),
            "configId"
        );
        assert_eq!(
            parse_query::<Q>("resultNum=10").unwrap().result_num,
            Some(10)
        );
    }
}
