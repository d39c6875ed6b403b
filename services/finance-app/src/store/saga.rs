//! The finance side of the credit-payment saga (docs/finance.md): an order service asks for an
//! order's amount (`credit.<product>.requested`) and is answered
//! (`finance.<product>.credit-answered`, through the outbox); a credit-paid order that ends
//! refunded gives its amount back (`credit.<product>.release-requested`).
//!
//! Each runs in the delivery's transaction (with its `processed_events` row), and each is
//! idempotent by the order: `credit_reservations` holds one row per tenant and order, claimed
//! first, so two requests of one order never both take credit, whatever their event ids and
//! however they interleave; the credit is taken with one conditional update, so no distributor
//! goes over its limit whatever runs beside it.

use diesel::prelude::*;
use platform::bus::{Event, Outgoing, publish_in_tx, v1};
use platform::db::DbConnection;

use super::accounts;
use super::schema::credit_reservations;
use crate::NAME;
use crate::domain::credit::{self, Refusal};

/// Reservation state: refused (the reason kept); a new request may try again.
pub const REFUSED: i32 = 0;
/// Reservation state: the amount is taken from the distributor's credit.
pub const RESERVED: i32 = 1;
/// Reservation state: the amount went back; the order never takes credit again.
pub const RELEASED: i32 = 2;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = credit_reservations)]
struct Reservation {
    mch_id: i64,
    amount: i64,
    currency: String,
    state: i32,
    reason: String,
    repaid: i64,
}

fn reservation(
    conn: &mut DbConnection,
    saas_id: i64,
    order_id: i64,
) -> QueryResult<Option<Reservation>> {
    credit_reservations::table
        .find((saas_id, order_id))
        .select(Reservation::as_select())
        .first(conn)
        .optional()
}

/// The product word of a routing key (`credit.hotel.requested` → `hotel`).
fn product_of(routing_key: &str) -> anyhow::Result<&str> {
    routing_key
        .split('.')
        .nth(1)
        .filter(|p| !p.is_empty())
        .ok_or_else(|| anyhow::anyhow!("no product in routing key {routing_key}"))
}

/// What a request asks, checked.
struct Asked {
    saas_id: i64,
    order_id: i64,
    product_type: i32,
    mch_id: i64,
    amount: i64,
    currency: String,
}

fn answer(
    conn: &mut DbConnection,
    product: &str,
    request_id: &str,
    a: &Asked,
    refusal: Option<&str>,
) -> QueryResult<()> {
    let (zh, en) = match refusal {
        None => (String::new(), String::new()),
        Some(line) => match line.split_once(" / ") {
            Some((zh, en)) => (zh.to_owned(), en.to_owned()),
            None => (line.to_owned(), line.to_owned()),
        },
    };
    let payload = v1::CreditPaymentAnswered {
        order_id: a.order_id,
        product_type: a.product_type,
        distributor_mch_id: a.mch_id,
        amount: a.amount,
        currency: a.currency.clone(),
        accepted: refusal.is_none(),
        reason_zh: zh,
        reason_en: en,
        request_id: request_id.to_owned(),
    };
    let key = format!("finance.{product}.credit-answered");
    publish_in_tx(conn, Outgoing::new(NAME, &key, a.saas_id, &payload)).map(|_| ())
}

/// Takes the order's amount from its distributor's credit, or refuses, and answers; a request
/// of an order already answered is answered the same again, and takes nothing more.
pub fn reserve(
    conn: &mut DbConnection,
    e: &Event<v1::CreditPaymentRequested>,
) -> anyhow::Result<()> {
    let product = product_of(&e.routing_key)?;
    let order = e
        .payload
        .order
        .as_ref()
        .ok_or_else(|| anyhow::anyhow!("{} without its order", e.routing_key))?;
    let a = Asked {
        saas_id: e.saas_id,
        order_id: order.order_id,
        product_type: order.product_type,
        mch_id: order.distributor_mch_id,
        amount: e.payload.amount,
        currency: e.payload.currency.clone(),
    };
    let now = platform::time::now_ms();
    // Claim the order's row as reserved (what it ends as unless the credit refuses below, in
    // this transaction): a new one, or one a refusal left. Another delivery holding the claim
    // makes this wait (PostgreSQL's row lock, SQLite's write lock), then find it taken.
    let inserted = {
        let insert = diesel::insert_into(credit_reservations::table)
            .values((
                credit_reservations::saas_id.eq(a.saas_id),
                credit_reservations::order_id.eq(a.order_id),
                credit_reservations::mch_id.eq(a.mch_id),
                credit_reservations::product_type.eq(a.product_type),
                credit_reservations::amount.eq(a.amount),
                credit_reservations::currency.eq(&a.currency),
                credit_reservations::state.eq(RESERVED),
                credit_reservations::reason.eq(""),
                credit_reservations::created_at.eq(now),
                credit_reservations::updated_at.eq(now),
            ))
            .on_conflict_do_nothing();
        platform::per_backend!(&mut *conn, |c| insert.execute(c))?
    };
    let claimed = inserted > 0
        || diesel::update(
            credit_reservations::table
                .find((a.saas_id, a.order_id))
                .filter(credit_reservations::state.eq(REFUSED)),
        )
        .set((
            credit_reservations::mch_id.eq(a.mch_id),
            credit_reservations::amount.eq(a.amount),
            credit_reservations::currency.eq(&a.currency),
            credit_reservations::state.eq(RESERVED),
            credit_reservations::reason.eq(""),
            credit_reservations::updated_at.eq(now),
        ))
        .execute(conn)?
            > 0;
    if !claimed {
        // Reserved or released before: answer what was decided, take nothing.
        let r = reservation(conn, a.saas_id, a.order_id)?
            .ok_or_else(|| anyhow::anyhow!("reservation of order {} vanished", a.order_id))?;
        let told = Asked {
            mch_id: r.mch_id,
            amount: r.amount,
            currency: r.currency,
            ..a
        };
        let refusal = match r.state {
            RESERVED => None,
            RELEASED => Some(Refusal::Released.line()),
            _ => Some(r.reason),
        };
        answer(conn, product, &e.event_id, &told, refusal.as_deref())?;
        return Ok(());
    }
    // The conditional update decides; the rules only name the reason of a refusal, so the
    // account is read only then.
    let sane = a.amount > 0 && a.amount <= credit::MONEY_MAX;
    if sane && accounts::take(conn, a.saas_id, a.mch_id, &a.currency, a.amount, now)? {
        answer(conn, product, &e.event_id, &a, None)?;
        return Ok(());
    }
    let today = platform::time::day_of_ms(now);
    let refusal = match accounts::of_merchant(conn, a.saas_id, a.mch_id)? {
        None => Refusal::NoAccount,
        Some(acc) => {
            let funds = acc.funds();
            credit::may_spend(&funds, &acc.currency, &a.currency, a.amount, today)
                .err()
                // It covered the amount when read: it did not a moment before.
                .unwrap_or(Refusal::Insufficient {
                    available: funds.available(today),
                    amount: a.amount,
                })
        }
    };
    let reason = refusal.line();
    diesel::update(credit_reservations::table.find((a.saas_id, a.order_id)))
        .set((
            credit_reservations::state.eq(REFUSED),
            credit_reservations::reason.eq(&reason),
            credit_reservations::updated_at.eq(now),
        ))
        .execute(conn)?;
    answer(conn, product, &e.event_id, &a, Some(&reason))?;
    Ok(())
}

/// After a batch of payment requests: the day figures and announcement of each account they
/// asked of, once per account however many requests of the batch it took (a refused request's
/// account is written as it is, which changes nothing).
pub fn mark_accounts(
    conn: &mut DbConnection,
    events: &[Event<v1::CreditPaymentRequested>],
) -> anyhow::Result<()> {
    let mut accounts: Vec<(i64, i64)> = events
        .iter()
        .filter_map(|e| {
            let o = e.payload.order.as_ref()?;
            Some((e.saas_id, o.distributor_mch_id))
        })
        .collect();
    accounts.sort_unstable();
    accounts.dedup();
    let now = platform::time::now_ms();
    for (saas_id, mch_id) in accounts {
        accounts::mark_today(conn, saas_id, mch_id, now)?;
    }
    Ok(())
}

/// Gives back what the order's payment took, once: a second release, or one of an order that
/// never took credit, changes nothing (an order released before it was ever reserved never
/// takes credit afterwards).
pub fn release(
    conn: &mut DbConnection,
    e: &Event<v1::CreditReleaseRequested>,
) -> anyhow::Result<()> {
    let order = e
        .payload
        .order
        .as_ref()
        .ok_or_else(|| anyhow::anyhow!("{} without its order", e.routing_key))?;
    let (saas_id, order_id) = (e.saas_id, order.order_id);
    let now = platform::time::now_ms();
    let released = diesel::update(
        credit_reservations::table
            .find((saas_id, order_id))
            .filter(credit_reservations::state.eq(RESERVED)),
    )
    .set((
        credit_reservations::state.eq(RELEASED),
        credit_reservations::reason.eq(&e.payload.reason),
        credit_reservations::updated_at.eq(now),
    ))
    .execute(conn)?;
    if released > 0 {
        let r = reservation(conn, saas_id, order_id)?
            .ok_or_else(|| anyhow::anyhow!("reservation of order {order_id} vanished"))?;
        // What receipts gave back already is not given twice.
        accounts::give_back(conn, saas_id, r.mch_id, r.amount - r.repaid, now)?;
        return Ok(());
    }
    // Nothing reserved: a refusal, or nothing at all, becomes released, so a late request of
    // this order is refused.
    diesel::update(
        credit_reservations::table
            .find((saas_id, order_id))
            .filter(credit_reservations::state.eq(REFUSED)),
    )
    .set((
        credit_reservations::state.eq(RELEASED),
        credit_reservations::updated_at.eq(now),
    ))
    .execute(conn)?;
    let insert = diesel::insert_into(credit_reservations::table)
        .values((
            credit_reservations::saas_id.eq(saas_id),
            credit_reservations::order_id.eq(order_id),
            credit_reservations::mch_id.eq(order.distributor_mch_id),
            credit_reservations::product_type.eq(order.product_type),
            credit_reservations::amount.eq(0),
            credit_reservations::currency.eq(&e.payload.currency),
            credit_reservations::state.eq(RELEASED),
            credit_reservations::reason.eq(&e.payload.reason),
            credit_reservations::created_at.eq(now),
            credit_reservations::updated_at.eq(now),
        ))
        .on_conflict_do_nothing();
    platform::per_backend!(&mut *conn, |c| insert.execute(c))?;
    Ok(())
}

/// Money received from the distributor for an order it paid by credit gives that credit back:
/// `received` (fen, what the order's receipts now count, a rollback making it less) becomes the
/// part of the reservation repaid, and the difference goes back to (or, after a rollback, is
/// taken again from) the distributor's used credit, unconditionally: money not received after
/// all is owed again whatever the limit. An order not paid by credit, or released, changes
/// nothing; the same figure twice changes nothing.
pub fn repaid(
    conn: &mut DbConnection,
    saas_id: i64,
    order_id: i64,
    received: i64,
    now: i64,
) -> QueryResult<()> {
    let Some(r) = reservation(conn, saas_id, order_id)? else {
        return Ok(());
    };
    let target = credit::repaid_part(received, r.amount);
    if r.state != RESERVED || target == r.repaid {
        return Ok(());
    }
    // Conditional on what was read: a release or another receipt between the read and this
    // update (PostgreSQL re-checks the row it locks) leaves it to them.
    let n = diesel::update(
        credit_reservations::table
            .find((saas_id, order_id))
            .filter(credit_reservations::state.eq(RESERVED))
            .filter(credit_reservations::repaid.eq(r.repaid)),
    )
    .set((
        credit_reservations::repaid.eq(target),
        credit_reservations::updated_at.eq(now),
    ))
    .execute(conn)?;
    if n > 0 {
        accounts::give_back(conn, saas_id, r.mch_id, target - r.repaid, now)?;
    }
    Ok(())
}
