//! The broker topology every process declares before it publishes or consumes: the exchange,
//! and for each consuming service of the registry its durable queue, retry queue, dead-letter
//! queue and bindings. Declared by everyone, idempotently, at start and on every reconnect, so
//! an event is never routed to nowhere because its consumer has not started yet.

use std::time::Duration;

use super::consumer::DEFAULT_RETRY_DELAY;
use super::topic;

/// What the platform itself consumes in every service with a database: a request to declare
/// the service's permission codes again (auth-center asks whenever it starts).
pub const PLATFORM_BINDINGS: &[&str] = &[super::resync::PERMISSIONS_REQUESTED];

/// One durable queue and what it binds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueSpec {
    pub queue: String,
    pub bindings: Vec<String>,
    pub retry_delay: Duration,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Topology {
    queues: Vec<QueueSpec>,
}

impl Topology {
    /// Nothing declared but what each consumer declares for itself (test brokers).
    pub fn empty() -> Self {
        Self::default()
    }

    /// Every consuming service of `services/registry.json`.
    pub fn from_registry() -> Self {
        let mut t = Self::empty();
        for s in crate::registry::upstreams().filter(|s| s.database.is_some()) {
            let bindings: Vec<String> = s
                .consumes
                .iter()
                .cloned()
                .chain(PLATFORM_BINDINGS.iter().map(|b| (*b).to_owned()))
                .collect();
            t = t.queue(&format!("{}.events", s.name), bindings, DEFAULT_RETRY_DELAY);
        }
        t
    }

    pub fn queue(mut self, queue: &str, bindings: Vec<String>, retry_delay: Duration) -> Self {
        self.queues.push(QueueSpec {
            queue: queue.to_owned(),
            bindings,
            retry_delay,
        });
        self
    }

    pub fn queues(&self) -> &[QueueSpec] {
        &self.queues
    }

    /// Whether some queue of the topology should take an event with this routing key: if the
    /// broker returns such an event as unroutable, a binding is missing and the event is kept
    /// (not sent), rather than lost.
    pub fn expects(&self, routing_key: &str) -> bool {
        self.queues
            .iter()
            .flat_map(|q| &q.bindings)
            .any(|b| topic::matches(b, routing_key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_topology_has_a_queue_per_consuming_service() {
        let t = Topology::from_registry();
        let names: Vec<&str> = t.queues().iter().map(|q| q.queue.as_str()).collect();
        assert!(names.contains(&"hotel-app.events"), "{names:?}");
        assert!(!names.iter().any(|n| n.starts_with("gateway")));
        assert!(t.expects("merchant.updated"));
        assert!(t.expects("order.hotel.created"));
        assert!(t.expects(super::super::resync::PERMISSIONS_REQUESTED));
        assert!(
            !t.expects("session.ended"),
            "broadcast only: nobody's durable queue"
        );
    }
}
