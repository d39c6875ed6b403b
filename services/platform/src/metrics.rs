//! Prometheus metrics of one service: requests by route and status, latency, database pool.
//!
//! Each service has its own registry (the fleet runs several in one process), labelled with the
//! service name. Other parts (the event bus) register their own collectors on it.

use prometheus::{
    Encoder, Histogram, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge,
    IntGaugeVec, Opts, Registry, TextEncoder,
};

use crate::db::DbPool;

#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    pool: IntGaugeVec,
    /// Event bus: outbox rows not yet confirmed by the broker (read at scrape time).
    pub outbox_pending: IntGauge,
    /// Event bus: time from an event's occurrence to its handling.
    pub consumer_lag: Histogram,
    /// Event bus: deliveries by outcome (applied, duplicate, retried, dead-lettered).
    pub deliveries: IntCounterVec,
    pub dead_letters: IntCounter,
}

const LATENCY_BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
    60.0,
];

impl Metrics {
    pub fn new(service: &str) -> Result<Self, prometheus::Error> {
        let labels = std::iter::once(("service".to_owned(), service.to_owned())).collect();
        let registry = Registry::new_custom(Some("tradewind".to_owned()), Some(labels))?;
        let requests = IntCounterVec::new(
            Opts::new("http_requests_total", "HTTP requests answered"),
            &["method", "route", "status"],
        )?;
        let latency = HistogramVec::new(
            HistogramOpts::new("http_request_duration_seconds", "HTTP request latency")
                .buckets(LATENCY_BUCKETS.to_vec()),
            &["method", "route", "status"],
        )?;
        let pool = IntGaugeVec::new(
            Opts::new("db_pool_connections", "Database pool connections by state"),
            &["state"],
        )?;
        let outbox_pending = IntGauge::new(
            "outbox_pending",
            "Outbox events not yet confirmed by the broker",
        )?;
        let consumer_lag = Histogram::with_opts(
            HistogramOpts::new(
                "bus_consumer_lag_seconds",
                "From an event's occurrence to its handling",
            )
            .buckets(LATENCY_BUCKETS.to_vec()),
        )?;
        let deliveries = IntCounterVec::new(
            Opts::new("bus_deliveries_total", "Deliveries handled, by outcome"),
            &["outcome"],
        )?;
        let dead_letters = IntCounter::new(
            "bus_dead_letters_total",
            "Deliveries that failed every attempt",
        )?;
        registry.register(Box::new(requests.clone()))?;
        registry.register(Box::new(latency.clone()))?;
        registry.register(Box::new(pool.clone()))?;
        registry.register(Box::new(outbox_pending.clone()))?;
        registry.register(Box::new(consumer_lag.clone()))?;
        registry.register(Box::new(deliveries.clone()))?;
        registry.register(Box::new(dead_letters.clone()))?;
        Ok(Self {
            registry,
            requests,
            latency,
            pool,
            outbox_pending,
            consumer_lag,
            deliveries,
            dead_letters,
        })
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub fn observe_request(&self, method: &str, route: &str, status: u16, seconds: f64) {
        let status = status.to_string();
        let labels = [method, route, status.as_str()];
        self.requests.with_label_values(&labels).inc();
        self.latency.with_label_values(&labels).observe(seconds);
    }

    /// The text exposition, with pool gauges read at scrape time.
    pub fn render(&self, pool: Option<&DbPool>) -> Result<String, prometheus::Error> {
        if let Some(pool) = pool {
            let state = pool.state();
            let total = i64::from(state.connections);
            let idle = i64::from(state.idle_connections);
            self.pool.with_label_values(&["idle"]).set(idle);
            self.pool.with_label_values(&["active"]).set(total - idle);
            self.pool
                .with_label_values(&["max"])
                .set(i64::from(pool.max_size()));
        }
        let mut out = Vec::new();
        TextEncoder::new().encode(&self.registry.gather(), &mut out)?;
        String::from_utf8(out).map_err(|e| prometheus::Error::Msg(e.to_string()))
    }
}
