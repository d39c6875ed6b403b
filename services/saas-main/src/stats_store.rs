//! The statistics read model's writes (from order events) and reads (per hour rows).

use diesel::prelude::*;
use platform::bus::{EventEnvelope, v1};
use platform::db::DbConnection;
use prost::Message as _;

use crate::schema::{stat_hours, stat_orders};
use crate::stats::{Counters, Outcome, hour_of};

use platform::db::Backend as Db;

/// The dimensions one order's figures are summed under.
#[derive(Debug, Clone, Copy)]
struct Dims {
    saas_id: i64,
    product_type: i32,
    supplier_interface_id: i64,
    distributor_interface_id: i64,
}

#[derive(Debug, Queryable)]
struct StatOrder {
    created_hour: Option<i64>,
    amount: i64,
    profit: i64,
    outcome: i32,
    outcome_at: i64,
}

fn key(order: &v1::OrderRef) -> String {
    format!("{}:{}", order.product_type, order.order_id)
}

fn dims(saas_id: i64, order: &v1::OrderRef) -> Dims {
    Dims {
        saas_id,
        product_type: order.product_type,
        supplier_interface_id: order.supplier_interface_id,
        distributor_interface_id: order.distributor_interface_id,
    }
}

fn load(conn: &mut DbConnection, key: &str) -> QueryResult<Option<StatOrder>> {
    stat_orders::table
        .find(key)
        .select((
            stat_orders::created_hour,
            stat_orders::amount,
            stat_orders::profit,
            stat_orders::outcome,
            stat_orders::outcome_at,
        ))
        .first(conn)
        .optional()
}

/// Adds `delta` to the hour's row (made when missing).
fn add(conn: &mut DbConnection, d: Dims, hour: i64, c: Counters) -> QueryResult<()> {
    if c.is_zero() {
        return Ok(());
    }
    let target = stat_hours::table
        .filter(stat_hours::saas_id.eq(d.saas_id))
        .filter(stat_hours::hour.eq(hour))
        .filter(stat_hours::product_type.eq(d.product_type))
        .filter(stat_hours::supplier_interface_id.eq(d.supplier_interface_id))
        .filter(stat_hours::distributor_interface_id.eq(d.distributor_interface_id));
    let updated = diesel::update(target)
        .set((
            stat_hours::order_num.eq(stat_hours::order_num + c.order_num),
            stat_hours::order_money.eq(stat_hours::order_money + c.order_money),
            stat_hours::success_num.eq(stat_hours::success_num + c.success_num),
            stat_hours::success_money.eq(stat_hours::success_money + c.success_money),
            stat_hours::success_profit.eq(stat_hours::success_profit + c.success_profit),
            stat_hours::cancel_num.eq(stat_hours::cancel_num + c.cancel_num),
            stat_hours::cancel_money.eq(stat_hours::cancel_money + c.cancel_money),
            stat_hours::fail_num.eq(stat_hours::fail_num + c.fail_num),
            stat_hours::fail_money.eq(stat_hours::fail_money + c.fail_money),
        ))
        .execute(conn)?;
    if updated > 0 {
        return Ok(());
    }
    diesel::insert_into(stat_hours::table)
        .values((
            stat_hours::saas_id.eq(d.saas_id),
            stat_hours::product_type.eq(d.product_type),
            stat_hours::supplier_interface_id.eq(d.supplier_interface_id),
            stat_hours::distributor_interface_id.eq(d.distributor_interface_id),
            stat_hours::hour.eq(hour),
            stat_hours::order_num.eq(c.order_num),
            stat_hours::order_money.eq(c.order_money),
            stat_hours::success_num.eq(c.success_num),
            stat_hours::success_money.eq(c.success_money),
            stat_hours::success_profit.eq(c.success_profit),
            stat_hours::cancel_num.eq(c.cancel_num),
            stat_hours::cancel_money.eq(c.cancel_money),
            stat_hours::fail_num.eq(c.fail_num),
            stat_hours::fail_money.eq(c.fail_money),
        ))
        .execute(conn)
        .map(|_| ())
}

/// An order was created: it counts in its hour from now on, at the outcome it stands at (a
/// state change seen before its creation has already said which).
fn created(
    conn: &mut DbConnection,
    saas_id: i64,
    e: &v1::OrderCreated,
    at: i64,
) -> QueryResult<()> {
    let Some(order) = &e.order else { return Ok(()) };
    let amounts = e.amounts.clone().unwrap_or_default();
    let k = key(order);
    let hour = hour_of(at);
    let stated = Outcome::of_order_state(e.order_state);
    match load(conn, &k)? {
        Some(row) if row.created_hour.is_some() => Ok(()),
        Some(row) => {
            let outcome = if row.outcome_at >= at {
                Outcome::from_i32(row.outcome)
            } else {
                stated
            };
            diesel::update(stat_orders::table.find(&k))
                .set((
                    stat_orders::created_hour.eq(Some(hour)),
                    stat_orders::amount.eq(amounts.order_price),
                    stat_orders::profit.eq(amounts.profit),
                    stat_orders::outcome.eq(outcome as i32),
                    stat_orders::outcome_at.eq(row.outcome_at.max(at)),
                ))
                .execute(conn)?;
            add(
                conn,
                dims(saas_id, order),
                hour,
                Counters::of(outcome, amounts.order_price, amounts.profit, true),
            )
        }
        None => {
            let d = dims(saas_id, order);
            diesel::insert_into(stat_orders::table)
                .values((
                    stat_orders::order_key.eq(&k),
                    stat_orders::saas_id.eq(saas_id),
                    stat_orders::product_type.eq(d.product_type),
                    stat_orders::supplier_interface_id.eq(d.supplier_interface_id),
                    stat_orders::distributor_interface_id.eq(d.distributor_interface_id),
                    stat_orders::created_hour.eq(Some(hour)),
                    stat_orders::amount.eq(amounts.order_price),
                    stat_orders::profit.eq(amounts.profit),
                    stat_orders::outcome.eq(stated as i32),
                    stat_orders::outcome_at.eq(at),
                ))
                .execute(conn)?;
            add(
                conn,
                d,
                hour,
                Counters::of(stated, amounts.order_price, amounts.profit, true),
            )
        }
    }
}

/// The order now stands at `outcome` (as of `at`): its contribution moves, unless a newer
/// change was applied already.
fn moved(
    conn: &mut DbConnection,
    saas_id: i64,
    order: &v1::OrderRef,
    outcome: Outcome,
    at: i64,
) -> QueryResult<()> {
    let k = key(order);
    match load(conn, &k)? {
        None => {
            let d = dims(saas_id, order);
            diesel::insert_into(stat_orders::table)
                .values((
                    stat_orders::order_key.eq(&k),
                    stat_orders::saas_id.eq(saas_id),
                    stat_orders::product_type.eq(d.product_type),
                    stat_orders::supplier_interface_id.eq(d.supplier_interface_id),
                    stat_orders::distributor_interface_id.eq(d.distributor_interface_id),
                    stat_orders::created_hour.eq(None::<i64>),
                    stat_orders::amount.eq(0),
                    stat_orders::profit.eq(0),
                    stat_orders::outcome.eq(outcome as i32),
                    stat_orders::outcome_at.eq(at),
                ))
                .execute(conn)
                .map(|_| ())
        }
        Some(row) if at < row.outcome_at => Ok(()),
        Some(row) => {
            let before = Outcome::from_i32(row.outcome);
            diesel::update(stat_orders::table.find(&k))
                .set((
                    stat_orders::outcome.eq(outcome as i32),
                    stat_orders::outcome_at.eq(at),
                ))
                .execute(conn)?;
            match row.created_hour {
                Some(hour) if before != outcome => {
                    let delta = Counters::of(outcome, row.amount, row.profit, true)
                        .minus(Counters::of(before, row.amount, row.profit, true));
                    add(conn, dims(saas_id, order), hour, delta)
                }
                _ => Ok(()),
            }
        }
    }
}

/// Applies one order event (the consumer's transaction makes it once only).
pub fn apply(conn: &mut DbConnection, event: &EventEnvelope) -> anyhow::Result<()> {
    let body = event.payload.as_slice();
    let kind = event.event_type.rsplit('.').next().unwrap_or("");
    match kind {
        "created" => created(
            conn,
            event.saas_id,
            &v1::OrderCreated::decode(body)?,
            event.occurred_at,
        )?,
        "state-changed" => {
            let e = v1::OrderStateChanged::decode(body)?;
            if let Some(order) = &e.order {
                moved(
                    conn,
                    event.saas_id,
                    order,
                    Outcome::of_order_state(e.new_order_state),
                    event.occurred_at,
                )?;
            }
        }
        "cancelled" => {
            let e = v1::OrderCancelled::decode(body)?;
            if let Some(order) = &e.order {
                moved(
                    conn,
                    event.saas_id,
                    order,
                    Outcome::Cancel,
                    event.occurred_at,
                )?;
            }
        }
        other => tracing::debug!(event_type = other, "order event not counted"),
    }
    Ok(())
}

/// One stored hour.
#[derive(Debug, Clone, Copy, Queryable)]
pub struct HourRow {
    pub hour: i64,
    pub order_num: i64,
    pub order_money: i64,
    pub success_num: i64,
    pub success_money: i64,
    pub success_profit: i64,
    pub cancel_num: i64,
    pub cancel_money: i64,
    pub fail_num: i64,
    pub fail_money: i64,
}

#[derive(Debug, Clone, Copy, Default)]
pub struct StatFilter {
    pub product_type: Option<i32>,
    pub supplier_interface_id: Option<i64>,
    pub distributor_interface_id: Option<i64>,
}

/// The tenant's hour rows in [from, to).
pub fn hours(
    conn: &mut DbConnection,
    saas_id: i64,
    from: i64,
    to: i64,
    f: StatFilter,
) -> QueryResult<Vec<HourRow>> {
    let mut q = stat_hours::table
        .filter(stat_hours::saas_id.eq(saas_id))
        .filter(stat_hours::hour.ge(from))
        .filter(stat_hours::hour.lt(to))
        .into_boxed::<Db>();
    if let Some(p) = f.product_type.filter(|p| *p != -99) {
        q = q.filter(stat_hours::product_type.eq(p));
    }
    if let Some(s) = f.supplier_interface_id {
        q = q.filter(stat_hours::supplier_interface_id.eq(s));
    }
    if let Some(d) = f.distributor_interface_id {
        q = q.filter(stat_hours::distributor_interface_id.eq(d));
    }
    q.select((
        stat_hours::hour,
        stat_hours::order_num,
        stat_hours::order_money,
        stat_hours::success_num,
        stat_hours::success_money,
        stat_hours::success_profit,
        stat_hours::cancel_num,
        stat_hours::cancel_money,
        stat_hours::fail_num,
        stat_hours::fail_money,
    ))
    .load(conn)
}
