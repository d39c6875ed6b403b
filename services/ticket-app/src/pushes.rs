//! Pushing calendar changes of mapped products to their channels, beside the server
//! (docs/channels.md). A change queues its days in the transaction that makes it
//! (`store::channels::enqueue`); this loop sends each product's days once its edits pause
//! (`platform::channel::push::Pacing`), as the configuration's distributor books them, merged
//! into as few calls as the pacing allows, each call in the interface log. A failed call is tried
//! again with backoff, then given up; a refused one is given up at once (sending it again changes
//! nothing). Replicas share the queue: each takes a product's entry with a conditional update
//! before sending it, so no two send the same.
//!
//! The same loop tells channels what became of their orders (`store::channel_orders`): each
//! notice in the order it happened (a later one of an order waits for the earlier), with the
//! same backoff and lease.

use std::collections::BTreeMap;
use std::time::Duration;

use platform::channel::push::Pacing;
use platform::channel::{Calendar, Exchange, Outcome};
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::outbound::Outbound;
use platform::replica::InterfaceConfigCopy;
use platform::sealing::Sealer;
use platform::time::now_ms;
use platform::trade_store::CalendarTables as _;

use crate::domain::channel as rules;
use crate::store::calendar::Calendar as Tables;
use crate::store::channel_orders::{self as notices, Notice};
use crate::store::channels::{self as store, Pending};

/// How long a replica holds an entry it took before another may take it (a replica that died
/// mid-call leaves it to the others after this).
const LEASE_MS: i64 = 60_000;
/// How long an entry of a disabled or incomplete configuration waits before it is looked at
/// again.
const PARKED_MS: i64 = 30_000;
/// How often the queue is looked at.
pub const EVERY: Duration = Duration::from_millis(500);
/// Entries looked at a round.
const ROUND: i64 = 500;

/// Pushes what is due every `every` until the server stops.
pub async fn run(
    pool: DbPool,
    transport: Sealer,
    outbound: Outbound,
    pacing: Pacing,
    every: Duration,
) {
    loop {
        actix_web::rt::time::sleep(every).await;
        match push_due(&pool, &transport, &outbound, &pacing).await {
            Ok(0) => {}
            Ok(n) => tracing::debug!(calls = n, "channel pushes sent"),
            Err(e) => tracing::warn!(error = %e, "channel pushes not sent this round"),
        }
        match notify_due(&pool, &transport, &outbound, &pacing).await {
            Ok(0) => {}
            Ok(n) => tracing::debug!(calls = n, "channel order notices sent"),
            Err(e) => tracing::warn!(error = %e, "channel order notices not sent this round"),
        }
    }
}

/// One configuration's due products, taken, with what to send.
struct Batch {
    /// When its entries were taken: changes after it are not in this push.
    taken_at: i64,
    config: InterfaceConfigCopy,
    sealed: String,
    /// Each product's entry, its channel calendar, and the days it covers.
    items: Vec<(Pending, Calendar, Vec<String>)>,
}

/// Sends every due push once; answers how many calls were made.
pub async fn push_due(
    pool: &DbPool,
    transport: &Sealer,
    outbound: &Outbound,
    pacing: &Pacing,
) -> anyhow::Result<usize> {
    let now = now_ms();
    let pacing_ = *pacing;
    let batches = with_conn(pool, move |conn| -> anyhow::Result<Vec<Batch>> {
        Ok(write_tx(conn, |conn| take_due(conn, &pacing_, now))?)
    })
    .await?;
    let mut calls = 0;
    for batch in batches {
        let client = match rules::client_of(&batch.config, &batch.sealed, transport, outbound) {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(config_id = batch.config.config_id, error = %e, "channel configuration cannot push; parked");
                park(pool, batch.items.into_iter().map(|i| i.0).collect()).await?;
                continue;
            }
        };
        let calendars: Vec<Calendar> = batch.items.iter().map(|i| i.1.clone()).collect();
        let mut results: Vec<(Vec<String>, Exchange)> = Vec::new();
        for call in pacing.calls(calendars) {
            let exchange = client.push_calendars(&call).await;
            calls += 1;
            results.push((call.into_iter().map(|c| c.product).collect(), exchange));
        }
        let (config, items, taken_at) = (batch.config, batch.items, batch.taken_at);
        let pacing_ = *pacing;
        with_conn(pool, move |conn| -> anyhow::Result<()> {
            Ok(write_tx(conn, |conn| {
                settle(conn, &config, items, &results, &pacing_, taken_at)
            })?)
        })
        .await?;
    }
    Ok(calls)
}

/// Takes the due entries (each with a conditional update, so a replica sends only what it
/// took) and reads what to send for them.
fn take_due(conn: &mut DbConnection, pacing: &Pacing, now: i64) -> diesel::QueryResult<Vec<Batch>> {
    let mut by_config: BTreeMap<i64, Vec<Pending>> = BTreeMap::new();
    for p in store::pending(conn, now, ROUND)? {
        // A first attempt waits for the edits to pause; a retry goes at its time.
        if p.attempts == 0 && !pacing.due(p.first_at, p.last_at, now) {
            continue;
        }
        if store::take(conn, &p, now + LEASE_MS)? {
            by_config.entry(p.config_id).or_default().push(p);
        }
    }
    let mut batches = Vec::new();
    for (config_id, entries) in by_config {
        let saas_id = entries[0].saas_id;
        let config = platform::replica::interface_config(conn, saas_id, config_id)?;
        let Some(config) = config.filter(|c| rules::check_enabled(c).is_ok()) else {
            // Disabled (or gone): the changes wait, to be sent once it is enabled again.
            for p in &entries {
                store::retry_at(conn, p, p.attempts, now + PARKED_MS)?;
            }
            continue;
        };
        let sealed =
            platform::replica::interface_credentials(conn, saas_id, config_id)?.unwrap_or_default();
        let ids: Vec<i64> = entries.iter().map(|p| p.product_id).collect();
        let mapped = store::mapped_products(conn, config_id, &ids)?;
        // The configuration's distributor is priced by its level's rules, as when it books.
        let suppliers = crate::store::products::suppliers_of(conn, saas_id, &ids)?;
        let price_rules = platform::replica::price_rules_for(conn, saas_id, config.mch_id)?;
        let mut items = Vec::new();
        for p in entries {
            let days = store::pending_days(conn, config_id, p.product_id)?;
            let Some(channel_product) = mapped.get(&p.product_id) else {
                store::sent(conn, &p, &days, now)?;
                continue;
            };
            let supplier_id = suppliers.get(&p.product_id).copied().unwrap_or_default();
            let rule = crate::store::calendar::rule_of(&price_rules, supplier_id, p.product_id);
            let calendar = calendar_of(
                conn,
                &config,
                (p.product_id, rule.as_ref()),
                channel_product,
                &days,
            )?;
            if calendar.days.is_empty() {
                // Only unpriced days: the channel has nothing to sell on them, nothing to send.
                store::sent(conn, &p, &days, now)?;
                continue;
            }
            items.push((p, calendar, days));
        }
        batches.push(Batch {
            taken_at: now,
            config,
            sealed,
            items,
        });
    }
    Ok(batches)
}

/// The product's `days` as the configuration's distributor books them (`product`: its id and
/// the distributor's level's price rule for it, if any); a day the supplier has not priced is
/// not sent (the channel has nothing to sell on it).
fn calendar_of(
    conn: &mut DbConnection,
    config: &InterfaceConfigCopy,
    product: (i64, Option<&platform::trade::formula::Expr>),
    channel_product: &str,
    days: &[String],
) -> diesel::QueryResult<Calendar> {
    let (product_id, rule) = product;
    let (Some(first), Some(last)) = (days.first(), days.last()) else {
        return Ok(Calendar {
            product: channel_product.to_owned(),
            days: Vec::new(),
        });
    };
    let common = Tables::common_range(conn, product_id, first, last)?;
    let own: BTreeMap<String, _> = Tables::own_range(conn, product_id, config.mch_id, first, last)?
        .into_iter()
        .map(|o| (o.day.clone(), o))
        .collect();
    let wanted: std::collections::HashSet<&String> = days.iter().collect();
    let days = common
        .iter()
        .filter(|c| wanted.contains(&c.day))
        .map(|c| rules::day_of(&c.offer(own.get(&c.day)).ruled(rule)))
        .collect();
    Ok(Calendar {
        product: channel_product.to_owned(),
        days,
    })
}

/// Records each call and moves each entry on: sent, tried again later, or given up (entries
/// taken at `taken_at`).
fn settle(
    conn: &mut DbConnection,
    config: &InterfaceConfigCopy,
    items: Vec<(Pending, Calendar, Vec<String>)>,
    results: &[(Vec<String>, Exchange)],
    pacing: &Pacing,
    taken_at: i64,
) -> diesel::QueryResult<()> {
    let now = now_ms();
    for (_, exchange) in results {
        store::log(
            conn,
            config.saas_id,
            config.config_id,
            &config.interface_name,
            "push",
            exchange,
            now,
        )?;
    }
    for (p, calendar, days) in items {
        // The worst outcome of the calls that carried the product (a long calendar may take
        // several).
        let outcome = results
            .iter()
            .filter(|(products, _)| products.contains(&calendar.product))
            .map(|(_, e)| e.outcome)
            .max_by_key(|o| match o {
                Outcome::Success => 0,
                Outcome::Failed => 1,
                Outcome::Refused => 2,
            })
            .unwrap_or(Outcome::Success);
        match outcome {
            Outcome::Success => store::sent(conn, &p, &days, taken_at)?,
            Outcome::Refused => {
                tracing::warn!(
                    config_id = p.config_id,
                    product_id = p.product_id,
                    "channel refused a push; given up"
                );
                store::sent(conn, &p, &days, taken_at)?;
            }
            Outcome::Failed => {
                let attempts = u32::try_from(p.attempts).unwrap_or(0) + 1;
                match pacing.retry_after(attempts) {
                    Some(wait) => {
                        let wait = i64::try_from(wait.as_millis()).unwrap_or(i64::MAX);
                        store::retry_at(
                            conn,
                            &p,
                            i32::try_from(attempts).unwrap_or(i32::MAX),
                            now.saturating_add(wait),
                        )?;
                    }
                    None => {
                        tracing::warn!(
                            config_id = p.config_id,
                            product_id = p.product_id,
                            attempts,
                            "channel push given up"
                        );
                        store::sent(conn, &p, &days, taken_at)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Entries that cannot go now wait [`PARKED_MS`].
async fn park(pool: &DbPool, entries: Vec<Pending>) -> anyhow::Result<()> {
    with_conn(pool, move |conn| -> anyhow::Result<()> {
        let now = now_ms();
        for p in &entries {
            store::retry_at(conn, p, p.attempts, now + PARKED_MS)?;
        }
        Ok(())
    })
    .await
}

/// A notice taken, with the configuration to send it through.
struct Due {
    notice: Notice,
    config: Option<(InterfaceConfigCopy, String)>,
}

/// Tells every due notice once; answers how many calls were made.
pub async fn notify_due(
    pool: &DbPool,
    transport: &Sealer,
    outbound: &Outbound,
    pacing: &Pacing,
) -> anyhow::Result<usize> {
    let now = now_ms();
    let due = with_conn(pool, move |conn| -> anyhow::Result<Vec<Due>> {
        Ok(write_tx(conn, |conn| -> diesel::QueryResult<Vec<Due>> {
            let mut taken = Vec::new();
            for n in notices::due(conn, now, ROUND)? {
                if !notices::take(conn, &n, now + LEASE_MS)? {
                    continue;
                }
                let config = platform::replica::interface_config(conn, n.saas_id, n.config_id)?
                    .filter(|c| rules::check_enabled(c).is_ok());
                let config = match config {
                    Some(c) => {
                        let sealed =
                            platform::replica::interface_credentials(conn, n.saas_id, n.config_id)?
                                .unwrap_or_default();
                        Some((c, sealed))
                    }
                    None => None,
                };
                taken.push(Due { notice: n, config });
            }
            Ok(taken)
        })?)
    })
    .await?;
    let mut calls = 0;
    for d in due {
        let n = d.notice;
        let Some((config, sealed)) = d.config else {
            // Disabled (or gone): the notice waits until it is enabled again.
            park_notice(pool, n, now + PARKED_MS).await?;
            continue;
        };
        let client = match rules::client_of(&config, &sealed, transport, outbound) {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(config_id = config.config_id, error = %e, "channel configuration cannot tell its orders; parked");
                park_notice(pool, n, now + PARKED_MS).await?;
                continue;
            }
        };
        let exchange = client.notify_order(&n.notice()).await;
        calls += 1;
        let pacing_ = *pacing;
        with_conn(pool, move |conn| -> anyhow::Result<()> {
            Ok(write_tx(conn, |conn| {
                settle_notice(conn, &config, &n, &exchange, &pacing_)
            })?)
        })
        .await?;
    }
    Ok(calls)
}

/// Records the call and moves the notice on: told, tried again later, or given up.
fn settle_notice(
    conn: &mut DbConnection,
    config: &InterfaceConfigCopy,
    n: &Notice,
    exchange: &Exchange,
    pacing: &Pacing,
) -> diesel::QueryResult<()> {
    let now = now_ms();
    store::log(
        conn,
        config.saas_id,
        config.config_id,
        &config.interface_name,
        "order-notify",
        exchange,
        now,
    )?;
    match exchange.outcome {
        Outcome::Success => notices::done(conn, n.id),
        Outcome::Refused => {
            tracing::warn!(
                config_id = n.config_id,
                order_id = n.order_id,
                "channel refused an order notice; given up"
            );
            notices::done(conn, n.id)
        }
        Outcome::Failed => {
            let attempts = u32::try_from(n.attempts).unwrap_or(0) + 1;
            match pacing.retry_after(attempts) {
                Some(wait) => notices::retry_at(
                    conn,
                    n.id,
                    i32::try_from(attempts).unwrap_or(i32::MAX),
                    now.saturating_add(i64::try_from(wait.as_millis()).unwrap_or(i64::MAX)),
                ),
                None => {
                    tracing::warn!(
                        config_id = n.config_id,
                        order_id = n.order_id,
                        attempts,
                        "channel order notice given up"
                    );
                    notices::done(conn, n.id)
                }
            }
        }
    }
}

async fn park_notice(pool: &DbPool, n: Notice, until: i64) -> anyhow::Result<()> {
    with_conn(pool, move |conn| -> anyhow::Result<()> {
        Ok(notices::retry_at(conn, n.id, n.attempts, until)?)
    })
    .await
}
