//! Sending the open API's webhook deliveries, beside the server (docs/open-api.md). An order
//! change queues its delivery in the transaction that makes it (`store::webhooks`); this loop
//! posts each to the distributor's callback URL, signed with the webhook's secret, and records
//! the answer: a 2xx is delivered, anything else (or no answer) is tried again after 2 s,
//! doubling to 5 minutes, and given up after 8 attempts (it can be sent again by hand). Replicas
//! share the queue: each takes a delivery with a conditional update before sending it.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::time::Duration;

use platform::db::{DbPool, with_conn, write_tx};
use platform::outbound::Outbound;
use platform::sealing::Sealer;
use platform::time::now_ms;

use crate::domain::webhook::{self as rules, state};
use crate::store::webhooks::{self as store, Attempt, Delivery};

/// How long a replica holds a delivery it took before another may take it.
const LEASE_MS: i64 = 60_000;
/// How often the queue is looked at.
pub const EVERY: Duration = Duration::from_millis(500);
/// Deliveries looked at a round.
const ROUND: i64 = 200;
/// The longest answer kept of a failed attempt.
const KEPT_ERROR: usize = 500;

/// Sends what is due every `every` until the server stops.
pub async fn run(pool: DbPool, sealer: Sealer, outbound: Outbound, every: Duration) {
    loop {
        actix_web::rt::time::sleep(every).await;
        match deliver_due(&pool, &sealer, &outbound).await {
            Ok(0) => {}
            Ok(n) => tracing::debug!(deliveries = n, "webhook deliveries sent"),
            Err(e) => tracing::warn!(error = %e, "webhook deliveries not sent this round"),
        }
    }
}

/// A delivery taken, with its webhook's sealed secret (None: the webhook is gone).
type Taken = (Delivery, Option<String>);

/// Sends every due delivery once; answers how many were tried.
pub async fn deliver_due(
    pool: &DbPool,
    sealer: &Sealer,
    outbound: &Outbound,
) -> anyhow::Result<usize> {
    let now = now_ms();
    let taken = with_conn(pool, move |conn| -> anyhow::Result<Vec<Taken>> {
        Ok(write_tx(conn, |conn| -> diesel::QueryResult<Vec<Taken>> {
            let mut taken = Vec::new();
            // Each distributor's webhook is read once a round, however many of its deliveries
            // go in it.
            let mut secrets: HashMap<(i64, i64), Option<String>> = HashMap::new();
            for d in store::due(conn, now, ROUND)? {
                if store::take(conn, &d, now + LEASE_MS)? {
                    let secret = match secrets.entry((d.saas_id, d.mch_id)) {
                        Entry::Occupied(e) => e.get().clone(),
                        Entry::Vacant(e) => e
                            .insert(store::get(conn, d.saas_id, d.mch_id)?.map(|h| h.secret_sealed))
                            .clone(),
                    };
                    taken.push((d, secret));
                }
            }
            Ok(taken)
        })?)
    })
    .await?;
    let tried = taken.len();
    for (d, sealed) in taken {
        let attempt = match sealed {
            None => Attempt {
                id: d.id,
                state: state::GIVEN_UP,
                attempts: d.attempts,
                next_at: now,
                status: 0,
                error: "the webhook was removed".to_owned(),
                now,
            },
            Some(sealed) => send(&d, &sealed, sealer, outbound).await,
        };
        with_conn(pool, move |conn| -> anyhow::Result<()> {
            Ok(store::record(conn, &attempt)?)
        })
        .await?;
    }
    Ok(tried)
}

/// Posts `d` to its URL, signed; answers what became of the attempt.
async fn send(d: &Delivery, sealed: &str, sealer: &Sealer, outbound: &Outbound) -> Attempt {
    let now = now_ms();
    let failed = |status: u16, error: String| {
        let attempts = d.attempts + 1;
        match rules::retry_after_ms(attempts) {
            Some(wait) => Attempt {
                id: d.id,
                state: state::PENDING,
                attempts,
                next_at: now.saturating_add(wait),
                status: i32::from(status),
                error,
                now,
            },
            None => {
                tracing::warn!(delivery = d.id, attempts, "webhook delivery given up");
                Attempt {
                    id: d.id,
                    state: state::GIVEN_UP,
                    attempts,
                    next_at: now,
                    status: i32::from(status),
                    error,
                    now,
                }
            }
        }
    };
    let secret = match sealer.open(sealed) {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(delivery = d.id, error = %e, "a webhook secret does not open with hotel-app's key");
            return failed(0, "the webhook's secret cannot be read".to_owned());
        }
    };
    let id = d.id.to_string();
    let signature = rules::signature(
        &secret,
        &rules::path_and_query(&d.url),
        now,
        &id,
        d.payload.as_bytes(),
    );
    let sent = outbound
        .client()
        .post(&d.url)
        .header("content-type", "application/json")
        .header(rules::ID_HEADER, &id)
        .header(rules::TIMESTAMP_HEADER, now.to_string())
        .header(rules::SIGNATURE_HEADER, signature)
        .body(d.payload.clone())
        .send()
        .await;
    match sent {
        Ok(r) if r.status().is_success() => Attempt {
            id: d.id,
            state: state::DELIVERED,
            attempts: d.attempts,
            next_at: now,
            status: i32::from(r.status().as_u16()),
            error: String::new(),
            now,
        },
        Ok(r) => {
            let status = r.status().as_u16();
            let mut text = r.text().await.unwrap_or_default();
            if text.len() > KEPT_ERROR {
                let mut at = KEPT_ERROR;
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                text.truncate(at);
            }
            failed(status, format!("HTTP {status}: {text}"))
        }
        Err(e) => failed(
            0,
            if e.is_timeout() {
                "no answer in time".to_owned()
            } else if e.is_connect() {
                "cannot connect".to_owned()
            } else {
                "the call failed".to_owned()
            },
        ),
    }
}
