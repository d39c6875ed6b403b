//! Logs and traces: tracing-subscriber (pretty for people, JSON with `TRADEWIND_LOG_FORMAT=json`)
//! and, when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, spans exported over OTLP/HTTP.
//!
//! Each output has a filter of its own: `TRADEWIND_LOG` chooses what is logged, `TRADEWIND_TRACE`
//! what is exported, so quieter logs never mean fewer traces.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::SubscriberInitExt;
use tracing_subscriber::{EnvFilter, Layer};

/// What is logged when neither `TRADEWIND_LOG` nor `RUST_LOG` says.
const DEFAULT_LOG: &str = "info,actix_server=warn";
/// What is exported when `TRADEWIND_TRACE` does not say: the request and consumer spans (and
/// the events inside them) are at `info`.
const DEFAULT_TRACE: &str = "info";

use crate::config::Env;

static EXPORTING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Whether spans leave the process: only then is trace context worth extracting and injecting
/// (without an exporter, an incoming `traceparent` is passed on untouched).
pub fn exporting() -> bool {
    EXPORTING.load(std::sync::atomic::Ordering::Relaxed)
}

/// Flushes exported spans when dropped at the end of `main`.
#[must_use = "dropping the guard stops span export"]
pub struct TelemetryGuard {
    provider: Option<SdkTracerProvider>,
}

impl Drop for TelemetryGuard {
    fn drop(&mut self) {
        if let Some(provider) = self.provider.take()
            && let Err(e) = provider.shutdown()
        {
            eprintln!("flushing spans failed: {e}");
        }
    }
}

/// Installs the process-wide subscriber. `service` names the process in exported spans.
/// A second call (tests spawn many services in one process) keeps the first subscriber.
pub fn init(env: &Env, service: &str) -> TelemetryGuard {
    let log_filter = filter(
        "TRADEWIND_LOG",
        env.get("TRADEWIND_LOG")
            .or_else(|| env.get("RUST_LOG"))
            .unwrap_or(DEFAULT_LOG),
    );
    let json = env
        .get("TRADEWIND_LOG_FORMAT")
        .is_some_and(|f| f.eq_ignore_ascii_case("json"));
    let fmt_layer = if json {
        tracing_subscriber::fmt::layer()
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .boxed()
    } else {
        tracing_subscriber::fmt::layer().boxed()
    };

    // Installed only when asked for: an exporter with no collector slows shutdown by seconds.
    let provider = env.get("OTEL_EXPORTER_OTLP_ENDPOINT").and_then(|endpoint| {
        use opentelemetry_otlp::WithExportConfig as _;
        // The traces path is added here, as the SDK does for the environment variable, so the
        // endpoint can come from any `Env` (tests included).
        let traces = env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT").map_or_else(
            || format!("{}/v1/traces", endpoint.trim_end_matches('/')),
            str::to_owned,
        );
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .with_endpoint(traces)
            .build()
            .map_err(|e| eprintln!("OTLP exporter not started: {e}"))
            .ok()?;
        Some(
            SdkTracerProvider::builder()
                .with_batch_exporter(exporter)
                .with_resource(
                    Resource::builder()
                        .with_service_name(service.to_owned())
                        .build(),
                )
                .build(),
        )
    });
    let otel_layer = provider.as_ref().map(|p| {
        let trace_filter = filter(
            "TRADEWIND_TRACE",
            env.get("TRADEWIND_TRACE").unwrap_or(DEFAULT_TRACE),
        );
        tracing_opentelemetry::layer()
            .with_tracer(p.tracer(service.to_owned()))
            .with_filter(trace_filter)
            .boxed()
    });
    opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());

    // Per-layer filters: a span the log filter drops still reaches the exporter.
    let installed = tracing_subscriber::registry()
        .with(fmt_layer.with_filter(log_filter))
        .with(otel_layer)
        .try_init()
        .is_ok();
    if installed && provider.is_some() {
        EXPORTING.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    TelemetryGuard {
        provider: if installed { provider } else { None },
    }
}

/// A filter in `tracing` directive syntax (`warn,hotel_app=debug`); an invalid one falls back to
/// `info`, said on stderr since no subscriber is installed yet.
fn filter(var: &str, directives: &str) -> EnvFilter {
    EnvFilter::try_new(directives).unwrap_or_else(|e| {
        eprintln!("{var} is not a valid filter ({e}); using info");
        EnvFilter::new("info")
    })
}
