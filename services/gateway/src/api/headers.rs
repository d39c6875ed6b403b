//! Which headers cross the proxy, and the forwarding headers it adds.

use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use actix_web::{HttpMessage, HttpRequest};
use opentelemetry::propagation::Injector;
use platform::http::RequestId;
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection and are never forwarded; the
/// body framing headers are set again by the side that sends the body.
pub fn is_hop_by_hop(name: &HeaderName) -> bool {
    matches!(
        name.as_str(),
        "connection"
            | "keep-alive"
            | "proxy-authenticate"
            | "proxy-authorization"
            | "proxy-connection"
            | "te"
            | "trailer"
            | "transfer-encoding"
            | "upgrade"
            | "host"
            | "content-length"
    )
}

/// Headers the websocket handshake makes anew on the upstream leg.
pub fn is_websocket_handshake(name: &HeaderName) -> bool {
    name.as_str().starts_with("sec-websocket-") && name != header::SEC_WEBSOCKET_PROTOCOL
}

const X_FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");
const X_FORWARDED_PROTO: HeaderName = HeaderName::from_static("x-forwarded-proto");
const X_FORWARDED_HOST: HeaderName = HeaderName::from_static("x-forwarded-host");
const X_FORWARDED_PREFIX: HeaderName = HeaderName::from_static("x-forwarded-prefix");

/// Copies the end-to-end headers of `req` into `out` and adds the forwarding headers: the request
/// id, `X-Forwarded-*` and the W3C trace context of the current span.
pub fn forward(
    req: &HttpRequest,
    prefix: &str,
    out: &mut HeaderMap,
    skip: fn(&HeaderName) -> bool,
) {
    for (name, value) in req.headers() {
        // The caller's own forwarding headers are replaced, never passed on as if ours.
        let forwarding = name.as_str().starts_with("x-forwarded-") || name == header::FORWARDED;
        if !is_hop_by_hop(name) && !skip(name) && !forwarding {
            out.append(name.clone(), value.clone());
        }
    }
    if let Some(id) = req.extensions().get::<RequestId>()
        && let Ok(value) = HeaderValue::from_str(&id.0)
    {
        out.insert(platform::http::observe::REQUEST_ID, value);
    }
    let info = req.connection_info();
    let peer = info.peer_addr().unwrap_or("unknown");
    let chain = match req
        .headers()
        .get(&X_FORWARDED_FOR)
        .and_then(|v| v.to_str().ok())
    {
        Some(earlier) => format!("{earlier}, {peer}"),
        None => peer.to_owned(),
    };
    let pairs = [
        (X_FORWARDED_FOR, chain.as_str()),
        (X_FORWARDED_PROTO, info.scheme()),
        (X_FORWARDED_HOST, info.host()),
        (X_FORWARDED_PREFIX, prefix),
    ];
    for (name, value) in pairs {
        if let Ok(value) = HeaderValue::from_str(value) {
            out.insert(name, value);
        }
    }
    if platform::telemetry::exporting() {
        let cx = tracing::Span::current().context();
        opentelemetry::global::get_text_map_propagator(|p| {
            p.inject_context(&cx, &mut HeaderInjector(out))
        });
    }
}

struct HeaderInjector<'a>(&'a mut HeaderMap);

impl Injector for HeaderInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(name), Ok(value)) = (HeaderName::try_from(key), HeaderValue::try_from(value)) {
            self.0.insert(name, value);
        }
    }
}

/// Copies an upstream response's end-to-end headers.
pub fn copy_response(from: &HeaderMap, to: &mut actix_web::HttpResponseBuilder) {
    for (name, value) in from {
        if !is_hop_by_hop(name) {
            to.append_header((name.clone(), value.clone()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    #[test]
    fn forwarding_drops_hop_by_hop_headers_and_adds_the_forwarded_ones() {
        let req = TestRequest::get()
            .uri("/api/hotel-app/x")
            .insert_header(("connection", "keep-alive"))
            .insert_header(("authorization", "Bearer t"))
            .insert_header(("x-forwarded-for", "10.0.0.1"))
            .peer_addr("192.0.2.7:5000".parse().unwrap())
            .to_http_request();
        let mut out = HeaderMap::new();
        forward(&req, "/api/hotel-app", &mut out, |_| false);
        assert!(out.get("connection").is_none());
        assert_eq!(out.get("authorization").unwrap(), "Bearer t");
        assert_eq!(out.get("x-forwarded-for").unwrap(), "10.0.0.1, 192.0.2.7");
        assert_eq!(out.get("x-forwarded-prefix").unwrap(), "/api/hotel-app");
        assert_eq!(out.get("x-forwarded-proto").unwrap(), "http");
    }
}
