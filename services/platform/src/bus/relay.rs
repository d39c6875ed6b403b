//! The outbox relay: publishes unsent rows in order and marks them sent only once the broker
//! has taken them; while the broker is down it backs off and loses nothing.

use std::sync::OnceLock;
use std::time::Duration;

use tokio::sync::Notify;

use super::{Bus, outbox};
use crate::db::{DbError, DbPool, with_conn};

const BATCH: i64 = 500;
const IDLE_POLL: Duration = Duration::from_millis(50);
const MAX_BACKOFF: Duration = Duration::from_secs(5);

fn notify() -> &'static Notify {
    static WAKE: OnceLock<Notify> = OnceLock::new();
    WAKE.get_or_init(Notify::new)
}

/// Wakes the relays waiting for work: they look at once instead of at their next poll.
pub fn wake() {
    notify().notify_waiters();
}

thread_local! {
    static WRITTEN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Called when an event is written inside a transaction: waking the relays now would have them
/// look before the commit, find nothing and sleep a whole poll, so the wake waits until the
/// database work on this thread is over (`wake_if_written`, called by `db::with_conn`).
pub fn written() {
    WRITTEN.with(|w| w.set(true));
}

/// Wakes the relays if an event was written on this thread since the last call.
pub fn wake_if_written() {
    if WRITTEN.with(|w| w.replace(false)) {
        wake();
    }
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

/// Runs until the task is dropped.
pub async fn run(bus: Bus, pool: DbPool, service: &'static str) {
    let mut backoff = Duration::from_millis(100);
    loop {
        let wake = notify().notified();
        match pass(&bus, &pool).await {
            Ok(n) if n as i64 == BATCH => continue,
            Ok(_) => {
                backoff = Duration::from_millis(100);
                tokio::select! {
                    () = wake => {}
                    () = tokio::time::sleep(IDLE_POLL) => {}
                }
            }
            Err(e) => {
                tracing::warn!(service, error = %e, retry_in_ms = backoff.as_millis() as u64, "outbox relay paused");
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(MAX_BACKOFF);
            }
        }
    }
}
