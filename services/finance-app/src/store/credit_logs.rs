//! The credit log: one row per order of the tenant, kept from the order services' events
//! (`order.*.created`, `state-changed`, `cancelled`), each applied in its delivery's
//! transaction. A row is made by whichever of them arrives first (late or out of order, a
//! `created` still fills its facts in), and an event older than the state the row holds never
//! changes its state. The tenant's staff see every row; a distributor's users their own
//! distributor's, without the supplier's price; a supplier's users none.

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Event, v1};
use platform::db::{Backend as Db, DbConnection, SearchText as _};
use platform::http::PageRequest;
use platform::time::day_start_ms;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::credit_logs;
use crate::domain::credit_log::{self, DateFilter, DayRange, progress};

/// The order an event is about, or an error that retries the delivery (an event without its
/// order is a producer's fault, kept as a dead letter after the retries).
fn order_of<'a>(key: &str, o: &'a Option<v1::OrderRef>) -> anyhow::Result<&'a v1::OrderRef> {
    o.as_ref()
        .ok_or_else(|| anyhow::anyhow!("{key} without its order"))
}

fn row_of(saas_id: i64, o: &v1::OrderRef) -> credit_logs::BoxedQuery<'static, Db> {
    credit_logs::table
        .filter(credit_logs::saas_id.eq(saas_id))
        .filter(credit_logs::product_type.eq(o.product_type))
        .filter(credit_logs::order_id.eq(o.order_id))
        .into_boxed()
}

/// Makes the order's row from what every order event tells, unless it exists.
fn ensure(
    conn: &mut DbConnection,
    saas_id: i64,
    o: &v1::OrderRef,
    order_state: i32,
    at: i64,
) -> QueryResult<()> {
    let state = credit_log::state_of(order_state);
    let insert = diesel::insert_into(credit_logs::table)
        .values((
            (
                credit_logs::id.eq(platform::id::next_id()),
                credit_logs::saas_id.eq(saas_id),
                credit_logs::supplier_mch_id.eq(o.supplier_mch_id),
                credit_logs::distributor_mch_id.eq(o.distributor_mch_id),
                credit_logs::sale_user_id.eq(0),
                credit_logs::order_id.eq(o.order_id),
                credit_logs::product_type.eq(o.product_type),
                credit_logs::product_id.eq(o.product_id),
                credit_logs::product_name.eq(&o.product_name),
                credit_logs::order_number.eq(&o.order_no),
                credit_logs::contact_name.eq(""),
                credit_logs::contact_phone.eq(""),
                credit_logs::travel_date.eq(&o.start_date),
                credit_logs::end_travel_date.eq(&o.end_date),
                credit_logs::order_date.eq(0),
                credit_logs::currency_code.eq(""),
            ),
            (
                credit_logs::order_num.eq(0),
                credit_logs::order_price.eq(0),
                credit_logs::supplier_price.eq(0),
                credit_logs::distributor_price.eq(0),
                credit_logs::receipt_date.eq(0),
                credit_logs::receipt_progress.eq(progress::NONE),
                credit_logs::receipt_id.eq(0),
                credit_logs::payment_date.eq(0),
                credit_logs::payment_progress.eq(progress::NONE),
                credit_logs::payment_id.eq(0),
                credit_logs::statement_price.eq(0),
                credit_logs::state.eq(state),
                credit_logs::order_state.eq(order_state),
                credit_logs::state_at.eq(at),
                credit_logs::created_at.eq(platform::time::now_ms()),
            ),
        ))
        .on_conflict_do_nothing();
    platform::per_backend!(conn, |c| insert.execute(c)).map(|_| ())
}

/// Sets the order's amounts (and what they leave to settle, by its state).
fn set_amounts(
    conn: &mut DbConnection,
    saas_id: i64,
    o: &v1::OrderRef,
    a: &v1::OrderAmounts,
) -> QueryResult<()> {
    let state: i32 = row_of(saas_id, o).select(credit_logs::state).first(conn)?;
    diesel::update(
        credit_logs::table
            .filter(credit_logs::saas_id.eq(saas_id))
            .filter(credit_logs::product_type.eq(o.product_type))
            .filter(credit_logs::order_id.eq(o.order_id)),
    )
    .set((
        credit_logs::currency_code.eq(&a.currency),
        credit_logs::order_price.eq(a.order_price),
        credit_logs::supplier_price.eq(a.supplier_price),
        credit_logs::distributor_price.eq(a.channel_price),
        credit_logs::statement_price.eq(credit_log::statement_price(state, a.order_price)),
    ))
    .execute(conn)
    .map(|_| ())
}

/// A change that leaves the order in the state its row holds (a payment starting, say) moves
/// nothing the row shows or owes, since both follow the order's state: only the time of that
/// state, which keeps an older event arriving late from writing over it. One statement; true
/// when that was all there was to do (false: the row is missing, in another state, or holds a
/// newer event, and the whole change is applied).
fn only_time(
    conn: &mut DbConnection,
    saas_id: i64,
    o: &v1::OrderRef,
    order_state: i32,
    at: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        credit_logs::table
            .filter(credit_logs::saas_id.eq(saas_id))
            .filter(credit_logs::product_type.eq(o.product_type))
            .filter(credit_logs::order_id.eq(o.order_id))
            .filter(credit_logs::order_state.eq(order_state))
            .filter(credit_logs::state_at.le(at)),
    )
    .set(credit_logs::state_at.eq(at))
    .execute(conn)?;
    Ok(n > 0)
}

/// Moves the row to `order_state` if the event is not older than the state it holds; the state
/// shown also says how its settlement stands ([`credit_log::shown_state`]).
fn set_state(
    conn: &mut DbConnection,
    saas_id: i64,
    o: &v1::OrderRef,
    order_state: i32,
    at: i64,
) -> QueryResult<()> {
    let found: Option<(i64, i64, i32, i32)> = row_of(saas_id, o)
        .filter(credit_logs::state_at.le(at))
        .select((
            credit_logs::order_price,
            credit_logs::receipt_id,
            credit_logs::receipt_progress,
            credit_logs::payment_progress,
        ))
        .first(conn)
        .optional()?;
    let Some((price, receipt_id, receipt_progress, payment_progress)) = found else {
        return Ok(());
    };
    let state = credit_log::shown_state(
        order_state,
        credit_log::Settling {
            in_receipt: receipt_id != 0,
            receipt_progress,
            payment_progress,
        },
    );
    diesel::update(
        credit_logs::table
            .filter(credit_logs::saas_id.eq(saas_id))
            .filter(credit_logs::product_type.eq(o.product_type))
            .filter(credit_logs::order_id.eq(o.order_id))
            .filter(credit_logs::state_at.le(at)),
    )
    .set((
        credit_logs::state.eq(state),
        credit_logs::order_state.eq(order_state),
        credit_logs::state_at.eq(at),
        credit_logs::statement_price.eq(credit_log::statement_price(state, price)),
    ))
    .execute(conn)
    .map(|_| ())
}

/// Writes the state shown for rows `ids` after their settlement moved (put in a receipt or
/// payment, money confirmed or rolled back, freed): their order's state, and how it stands.
pub fn show_settling(conn: &mut DbConnection, saas_id: i64, ids: &[i64]) -> QueryResult<()> {
    let rows: Vec<(i64, i32, i64, i32, i32, i64, i32)> = credit_logs::table
        .filter(credit_logs::saas_id.eq(saas_id))
        .filter(credit_logs::id.eq_any(ids))
        .select((
            credit_logs::id,
            credit_logs::order_state,
            credit_logs::receipt_id,
            credit_logs::receipt_progress,
            credit_logs::payment_progress,
            credit_logs::order_price,
            credit_logs::state,
        ))
        .load(conn)?;
    for (id, order_state, receipt_id, receipt_progress, payment_progress, price, was) in rows {
        let state = credit_log::shown_state(
            order_state,
            credit_log::Settling {
                in_receipt: receipt_id != 0,
                receipt_progress,
                payment_progress,
            },
        );
        if state != was {
            diesel::update(credit_logs::table.filter(credit_logs::id.eq(id)))
                .set((
                    credit_logs::state.eq(state),
                    credit_logs::statement_price.eq(credit_log::statement_price(state, price)),
                ))
                .execute(conn)?;
        }
    }
    Ok(())
}

/// Keeps the row's place in the reconciliation ledger after a change of the order: on each side,
/// a row in no live receipt (payment) owes what the order now leaves to settle; a row in one
/// keeps what it owed when it was put there, and is marked abnormal if that is no longer what
/// the order owes (docs/finance.md#receipts-payments-and-reconciliation).
fn follow_ledger(conn: &mut DbConnection, saas_id: i64, o: &v1::OrderRef) -> QueryResult<()> {
    use super::schema::ledger;
    use crate::domain::settlement::{Follow, Side, due_of, follow, verify};
    // Read once and written once, if at all: the row is the caller's alone by now (tracked:
    // locked on PostgreSQL, and SQLite has one writer).
    let found: Option<LedgerSides> = ledger::table
        .filter(ledger::saas_id.eq(saas_id))
        .filter(ledger::product_type.eq(o.product_type))
        .filter(ledger::order_id.eq(o.order_id))
        .select((
            ledger::id,
            ledger::state,
            ledger::order_price,
            ledger::supplier_price,
            ledger::receipt_id,
            ledger::receipt_due,
            ledger::receipt_verify,
            ledger::payment_id,
            ledger::payment_due,
            ledger::payment_verify,
        ))
        .first(conn)
        .optional()?;
    let Some((
        id,
        state,
        order_price,
        supplier_price,
        r_id,
        r_due,
        r_verify,
        p_id,
        p_due,
        p_verify,
    )) = found
    else {
        return Ok(());
    };
    let receipt = follow(
        r_id != 0,
        r_due,
        r_verify,
        due_of(Side::Receipt, state, order_price, supplier_price),
    );
    let payment = follow(
        p_id != 0,
        p_due,
        p_verify,
        due_of(Side::Payment, state, order_price, supplier_price),
    );
    if (receipt, payment) == (Follow::Keep, Follow::Keep) {
        return Ok(());
    }
    let due = |f: Follow| match f {
        Follow::Due(d) => Some(d),
        _ => None,
    };
    let abnormal = |f: Follow| (f == Follow::Abnormal).then_some(verify::ABNORMAL);
    diesel::update(ledger::table.filter(ledger::id.eq(id)))
        .set((
            due(receipt).map(|d| ledger::receipt_due.eq(d)),
            abnormal(receipt).map(|v| ledger::receipt_verify.eq(v)),
            due(payment).map(|d| ledger::payment_due.eq(d)),
            abnormal(payment).map(|v| ledger::payment_verify.eq(v)),
        ))
        .execute(conn)?;
    Ok(())
}

/// A row's ledger columns as [`follow_ledger`] reads them: id, state, order and supplier price,
/// then receipt id, due and verify, then payment id, due and verify.
type LedgerSides = (i64, i32, i64, i64, i64, i64, i32, i64, i64, i32);

/// Tracks the order's row (made by [`ensure`] first) for the summaries' read model.
fn track(
    conn: &mut DbConnection,
    saas_id: i64,
    o: &v1::OrderRef,
) -> QueryResult<super::ledger_lines::Tracked> {
    super::ledger_lines::track_order(conn, saas_id, o.product_type, o.order_id)
}

/// `order.*.created`: the order's row with all it tells (contact, amounts, quantity, the user
/// who booked, the order date).
pub fn created(conn: &mut DbConnection, e: &Event<v1::OrderCreated>) -> anyhow::Result<()> {
    let o = order_of(&e.routing_key, &e.payload.order)?;
    let at = e.occurred_at;
    ensure(conn, e.saas_id, o, e.payload.order_state, at)?;
    let tracked = track(conn, e.saas_id, o)?;
    let contact = e.payload.contact.clone().unwrap_or_default();
    diesel::update(
        credit_logs::table
            .filter(credit_logs::saas_id.eq(e.saas_id))
            .filter(credit_logs::product_type.eq(o.product_type))
            .filter(credit_logs::order_id.eq(o.order_id)),
    )
    .set((
        credit_logs::sale_user_id.eq(e.payload.created_by),
        credit_logs::contact_name.eq(&contact.name),
        credit_logs::contact_phone.eq(&contact.mobile),
        credit_logs::order_date.eq(at),
        credit_logs::order_num.eq(e.payload.quantity),
    ))
    .execute(conn)?;
    set_state(conn, e.saas_id, o, e.payload.order_state, at)?;
    if let Some(a) = &e.payload.amounts {
        set_amounts(conn, e.saas_id, o, a)?;
    }
    follow_ledger(conn, e.saas_id, o)?;
    tracked.finish(conn)?;
    Ok(())
}

/// `order.*.state-changed`: the row follows the order's state.
pub fn state_changed(
    conn: &mut DbConnection,
    e: &Event<v1::OrderStateChanged>,
) -> anyhow::Result<()> {
    let o = order_of(&e.routing_key, &e.payload.order)?;
    if only_time(conn, e.saas_id, o, e.payload.new_order_state, e.occurred_at)? {
        return Ok(());
    }
    ensure(conn, e.saas_id, o, e.payload.new_order_state, e.occurred_at)?;
    let tracked = track(conn, e.saas_id, o)?;
    set_state(conn, e.saas_id, o, e.payload.new_order_state, e.occurred_at)?;
    follow_ledger(conn, e.saas_id, o)?;
    tracked.finish(conn)?;
    Ok(())
}

/// `order.*.cancelled`: the row fails (nothing to settle), with the order's last amounts.
pub fn cancelled(conn: &mut DbConnection, e: &Event<v1::OrderCancelled>) -> anyhow::Result<()> {
    let o = order_of(&e.routing_key, &e.payload.order)?;
    let ended = credit_log::ORDER_CANCELLED;
    ensure(conn, e.saas_id, o, ended, e.occurred_at)?;
    let tracked = track(conn, e.saas_id, o)?;
    set_state(conn, e.saas_id, o, ended, e.occurred_at)?;
    if let Some(a) = &e.payload.amounts {
        set_amounts(conn, e.saas_id, o, a)?;
    }
    follow_ledger(conn, e.saas_id, o)?;
    tracked.finish(conn)?;
    Ok(())
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = credit_logs)]
struct Row {
    id: i64,
    supplier_mch_id: i64,
    distributor_mch_id: i64,
    sale_user_id: i64,
    order_id: i64,
    product_type: i32,
    product_id: i64,
    product_name: String,
    order_number: String,
    contact_name: String,
    contact_phone: String,
    travel_date: String,
    end_travel_date: String,
    order_date: i64,
    currency_code: String,
    order_num: i32,
    order_price: i64,
    supplier_price: i64,
    distributor_price: i64,
    receipt_date: i64,
    receipt_progress: i32,
    receipt_id: i64,
    payment_date: i64,
    payment_progress: i32,
    payment_id: i64,
    statement_price: i64,
    state: i32,
    created_at: i64,
}

/// A row of the credit log, with the spec's field names (money in fen, dates `YYYY-MM-DD`,
/// times in ms).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditLog {
    pub id: i64,
    pub supplier_mch_id: i64,
    pub supplier_name: String,
    pub distributor_mch_id: i64,
    pub distributor_name: String,
    pub sale_user_id: i64,
    pub order_id: i64,
    /// 10 hotel, 20 ticket, 30 travel, 50 package, 60 general product, 80 finance.
    pub product_type: i32,
    pub product_id: i64,
    pub product_name: String,
    pub order_number: String,
    pub contact_name: String,
    pub contact_phone: String,
    pub travel_date: String,
    pub end_travel_date: String,
    pub order_date: i64,
    pub currency_code: String,
    pub order_num: i32,
    pub order_price: i64,
    /// The tenant's staff only (absent for a distributor's users).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supplier_price: Option<i64>,
    pub distributor_price: i64,
    pub receipt_date: i64,
    /// none 1, partial 2, full 3.
    pub receipt_progress: i32,
    pub receipt_id: i64,
    pub payment_date: i64,
    /// none 1, partial 2, full 3.
    pub payment_progress: i32,
    pub payment_id: i64,
    /// What the order leaves to settle.
    pub statement_price: i64,
    /// 1 pending confirm, 2 deducted, 3 failed, 4 pending cancel, 5 unpaid; a deducted order
    /// in settlement: 6 paid to the supplier, 7 in a receipt not received in full, 8 received.
    pub state: i32,
    pub create_date: i64,
}

/// What the credit log may be narrowed to.
#[derive(Debug, Default, Clone)]
pub struct CreditLogFilter {
    pub supplier_mch_id: Option<i64>,
    pub distributor_mch_id: Option<i64>,
    pub product_type: Option<i32>,
    pub order_id: Option<i64>,
    /// Part of the product's name.
    pub product_name: Option<String>,
    /// The start of the contact's name or phone.
    pub contact: Option<String>,
    pub state: Option<i32>,
    pub receipt_progress: Option<i32>,
    pub payment_progress: Option<i32>,
    pub date_type: Option<DateFilter>,
    pub days: DayRange,
}

fn visible(viewer: &Viewer) -> credit_logs::BoxedQuery<'static, Db> {
    let mut q = credit_logs::table
        .filter(credit_logs::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if !viewer.is_tenant_staff() {
        q = q.filter(credit_logs::distributor_mch_id.eq(viewer.distributor().unwrap_or(-1)));
    }
    q
}

fn filtered(viewer: &Viewer, f: &CreditLogFilter) -> credit_logs::BoxedQuery<'static, Db> {
    let mut q = visible(viewer);
    if let Some(v) = f.supplier_mch_id {
        q = q.filter(credit_logs::supplier_mch_id.eq(v));
    }
    if let Some(v) = f.distributor_mch_id {
        q = q.filter(credit_logs::distributor_mch_id.eq(v));
    }
    if let Some(v) = f.product_type {
        q = q.filter(credit_logs::product_type.eq(v));
    }
    if let Some(v) = f.order_id {
        q = q.filter(credit_logs::order_id.eq(v));
    }
    if let Some(v) = f
        .product_name
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
    {
        q = q.filter(
            platform::db::lower(credit_logs::product_name).contains_text(&v.to_lowercase()),
        );
    }
    if let Some(v) = f
        .contact
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
    {
        q = q.filter(
            credit_logs::contact_name
                .starts_with_text(v)
                .or(credit_logs::contact_phone.starts_with_text(v)),
        );
    }
    if let Some(v) = f.state {
        q = q.filter(credit_logs::state.eq(v));
    }
    if let Some(v) = f.receipt_progress {
        q = q.filter(credit_logs::receipt_progress.eq(v));
    }
    if let Some(v) = f.payment_progress {
        q = q.filter(credit_logs::payment_progress.eq(v));
    }
    let DayRange { from, to } = f.days;
    match f.date_type.unwrap_or(DateFilter::OrderDate) {
        DateFilter::PayDate | DateFilter::OrderDate => {
            let col_is_pay = f.date_type == Some(DateFilter::PayDate);
            if let Some(d) = from {
                q = if col_is_pay {
                    q.filter(credit_logs::payment_date.ge(day_start_ms(d)))
                } else {
                    q.filter(credit_logs::order_date.ge(day_start_ms(d)))
                };
            }
            if let Some(d) = to {
                q = if col_is_pay {
                    q.filter(credit_logs::payment_date.lt(day_start_ms(d + 1)))
                } else {
                    q.filter(credit_logs::order_date.lt(day_start_ms(d + 1)))
                };
            }
            // A row that has no such date yet (0) is outside every range.
            if col_is_pay && (from.is_some() || to.is_some()) {
                q = q.filter(credit_logs::payment_date.gt(0));
            }
        }
        DateFilter::CheckIn | DateFilter::EndDate => {
            let fmt = platform::time::format_day;
            let check_in = f.date_type == Some(DateFilter::CheckIn);
            if let Some(d) = from {
                q = if check_in {
                    q.filter(credit_logs::travel_date.ge(fmt(d)))
                } else {
                    q.filter(credit_logs::end_travel_date.ge(fmt(d)))
                };
            }
            if let Some(d) = to {
                q = if check_in {
                    q.filter(credit_logs::travel_date.le(fmt(d)))
                } else {
                    q.filter(credit_logs::end_travel_date.le(fmt(d)))
                };
            }
        }
    }
    q
}

/// A page of the credit log `viewer` sees, newest first by the date its range is on (the order
/// date without a range: [`credit_log::ordered_by`]), and how many rows match, counted up to
/// [`platform::db::COUNT_CAP`].
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &CreditLogFilter,
    page: PageRequest,
) -> QueryResult<(Vec<CreditLog>, i64)> {
    let total = platform::db::count_capped(conn, filtered(viewer, f).select(credit_logs::id))?;
    let date_type = f.date_type.unwrap_or(DateFilter::OrderDate);
    let q = filtered(viewer, f);
    let q = match credit_log::ordered_by(date_type, f.days) {
        DateFilter::PayDate => q.order((credit_logs::payment_date.desc(), credit_logs::id.desc())),
        DateFilter::OrderDate => q.order((credit_logs::order_date.desc(), credit_logs::id.desc())),
        DateFilter::CheckIn => q.order((credit_logs::travel_date.desc(), credit_logs::id.desc())),
        DateFilter::EndDate => {
            q.order((credit_logs::end_travel_date.desc(), credit_logs::id.desc()))
        }
    };
    let rows: Vec<Row> = q
        .offset(page.offset())
        .limit(page.limit())
        .select(Row::as_select())
        .load(conn)?;
    let mut ids: Vec<i64> = rows
        .iter()
        .flat_map(|r| [r.supplier_mch_id, r.distributor_mch_id])
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let names = platform::replica::merchant_names(conn, viewer.saas_id, &ids)?;
    let name = |id: i64| names.get(&id).cloned().unwrap_or_default();
    let staff = viewer.is_tenant_staff();
    let out = rows
        .into_iter()
        .map(|r| CreditLog {
            id: r.id,
            supplier_mch_id: r.supplier_mch_id,
            supplier_name: name(r.supplier_mch_id),
            distributor_mch_id: r.distributor_mch_id,
            distributor_name: name(r.distributor_mch_id),
            sale_user_id: r.sale_user_id,
            order_id: r.order_id,
            product_type: r.product_type,
            product_id: r.product_id,
            product_name: r.product_name,
            order_number: r.order_number,
            contact_name: r.contact_name,
            contact_phone: r.contact_phone,
            travel_date: r.travel_date,
            end_travel_date: r.end_travel_date,
            order_date: r.order_date,
            currency_code: r.currency_code,
            order_num: r.order_num,
            order_price: r.order_price,
            supplier_price: staff.then_some(r.supplier_price),
            distributor_price: r.distributor_price,
            receipt_date: r.receipt_date,
            receipt_progress: r.receipt_progress,
            receipt_id: r.receipt_id,
            payment_date: r.payment_date,
            payment_progress: r.payment_progress,
            payment_id: r.payment_id,
            statement_price: r.statement_price,
            state: r.state,
            create_date: r.created_at,
        })
        .collect();
    Ok((out, total))
}
