//! What a service consumes, declared once per routing key: the key its queue binds and the
//! handler that decodes and applies it come from the same line, so a bound key without a handler
//! cannot be written.
//!
//! ```ignore
//! Subscriptions::new()
//!     .on::<v1::MerchantUpdated>("merchant.updated", |conn, e| store::merchants::apply(conn, &e))
//!     .on_batch("order.#", store::stats::apply_batch)
//! ```

use std::sync::Arc;
use std::time::Duration;

use contracts::Payload;

use super::consumer::{ConsumerSpec, Handler};
use super::{EventEnvelope, topic};
use crate::db::DbConnection;

/// A decoded event: the envelope's facts and its typed payload.
#[derive(Debug, Clone)]
pub struct Event<P> {
    pub event_id: String,
    pub routing_key: String,
    pub saas_id: i64,
    /// ms since the epoch, when the producer made the change.
    pub occurred_at: i64,
    pub producer: String,
    pub payload: P,
}

impl<P: Payload> Event<P> {
    fn decode(envelope: &EventEnvelope) -> anyhow::Result<Self> {
        let payload = P::decode(envelope.payload.as_slice())
            .map_err(|e| anyhow::anyhow!("undecodable {} payload: {e}", envelope.event_type))?;
        Ok(Self {
            event_id: envelope.event_id.clone(),
            routing_key: envelope.event_type.clone(),
            saas_id: envelope.saas_id,
            occurred_at: envelope.occurred_at,
            producer: envelope.producer.clone(),
            payload,
        })
    }
}

type One = Arc<dyn Fn(&mut DbConnection, &EventEnvelope) -> anyhow::Result<()> + Send + Sync>;
type Many = Arc<dyn Fn(&mut DbConnection, &[&EventEnvelope]) -> anyhow::Result<()> + Send + Sync>;

#[derive(Clone)]
enum Apply {
    One(One),
    /// Takes every consecutive event of its pattern in a delivered batch at once (a read model
    /// that sums them up).
    Many(Many),
}

#[derive(Clone)]
struct Route {
    pattern: String,
    apply: Apply,
}

/// The routing keys a service consumes, each with its handler.
#[derive(Clone, Default)]
pub struct Subscriptions {
    routes: Vec<Route>,
    /// Run after the handlers of every batch ([`Subscriptions::after_batch`]).
    afters: Vec<Route>,
    retries: Option<(u32, Duration)>,
    /// Copies of other services' data these subscriptions keep ([`super::resync::keep`]).
    copies: Vec<&'static str>,
    /// How many rows each counted copy holds ([`super::resync::keep_counted`]).
    counters: Vec<(&'static str, super::resync::CopyCounter)>,
}

impl Subscriptions {
    pub fn new() -> Self {
        Self::default()
    }

    /// Binds `pattern` (a topic pattern: `*` one word, `#` any) and applies each matching
    /// event, decoded as `P`, with `handler` inside the delivery's transaction.
    pub fn on<P: Payload + 'static>(
        mut self,
        pattern: &str,
        handler: impl Fn(&mut DbConnection, Event<P>) -> anyhow::Result<()> + Send + Sync + 'static,
    ) -> Self {
        self.routes.push(Route {
            pattern: pattern.to_owned(),
            apply: Apply::One(Arc::new(move |conn, envelope| {
                handler(conn, Event::<P>::decode(envelope)?)
            })),
        });
        self
    }

    /// Binds `pattern` and hands its events over as envelopes, consecutive ones of a batch
    /// together: for a family of payloads under one pattern (`order.#`) that a read model sums
    /// up in a few statements.
    pub fn on_batch(
        mut self,
        pattern: &str,
        handler: impl Fn(&mut DbConnection, &[&EventEnvelope]) -> anyhow::Result<()>
        + Send
        + Sync
        + 'static,
    ) -> Self {
        self.routes.push(Route {
            pattern: pattern.to_owned(),
            apply: Apply::Many(Arc::new(handler)),
        });
        self
    }

    /// After the handlers of each delivered batch (a single delivery is a batch of one), in the
    /// same transaction, `finish` gets the batch's events of `pattern` (bound by an
    /// [`Subscriptions::on`] of its own), decoded as `P`, if there are any. For work the events
    /// of a batch share, done once for all of them: an account's day figures written once
    /// however many of the batch's payments moved it.
    pub fn after_batch<P: Payload + 'static>(
        mut self,
        pattern: &str,
        finish: impl Fn(&mut DbConnection, Vec<Event<P>>) -> anyhow::Result<()> + Send + Sync + 'static,
    ) -> Self {
        self.afters.push(Route {
            pattern: pattern.to_owned(),
            apply: Apply::Many(Arc::new(move |conn, envelopes| {
                let events = envelopes
                    .iter()
                    .map(|e| Event::<P>::decode(e))
                    .collect::<anyhow::Result<Vec<_>>>()?;
                finish(conn, events)
            })),
        });
        self
    }

    /// Marks these subscriptions as keeping `copy` (see [`super::resync`]).
    pub fn keeps(mut self, copy: &'static str) -> Self {
        if !self.copies.contains(&copy) {
            self.copies.push(copy);
        }
        self
    }

    /// Marks these subscriptions as keeping `copy`, whose rows `count` counts (see
    /// [`super::resync::keep_counted`]).
    pub fn keeps_counted(mut self, copy: &'static str, count: super::resync::CopyCounter) -> Self {
        self = self.keeps(copy);
        self.counters.retain(|(c, _)| *c != copy);
        self.counters.push((copy, count));
        self
    }

    /// The copies these subscriptions keep.
    pub fn copies(&self) -> &[&'static str] {
        &self.copies
    }

    /// Attempts before a delivery becomes a dead letter, and the wait before each retry.
    pub fn retries(mut self, max_attempts: u32, retry_delay: Duration) -> Self {
        self.retries = Some((max_attempts, retry_delay));
        self
    }

    /// The patterns the queue binds, in declaration order, each once.
    pub fn bindings(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for r in &self.routes {
            if !out.contains(&r.pattern) {
                out.push(r.pattern.clone());
            }
        }
        out
    }

    /// Whether the subscriptions take events with this routing key.
    pub fn takes(&self, routing_key: &str) -> bool {
        self.route(routing_key).is_some()
    }

    /// The first route whose pattern matches: declaration order decides between overlapping
    /// patterns.
    fn route(&self, routing_key: &str) -> Option<&Route> {
        self.routes
            .iter()
            .find(|r| topic::matches(&r.pattern, routing_key))
    }

    pub fn into_spec(self) -> ConsumerSpec {
        let retries = self.retries;
        let copies = self.copies.clone();
        let counters = self.counters.clone();
        let spec = ConsumerSpec::from_parts(self.bindings(), Arc::new(self))
            .keeping(copies)
            .counting(counters);
        match retries {
            Some((attempts, delay)) => spec.retries(attempts, delay),
            None => spec,
        }
    }
}

impl Handler for Subscriptions {
    fn handle(&self, conn: &mut DbConnection, event: &EventEnvelope) -> anyhow::Result<()> {
        self.handle_batch(conn, &[event])
    }

    fn handle_batch(
        &self,
        conn: &mut DbConnection,
        events: &[&EventEnvelope],
    ) -> anyhow::Result<()> {
        let mut i = 0;
        while i < events.len() {
            let Some(route) = self.route(&events[i].event_type) else {
                // The broker delivered what no pattern binds: only possible for a message
                // re-queued by hand onto the wrong queue. Failing keeps it visible as a dead
                // letter rather than dropping it.
                anyhow::bail!(
                    "no subscription takes {} (bound: {:?})",
                    events[i].event_type,
                    self.bindings()
                );
            };
            match &route.apply {
                Apply::One(apply) => {
                    apply(conn, events[i])?;
                    i += 1;
                }
                Apply::Many(apply) => {
                    let run = events[i..]
                        .iter()
                        .take_while(|e| {
                            self.route(&e.event_type)
                                .is_some_and(|r| std::ptr::eq(r, route))
                        })
                        .count();
                    apply(conn, &events[i..i + run])?;
                    i += run;
                }
            }
        }
        for after in &self.afters {
            let of: Vec<&EventEnvelope> = events
                .iter()
                .copied()
                .filter(|e| topic::matches(&after.pattern, &e.event_type))
                .collect();
            if let (false, Apply::Many(finish)) = (of.is_empty(), &after.apply) {
                finish(conn, &of)?;
            }
        }
        Ok(())
    }
}

impl From<Subscriptions> for ConsumerSpec {
    fn from(subs: Subscriptions) -> Self {
        subs.into_spec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bindings_come_from_the_handlers_each_once() {
        let subs = Subscriptions::new()
            .on::<contracts::v1::MerchantUpdated>("merchant.updated", |_, _| Ok(()))
            .on::<contracts::v1::OrderCreated>("order.*.created", |_, _| Ok(()))
            .on::<contracts::v1::OrderCancelled>("order.*.created", |_, _| Ok(()));
        assert_eq!(subs.bindings(), vec!["merchant.updated", "order.*.created"]);
        assert!(subs.takes("order.hotel.created"));
        assert!(!subs.takes("order.hotel.cancelled"));
        assert!(!subs.takes("tenant.updated"));
    }

    #[test]
    fn after_batch_gets_the_batchs_events_of_its_pattern_once_after_the_handlers() {
        use std::sync::Mutex;
        let seen: Arc<Mutex<Vec<String>>> = Arc::default();
        let (a, b) = (seen.clone(), seen.clone());
        let subs = Subscriptions::new()
            .on::<contracts::v1::OrderCreated>("order.*.created", move |_, e| {
                a.lock().unwrap().push(format!("handled {}", e.event_id));
                Ok(())
            })
            .on::<contracts::v1::MerchantUpdated>("merchant.updated", |_, _| Ok(()))
            .after_batch::<contracts::v1::OrderCreated>("order.*.created", move |_, events| {
                let ids: Vec<String> = events.into_iter().map(|e| e.event_id).collect();
                b.lock().unwrap().push(format!("after {}", ids.join(",")));
                Ok(())
            });
        let envelope = |id: &str, key: &str| EventEnvelope {
            event_id: id.into(),
            event_type: key.into(),
            ..Default::default()
        };
        let batch = [
            envelope("1", "order.hotel.created"),
            envelope("2", "merchant.updated"),
            envelope("3", "order.ticket.created"),
        ];
        use diesel::Connection as _;
        let mut conn = crate::db::DbConnection::Sqlite(
            diesel::sqlite::SqliteConnection::establish(":memory:").unwrap(),
        );
        subs.handle_batch(&mut conn, &batch.iter().collect::<Vec<_>>())
            .unwrap();
        subs.handle_batch(&mut conn, &[&batch[1]]).unwrap();
        assert_eq!(
            *seen.lock().unwrap(),
            vec!["handled 1", "handled 3", "after 1,3"],
            "once per batch, after its handlers, and not for a batch without its events"
        );
    }
}
