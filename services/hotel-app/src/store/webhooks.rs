//! The open API's webhooks (docs/open-api.md): each distributor's callback URL with its sealed
//! secret, and the deliveries of its orders' changes, queued in the transaction of the change
//! and sent by `crate::webhooks` in the order they happened, retried with backoff.

use diesel::prelude::*;
use platform::db::DbConnection;
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::orders::OrderSummary;
use super::schema::{open_webhook_deliveries as deliveries, open_webhooks, order_details};
use crate::domain::webhook::{WebhookEvent, state};

/// A distributor's webhook as its API users see it: never the secret.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = open_webhooks)]
#[serde(rename_all = "camelCase")]
pub struct Webhook {
    pub url: String,
    #[serde(skip)]
    pub secret_sealed: String,
    /// The API user who set it.
    pub updated_by: i64,
    pub updated_at: i64,
}

/// Sets the distributor's callback URL and secret (in place of the ones it had).
pub fn set(
    conn: &mut DbConnection,
    saas_id: i64,
    mch_id: i64,
    url: &str,
    secret_sealed: &str,
    by: i64,
    now: i64,
) -> QueryResult<()> {
    let values = (
        open_webhooks::saas_id.eq(saas_id),
        open_webhooks::mch_id.eq(mch_id),
        open_webhooks::url.eq(url),
        open_webhooks::secret_sealed.eq(secret_sealed),
        open_webhooks::updated_by.eq(by),
        open_webhooks::updated_at.eq(now),
    );
    let upsert = diesel::insert_into(open_webhooks::table)
        .values(values)
        .on_conflict((open_webhooks::saas_id, open_webhooks::mch_id))
        .do_update()
        .set((
            open_webhooks::url.eq(url),
            open_webhooks::secret_sealed.eq(secret_sealed),
            open_webhooks::updated_by.eq(by),
            open_webhooks::updated_at.eq(now),
        ));
    platform::per_backend!(conn, |c| upsert.execute(c))?;
    Ok(())
}

/// The distributor's webhook, if it set one.
pub fn get(conn: &mut DbConnection, saas_id: i64, mch_id: i64) -> QueryResult<Option<Webhook>> {
    open_webhooks::table
        .find((saas_id, mch_id))
        .select(Webhook::as_select())
        .first(conn)
        .optional()
}

/// Removes the distributor's webhook; its pending deliveries are given up. Answers whether it
/// had one.
pub fn remove(conn: &mut DbConnection, saas_id: i64, mch_id: i64, now: i64) -> QueryResult<bool> {
    let n = diesel::delete(open_webhooks::table.find((saas_id, mch_id))).execute(conn)?;
    diesel::update(
        deliveries::table
            .filter(deliveries::saas_id.eq(saas_id))
            .filter(deliveries::mch_id.eq(mch_id))
            .filter(deliveries::state.eq(state::PENDING)),
    )
    .set((
        deliveries::state.eq(state::GIVEN_UP),
        deliveries::last_error.eq("the webhook was removed"),
        deliveries::next_at.eq(now),
    ))
    .execute(conn)?;
    Ok(n > 0)
}

/// Queues the delivery of a change of order `o` (`event`: `order.created`,
/// `order.state-changed` or `order.cancelled`; `old_state` the order state before it) if its
/// distributor has a webhook: in the transaction of the change.
pub fn order_changed(
    conn: &mut DbConnection,
    o: &OrderSummary,
    event: &str,
    old_state: i32,
    reason: &str,
    now: i64,
) -> QueryResult<()> {
    let Some(hook) = get(conn, o.saas_id, o.distributor_id)? else {
        return Ok(());
    };
    let channel_order_id: String = order_details::table
        .find(o.order_id)
        .select(order_details::channel_order_id)
        .first(conn)
        .optional()?
        .unwrap_or_default();
    let e = WebhookEvent {
        event: event.to_owned(),
        order_id: o.order_id,
        channel_order_id,
        order_state: o.order_state,
        old_order_state: old_state,
        pay_state: o.pay_state,
        reason: reason.to_owned(),
        occurred_at: now,
    };
    let payload = serde_json::to_string(&e).unwrap_or_default();
    diesel::insert_into(deliveries::table)
        .values((
            (
                deliveries::id.eq(platform::id::next_id()),
                deliveries::saas_id.eq(o.saas_id),
                deliveries::mch_id.eq(o.distributor_id),
                deliveries::order_id.eq(o.order_id),
                deliveries::event.eq(event),
                deliveries::payload.eq(payload),
                deliveries::url.eq(&hook.url),
            ),
            (
                deliveries::state.eq(state::PENDING),
                deliveries::attempts.eq(0),
                deliveries::next_at.eq(now),
                deliveries::last_status.eq(0),
                deliveries::last_error.eq(""),
                deliveries::created_at.eq(now),
                deliveries::delivered_at.eq(0),
            ),
        ))
        .execute(conn)?;
    Ok(())
}

/// A delivery as its distributor's API users see it in the delivery log.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = deliveries)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub id: i64,
    #[serde(skip)]
    pub saas_id: i64,
    #[serde(skip)]
    pub mch_id: i64,
    pub order_id: i64,
    pub event: String,
    /// The body sent (a `WebhookEvent`).
    pub payload: String,
    pub url: String,
    /// 1 pending, 2 delivered, 3 given up.
    pub state: i32,
    /// Failed attempts so far.
    pub attempts: i32,
    /// When it goes next (pending), ms.
    pub next_at: i64,
    /// The receiver's last HTTP status; 0 when it did not answer.
    pub last_status: i32,
    pub last_error: String,
    pub created_at: i64,
    pub delivered_at: i64,
}

/// Deliveries due by `now`, oldest first, each only when no earlier one of its order is still
/// pending (the receiver hears an order's changes in the order they happened).
pub fn due(conn: &mut DbConnection, now: i64, limit: i64) -> QueryResult<Vec<Delivery>> {
    let candidates: Vec<Delivery> = deliveries::table
        .filter(deliveries::state.eq(state::PENDING))
        .filter(deliveries::next_at.le(now))
        .order((deliveries::created_at, deliveries::id))
        .limit(limit)
        .select(Delivery::as_select())
        .load(conn)?;
    let mut orders: Vec<i64> = candidates.iter().map(|d| d.order_id).collect();
    orders.sort_unstable();
    orders.dedup();
    let waiting: Vec<(i64, i64, i64)> = deliveries::table
        .filter(deliveries::order_id.eq_any(&orders))
        .filter(deliveries::state.eq(state::PENDING))
        .select((deliveries::order_id, deliveries::created_at, deliveries::id))
        .load(conn)?;
    let firsts = platform::jobs::firsts_of_groups(waiting);
    Ok(candidates
        .into_iter()
        .filter(|d| firsts.contains(&d.id))
        .collect())
}

/// Takes `d` until `until` if no other replica took it since it was read.
pub fn take(conn: &mut DbConnection, d: &Delivery, until: i64) -> QueryResult<bool> {
    let n = diesel::update(
        deliveries::table
            .filter(deliveries::id.eq(d.id))
            .filter(deliveries::state.eq(state::PENDING))
            .filter(deliveries::next_at.eq(d.next_at)),
    )
    .set(deliveries::next_at.eq(until))
    .execute(conn)?;
    Ok(n == 1)
}

/// What became of one attempt.
pub struct Attempt {
    pub id: i64,
    /// The delivery's state after it, and when it goes next if still pending.
    pub state: i32,
    pub attempts: i32,
    pub next_at: i64,
    pub status: i32,
    pub error: String,
    pub now: i64,
}

pub fn record(conn: &mut DbConnection, a: &Attempt) -> QueryResult<()> {
    diesel::update(deliveries::table.find(a.id))
        .set((
            deliveries::state.eq(a.state),
            deliveries::attempts.eq(a.attempts),
            deliveries::next_at.eq(a.next_at),
            deliveries::last_status.eq(a.status),
            deliveries::last_error.eq(&a.error),
            deliveries::delivered_at.eq(if a.state == state::DELIVERED {
                a.now
            } else {
                0
            }),
        ))
        .execute(conn)?;
    Ok(())
}

/// The distributor's deliveries, newest first, of one order when given.
pub fn list(
    conn: &mut DbConnection,
    saas_id: i64,
    mch_id: i64,
    order_id: Option<i64>,
    page: PageRequest,
) -> QueryResult<(Vec<Delivery>, i64)> {
    let filtered = || {
        let mut q = deliveries::table
            .filter(deliveries::saas_id.eq(saas_id))
            .filter(deliveries::mch_id.eq(mch_id))
            .into_boxed::<platform::db::Backend>();
        if let Some(o) = order_id {
            q = q.filter(deliveries::order_id.eq(o));
        }
        q
    };
    let total = platform::db::count_capped(conn, filtered().select(deliveries::id))?;
    let rows = filtered()
        .order((deliveries::created_at.desc(), deliveries::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(Delivery::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// Sends the distributor's delivery `id` again now, to the webhook's current URL, with a fresh
/// count of attempts; answers whether it is the distributor's.
pub fn resend(
    conn: &mut DbConnection,
    saas_id: i64,
    mch_id: i64,
    id: i64,
    url: &str,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        deliveries::table
            .filter(deliveries::id.eq(id))
            .filter(deliveries::saas_id.eq(saas_id))
            .filter(deliveries::mch_id.eq(mch_id)),
    )
    .set((
        deliveries::state.eq(state::PENDING),
        deliveries::attempts.eq(0),
        deliveries::next_at.eq(now),
        deliveries::url.eq(url),
        deliveries::last_error.eq(""),
    ))
    .execute(conn)?;
    Ok(n == 1)
}
