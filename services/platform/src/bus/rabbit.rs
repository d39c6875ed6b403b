//! RabbitMQ: one durable topic exchange; per consuming service a durable queue, a retry queue
//! whose TTL sends messages back to it, and a dead-letter queue. Persistent messages, publisher
//! confirms, manual acks, bounded prefetch; connections are re-made with backoff when lost.

use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt as _;
use lapin::options::{
    BasicAckOptions, BasicConsumeOptions, BasicPublishOptions, BasicQosOptions,
    ConfirmSelectOptions, ExchangeDeclareOptions, QueueBindOptions, QueueDeclareOptions,
};
use lapin::types::{AMQPValue, FieldTable, ShortString};
use lapin::{BasicProperties, Channel, Connection, ConnectionProperties, ExchangeKind};
use tokio::sync::{Mutex, MutexGuard, mpsc};

use super::topology::Topology;
use super::{BusError, Delivery};

pub const EXCHANGE: &str = "tradewind.events";
const ATTEMPTS_HEADER: &str = "x-tradewind-attempts";
const ERROR_HEADER: &str = "x-tradewind-error";
const PREFETCH: u16 = 64;
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const MAX_BACKOFF: Duration = Duration::from_secs(10);
/// Seconds between AMQP heartbeats unless the URL names its own. RabbitMQ proposes 60, and a
/// peer is declared lost after two missed beats: a connection a network cut left half open
/// would hold a consumer idle for two minutes. The lower of the two proposals is used.
const HEARTBEAT_SECS: u16 = 10;
/// Opening a connection, declaring the topology and starting to consume: a broker that accepted
/// the connection but does not answer must not hold a consumer forever.
const SETUP_TIMEOUT: Duration = Duration::from_secs(20);

#[derive(Clone)]
pub struct RabbitBroker {
    inner: Arc<Inner>,
}

struct Inner {
    url: String,
    exchange: String,
    /// Test brokers: exchange and queues go away with their last user.
    ephemeral: bool,
    /// Every consuming service's queue, declared on every connection this process opens.
    topology: Topology,
    publisher: Mutex<Option<(Connection, Channel)>>,
}

fn unavailable(e: impl std::fmt::Display) -> BusError {
    BusError::Unavailable(e.to_string())
}

/// `url` with the platform's heartbeat unless it names one.
fn with_heartbeat(url: &str) -> String {
    if url.contains("heartbeat=") {
        return url.to_owned();
    }
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}heartbeat={HEARTBEAT_SECS}")
}

impl RabbitBroker {
    /// The production broker: the registry's topology on the shared exchange.
    pub fn new(url: &str) -> Self {
        Self::with_topology(url, EXCHANGE, false, Topology::from_registry())
    }

    /// A broker on an exchange of the caller's, declaring no queue but its consumers' own.
    pub fn with_exchange(url: &str, exchange: &str, ephemeral: bool) -> Self {
        Self::with_topology(url, exchange, ephemeral, Topology::empty())
    }

    pub fn with_topology(url: &str, exchange: &str, ephemeral: bool, topology: Topology) -> Self {
        Self {
            inner: Arc::new(Inner {
                url: with_heartbeat(url),
                exchange: exchange.to_owned(),
                ephemeral,
                topology,
                publisher: Mutex::new(None),
            }),
        }
    }

    async fn open(&self) -> Result<(Connection, Channel), BusError> {
        let connect = Connection::connect(&self.inner.url, ConnectionProperties::default());
        let conn = tokio::time::timeout(CONNECT_TIMEOUT, connect)
            .await
            .map_err(|_| unavailable("connecting timed out"))?
            .map_err(unavailable)?;
        let channel = conn.create_channel().await.map_err(unavailable)?;
        channel
            .exchange_declare(
                self.inner.exchange.as_str().into(),
                ExchangeKind::Topic,
                ExchangeDeclareOptions {
                    durable: !self.inner.ephemeral,
                    auto_delete: self.inner.ephemeral,
                    ..Default::default()
                },
                FieldTable::default(),
            )
            .await
            .map_err(unavailable)?;
        // Every consumer's queue before anything is published or consumed on this connection:
        // whatever starts first, nothing is routed to nowhere.
        for q in self.inner.topology.queues() {
            self.declare(
                &channel,
                &self.queue_name(&q.queue),
                &q.bindings,
                q.retry_delay,
            )
            .await?;
        }
        Ok((conn, channel))
    }

    /// The publishing connection and its channel in confirm mode, opened anew when lost.
    async fn publisher(&self) -> Result<MutexGuard<'_, Option<(Connection, Channel)>>, BusError> {
        let mut guard = self.inner.publisher.lock().await;
        if guard.as_ref().is_none_or(|(c, _)| !c.status().connected()) {
            let (conn, channel) = self.open().await?;
            channel
                .confirm_select(ConfirmSelectOptions::default())
                .await
                .map_err(unavailable)?;
            *guard = Some((conn, channel));
        }
        Ok(guard)
    }

    /// Publishes persistently and answers once the broker has confirmed every message; on a
    /// failure, how many of the leading messages were confirmed (for the relay to mark).
    pub async fn publish_batch(
        &self,
        messages: &[(&str, &[u8])],
    ) -> Result<usize, (usize, BusError)> {
        let mut guard = self.publisher().await.map_err(|e| (0, e))?;
        let Some((_, channel)) = guard.as_ref() else {
            return Err((0, unavailable("no channel")));
        };
        // Publish the whole batch, then wait for the confirms: one round trip per batch rather
        // than per message.
        let mut confirms = Vec::with_capacity(messages.len());
        let mut failure = None;
        for (routing_key, body) in messages {
            let properties = BasicProperties::default()
                .with_delivery_mode(2)
                .with_content_type("application/x-protobuf".into());
            match channel
                .basic_publish(
                    self.inner.exchange.as_str().into(),
                    (*routing_key).into(),
                    // Mandatory: an event no queue takes comes back instead of vanishing.
                    BasicPublishOptions {
                        mandatory: true,
                        ..Default::default()
                    },
                    body,
                    properties,
                )
                .await
            {
                Ok(confirm) => confirms.push((*routing_key, confirm)),
                Err(e) => {
                    failure = Some(unavailable(e));
                    break;
                }
            }
        }
        let mut confirmed = 0;
        for (routing_key, confirm) in confirms {
            match confirm.await {
                Ok(c) if c.is_ack() => {
                    let returned = c.take_message().is_some();
                    if returned && self.inner.topology.expects(routing_key) {
                        // A queue that should take it lacks its binding: keep the event (the
                        // relay retries and its backlog shows) rather than lose it.
                        failure.get_or_insert_with(|| {
                            unavailable(format!(
                                "no queue took {routing_key}: a binding is missing"
                            ))
                        });
                        break;
                    }
                    // Returned and wanted by nobody durable (a broadcast-only key): sent.
                    confirmed += 1;
                }
                Ok(_) => {
                    failure.get_or_insert_with(|| unavailable("the broker refused a message"));
                    break;
                }
                Err(e) => {
                    failure.get_or_insert_with(|| unavailable(e));
                    break;
                }
            }
        }
        match failure {
            None => Ok(confirmed),
            Some(e) => {
                // The channel may be broken: the next call opens a new one.
                *guard = None;
                Err((confirmed, e))
            }
        }
    }

    /// Puts a message straight on `queue` (a re-queued dead letter), confirmed.
    pub async fn send_to_queue(
        &self,
        queue: &str,
        routing_key: &str,
        body: &[u8],
    ) -> Result<(), BusError> {
        let guard = self.publisher().await?;
        let Some((_, channel)) = guard.as_ref() else {
            return Err(unavailable("no channel"));
        };
        let properties = BasicProperties::default()
            .with_delivery_mode(2)
            .with_type(routing_key.into());
        let confirm = channel
            .basic_publish(
                "".into(),
                self.queue_name(queue).as_str().into(),
                BasicPublishOptions::default(),
                body,
                properties,
            )
            .await
            .map_err(unavailable)?
            .await
            .map_err(unavailable)?;
        if confirm.is_ack() {
            Ok(())
        } else {
            Err(unavailable("the broker refused the message"))
        }
    }

    /// Whether a connection to the broker can be made (for `/actuator/health`).
    pub async fn check(&self) -> Result<(), BusError> {
        let guard = self.inner.publisher.lock().await;
        if guard.as_ref().is_some_and(|(c, _)| c.status().connected()) {
            return Ok(());
        }
        drop(guard);
        let (conn, _) = self.open().await?;
        let _ = conn.close(200, "health check".into()).await;
        Ok(())
    }

    pub fn url_redacted(&self) -> String {
        crate::secret::redact_url(&self.inner.url)
    }

    /// The broker's name for a service's queue: on a test broker (ephemeral, with an exchange
    /// of its own) the exchange is part of it, so tests running at once never share a queue.
    fn queue_name(&self, queue: &str) -> String {
        if self.inner.ephemeral {
            format!("{}.{queue}", self.inner.exchange)
        } else {
            queue.to_owned()
        }
    }

    /// Arguments every queue gets: test brokers' queues expire ten minutes after last use.
    fn queue_args(&self) -> FieldTable {
        let mut args = FieldTable::default();
        if self.inner.ephemeral {
            args.insert("x-expires".into(), AMQPValue::LongInt(600_000));
        }
        args
    }

    fn queue_options(&self) -> QueueDeclareOptions {
        QueueDeclareOptions {
            durable: !self.inner.ephemeral,
            auto_delete: false,
            ..Default::default()
        }
    }

    /// Declares `queue` (with its retry and dead-letter queues) and its bindings.
    async fn declare(
        &self,
        channel: &Channel,
        queue: &str,
        bindings: &[String],
        retry_delay: Duration,
    ) -> Result<(), BusError> {
        channel
            .queue_declare(queue.into(), self.queue_options(), self.queue_args())
            .await
            .map_err(unavailable)?;
        let mut retry_args = self.queue_args();
        retry_args.insert(
            "x-message-ttl".into(),
            AMQPValue::LongLongInt(i64::try_from(retry_delay.as_millis()).unwrap_or(i64::MAX)),
        );
        // Expired retries go back to the main queue through the default exchange.
        retry_args.insert(
            "x-dead-letter-exchange".into(),
            AMQPValue::LongString("".into()),
        );
        retry_args.insert(
            "x-dead-letter-routing-key".into(),
            AMQPValue::LongString(queue.into()),
        );
        channel
            .queue_declare(
                format!("{queue}.retry").as_str().into(),
                self.queue_options(),
                retry_args,
            )
            .await
            .map_err(unavailable)?;
        channel
            .queue_declare(
                format!("{queue}.dlq").as_str().into(),
                self.queue_options(),
                self.queue_args(),
            )
            .await
            .map_err(unavailable)?;
        for binding in bindings {
            channel
                .queue_bind(
                    queue.into(),
                    self.inner.exchange.as_str().into(),
                    binding.as_str().into(),
                    QueueBindOptions::default(),
                    FieldTable::default(),
                )
                .await
                .map_err(unavailable)?;
        }
        Ok(())
    }

    /// Declares `queue` and its bindings now, so events published from here on reach it even
    /// before its consumer has connected.
    pub async fn declare_queue(
        &self,
        queue: &str,
        bindings: &[String],
        retry_delay: Duration,
    ) -> Result<(), BusError> {
        let (conn, channel) = self.open().await?;
        self.declare(&channel, &self.queue_name(queue), bindings, retry_delay)
            .await?;
        let _ = conn.close(200, "declared".into()).await;
        Ok(())
    }

    /// Consumes `queue`, re-connecting with backoff, until the receiver is dropped.
    pub fn subscribe(
        &self,
        queue: &str,
        bindings: &[String],
        retry_delay: Duration,
    ) -> mpsc::Receiver<Delivery> {
        self.keep_consuming(&self.queue_name(queue), bindings, Some(retry_delay))
    }

    /// Consumes a queue of this process alone (exclusive, deleted with its connection), bound to
    /// `bindings`, re-made with backoff when the connection is lost.
    pub fn subscribe_broadcast(
        &self,
        queue: &str,
        bindings: &[String],
    ) -> mpsc::Receiver<Delivery> {
        self.keep_consuming(queue, bindings, None)
    }

    /// A durable queue with retries when `retry_delay` is given, else a broadcast queue.
    fn keep_consuming(
        &self,
        queue: &str,
        bindings: &[String],
        retry_delay: Option<Duration>,
    ) -> mpsc::Receiver<Delivery> {
        let (tx, rx) = mpsc::channel(usize::from(PREFETCH));
        let broker = self.clone();
        let queue = queue.to_owned();
        let bindings = bindings.to_vec();
        actix_web::rt::spawn(async move {
            const FIRST_BACKOFF: Duration = Duration::from_millis(200);
            let mut backoff = FIRST_BACKOFF;
            while !tx.is_closed() {
                let mut connected = false;
                let consumed = match retry_delay {
                    Some(delay) => {
                        broker
                            .consume(&queue, &bindings, delay, &tx, &mut connected)
                            .await
                    }
                    None => {
                        broker
                            .consume_broadcast(&queue, &bindings, &tx, &mut connected)
                            .await
                    }
                };
                match consumed {
                    Ok(()) => return,
                    Err(e) => {
                        // A consumer that was consuming starts over quickly; one that never got
                        // going backs off further each time.
                        if connected {
                            backoff = FIRST_BACKOFF;
                        }
                        tracing::warn!(queue, error = %e, retry_in_ms = backoff.as_millis() as u64, "consumer disconnected");
                        tokio::time::sleep(backoff).await;
                        backoff = (backoff * 2).min(MAX_BACKOFF);
                    }
                }
            }
        });
        rx
    }

    async fn consume_broadcast(
        &self,
        queue: &str,
        bindings: &[String],
        tx: &mpsc::Sender<Delivery>,
        connected: &mut bool,
    ) -> Result<(), BusError> {
        let setup = async {
            let (conn, channel) = self.open().await?;
            let options = QueueDeclareOptions {
                exclusive: true,
                auto_delete: true,
                ..Default::default()
            };
            channel
                .queue_declare(queue.into(), options, FieldTable::default())
                .await
                .map_err(unavailable)?;
            for binding in bindings {
                channel
                    .queue_bind(
                        queue.into(),
                        self.inner.exchange.as_str().into(),
                        binding.as_str().into(),
                        QueueBindOptions::default(),
                        FieldTable::default(),
                    )
                    .await
                    .map_err(unavailable)?;
            }
            let consumer = channel
                .basic_consume(
                    queue.into(),
                    ShortString::from(queue),
                    BasicConsumeOptions {
                        no_ack: true,
                        ..Default::default()
                    },
                    FieldTable::default(),
                )
                .await
                .map_err(unavailable)?;
            Ok::<_, BusError>((conn, channel, consumer))
        };
        let (conn, _channel, mut consumer) = set_up(queue, setup, connected).await?;
        while let Some(item) = consumer.next().await {
            let message = item.map_err(unavailable)?;
            let delivery = Delivery::new(message.routing_key.as_str(), message.data);
            if tx.send(delivery).await.is_err() {
                break;
            }
        }
        drop(conn);
        if tx.is_closed() {
            Ok(())
        } else {
            Err(unavailable("the consumer was cancelled"))
        }
    }

    async fn consume(
        &self,
        queue: &str,
        bindings: &[String],
        retry_delay: Duration,
        tx: &mpsc::Sender<Delivery>,
        connected: &mut bool,
    ) -> Result<(), BusError> {
        let setup = async {
            let (conn, channel) = self.open().await?;
            self.declare(&channel, &self.queue_name(queue), bindings, retry_delay)
                .await?;
            channel
                .confirm_select(ConfirmSelectOptions::default())
                .await
                .map_err(unavailable)?;
            channel
                .basic_qos(PREFETCH, BasicQosOptions::default())
                .await
                .map_err(unavailable)?;
            let consumer = channel
                .basic_consume(
                    queue.into(),
                    ShortString::from(format!("{queue}-{}", uuid::Uuid::now_v7())),
                    BasicConsumeOptions::default(),
                    FieldTable::default(),
                )
                .await
                .map_err(unavailable)?;
            Ok::<_, BusError>((conn, channel, consumer))
        };
        let (conn, channel, mut consumer) = set_up(queue, setup, connected).await?;
        // The channel stays with this consumer: retries and dead letters are published on it.
        let replies = channel.clone();
        while let Some(item) = consumer.next().await {
            let message = item.map_err(unavailable)?;
            let attempts = message
                .properties
                .headers()
                .as_ref()
                .and_then(|h| h.inner().get(ATTEMPTS_HEADER).cloned())
                .and_then(|v| match v {
                    AMQPValue::LongLongInt(n) => u32::try_from(n).ok(),
                    AMQPValue::LongInt(n) => u32::try_from(n).ok(),
                    _ => None,
                })
                .unwrap_or(0);
            // A retried copy comes back through the default exchange under the queue's name; its
            // original routing key travels in the message type.
            let routing_key = message
                .properties
                .kind()
                .as_ref()
                .map_or_else(|| message.routing_key.to_string(), ToString::to_string);
            let delivery = Delivery {
                routing_key,
                body: message.data,
                attempts,
                ack: Some(Acknowledger {
                    acker: message.acker,
                    channel: replies.clone(),
                    queue: queue.to_owned(),
                }),
            };
            if tx.send(delivery).await.is_err() {
                break;
            }
        }
        drop(conn);
        if tx.is_closed() {
            Ok(())
        } else {
            Err(unavailable("the consumer was cancelled"))
        }
    }
}

/// Runs a consumer's set-up (connection, topology, `basic.consume`) within [`SETUP_TIMEOUT`],
/// then marks it connected.
async fn set_up<T>(
    queue: &str,
    setup: impl std::future::Future<Output = Result<T, BusError>>,
    connected: &mut bool,
) -> Result<T, BusError> {
    let ready = tokio::time::timeout(SETUP_TIMEOUT, setup)
        .await
        .map_err(|_| unavailable("setting up the consumer timed out"))??;
    *connected = true;
    tracing::info!(queue, "consuming");
    Ok(ready)
}

/// How a RabbitMQ delivery is settled once handled.
#[derive(Debug)]
pub struct Acknowledger {
    acker: lapin::Acker,
    channel: Channel,
    queue: String,
}

impl Acknowledger {
    pub async fn ack(self) {
        if let Err(e) = self.acker.ack(BasicAckOptions::default()).await {
            // Unacked, the message is redelivered after reconnecting; processed_events makes
            // that harmless.
            tracing::warn!(queue = %self.queue, error = %e, "ack failed");
        }
    }

    /// Sends a copy to `<queue>.retry` (its TTL brings it back) or `<queue>.dlq`, then acks the
    /// original; if the copy cannot be published, the original is left unacked for redelivery.
    pub async fn forward(self, to_dead_letters: bool, delivery: &Delivery, error: &str) {
        let target = if to_dead_letters {
            format!("{}.dlq", self.queue)
        } else {
            format!("{}.retry", self.queue)
        };
        let mut headers = FieldTable::default();
        headers.insert(
            ATTEMPTS_HEADER.into(),
            AMQPValue::LongLongInt(i64::from(delivery.attempts)),
        );
        headers.insert(ERROR_HEADER.into(), AMQPValue::LongString(error.into()));
        let properties = BasicProperties::default()
            .with_delivery_mode(2)
            .with_headers(headers);
        // The original routing key travels in the retry copy's message type, so the consumer can
        // still see it when the copy comes back through the default exchange.
        let properties = properties.with_type(delivery.routing_key.as_str().into());
        let published = self
            .channel
            .basic_publish(
                "".into(),
                target.as_str().into(),
                BasicPublishOptions::default(),
                &delivery.body,
                properties,
            )
            .await;
        let confirmed = match published {
            Ok(confirm) => confirm.await.map(|c| c.is_ack()).unwrap_or(false),
            Err(_) => false,
        };
        if confirmed {
            self.ack().await;
        } else {
            tracing::warn!(queue = %self.queue, "could not forward a failed delivery; it will be redelivered");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_platform_heartbeat_is_added_unless_the_url_names_one() {
        assert_eq!(
            with_heartbeat("amqp://guest:guest@127.0.0.1:5672/%2f"),
            "amqp://guest:guest@127.0.0.1:5672/%2f?heartbeat=10"
        );
        assert_eq!(
            with_heartbeat("amqp://h/%2f?frame_max=8192"),
            "amqp://h/%2f?frame_max=8192&heartbeat=10"
        );
        assert_eq!(
            with_heartbeat("amqp://h/%2f?heartbeat=30"),
            "amqp://h/%2f?heartbeat=30"
        );
    }
}
