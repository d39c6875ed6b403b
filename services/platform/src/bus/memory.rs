//! The in-process broker: the same topic routing, per-service queues and redelivery as the
//! RabbitMQ set-up, for the embedded mode (one process, no broker to install).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use tokio::sync::mpsc;

use super::Delivery;
use super::topic;

struct Queue {
    bindings: Vec<String>,
    sender: mpsc::UnboundedSender<Delivery>,
    /// The deliveries of a queue declared before its consumer came, for that consumer.
    waiting: Option<mpsc::UnboundedReceiver<Delivery>>,
}

#[derive(Clone, Default)]
pub struct MemoryBroker {
    queues: Arc<Mutex<HashMap<String, Queue>>>,
}

impl MemoryBroker {
    /// The broker shared by every service of this process.
    pub fn global() -> Self {
        static GLOBAL: OnceLock<MemoryBroker> = OnceLock::new();
        GLOBAL.get_or_init(MemoryBroker::default).clone()
    }

    fn queues(&self) -> std::sync::MutexGuard<'_, HashMap<String, Queue>> {
        self.queues
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Declares `queue` bound to `bindings` now; what is routed to it waits for the consumer
    /// that [`Self::declare`]s it later (as a durable queue would).
    pub fn prepare(&self, queue: &str, bindings: &[String]) {
        let mut queues = self.queues();
        if let Some(q) = queues.get_mut(queue) {
            // Declared again (by another process's topology, or at start): what waits stays.
            for b in bindings {
                if !q.bindings.contains(b) {
                    q.bindings.push(b.clone());
                }
            }
            return;
        }
        let (sender, receiver) = mpsc::unbounded_channel();
        queues.insert(
            queue.to_owned(),
            Queue {
                bindings: bindings.to_vec(),
                sender,
                waiting: Some(receiver),
            },
        );
    }

    /// Declares `queue` bound to `bindings` and answers its deliveries, with what waited for it
    /// since [`Self::prepare`] (the prepared bindings kept). Otherwise a second declaration of the same queue replaces the
    /// first (one consumer per queue, as each service has).
    pub fn declare(&self, queue: &str, bindings: &[String]) -> mpsc::UnboundedReceiver<Delivery> {
        let mut queues = self.queues();
        if let Some(q) = queues.get_mut(queue)
            && let Some(receiver) = q.waiting.take()
        {
            // Bindings add up, as RabbitMQ's do: the consumer may bind more than was prepared.
            for b in bindings {
                if !q.bindings.contains(b) {
                    q.bindings.push(b.clone());
                }
            }
            return receiver;
        }
        let (sender, receiver) = mpsc::unbounded_channel();
        queues.insert(
            queue.to_owned(),
            Queue {
                bindings: bindings.to_vec(),
                sender,
                waiting: None,
            },
        );
        receiver
    }

    /// Routes to every queue with a matching binding (once per queue). Nothing is lost: the
    /// queues are unbounded, as a durable queue would be.
    pub fn publish(&self, routing_key: &str, body: &[u8]) {
        for queue in self.queues().values() {
            if queue
                .bindings
                .iter()
                .any(|b| topic::matches(b, routing_key))
            {
                let _ = queue.sender.send(Delivery::new(routing_key, body.to_vec()));
            }
        }
    }

    /// Puts a delivery back on one queue (a retry, or a re-queued dead letter).
    pub fn send_to(&self, queue: &str, delivery: Delivery) -> bool {
        match self.queues().get(queue) {
            Some(q) => q.sender.send(delivery).is_ok(),
            None => false,
        }
    }
}
