//! Consumers: each delivery is applied in one transaction that also records its event id, so a
//! redelivery changes nothing; a failure is retried after a delay, and after the last attempt
//! the delivery becomes a dead letter with its error. Neither blocks the queue.

use std::sync::Arc;
use std::time::Duration;

use diesel::prelude::*;
use prost::Message as _;

use super::schema::processed_events;
use super::{Bus, Delivery, EventEnvelope};
use crate::db::{DbConnection, DbError, DbPool, with_conn};
use crate::metrics::Metrics;

/// Applies one event. Runs inside the delivery's transaction: an error rolls the effect back.
pub trait Handler: Send + Sync + 'static {
    fn handle(&self, conn: &mut DbConnection, event: &EventEnvelope) -> anyhow::Result<()>;

    /// Applies events delivered together, in their order, inside one transaction. A handler
    /// that can sum them up first (a read model) answers in a few statements instead of a few
    /// per event; the default applies them one by one.
    fn handle_batch(
        &self,
        conn: &mut DbConnection,
        events: &[&EventEnvelope],
    ) -> anyhow::Result<()> {
        for event in events {
            self.handle(conn, event)?;
        }
        Ok(())
    }
}

impl<F> Handler for F
where
    F: Fn(&mut DbConnection, &EventEnvelope) -> anyhow::Result<()> + Send + Sync + 'static,
{
    fn handle(&self, conn: &mut DbConnection, event: &EventEnvelope) -> anyhow::Result<()> {
        self(conn, event)
    }
}

/// How long a failed delivery waits before its retry, unless a consumer says otherwise; the
/// registry's topology declares every retry queue with it.
pub const DEFAULT_RETRY_DELAY: Duration = Duration::from_secs(2);

/// What a service consumes: the routing keys its queue binds and the handler they go to. Made
/// only from [`super::Subscriptions`], which writes each key with its handler, so a key bound
/// without a handler cannot exist.
#[derive(Clone)]
pub struct ConsumerSpec {
    pub(crate) bindings: Vec<String>,
    pub(crate) handler: Arc<dyn Handler>,
    /// Attempts before a delivery becomes a dead letter.
    pub(crate) max_attempts: u32,
    /// Wait before each retry.
    pub(crate) retry_delay: Duration,
    /// Copies of other services' data the handler keeps (asked for at start when never filled,
    /// reported by the health).
    pub(crate) copies: Vec<&'static str>,
    /// How many rows each counted copy holds (a copy emptied behind the service's back is asked
    /// for again at start).
    pub(crate) counters: Vec<(&'static str, super::resync::CopyCounter)>,
}

impl ConsumerSpec {
    /// The routing keys the queue binds.
    pub fn bindings(&self) -> &[String] {
        &self.bindings
    }

    /// What applies the deliveries (for a bench that feeds it directly).
    pub fn handler(&self) -> Arc<dyn Handler> {
        self.handler.clone()
    }

    /// The copies of other services' data it keeps.
    pub fn copies(&self) -> &[&'static str] {
        &self.copies
    }

    /// A spec from bindings and the handler that takes them ([`super::Subscriptions`] makes
    /// both from one list).
    pub(crate) fn from_parts(bindings: Vec<String>, handler: Arc<dyn Handler>) -> Self {
        Self {
            bindings,
            handler,
            max_attempts: 5,
            retry_delay: DEFAULT_RETRY_DELAY,
            copies: Vec::new(),
            counters: Vec::new(),
        }
    }

    pub(crate) fn keeping(mut self, copies: Vec<&'static str>) -> Self {
        self.copies = copies;
        self
    }

    pub(crate) fn counting(
        mut self,
        counters: Vec<(&'static str, super::resync::CopyCounter)>,
    ) -> Self {
        self.counters = counters;
        self
    }

    pub fn retries(mut self, max_attempts: u32, retry_delay: Duration) -> Self {
        self.max_attempts = max_attempts.max(1);
        self.retry_delay = retry_delay;
        self
    }
}

#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Applied,
    /// Seen before: acknowledged without effect.
    Duplicate,
}

#[derive(Debug, thiserror::Error)]
enum ProcessError {
    #[error("undecodable envelope: {0}")]
    Decode(String),
    #[error("{0:#}")]
    Handler(anyhow::Error),
    #[error(transparent)]
    Db(#[from] diesel::result::Error),
}

/// Applies one event inside the caller's transaction, unless `consumer` has applied it before.
fn apply(
    conn: &mut DbConnection,
    consumer: &str,
    handler: &dyn Handler,
    envelope: &EventEnvelope,
) -> Result<Outcome, ProcessError> {
    let seen: i64 = processed_events::table
        .filter(processed_events::consumer.eq(consumer))
        .filter(processed_events::event_id.eq(&envelope.event_id))
        .count()
        .get_result(conn)?;
    if seen > 0 {
        return Ok(Outcome::Duplicate);
    }
    handler
        .handle(conn, envelope)
        .map_err(ProcessError::Handler)?;
    // A concurrent delivery of the same event fails here on the primary key, rolls back its
    // effect, and finds the event processed on its retry.
    diesel::insert_into(processed_events::table)
        .values((
            processed_events::consumer.eq(consumer),
            processed_events::event_id.eq(&envelope.event_id),
            processed_events::processed_at.eq(crate::time::now_ms()),
        ))
        .execute(conn)?;
    Ok(Outcome::Applied)
}

/// Applies `body` once for `consumer`, in a transaction of its own.
pub fn process(
    conn: &mut DbConnection,
    consumer: &str,
    handler: &dyn Handler,
    body: &[u8],
) -> Result<Outcome, String> {
    let envelope =
        EventEnvelope::decode(body).map_err(|e| ProcessError::Decode(e.to_string()).to_string())?;
    crate::db::write_tx::<_, ProcessError>(conn, |conn| apply(conn, consumer, handler, &envelope))
        .map_err(|e| e.to_string())
}

/// Applies several deliveries in one transaction (one commit instead of one each): the ones
/// `consumer` has seen, before or earlier in the batch, are found in one query and skipped; the
/// rest go to the handler together. Any failure rolls the whole batch back; the caller then
/// takes them one by one.
fn process_batch(
    conn: &mut DbConnection,
    service: &str,
    consumer: &str,
    handler: &dyn Handler,
    items: &[(tracing::Span, Vec<u8>)],
) -> Result<Vec<Outcome>, String> {
    let envelopes = items
        .iter()
        .map(|(_, body)| EventEnvelope::decode(body.as_slice()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    // One span for the batch, linked to each delivery's (which continues its producer's trace).
    let span = tracing::info_span!(
        "consume batch",
        service,
        queue = consumer,
        size = envelopes.len()
    );
    for (item, _) in items {
        span.follows_from(item);
    }
    span.in_scope(|| process_envelopes(conn, consumer, handler, &envelopes))
}

/// Bind parameters per statement stay well below SQLite's and PostgreSQL's limits.
const CHUNK: usize = 500;
/// Ids looked up per query: PostgreSQL probes the index for a short list, but scans the whole
/// table for a long one once it has a few thousand rows.
const LOOKUP_CHUNK: usize = 64;

/// Applies decoded events once each for `consumer`, in one transaction (see [`process_batch`]).
pub fn process_envelopes(
    conn: &mut DbConnection,
    consumer: &str,
    handler: &dyn Handler,
    envelopes: &[EventEnvelope],
) -> Result<Vec<Outcome>, String> {
    crate::db::write_tx::<_, ProcessError>(conn, |conn| {
        let mut seen = std::collections::HashSet::new();
        for chunk in envelopes.chunks(LOOKUP_CHUNK) {
            let ids: Vec<&str> = chunk.iter().map(|e| e.event_id.as_str()).collect();
            let done: Vec<String> = processed_events::table
                .filter(processed_events::consumer.eq(consumer))
                .filter(processed_events::event_id.eq_any(&ids))
                .select(processed_events::event_id)
                .load(conn)?;
            seen.extend(done);
        }
        let mut outcomes = Vec::with_capacity(envelopes.len());
        let mut fresh = Vec::new();
        for e in envelopes {
            if seen.insert(e.event_id.clone()) {
                fresh.push(e);
                outcomes.push(Outcome::Applied);
            } else {
                outcomes.push(Outcome::Duplicate);
            }
        }
        handler
            .handle_batch(conn, &fresh)
            .map_err(ProcessError::Handler)?;
        let now = crate::time::now_ms();
        for chunk in fresh.chunks(CHUNK) {
            let rows: Vec<_> = chunk
                .iter()
                .map(|e| {
                    (
                        processed_events::consumer.eq(consumer),
                        processed_events::event_id.eq(e.event_id.as_str()),
                        processed_events::processed_at.eq(now),
                    )
                })
                .collect();
            let insert = diesel::insert_into(processed_events::table).values(&rows);
            crate::per_backend!(conn, |c| insert.execute(c))?;
        }
        Ok(outcomes)
    })
    .map_err(|e| e.to_string())
}

/// The span of one delivery, continuing the producer's trace; records the consumer lag. It names
/// the service (in the fleet every service shares the process's resource) and the queue.
fn delivery_span(
    service: &str,
    queue: &str,
    delivery: &Delivery,
    metrics: &Metrics,
) -> tracing::Span {
    use tracing_opentelemetry::OpenTelemetrySpanExt as _;
    let span = tracing::info_span!(
        "consume",
        otel.kind = "consumer",
        otel.name = %format!("consume {}", delivery.routing_key),
        service,
        queue,
        routing_key = %delivery.routing_key,
        event_id = tracing::field::Empty,
    );
    if let Ok(envelope) = EventEnvelope::decode(delivery.body.as_slice()) {
        span.record("event_id", envelope.event_id.as_str());
        let carrier: std::collections::HashMap<String, String> = [
            ("traceparent".to_owned(), envelope.traceparent),
            ("tracestate".to_owned(), envelope.tracestate),
        ]
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .collect();
        let parent = opentelemetry::global::get_text_map_propagator(|p| p.extract(&carrier));
        let _ = span.set_parent(parent);
        if envelope.occurred_at > 0 {
            let lag_ms = crate::time::now_ms()
                .saturating_sub(envelope.occurred_at)
                .max(0);
            metrics.consumer_lag.observe(lag_ms as f64 / 1000.0);
        }
    }
    span
}

fn count(metrics: &Metrics, outcome: &Outcome) {
    let label = match outcome {
        Outcome::Applied => "applied",
        Outcome::Duplicate => "duplicate",
    };
    metrics.deliveries.with_label_values(&[label]).inc();
}

/// Handles one delivery in a span that continues the producer's trace.
pub async fn deliver(
    bus: &Bus,
    pool: &DbPool,
    service: &'static str,
    queue: &str,
    spec: &ConsumerSpec,
    delivery: Delivery,
    metrics: &Metrics,
) {
    use tracing::Instrument as _;
    let span = delivery_span(service, queue, &delivery, metrics);
    settle(bus, pool, queue, spec, delivery, metrics)
        .instrument(span)
        .await;
}

/// Handles deliveries that were waiting together: one transaction for all of them when every
/// one applies, otherwise one by one (so retries and dead letters stay per delivery).
async fn deliver_batch(
    bus: &Bus,
    pool: &DbPool,
    service: &'static str,
    queue: &str,
    spec: &ConsumerSpec,
    batch: Vec<Delivery>,
    metrics: &Metrics,
) {
    let items: Vec<(tracing::Span, Vec<u8>)> = batch
        .iter()
        .map(|d| (delivery_span(service, queue, d, metrics), d.body.clone()))
        .collect();
    let handler = spec.handler.clone();
    let consumer = queue.to_owned();
    let result = with_conn(pool, move |c| {
        Ok::<_, DbError>(process_batch(
            c,
            service,
            &consumer,
            handler.as_ref(),
            &items,
        ))
    })
    .await
    .unwrap_or_else(|e| Err(e.to_string()));
    match result {
        Ok(outcomes) => {
            for (mut delivery, outcome) in batch.into_iter().zip(outcomes) {
                count(metrics, &outcome);
                if let Some(ack) = delivery.ack.take() {
                    ack.ack().await;
                }
            }
        }
        Err(_) => {
            for delivery in batch {
                deliver(bus, pool, service, queue, spec, delivery, metrics).await;
            }
        }
    }
}

/// Handles one delivery to the end: applied, retried later, or dead-lettered.
async fn settle(
    bus: &Bus,
    pool: &DbPool,
    queue: &str,
    spec: &ConsumerSpec,
    mut delivery: Delivery,
    metrics: &Metrics,
) {
    let handler = spec.handler.clone();
    let consumer = queue.to_owned();
    let body = delivery.body.clone();
    let result = with_conn(pool, move |c| {
        Ok::<_, DbError>(process(c, &consumer, handler.as_ref(), &body))
    })
    .await
    .unwrap_or_else(|e| Err(e.to_string()));
    let ack = delivery.ack.take();
    let error = match result {
        Ok(outcome) => {
            count(metrics, &outcome);
            if let Some(ack) = ack {
                ack.ack().await;
            }
            return;
        }
        Err(e) => e,
    };
    delivery.attempts += 1;
    if delivery.attempts < spec.max_attempts {
        metrics.deliveries.with_label_values(&["retried"]).inc();
        tracing::warn!(queue, routing_key = %delivery.routing_key, attempt = delivery.attempts, %error, "delivery failed, will retry");
        match (ack, bus) {
            (Some(ack), _) => ack.forward(false, &delivery, &error).await,
            (None, Bus::Memory(broker)) => {
                let broker = broker.clone();
                let queue = queue.to_owned();
                let delay = spec.retry_delay;
                actix_web::rt::spawn(async move {
                    tokio::time::sleep(delay).await;
                    broker.send_to(&queue, delivery);
                });
            }
            (None, Bus::Rabbit(_)) => {}
        }
        return;
    }
    metrics
        .deliveries
        .with_label_values(&["dead-lettered"])
        .inc();
    metrics.dead_letters.inc();
    tracing::error!(queue, routing_key = %delivery.routing_key, attempts = delivery.attempts, %error, "delivery dead-lettered");
    let consumer = queue.to_owned();
    let routing_key = delivery.routing_key.clone();
    let body = delivery.body.clone();
    let attempts = delivery.attempts;
    let err = error.clone();
    let stored = with_conn(pool, move |c| {
        super::dead_letters::record(c, &consumer, &routing_key, &body, attempts, &err)
            .map_err(DbError::from)
    })
    .await;
    if let Err(e) = stored {
        tracing::error!(queue, error = %e, "a dead letter could not be stored");
    }
    if let Some(ack) = ack {
        ack.forward(true, &delivery, &error).await;
    }
}

/// Most deliveries applied in one transaction.
const MAX_BATCH: usize = 256;

/// Consumes `queue` for `service` until the task is dropped, in arrival order.
pub async fn run(
    bus: Bus,
    pool: DbPool,
    service: &'static str,
    queue: String,
    spec: ConsumerSpec,
    metrics: Metrics,
) {
    let mut deliveries = bus.subscribe(&queue, &spec);
    while let Some(first) = deliveries.recv().await {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match deliveries.try_recv() {
                Some(next) => batch.push(next),
                None => break,
            }
        }
        if batch.len() == 1 {
            if let Some(delivery) = batch.pop() {
                deliver(&bus, &pool, service, &queue, &spec, delivery, &metrics).await;
            }
        } else {
            deliver_batch(&bus, &pool, service, &queue, &spec, batch, &metrics).await;
        }
    }
}
