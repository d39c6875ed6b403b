//! The statistics read model's writes (from order events) and reads (sums per bucket). Reads
//! are scoped by the caller's [`Viewer`]: its tenant, and a merchant's user its own merchant.
//!
//! Events delivered together are applied together: the orders they touch are read in one
//! query, their moves summed up in memory (`domain::stats::apply_changes`), and each changed
//! sum written once, so ingesting costs a few statements per batch rather than a few per event.

use std::collections::HashMap;

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::v1;
use platform::db::{Backend as Db, DbConnection};

use super::schema::{stat_orders, stat_products, stat_sums};
use crate::domain::stats::{
    self, Change, Counters, Display, Grain, OrderFacts, Outcome, Side, SumKey,
};

/// Rows per statement: bind parameters stay well below both backends' limits.
const CHUNK: usize = 400;
/// Keys looked up per query: PostgreSQL probes the index for a short list, but scans the whole
/// table for a long one.
const LOOKUP_CHUNK: usize = 64;

type OrderRow = (
    String,
    i64,
    i32,
    i64,
    i64,
    i64,
    i64,
    Option<i64>,
    i64,
    i64,
    i64,
    i64,
    i32,
    i64,
);

fn from_row(r: OrderRow) -> (String, OrderFacts) {
    (
        r.0,
        OrderFacts {
            saas_id: r.1,
            product_type: r.2,
            supplier_interface_id: r.3,
            distributor_interface_id: r.4,
            supplier_mch_id: r.5,
            distributor_mch_id: r.6,
            created_hour: r.7,
            amount: r.8,
            profit: r.9,
            supplier_amount: r.10,
            distributor_amount: r.11,
            outcome: Outcome::from_i32(r.12),
            outcome_at: r.13,
        },
    )
}

/// The stored facts of `keys`' orders. Two replicas can take events of one order at the same
/// moment (its creation and its cancellation, released together after a broker outage), and
/// each works out the change from what it read and replaces it: on PostgreSQL the rows are
/// locked as they are read (in key order, so two batches never wait on each other), so the
/// second waits for the first and then reads what it wrote, or, the row replaced meanwhile,
/// finds none, meets the unique key when it inserts and is retried. SQLite runs one writing
/// transaction at a time.
fn load(conn: &mut DbConnection, keys: &[&str]) -> QueryResult<HashMap<String, OrderFacts>> {
    let mut keys = keys.to_vec();
    keys.sort_unstable();
    keys.dedup();
    let mut out = HashMap::with_capacity(keys.len());
    for chunk in keys.chunks(LOOKUP_CHUNK) {
        let query = stat_orders::table
            .filter(stat_orders::order_key.eq_any(chunk))
            .order(stat_orders::order_key)
            .select((
                stat_orders::order_key,
                stat_orders::saas_id,
                stat_orders::product_type,
                stat_orders::supplier_interface_id,
                stat_orders::distributor_interface_id,
                stat_orders::supplier_mch_id,
                stat_orders::distributor_mch_id,
                stat_orders::created_hour,
                stat_orders::amount,
                stat_orders::profit,
                stat_orders::supplier_amount,
                stat_orders::distributor_amount,
                stat_orders::outcome,
                stat_orders::outcome_at,
            ));
        let rows: Vec<OrderRow> = match conn {
            DbConnection::Postgres(pg) => query.for_update().load(pg)?,
            DbConnection::Sqlite(lite) => query.load(lite)?,
        };
        out.extend(rows.into_iter().map(from_row));
    }
    Ok(out)
}

/// Replaces the stored facts of the orders that changed (delete, then one multi-row insert).
fn store_orders(
    conn: &mut DbConnection,
    existing: &[&str],
    changed: &[(&String, &OrderFacts)],
) -> QueryResult<()> {
    for chunk in existing.chunks(LOOKUP_CHUNK) {
        diesel::delete(stat_orders::table.filter(stat_orders::order_key.eq_any(chunk)))
            .execute(conn)?;
    }
    for chunk in changed.chunks(CHUNK) {
        let rows: Vec<_> = chunk
            .iter()
            .map(|(k, f)| {
                (
                    stat_orders::order_key.eq(k.as_str()),
                    stat_orders::saas_id.eq(f.saas_id),
                    stat_orders::product_type.eq(f.product_type),
                    stat_orders::supplier_interface_id.eq(f.supplier_interface_id),
                    stat_orders::distributor_interface_id.eq(f.distributor_interface_id),
                    stat_orders::supplier_mch_id.eq(f.supplier_mch_id),
                    stat_orders::distributor_mch_id.eq(f.distributor_mch_id),
                    stat_orders::created_hour.eq(f.created_hour),
                    stat_orders::amount.eq(f.amount),
                    stat_orders::profit.eq(f.profit),
                    stat_orders::supplier_amount.eq(f.supplier_amount),
                    stat_orders::distributor_amount.eq(f.distributor_amount),
                    stat_orders::outcome.eq(f.outcome as i32),
                    stat_orders::outcome_at.eq(f.outcome_at),
                )
            })
            .collect();
        let insert = diesel::insert_into(stat_orders::table).values(&rows);
        platform::per_backend!(conn, |c| insert.execute(c))?;
    }
    Ok(())
}

/// Adds each delta to its sum, made when missing: one `INSERT .. ON CONFLICT DO UPDATE` per
/// chunk (both backends speak it), so a batch costs a statement however many sums it touches.
fn add_all(conn: &mut DbConnection, sums: &[(&SumKey, &Counters)]) -> QueryResult<()> {
    use diesel::upsert::excluded;
    for chunk in sums.chunks(CHUNK) {
        let rows: Vec<_> = chunk
            .iter()
            .map(|(k, c)| {
                (
                    (
                        stat_sums::saas_id.eq(k.saas_id),
                        stat_sums::grain.eq(k.grain as i32),
                        stat_sums::bucket.eq(k.bucket),
                        stat_sums::product_type.eq(k.product_type),
                        stat_sums::supplier_interface_id.eq(k.supplier_interface_id),
                        stat_sums::distributor_interface_id.eq(k.distributor_interface_id),
                        stat_sums::mch_side.eq(k.side as i32),
                        stat_sums::mch_id.eq(k.mch_id),
                    ),
                    (
                        stat_sums::order_num.eq(c.order_num),
                        stat_sums::order_money.eq(c.order_money),
                        stat_sums::success_num.eq(c.success_num),
                        stat_sums::success_money.eq(c.success_money),
                        stat_sums::success_profit.eq(c.success_profit),
                        stat_sums::cancel_num.eq(c.cancel_num),
                        stat_sums::cancel_money.eq(c.cancel_money),
                        stat_sums::fail_num.eq(c.fail_num),
                        stat_sums::fail_money.eq(c.fail_money),
                    ),
                )
            })
            .collect();
        let upsert = diesel::insert_into(stat_sums::table)
            .values(&rows)
            .on_conflict((
                stat_sums::saas_id,
                stat_sums::grain,
                stat_sums::mch_side,
                stat_sums::mch_id,
                stat_sums::bucket,
                stat_sums::product_type,
                stat_sums::supplier_interface_id,
                stat_sums::distributor_interface_id,
            ))
            .do_update()
            .set((
                stat_sums::order_num.eq(stat_sums::order_num + excluded(stat_sums::order_num)),
                stat_sums::order_money
                    .eq(stat_sums::order_money + excluded(stat_sums::order_money)),
                stat_sums::success_num
                    .eq(stat_sums::success_num + excluded(stat_sums::success_num)),
                stat_sums::success_money
                    .eq(stat_sums::success_money + excluded(stat_sums::success_money)),
                stat_sums::success_profit
                    .eq(stat_sums::success_profit + excluded(stat_sums::success_profit)),
                stat_sums::cancel_num.eq(stat_sums::cancel_num + excluded(stat_sums::cancel_num)),
                stat_sums::cancel_money
                    .eq(stat_sums::cancel_money + excluded(stat_sums::cancel_money)),
                stat_sums::fail_num.eq(stat_sums::fail_num + excluded(stat_sums::fail_num)),
                stat_sums::fail_money.eq(stat_sums::fail_money + excluded(stat_sums::fail_money)),
            ));
        platform::per_backend!(conn, |c| upsert.execute(c))?;
    }
    Ok(())
}

/// Applies the changes of order events delivered together (the consumer's transaction makes
/// each count once).
pub fn apply_batch(conn: &mut DbConnection, changes: Vec<(String, Change)>) -> QueryResult<()> {
    if changes.is_empty() {
        return Ok(());
    }
    let keys: Vec<&str> = changes.iter().map(|(k, _)| k.as_str()).collect();
    let stored = load(conn, &keys)?;
    let effect = stats::apply_changes(&stored, changes);
    let existing: Vec<&str> = effect
        .orders
        .keys()
        .filter(|k| stored.contains_key(*k))
        .map(String::as_str)
        .collect();
    let rows: Vec<(&String, &OrderFacts)> = effect.orders.iter().collect();
    store_orders(conn, &existing, &rows)?;
    let deltas: Vec<(&SumKey, &Counters)> = effect.sums.iter().collect();
    add_all(conn, &deltas)
}

/// One stored sum: when its bucket starts (UTC ms), whose it is (0 for the tenant's), and its
/// counters.
#[derive(Debug, Clone, Copy)]
pub struct SumRow {
    pub start_ms: i64,
    pub mch_id: i64,
    pub c: Counters,
}

#[derive(Debug, Clone, Copy, Default)]
pub struct StatFilter {
    pub product_type: Option<i32>,
    pub supplier_interface_id: Option<i64>,
    pub distributor_interface_id: Option<i64>,
}

type SumTuple = (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64);

/// The sums of `side` (one merchant's when `mch_id` is given) in buckets `[from, to)` of `grain`.
#[allow(clippy::too_many_arguments)]
fn read(
    conn: &mut DbConnection,
    saas_id: i64,
    side: Side,
    mch_id: Option<i64>,
    grain: Grain,
    from: i64,
    to: i64,
    f: StatFilter,
) -> QueryResult<Vec<SumRow>> {
    if from >= to {
        return Ok(Vec::new());
    }
    let mut q = stat_sums::table
        .filter(stat_sums::saas_id.eq(saas_id))
        .filter(stat_sums::grain.eq(grain as i32))
        .filter(stat_sums::mch_side.eq(side as i32))
        .filter(stat_sums::bucket.ge(from))
        .filter(stat_sums::bucket.lt(to))
        .into_boxed::<Db>();
    // The tenant's own sums have merchant 0: naming it lets the key's bucket range be used.
    match mch_id {
        Some(m) => q = q.filter(stat_sums::mch_id.eq(m)),
        None if side == Side::Tenant => q = q.filter(stat_sums::mch_id.eq(0)),
        None => {}
    }
    if let Some(p) = f.product_type {
        q = q.filter(stat_sums::product_type.eq(p));
    }
    if let Some(s) = f.supplier_interface_id {
        q = q.filter(stat_sums::supplier_interface_id.eq(s));
    }
    if let Some(d) = f.distributor_interface_id {
        q = q.filter(stat_sums::distributor_interface_id.eq(d));
    }
    let rows: Vec<SumTuple> = q
        .select((
            stat_sums::bucket,
            stat_sums::mch_id,
            stat_sums::order_num,
            stat_sums::order_money,
            stat_sums::success_num,
            stat_sums::success_money,
            stat_sums::success_profit,
            stat_sums::cancel_num,
            stat_sums::cancel_money,
            stat_sums::fail_num,
            stat_sums::fail_money,
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|r| SumRow {
            start_ms: grain.start_ms(r.0),
            mch_id: r.1,
            c: Counters {
                order_num: r.2,
                order_money: r.3,
                success_num: r.4,
                success_money: r.5,
                success_profit: r.6,
                cancel_num: r.7,
                cancel_money: r.8,
                fail_num: r.9,
                fail_money: r.10,
            },
        })
        .collect())
}

/// The viewer's tenant's sums over days `first..=last` in the coarsest grain that answers
/// `display`: hours for hourly, days for daily, and for monthly whole months with days at a
/// partial month on either edge. The whole tenant's figures are its staff's (the caller checks).
pub fn tenant_sums(
    conn: &mut DbConnection,
    viewer: &Viewer,
    first: i64,
    last: i64,
    display: Display,
    f: StatFilter,
) -> QueryResult<Vec<SumRow>> {
    let saas_id = viewer.saas_id;
    let t = Side::Tenant;
    match display {
        Display::Hourly => read(
            conn,
            saas_id,
            t,
            None,
            Grain::Hour,
            stats::day_start_ms(first),
            stats::day_start_ms(last + 1),
            f,
        ),
        Display::Daily => read(conn, saas_id, t, None, Grain::Day, first, last + 1, f),
        Display::Monthly => {
            let (whole_from, whole_to) = stats::whole_months(first, last);
            if whole_from >= whole_to {
                return read(conn, saas_id, t, None, Grain::Day, first, last + 1, f);
            }
            let mut rows = read(
                conn,
                saas_id,
                t,
                None,
                Grain::Day,
                first,
                stats::month_start_day(whole_from),
                f,
            )?;
            rows.extend(read(
                conn,
                saas_id,
                t,
                None,
                Grain::Month,
                whole_from,
                whole_to,
                f,
            )?);
            rows.extend(read(
                conn,
                saas_id,
                t,
                None,
                Grain::Day,
                stats::month_start_day(whole_to),
                last + 1,
                f,
            )?);
            Ok(rows)
        }
    }
}

/// The per-day sums of suppliers or distributors (one of them when `mch_id` is given; a
/// merchant's user's own always) over days `first..=last`.
pub fn merchant_sums(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    mch_id: Option<i64>,
    first: i64,
    last: i64,
    f: StatFilter,
) -> QueryResult<Vec<SumRow>> {
    let mch_id = viewer.mch_id().or(mch_id);
    read(
        conn,
        viewer.saas_id,
        side,
        mch_id,
        Grain::Day,
        first,
        last + 1,
        f,
    )
}

/// The interfaces orders came through, each with the merchants that used it: `(interface id,
/// merchant id)` pairs of `side`'s day sums since `since_day`.
pub fn interfaces(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    since_day: i64,
) -> QueryResult<Vec<(i64, i64)>> {
    let base = stat_sums::table
        .filter(stat_sums::saas_id.eq(viewer.saas_id))
        .filter(stat_sums::grain.eq(Grain::Day as i32))
        .filter(stat_sums::mch_side.eq(side as i32))
        .filter(stat_sums::bucket.ge(since_day));
    match side {
        Side::Supplier => base
            .filter(stat_sums::supplier_interface_id.ne(0))
            .select((stat_sums::supplier_interface_id, stat_sums::mch_id))
            .distinct()
            .order((stat_sums::supplier_interface_id, stat_sums::mch_id))
            .load(conn),
        _ => base
            .filter(stat_sums::distributor_interface_id.ne(0))
            .select((stat_sums::distributor_interface_id, stat_sums::mch_id))
            .distinct()
            .order((stat_sums::distributor_interface_id, stat_sums::mch_id))
            .load(conn),
    }
}

/// A product as its latest event tells it; an older event arriving late changes nothing.
pub fn product_updated(
    conn: &mut DbConnection,
    saas_id: i64,
    e: &v1::ProductUpdated,
    at: i64,
) -> QueryResult<()> {
    let k = format!("{}:{}", e.product_type, e.product_id);
    let known: Option<i64> = stat_products::table
        .find(&k)
        .select(stat_products::updated_at)
        .first(conn)
        .optional()?;
    let values = (
        stat_products::saas_id.eq(saas_id),
        stat_products::product_type.eq(e.product_type),
        stat_products::supplier_mch_id.eq(e.supplier_mch_id),
        stat_products::on_sale.eq(e.on_sale),
        stat_products::deleted.eq(e.deleted),
        stat_products::updated_at.eq(at),
    );
    match known {
        Some(t) if t > at => Ok(()),
        Some(_) => diesel::update(stat_products::table.find(&k))
            .set(values)
            .execute(conn)
            .map(|_| ()),
        None => diesel::insert_into(stat_products::table)
            .values((stat_products::product_key.eq(&k), values))
            .execute(conn)
            .map(|_| ()),
    }
}

/// The viewer's tenant's products that are not deleted, and those on sale (one supplier's when
/// given; a supplier's user's own always).
pub fn product_counts(
    conn: &mut DbConnection,
    viewer: &Viewer,
    supplier: Option<i64>,
    product_type: Option<i32>,
) -> QueryResult<(i64, i64)> {
    let supplier = viewer.supplier().or(supplier);
    let base = || {
        let mut q = stat_products::table
            .filter(stat_products::saas_id.eq(viewer.saas_id))
            .filter(stat_products::deleted.eq(false))
            .into_boxed::<Db>();
        if let Some(m) = supplier {
            q = q.filter(stat_products::supplier_mch_id.eq(m));
        }
        if let Some(p) = product_type {
            q = q.filter(stat_products::product_type.eq(p));
        }
        q
    };
    let total = base().count().get_result(conn)?;
    let sale = base()
        .filter(stat_products::on_sale.eq(true))
        .count()
        .get_result(conn)?;
    Ok((total, sale))
}
