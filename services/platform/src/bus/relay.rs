//! The outbox relay: publishes unsent rows in order and marks them sent only once the broker
//! has taken them; while the broker is down it backs off and loses nothing.

use std::sync::OnceLock;
use std::time::Duration;

use tokio::sync::Notify;

use super::{Bus, outbox};
use crate::db::{DbError, DbPool, with_conn};

const BATCH: i64 = 500;
/// The setting (under `TRADEWIND_<SERVICE>__`) of how often an idle relay looks at the outbox
/// unwoken. Commits wake it at once; the poll is the safety net for rows no wake announced
/// (committed by another process on the same database).
pub const POLL_VARIABLE: &str = "BUS__RELAY_POLL_MS";
/// The poll when [`POLL_VARIABLE`] is unset.
pub const DEFAULT_IDLE_POLL: Duration = Duration::from_millis(50);
const MAX_BACKOFF: Duration = Duration::from_secs(5);

fn notify() -> &'static Notify {
    static WAKE: OnceLock<Notify> = OnceLock::new();
    WAKE.get_or_init(Notify::new)
}

/// Wakes the relays waiting for work: they look at once instead of at their next poll. Called
/// when events are committed (`outbox::publish_in_tx` sees to it).
pub fn wake() {
    notify().notify_waiters();
}

/// Publishes one batch; answers how many rows it sent.
async fn pass(bus: &Bus, pool: &DbPool) -> Result<usize, String> {
    let rows = with_conn(pool, |c| outbox::unsent(c, BATCH).map_err(DbError::from))
        .await
        .map_err(|e| e.to_string())?;
    if rows.is_empty() {
        return Ok(0);
    }
    let messages: Vec<(&str, &[u8])> = rows
        .iter()
        .map(|r| (r.routing_key.as_str(), r.envelope.as_slice()))
        .collect();
    // On a failure only the confirmed leading rows are marked, so events leave in order.
    let (count, failure) = match bus.publish_batch(&messages).await {
        Ok(n) => (n, None),
        Err((n, e)) => (n, Some(e.to_string())),
    };
    let sent: Vec<i64> = rows.iter().take(count).map(|r| r.id).collect();
    if !sent.is_empty() {
        let now = crate::time::now_ms();
        with_conn(pool, move |c| {
            outbox::mark_sent(c, &sent, now).map_err(DbError::from)
        })
        .await
        .map_err(|e| e.to_string())?;
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(count),
    }
}

/// Runs until the task is dropped; between passes it waits for a wake or `idle_poll`.
pub async fn run(bus: Bus, pool: DbPool, service: &'static str, idle_poll: Duration) {
    let mut backoff = Duration::from_millis(100);
    // When the relay paused and how many passes failed since: said once it publishes again, so
    // a log shows how long events waited (the pause alone does not tell).
    let mut paused: Option<(std::time::Instant, u32)> = None;
    loop {
        let wake = notify().notified();
        let outcome = pass(&bus, &pool).await;
        if outcome.is_ok()
            && let Some((since, failures)) = paused.take()
        {
            tracing::info!(
                service,
                paused_ms = since.elapsed().as_millis() as u64,
                failures,
                "outbox relay resumed"
            );
        }
        match outcome {
            Ok(n) if n as i64 == BATCH => continue,
            Ok(_) => {
                backoff = Duration::from_millis(100);
                tokio::select! {
                    () = wake => {}
                    () = tokio::time::sleep(idle_poll) => {}
                }
            }
            Err(e) => {
                let (_, failures) = paused.get_or_insert((std::time::Instant::now(), 0));
                *failures += 1;
                tracing::warn!(service, error = %e, retry_in_ms = backoff.as_millis() as u64, "outbox relay paused");
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_BACKOFF);
            }
        }
    }
}
