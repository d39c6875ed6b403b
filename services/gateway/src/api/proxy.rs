//! HTTP forwarding to a service: method, path, query, headers and streamed bodies both ways.

use actix_web::http::{Method, StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use awc::Client;
use awc::body::SizedStream;
use awc::error::{ConnectError, SendRequestError};
use platform::ApiError;
use platform::http::identity::FleetKey;

use platform::auth::Authenticator;

use crate::api::edge;
use crate::api::headers;
use crate::api::signed;
use crate::api::websocket;
use crate::config::Upstream;
use crate::domain::ratelimit::Limiter;

/// The upstream URL for a request under `/api/<service>`: the rest of the path and the query,
/// exactly as the caller sent them.
pub fn upstream_url(upstream: &Upstream, req: &HttpRequest) -> String {
    let prefix = &upstream.prefix;
    // A prefix written with percent-escapes (`/api/%68otel-app/`) routed here all the same:
    // then the tail is taken from the decoded path.
    let tail = match req.uri().path().strip_prefix(prefix.as_str()) {
        Some(tail) => tail,
        None => req.match_info().as_str().get(prefix.len()..).unwrap_or(""),
    };
    let tail = if tail.is_empty() { "/" } else { tail };
    match req.uri().query() {
        Some(q) => format!("{}{tail}?{q}", upstream.url),
        None => format!("{}{tail}", upstream.url),
    }
}

fn content_length(headers: &header::HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
}

fn send_error(upstream: &Upstream, err: &SendRequestError) -> ApiError {
    match err {
        SendRequestError::Timeout | SendRequestError::Connect(ConnectError::Timeout) => {
            ApiError::GatewayTimeout {
                service: upstream.service.clone(),
                timeout_ms: upstream.timeout.as_millis(),
            }
        }
        other => {
            tracing::warn!(service = %upstream.service, error = %other, "upstream unreachable");
            ApiError::BadGateway {
                service: upstream.service.clone(),
            }
        }
    }
}

/// Methods a client may repeat without changing the outcome (RFC 9110 §9.2.2): the only ones
/// the gateway sends again on its own.
fn is_idempotent(method: &Method) -> bool {
    matches!(
        *method,
        Method::GET | Method::HEAD | Method::OPTIONS | Method::PUT | Method::DELETE
    )
}

/// Whether a failed send may be tried again on another connection: the replica refused it,
/// was stopping (a pooled connection it closed), or went away before answering. A timeout is
/// not: the service may still be working on it, and the caller has already waited.
fn worth_retrying(err: &SendRequestError) -> bool {
    match err {
        SendRequestError::Connect(ConnectError::Timeout) | SendRequestError::Timeout => false,
        SendRequestError::Connect(_)
        | SendRequestError::Send(_)
        | SendRequestError::Response(_) => true,
        _ => false,
    }
}

/// Pauses before each further try: long enough for a Service to route around a replica that
/// is stopping, short against the caller's wait.
const RETRY_PAUSES: [std::time::Duration; 2] = [
    std::time::Duration::from_millis(50),
    std::time::Duration::from_millis(250),
];

/// Sends a request without a body, and again (at most twice) if the replica could not take
/// it: during a rolling restart a stopping replica refuses or drops connections.
async fn send_with_retries(
    outgoing: awc::ClientRequest,
    upstream: &Upstream,
) -> Result<awc::ClientResponse, SendRequestError> {
    let frozen = match outgoing.freeze() {
        Ok(frozen) => frozen,
        Err(e) => return Err(e.into()),
    };
    let mut sent = frozen.send().await;
    for pause in RETRY_PAUSES {
        match &sent {
            Err(e) if worth_retrying(e) => {
                tracing::info!(service = %upstream.service, error = %e, "upstream failed; sending again");
                actix_web::rt::time::sleep(pause).await;
                sent = frozen.send().await;
            }
            _ => break,
        }
    }
    sent
}

/// Forwards any request under `/api/<service>/` to that service.
#[utoipa::path(
    method(get, post, put, patch, delete),
    path = "/api/{service}/{path}",
    tag = "gateway",
    params(
        ("service" = String, Path, description = "auth-center, saas-main, hotel-app, ticket-app, weixin-server, mall-app, message-server or finance-app"),
        ("path" = String, Path, description = "The service's own path, forwarded as is with the query"),
    ),
    responses(
        (status = 200, description = "Whatever the service answers"),
        (status = 401, description = "No, an invalid or an ended session's token (`token-repeated` after a newer login)"),
        (status = 429, description = "Over a rate limit; `Retry-After` says when to retry"),
        (status = 502, description = "The service is unreachable (a request without a body and of an idempotent method is sent up to three times first); the envelope names it"),
        (status = 504, description = "The service did not answer within its timeout"),
    )
)]
pub async fn forward(
    req: HttpRequest,
    payload: web::Payload,
    upstream: web::Data<Upstream>,
    client: web::Data<Client>,
    auth: web::Data<Authenticator>,
    limiter: web::Data<Limiter>,
    proxies: web::Data<edge::TrustedProxies>,
) -> Result<HttpResponse, ApiError> {
    let url = upstream_url(&upstream, &req);
    let prefix = upstream.prefix.as_str();
    // Classified as the service's router will see it: percent-decoded.
    let decoded = req.match_info().as_str().to_owned();
    let service_path = decoded.get(prefix.len()..).unwrap_or("");
    let service_path = if service_path.is_empty() {
        "/"
    } else {
        service_path
    };
    let client_ip = edge::client_ip(&req, **proxies);
    // auth-center's check of signed requests is the gateway's own call, never a caller's.
    if upstream.service == "auth-center" && service_path == signed::CHECK_PATH {
        return Err(ApiError::NotFound {
            what: platform::i18n::Text::fixed("接口", "endpoint"),
        });
    }
    // A signed request of an API user: its body is read and hashed for the check, and sent on
    // from memory with the token auth-center made for it.
    let mut signed_body = None;
    let mut signed_user = None;
    let mut payload = Some(payload);
    if signed::is_signed(&req) && !websocket::is_upgrade(&req) {
        let verifier = req
            .app_data::<web::Data<signed::Verifier>>()
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("no signed request verifier")))?;
        let taken = payload
            .take()
            .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the payload was already taken")))?;
        match signed::admit(&req, taken, verifier, &auth).await? {
            signed::Admitted::Refused(answer) => return Ok(answer),
            signed::Admitted::User(user, body) => {
                signed_user = Some(user);
                signed_body = Some(body);
            }
        }
    }
    let user = edge::admit(&req, service_path, &client_ip, &auth, &limiter, signed_user).await?;
    if websocket::is_upgrade(&req)
        && let Some(payload) = payload.take()
    {
        return websocket::forward(req, payload, &upstream, &client, &url, prefix).await;
    }

    let mut outgoing = client
        .request(req.method().clone(), &url)
        .timeout(upstream.timeout);
    headers::forward(
        &req,
        prefix,
        outgoing.headers_mut(),
        edge::is_identity_header,
    );
    // The platform gives every service the fleet key; the services check what it signs.
    if let Some(key) = req.app_data::<web::Data<FleetKey>>() {
        let path_and_query = outgoing
            .get_uri()
            .path_and_query()
            .map_or("/", |p| p.as_str())
            .to_owned();
        edge::identify(
            key,
            req.method().as_str(),
            &path_and_query,
            user.as_ref(),
            &client_ip,
            outgoing.headers_mut(),
        );
    }

    let chunked = req.headers().contains_key(header::TRANSFER_ENCODING);
    let sent = if let (Some(body), Some(user)) = (signed_body, user.as_ref()) {
        outgoing.headers_mut().insert(
            header::AUTHORIZATION,
            header::HeaderValue::from_str(&format!("Bearer {}", user.token))
                .map_err(|e| ApiError::Internal(anyhow::anyhow!(e)))?,
        );
        // The body was read whole: it goes with its length, not chunked.
        outgoing.headers_mut().remove(header::TRANSFER_ENCODING);
        outgoing.send_body(body).await
    } else {
        let Some(payload) = payload else {
            return Err(ApiError::Internal(anyhow::anyhow!(
                "the payload was already taken"
            )));
        };
        match content_length(req.headers()) {
            Some(len) if len > 0 => outgoing.send_body(SizedStream::new(len, payload)).await,
            _ if chunked => outgoing.send_stream(payload).await,
            _ if is_idempotent(req.method()) => send_with_retries(outgoing, &upstream).await,
            _ => outgoing.send().await,
        }
    };
    let response = sent.map_err(|e| send_error(&upstream, &e))?;

    let status = response.status();
    let changes_data = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let recorder = req.app_data::<web::Data<crate::store::activity::Recorder>>();
    if let (Some(user), Some(recorder), true) = (user.as_ref(), recorder, changes_data) {
        recorder.record(
            user,
            req.method().as_str(),
            req.path(),
            status.as_u16(),
            &client_ip,
        );
    }
    let mut out = HttpResponse::build(status);
    headers::copy_response(response.headers(), &mut out);
    let length = content_length(response.headers());
    let bodiless = req.method() == Method::HEAD
        || status == StatusCode::NO_CONTENT
        || status == StatusCode::NOT_MODIFIED;
    Ok(match length {
        _ if bodiless => out.finish(),
        Some(len) => out.body(SizedStream::new(len, response)),
        None => out.streaming(response),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_idempotent_methods_are_sent_again_and_only_when_the_replica_could_not_take_them() {
        assert!(is_idempotent(&Method::GET) && is_idempotent(&Method::DELETE));
        assert!(!is_idempotent(&Method::POST) && !is_idempotent(&Method::PATCH));
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        assert!(worth_retrying(&SendRequestError::Connect(
            ConnectError::Io(refused)
        )));
        let reset = std::io::Error::from(std::io::ErrorKind::ConnectionReset);
        assert!(worth_retrying(&SendRequestError::Send(reset)));
        assert!(!worth_retrying(&SendRequestError::Timeout));
        assert!(!worth_retrying(&SendRequestError::Connect(
            ConnectError::Timeout
        )));
    }
}
