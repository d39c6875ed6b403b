//! The event bus: services write events to their outbox in the transaction of the change
//! ([`publish_in_tx`]); a relay publishes them; consumers apply each event once.
//!
//! The broker is in-process (the embedded default); RabbitMQ is planned behind the same
//! [`Bus`] (see docs/events.md).

mod consumer;
pub mod dead_letters;
mod memory;
mod outbox;
pub mod rabbit;
pub mod relay;
pub mod resync;
pub mod saga;
mod schema;
pub mod subscriptions;
pub mod topic;
pub mod topology;

pub use consumer::{
    ConsumerSpec, Handler, Outcome, process, process_envelopes, run as consumer_run,
};
use contracts::Payload;
pub use contracts::{EventEnvelope, v1};
pub use memory::MemoryBroker;
pub use outbox::{backlog, publish_all_in_tx, publish_in_tx};
pub use subscriptions::{Event, Subscriptions};
use tokio::sync::mpsc;
use tracing_opentelemetry::OpenTelemetrySpanExt as _;

/// A message as a queue hands it to its consumer.
#[derive(Debug)]
pub struct Delivery {
    pub routing_key: String,
    pub body: Vec<u8>,
    /// Attempts made so far.
    pub attempts: u32,
    /// How to settle it on RabbitMQ (none on the in-process bus).
    pub ack: Option<rabbit::Acknowledger>,
}

impl Delivery {
    pub fn new(routing_key: &str, body: Vec<u8>) -> Self {
        Self {
            routing_key: routing_key.to_owned(),
            body,
            attempts: 0,
            ack: None,
        }
    }
}

/// The deliveries of one queue.
pub enum Subscription {
    Memory(mpsc::UnboundedReceiver<Delivery>),
    Rabbit(mpsc::Receiver<Delivery>),
}

impl Subscription {
    pub async fn recv(&mut self) -> Option<Delivery> {
        match self {
            Self::Memory(rx) => rx.recv().await,
            Self::Rabbit(rx) => rx.recv().await,
        }
    }

    /// A delivery already waiting, without waiting for one.
    pub fn try_recv(&mut self) -> Option<Delivery> {
        match self {
            Self::Memory(rx) => rx.try_recv().ok(),
            Self::Rabbit(rx) => rx.try_recv().ok(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BusError {
    #[error("the broker is unavailable: {0}")]
    Unavailable(String),
}

/// The broker a process uses.
#[derive(Clone)]
pub enum Bus {
    Memory(MemoryBroker),
    Rabbit(rabbit::RabbitBroker),
}

impl Bus {
    /// The in-process broker shared by every service of this process.
    pub fn in_process() -> Self {
        Self::Memory(MemoryBroker::global())
    }

    /// RabbitMQ when `TRADEWIND_AMQP_URL` is set, otherwise the in-process broker.
    pub fn from_env(env: &crate::config::Env) -> Self {
        match env.get("TRADEWIND_AMQP_URL") {
            Some(url) => Self::Rabbit(rabbit::RabbitBroker::new(url.trim())),
            None => Self::in_process(),
        }
    }

    /// Publishes in order and answers once the broker has taken every message; on failure, how
    /// many of the leading messages it took.
    pub async fn publish_batch(
        &self,
        messages: &[(&str, &[u8])],
    ) -> Result<usize, (usize, BusError)> {
        match self {
            Self::Memory(b) => {
                for (routing_key, body) in messages {
                    b.publish(routing_key, body);
                }
                Ok(messages.len())
            }
            Self::Rabbit(b) => b.publish_batch(messages).await,
        }
    }

    pub fn subscribe(&self, queue: &str, spec: &ConsumerSpec) -> Subscription {
        match self {
            Self::Memory(b) => Subscription::Memory(b.declare(queue, &spec.bindings)),
            Self::Rabbit(b) => {
                Subscription::Rabbit(b.subscribe(queue, &spec.bindings, spec.retry_delay))
            }
        }
    }

    /// A queue of this process alone, gone when the process goes: every replica hears every
    /// matching event (session ends, cache invalidations), nothing is retried or kept.
    pub fn broadcast(&self, process: &str, bindings: &[&str]) -> Subscription {
        let queue = format!("{process}.broadcast.{}", uuid::Uuid::now_v7());
        let bindings: Vec<String> = bindings.iter().map(|b| (*b).to_owned()).collect();
        match self {
            Self::Memory(b) => Subscription::Memory(b.declare(&queue, &bindings)),
            Self::Rabbit(b) => Subscription::Rabbit(b.subscribe_broadcast(&queue, &bindings)),
        }
    }

    /// Puts a message back on `queue` now (a re-queued dead letter).
    pub async fn requeue(
        &self,
        queue: &str,
        routing_key: &str,
        body: Vec<u8>,
    ) -> Result<(), BusError> {
        match self {
            Self::Memory(b) => {
                if b.send_to(queue, Delivery::new(routing_key, body)) {
                    Ok(())
                } else {
                    Err(BusError::Unavailable(format!(
                        "queue {queue} has no consumer"
                    )))
                }
            }
            Self::Rabbit(b) => b.send_to_queue(queue, routing_key, &body).await,
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Self::Memory(_) => "in-process",
            Self::Rabbit(_) => "rabbitmq",
        }
    }
}

/// An event a service is about to write to its outbox.
pub struct Outgoing {
    envelope: EventEnvelope,
}

impl Outgoing {
    /// `routing_key` like `order.hotel.created`; it should end with the payload's name.
    pub fn new<P: Payload>(producer: &str, routing_key: &str, saas_id: i64, payload: &P) -> Self {
        let mut carrier = std::collections::HashMap::new();
        let cx = tracing::Span::current().context();
        opentelemetry::global::get_text_map_propagator(|p| p.inject_context(&cx, &mut carrier));
        Self {
            envelope: EventEnvelope {
                event_id: uuid::Uuid::now_v7().to_string(),
                event_type: routing_key.to_owned(),
                saas_id,
                occurred_at: crate::time::now_ms(),
                producer: producer.to_owned(),
                traceparent: carrier.remove("traceparent").unwrap_or_default(),
                tracestate: carrier.remove("tracestate").unwrap_or_default(),
                payload: payload.encode_to_vec(),
            },
        }
    }

    /// The event as having happened at `ms` rather than now: a change made as of another time
    /// (hotel-app's demo history, replayed through its real order path) tells it when.
    pub fn at(mut self, ms: i64) -> Self {
        self.envelope.occurred_at = ms;
        self
    }

    pub fn event_id(&self) -> &str {
        &self.envelope.event_id
    }

    /// The encoded envelope, as the outbox stores it and the broker carries it.
    pub fn envelope_bytes(&self) -> Vec<u8> {
        use prost::Message as _;
        self.envelope.encode_to_vec()
    }

    fn into_envelope(self) -> EventEnvelope {
        self.envelope
    }
}
