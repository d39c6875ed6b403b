//! The middleware every service runs first: request id, language, tracing span, metrics.

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, web};
use opentelemetry::propagation::Extractor;
use tracing::Instrument;
use tracing::field::Empty;
use tracing_opentelemetry::OpenTelemetrySpanExt;

use crate::app::ServiceState;
use crate::i18n::Lang;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The id of the request being handled, from `X-Request-Id` or freshly made.
#[derive(Debug, Clone)]
pub struct RequestId(pub String);

struct HeaderExtractor<'a>(&'a HeaderMap);

impl Extractor for HeaderExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(HeaderName::as_str).collect()
    }
}

/// Accepts a caller's id only if it is short and printable, so it is safe to log and echo.
fn incoming_request_id(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(&REQUEST_ID)?.to_str().ok()?;
    let ok = !value.is_empty() && value.len() <= 128 && value.bytes().all(|b| b.is_ascii_graphic());
    ok.then(|| value.to_owned())
}

pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let start = Instant::now();
    let state = req.app_data::<web::Data<ServiceState>>().cloned();
    let service = state.as_ref().map_or("unknown", |s| s.name);
    let request_id =
        incoming_request_id(req.headers()).unwrap_or_else(|| uuid::Uuid::now_v7().to_string());
    let lang = Lang::from_accept_language(
        req.headers()
            .get(actix_web::http::header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok()),
    );
    // A clone of a standard method copies no string.
    let method = req.method().clone();
    let span = tracing::info_span!(
        "request",
        otel.kind = "server",
        // Named now: once the parent is set, the exporter no longer takes a new name (the route
        // pattern is only known after routing; it is recorded as http.route).
        otel.name = %format_args!("{method} {}", req.path()),
        service,
        http.method = %method,
        http.path = %req.path(),
        http.route = Empty,
        http.status = Empty,
        request_id = %request_id,
    );
    if crate::telemetry::exporting() {
        let parent = opentelemetry::global::get_text_map_propagator(|p| {
            p.extract(&HeaderExtractor(req.headers()))
        });
        let _ = span.set_parent(parent);
    }
    req.extensions_mut().insert(RequestId(request_id.clone()));

    let result = lang.scope(next.call(req)).instrument(span.clone()).await;
    let elapsed = start.elapsed();
    let (status, route) = match &result {
        Ok(res) => (
            res.status().as_u16(),
            res.request()
                .match_pattern()
                .unwrap_or_else(|| "unmatched".to_owned()),
        ),
        Err(e) => (
            e.as_response_error().status_code().as_u16(),
            "unmatched".to_owned(),
        ),
    };
    if !span.is_disabled() {
        span.record("http.route", route.as_str());
        span.record("http.status", status);
    }
    let closing = if let Some(state) = &state {
        state
            .metrics
            .observe_request(method.as_str(), &route, status, elapsed.as_secs_f64());
        state.drain.draining()
    } else {
        false
    };
    tracing::info!(
        parent: &span,
        status,
        elapsed_ms = elapsed.as_secs_f64() * 1000.0,
        "request"
    );
    result.map(|mut res| {
        if let Ok(value) = HeaderValue::from_str(&request_id) {
            res.headers_mut().insert(REQUEST_ID, value);
        }
        if closing {
            // The caller drops its pooled connection after this answer (`crate::drain`).
            res.response_mut()
                .head_mut()
                .set_connection_type(actix_web::http::ConnectionType::Close);
        }
        res
    })
}
