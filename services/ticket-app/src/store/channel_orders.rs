//! What ticket-app keeps of the orders channels place (docs/channels.md): the nonces of their
//! signed calls (a replay is refused), and the notices of what became of their orders waiting to
//! be told to them, in the order it happened, each retried with backoff until the channel takes
//! it.

use diesel::prelude::*;
use platform::channel::{OrderNotice, OrderOutcome};
use platform::db::DbConnection;

use std::collections::HashMap;

use super::orders::OrderRow;
use super::schema::{channel_nonces, channel_order_notices, ticket_channel_orders, ticket_orders};

/// A channel's order: the configuration it came through, the channel's order id and what the
/// channel sold all its tickets at (fen).
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = ticket_channel_orders)]
pub struct ChannelOrigin {
    pub config_id: i64,
    pub channel_order_id: String,
    pub channel_price: i64,
}

/// Records that order `order_id` of tenant `saas_id` came from a channel, in the transaction
/// placing it (a second order under the same channel order id breaks the unique index).
pub fn record(
    conn: &mut DbConnection,
    saas_id: i64,
    order_id: i64,
    origin: &ChannelOrigin,
) -> QueryResult<()> {
    diesel::insert_into(ticket_channel_orders::table)
        .values((
            ticket_channel_orders::order_id.eq(order_id),
            ticket_channel_orders::saas_id.eq(saas_id),
            ticket_channel_orders::config_id.eq(origin.config_id),
            ticket_channel_orders::channel_order_id.eq(&origin.channel_order_id),
            ticket_channel_orders::channel_price.eq(origin.channel_price),
        ))
        .execute(conn)?;
    Ok(())
}

/// Where order `order_id` came from, if a channel placed it.
pub fn origin(conn: &mut DbConnection, order_id: i64) -> QueryResult<Option<ChannelOrigin>> {
    ticket_channel_orders::table
        .find(order_id)
        .select(ChannelOrigin::as_select())
        .first(conn)
        .optional()
}

/// Where each of `order_ids` a channel placed came from.
pub fn origins(
    conn: &mut DbConnection,
    order_ids: &[i64],
) -> QueryResult<HashMap<i64, ChannelOrigin>> {
    let rows: Vec<(i64, ChannelOrigin)> = ticket_channel_orders::table
        .filter(ticket_channel_orders::order_id.eq_any(order_ids))
        .select((ticket_channel_orders::order_id, ChannelOrigin::as_select()))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// Records a call's `nonce` for `config_id`; false when it was recorded before (a replay).
pub fn first_use(
    conn: &mut DbConnection,
    config_id: i64,
    nonce: &str,
    timestamp: i64,
) -> QueryResult<bool> {
    let insert = diesel::insert_into(channel_nonces::table)
        .values((
            channel_nonces::config_id.eq(config_id),
            channel_nonces::nonce.eq(nonce),
            channel_nonces::timestamp.eq(timestamp),
        ))
        .on_conflict_do_nothing();
    let n = platform::per_backend!(conn, |c| insert.execute(c))?;
    Ok(n == 1)
}

/// Forgets nonces whose timestamps are refused as stale anyway.
pub fn forget_nonces_before(conn: &mut DbConnection, timestamp: i64) -> QueryResult<usize> {
    diesel::delete(channel_nonces::table.filter(channel_nonces::timestamp.lt(timestamp)))
        .execute(conn)
}

/// The order the configuration's channel placed under `channel_order_id`.
pub fn find(
    conn: &mut DbConnection,
    config_id: i64,
    channel_order_id: &str,
) -> QueryResult<Option<OrderRow>> {
    ticket_orders::table
        .inner_join(ticket_channel_orders::table)
        .filter(ticket_channel_orders::config_id.eq(config_id))
        .filter(ticket_channel_orders::channel_order_id.eq(channel_order_id))
        .select(OrderRow::as_select())
        .first(conn)
        .optional()
}

/// Queues telling the channel what became of its order `o`, in the transaction of the change.
pub fn enqueue_notice(
    conn: &mut DbConnection,
    o: &OrderRow,
    origin: &ChannelOrigin,
    outcome: OrderOutcome,
    vouchers: &[String],
    reason: &str,
    now: i64,
) -> QueryResult<()> {
    let vouchers = serde_json::to_string(vouchers).unwrap_or_else(|_| "[]".to_owned());
    diesel::insert_into(channel_order_notices::table)
        .values((
            channel_order_notices::id.eq(platform::id::next_id()),
            channel_order_notices::saas_id.eq(o.saas_id),
            channel_order_notices::config_id.eq(origin.config_id),
            channel_order_notices::order_id.eq(o.id),
            channel_order_notices::channel_order_id.eq(&origin.channel_order_id),
            channel_order_notices::state.eq(outcome.as_str()),
            channel_order_notices::vouchers.eq(vouchers),
            channel_order_notices::reason.eq(reason),
            channel_order_notices::attempts.eq(0),
            channel_order_notices::next_at.eq(now),
            channel_order_notices::created_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

/// A notice waiting to be told.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = channel_order_notices)]
pub struct Notice {
    pub id: i64,
    pub saas_id: i64,
    pub config_id: i64,
    pub order_id: i64,
    pub channel_order_id: String,
    pub state: String,
    pub vouchers: String,
    pub reason: String,
    pub attempts: i32,
    pub next_at: i64,
    pub created_at: i64,
}

impl Notice {
    /// What the channel is sent.
    pub fn notice(&self) -> OrderNotice {
        OrderNotice {
            order_id: self.channel_order_id.clone(),
            partner_order_id: self.order_id.to_string(),
            // Written only from an OrderOutcome.
            state: OrderOutcome::from_name(&self.state).unwrap_or(OrderOutcome::Pending),
            vouchers: serde_json::from_str(&self.vouchers).unwrap_or_default(),
            reason: self.reason.clone(),
        }
    }
}

/// Notices due by `now`, oldest first, each only when no earlier one of its order is still
/// waiting (a channel hears "confirmed" before "cancelled").
pub fn due(conn: &mut DbConnection, now: i64, limit: i64) -> QueryResult<Vec<Notice>> {
    let candidates: Vec<Notice> = channel_order_notices::table
        .filter(channel_order_notices::next_at.le(now))
        .order((channel_order_notices::created_at, channel_order_notices::id))
        .limit(limit)
        .select(Notice::as_select())
        .load(conn)?;
    let mut orders: Vec<i64> = candidates.iter().map(|n| n.order_id).collect();
    orders.sort_unstable();
    orders.dedup();
    let waiting: Vec<(i64, i64, i64)> = channel_order_notices::table
        .filter(channel_order_notices::order_id.eq_any(&orders))
        .select((
            channel_order_notices::order_id,
            channel_order_notices::created_at,
            channel_order_notices::id,
        ))
        .load(conn)?;
    let firsts = platform::jobs::firsts_of_groups(waiting);
    Ok(candidates
        .into_iter()
        .filter(|n| firsts.contains(&n.id))
        .collect())
}

/// Takes `n` until `until` if no other replica took it since it was read.
pub fn take(conn: &mut DbConnection, n: &Notice, until: i64) -> QueryResult<bool> {
    let changed = diesel::update(
        channel_order_notices::table
            .filter(channel_order_notices::id.eq(n.id))
            .filter(channel_order_notices::next_at.eq(n.next_at)),
    )
    .set(channel_order_notices::next_at.eq(until))
    .execute(conn)?;
    Ok(changed == 1)
}

/// The notice was told (or given up).
pub fn done(conn: &mut DbConnection, id: i64) -> QueryResult<()> {
    diesel::delete(channel_order_notices::table.find(id)).execute(conn)?;
    Ok(())
}

/// The notice goes again at `next_at`, after `attempts` failed calls.
pub fn retry_at(conn: &mut DbConnection, id: i64, attempts: i32, next_at: i64) -> QueryResult<()> {
    diesel::update(channel_order_notices::table.find(id))
        .set((
            channel_order_notices::attempts.eq(attempts),
            channel_order_notices::next_at.eq(next_at),
        ))
        .execute(conn)?;
    Ok(())
}
