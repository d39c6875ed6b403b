//! The rate-limit counts the gateway replicas tell each other over the bus, so that together
//! they hold one limit (`domain::ratelimit` counts; this module publishes and hears).

use std::sync::Arc;
use std::time::Duration;

use platform::bus::{Bus, EventEnvelope, Outgoing, v1};
use prost::Message as _;

use crate::domain::ratelimit::{Count, Limiter};

/// How often a replica tells the others what it let through.
pub const SHARE_EVERY: Duration = Duration::from_millis(100);
/// The routing key of the counts the replicas share.
pub const ROUTE_COUNTED: &str = "gateway.rate-limit.counted";

/// Shares this replica's counts with the other gateway replicas over the bus, and counts
/// theirs, until the process ends. Best effort: while the broker is away each replica counts
/// alone (a caller then gets up to a limit on each replica it reaches), and the counts of that
/// time are not sent later. `heard` counts what the others told (a metric).
pub async fn share(limiter: Arc<Limiter>, bus: Bus, heard: prometheus::IntCounter) {
    let replica = uuid::Uuid::now_v7().to_string();
    let mut subscription = bus.broadcast(crate::NAME, &[ROUTE_COUNTED]);
    let listen = async {
        while let Some(delivery) = subscription.recv().await {
            match decode(&delivery.body) {
                Ok(told) if told.replica != replica => {
                    heard.inc_by(limiter.heard(&told.counts));
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "undecodable rate-limit counts ignored"),
            }
            if let Some(ack) = delivery.ack {
                ack.ack().await;
            }
        }
    };
    let tell = async {
        let mut every = actix_web::rt::time::interval(SHARE_EVERY);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let counts = limiter.take_unsent();
            if counts.is_empty() {
                continue;
            }
            let payload = v1::RateLimitCounted {
                replica: replica.clone(),
                counts: counts
                    .into_iter()
                    .map(|c| v1::RateLimitCount {
                        key: c.key,
                        window: c.window,
                        count: c.count,
                    })
                    .collect(),
            };
            let body = Outgoing::new(crate::NAME, ROUTE_COUNTED, 0, &payload).envelope_bytes();
            if let Err((_, e)) = bus.publish_batch(&[(ROUTE_COUNTED, body.as_slice())]).await {
                tracing::debug!(error = %e, "rate-limit counts not shared");
            }
        }
    };
    // Neither ends before the process does; the task stops with the server.
    futures_util::future::join(listen, tell).await;
}

struct Told {
    replica: String,
    counts: Vec<Count>,
}

fn decode(body: &[u8]) -> Result<Told, prost::DecodeError> {
    let envelope = EventEnvelope::decode(body)?;
    let told = v1::RateLimitCounted::decode(envelope.payload.as_slice())?;
    Ok(Told {
        replica: told.replica,
        counts: told
            .counts
            .into_iter()
            .map(|c| Count {
                key: c.key,
                window: c.window,
                count: c.count,
            })
            .collect(),
    })
}
