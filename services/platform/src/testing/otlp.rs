//! A plain OTLP/HTTP receiver for tests: it takes what the exporter posts to `/v1/traces` and
//! decodes the few parts of OTLP's protobuf the tests read (unknown fields are skipped).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix_web::{App, HttpResponse, HttpServer, web};
use prost::Message as _;

#[derive(Clone, PartialEq, prost::Message)]
struct ExportTraceServiceRequest {
    #[prost(message, repeated, tag = "1")]
    resource_spans: Vec<ResourceSpans>,
}

#[derive(Clone, PartialEq, prost::Message)]
struct ResourceSpans {
    #[prost(message, optional, tag = "1")]
    resource: Option<Resource>,
    #[prost(message, repeated, tag = "2")]
    scope_spans: Vec<ScopeSpans>,
}

#[derive(Clone, PartialEq, prost::Message)]
struct Resource {
    #[prost(message, repeated, tag = "1")]
    attributes: Vec<KeyValue>,
}

#[derive(Clone, PartialEq, prost::Message)]
struct ScopeSpans {
    #[prost(message, repeated, tag = "2")]
    spans: Vec<Span>,
}

#[derive(Clone, PartialEq, prost::Message)]
struct Span {
    #[prost(bytes = "vec", tag = "1")]
    trace_id: Vec<u8>,
    #[prost(bytes = "vec", tag = "2")]
    span_id: Vec<u8>,
    #[prost(string, tag = "5")]
    name: String,
    #[prost(message, repeated, tag = "9")]
    attributes: Vec<KeyValue>,
}

#[derive(Clone, PartialEq, prost::Message)]
struct KeyValue {
    #[prost(string, tag = "1")]
    key: String,
    #[prost(message, optional, tag = "2")]
    value: Option<AnyValue>,
}

/// The members of `AnyValue`'s one-of that span attributes here use.
#[derive(Clone, PartialEq, prost::Message)]
struct AnyValue {
    #[prost(string, optional, tag = "1")]
    string_value: Option<String>,
    #[prost(bool, optional, tag = "2")]
    bool_value: Option<bool>,
    #[prost(int64, optional, tag = "3")]
    int_value: Option<i64>,
}

fn attributes(list: &[KeyValue]) -> HashMap<String, String> {
    list.iter()
        .map(|kv| {
            let v = kv.value.as_ref();
            let text = v
                .and_then(|v| v.string_value.clone())
                .or_else(|| v.and_then(|v| v.int_value).map(|i| i.to_string()))
                .or_else(|| v.and_then(|v| v.bool_value).map(|b| b.to_string()))
                .unwrap_or_default();
            (kv.key.clone(), text)
        })
        .collect()
}

/// A span as the receiver got it.
#[derive(Debug, Clone)]
pub struct ReceivedSpan {
    pub trace_id: Vec<u8>,
    pub span_id: Vec<u8>,
    pub name: String,
    /// The span's attributes, values as text.
    pub attributes: HashMap<String, String>,
    /// The attributes of the resource it was exported with (`service.name`).
    pub resource: HashMap<String, String>,
}

impl ReceivedSpan {
    pub fn attribute(&self, key: &str) -> Option<&str> {
        self.attributes.get(key).map(String::as_str)
    }
}

type Bodies = Arc<Mutex<Vec<Vec<u8>>>>;

/// Listens on a free port of 127.0.0.1 until the test's runtime ends.
pub struct OtlpReceiver {
    /// What `OTEL_EXPORTER_OTLP_ENDPOINT` is set to.
    pub endpoint: String,
    bodies: Bodies,
}

async fn receive(bodies: web::Data<Bodies>, body: web::Bytes) -> HttpResponse {
    if let Ok(mut b) = bodies.lock() {
        b.push(body.to_vec());
    }
    HttpResponse::Ok()
        .content_type("application/x-protobuf")
        .finish()
}

impl OtlpReceiver {
    /// A plain actix server, not a platform service: traced itself, it would export its own
    /// spans to itself. Call it inside the test's actix runtime.
    pub fn start() -> Self {
        let bodies: Bodies = Arc::default();
        let data = web::Data::new(bodies.clone());
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .app_data(web::PayloadConfig::new(16 * 1024 * 1024))
                .route("/v1/traces", web::post().to(receive))
        })
        .workers(1)
        .bind("127.0.0.1:0")
        .expect("a free port for the OTLP receiver");
        let port = server.addrs()[0].port();
        actix_web::rt::spawn(server.run());
        Self {
            endpoint: format!("http://127.0.0.1:{port}"),
            bodies,
        }
    }

    /// Every span received so far.
    pub fn spans(&self) -> Vec<ReceivedSpan> {
        let bodies = self.bodies.lock().map(|b| b.clone()).unwrap_or_default();
        bodies
            .iter()
            .map(|b| ExportTraceServiceRequest::decode(b.as_slice()).expect("an OTLP request"))
            .flat_map(|r| r.resource_spans)
            .flat_map(|rs| {
                let resource = attributes(&rs.resource.unwrap_or_default().attributes);
                rs.scope_spans
                    .into_iter()
                    .flat_map(|s| s.spans)
                    .map(move |s| ReceivedSpan {
                        trace_id: s.trace_id,
                        span_id: s.span_id,
                        name: s.name,
                        attributes: attributes(&s.attributes),
                        resource: resource.clone(),
                    })
            })
            .collect()
    }
}
