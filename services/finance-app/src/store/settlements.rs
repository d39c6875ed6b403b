//! Receipts and payments (`settlements`, kind 1 and 2), their logs (`settlement_logs`) and the
//! reconciliation ledger kept on the credit log rows they settle (`receipt_*` and `payment_*`
//! columns). Every action runs in the caller's transaction and first claims its receipt
//! (payment) with an UPDATE, so two actions on one receipt wait for each other on PostgreSQL
//! (SQLite runs one writer at a time); what each order has received is recomputed from the
//! confirmed logs alone ([`rules::allocate`]).

use diesel::prelude::*;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use platform::time::day_start_ms;
use platform::{ApiError, Viewer};
use serde::Serialize;
use utoipa::ToSchema;

// The credit log seen as the ledger (schema.rs says why it is a view of its own).
use super::schema::ledger as credit_logs;
use super::schema::{bank_accounts, settlement_logs, settlements};
use crate::domain::credit_log::{self, DayRange};
use crate::domain::settlement::{self as rules, Candidate, Side, log_state, state, verify};

/// Runs `$body` with the credit log columns of `$side` bound to the names given: the merchant
/// (distributor or supplier), the receipt (payment) id, what the row owes, what it has received
/// (paid), its verify state, its progress and its date.
macro_rules! on_side {
    ($side:expr, |$mch:ident, $sid:ident, $due:ident, $done:ident, $ver:ident, $prog:ident, $date:ident| $body:expr) => {
        match $side {
            Side::Receipt => {
                #[allow(unused_imports)]
                use credit_logs::{
                    distributor_mch_id as $mch, receipt_date as $date, receipt_due as $due,
                    receipt_id as $sid, receipt_progress as $prog, receipt_received as $done,
                    receipt_verify as $ver,
                };
                $body
            }
            Side::Payment => {
                #[allow(unused_imports)]
                use credit_logs::{
                    payment_date as $date, payment_due as $due, payment_id as $sid,
                    payment_paid as $done, payment_progress as $prog, payment_verify as $ver,
                    supplier_mch_id as $mch,
                };
                $body
            }
        }
    };
}

/// Which merchant's receipts (payments) the viewer sees: `Some(None)` every one (the tenant's
/// staff), `Some(Some(id))` its own (a distributor's users for receipts, a supplier's for
/// payments), `None` nothing.
fn scope(viewer: &Viewer, side: Side) -> Option<Option<i64>> {
    if viewer.is_tenant_staff() {
        return Some(None);
    }
    match side {
        Side::Receipt => viewer.distributor().map(Some),
        Side::Payment => viewer.supplier().map(Some),
    }
}

/// Who acts.
#[derive(Debug, Clone)]
pub struct Actor {
    pub user_id: i64,
    pub username: String,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = settlements)]
struct Row {
    id: i64,
    mch_id: i64,
    currency: String,
    due: i64,
    arrived: i64,
    progress: i32,
    order_count: i32,
    state: i32,
    confirm_user_id: i64,
    confirm_username: String,
    confirm_date: i64,
    check_user_id: i64,
    check_username: String,
    check_date: i64,
    remark: String,
    created_by: i64,
    created_by_name: String,
    created_at: i64,
}

/// A receipt or payment as the store knows it (the API names its fields by side).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settlement {
    pub id: i64,
    pub mch_id: i64,
    pub mch_name: String,
    pub currency: String,
    pub due: i64,
    pub arrived: i64,
    pub progress: i32,
    pub order_count: i32,
    pub state: i32,
    pub confirm_user_id: i64,
    pub confirm_username: String,
    pub confirm_date: i64,
    pub check_user_id: i64,
    pub check_username: String,
    pub check_date: i64,
    pub remark: String,
    pub created_by: i64,
    pub created_by_name: String,
    pub created_at: i64,
}

fn settlement_of(r: Row, mch_name: String) -> Settlement {
    Settlement {
        id: r.id,
        mch_id: r.mch_id,
        mch_name,
        currency: r.currency,
        due: r.due,
        arrived: r.arrived,
        progress: r.progress,
        order_count: r.order_count,
        state: r.state,
        confirm_user_id: r.confirm_user_id,
        confirm_username: r.confirm_username,
        confirm_date: r.confirm_date,
        check_user_id: r.check_user_id,
        check_username: r.check_username,
        check_date: r.check_date,
        remark: r.remark,
        created_by: r.created_by,
        created_by_name: r.created_by_name,
        created_at: r.created_at,
    }
}

/// The rows of `$table` (settlements or their logs: both have the tenant, the side and the
/// merchant) of `$side` that `$viewer` sees, as a boxed query.
macro_rules! visible_in {
    ($table:ident, $viewer:expr, $side:expr) => {{
        let q = $table::table
            .filter($table::saas_id.eq($viewer.saas_id))
            .filter($table::kind.eq($side.kind()))
            .into_boxed();
        match scope($viewer, $side) {
            Some(None) => q,
            Some(Some(mch)) => q.filter($table::mch_id.eq(mch)),
            None => q.filter($table::id.eq(-1)),
        }
    }};
}

/// [`visible_in!`] narrowed to one merchant (`$mch`) and a state (`$state`; absent: every state
/// but `$deleted`).
macro_rules! filtered_in {
    ($table:ident, $viewer:expr, $side:expr, $mch:expr, $state:expr, $deleted:expr) => {{
        let q = visible_in!($table, $viewer, $side);
        let q = match $mch {
            Some(v) => q.filter($table::mch_id.eq(v)),
            None => q,
        };
        match $state {
            Some(v) => q.filter($table::state.eq(v)),
            None => q.filter($table::state.ne($deleted)),
        }
    }};
}

/// `rows`, each with the name of its merchant (`mch_of`) as the platform's copy of merchants
/// has it (empty if it has none), made into what the store answers by `make`.
fn with_names<R, T>(
    conn: &mut DbConnection,
    saas_id: i64,
    rows: Vec<R>,
    mch_of: impl Fn(&R) -> i64,
    make: impl Fn(R, String) -> T,
) -> QueryResult<Vec<T>> {
    let mut ids: Vec<i64> = rows.iter().map(&mch_of).collect();
    ids.sort_unstable();
    ids.dedup();
    let names = platform::replica::merchant_names(conn, saas_id, &ids)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let name = names.get(&mch_of(&r)).cloned().unwrap_or_default();
            make(r, name)
        })
        .collect())
}

fn named(conn: &mut DbConnection, viewer: &Viewer, rows: Vec<Row>) -> QueryResult<Vec<Settlement>> {
    with_names(conn, viewer.saas_id, rows, |r| r.mch_id, settlement_of)
}

/// The receipt (payment) `id`, if the viewer sees it.
pub fn find(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    id: i64,
) -> QueryResult<Option<Settlement>> {
    let row: Option<Row> = visible_in!(settlements, viewer, side)
        .filter(settlements::id.eq(id))
        .select(Row::as_select())
        .first(conn)
        .optional()?;
    Ok(named(conn, viewer, row.into_iter().collect())?.pop())
}

/// What the list of receipts (payments) may be narrowed to.
#[derive(Debug, Default, Clone)]
pub struct SettlementFilter {
    pub mch_id: Option<i64>,
    /// Absent: every state but deleted.
    pub state: Option<i32>,
    pub progress: Option<i32>,
}

fn filtered(
    viewer: &Viewer,
    side: Side,
    f: &SettlementFilter,
) -> settlements::BoxedQuery<'static, Db> {
    let mut q = filtered_in!(settlements, viewer, side, f.mch_id, f.state, state::DELETED);
    if let Some(v) = f.progress {
        q = q.filter(settlements::progress.eq(v));
    }
    q
}

/// A page of the receipts (payments) the viewer sees, newest first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    f: &SettlementFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Settlement>, i64)> {
    let total = filtered(viewer, side, f).count().get_result(conn)?;
    let rows: Vec<Row> = filtered(viewer, side, f)
        .order((settlements::created_at.desc(), settlements::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(Row::as_select())
        .load(conn)?;
    Ok((named(conn, viewer, rows)?, total))
}

fn orders_taken() -> ApiError {
    ApiError::invalid_field(
        "creditLogIds",
        "订单已在其他结算单中",
        "names an order that is in another live receipt or payment",
    )
}

/// Makes a receipt (payment) of the credit log rows `ids` of the viewer's tenant (the caller is
/// the tenant's staff): checked by [`rules::new_settlement`], then each row claimed with a
/// conditional UPDATE (in no live receipt of this side), so two requests naming one row cannot
/// both take it. Its rows keep, frozen, what they owe now.
pub fn create(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    ids: &[i64],
    remark: &str,
    by: &Actor,
    now: i64,
) -> Result<i64, ApiError> {
    let tracked = super::ledger_lines::track(conn, viewer.saas_id, ids)?;
    let found: Vec<(i64, i64, String, i32, i64, i64)> =
        on_side!(side, |mch, sid, due, done, ver, prog, date| {
            credit_logs::table
                .filter(credit_logs::saas_id.eq(viewer.saas_id))
                .filter(credit_logs::id.eq_any(ids))
                .select((
                    credit_logs::id,
                    mch,
                    credit_logs::currency_code,
                    credit_logs::state,
                    sid,
                    due,
                ))
                .load(conn)
        })?;
    let candidates: Vec<Candidate> = found
        .into_iter()
        .map(
            |(id, mch_id, currency, state, settlement_id, due)| Candidate {
                id,
                mch_id,
                currency,
                state,
                settlement_id,
                due,
            },
        )
        .collect();
    let new = rules::new_settlement(ids, &candidates)?;
    let id = platform::id::next_id();
    diesel::insert_into(settlements::table)
        .values((
            (
                settlements::id.eq(id),
                settlements::saas_id.eq(viewer.saas_id),
                settlements::kind.eq(side.kind()),
                settlements::mch_id.eq(new.mch_id),
                settlements::currency.eq(&new.currency),
                settlements::due.eq(new.due),
                settlements::arrived.eq(0),
                settlements::progress.eq(credit_log::progress::NONE),
                settlements::order_count.eq(i32::try_from(ids.len()).unwrap_or(i32::MAX)),
                settlements::state.eq(state::AWAITING),
                settlements::confirm_user_id.eq(0),
            ),
            (
                settlements::confirm_username.eq(""),
                settlements::confirm_date.eq(0),
                settlements::check_user_id.eq(0),
                settlements::check_username.eq(""),
                settlements::check_date.eq(0),
                settlements::remark.eq(remark),
                settlements::created_by.eq(by.user_id),
                settlements::created_by_name.eq(&by.username),
                settlements::created_at.eq(now),
                settlements::updated_at.eq(now),
            ),
        ))
        .execute(conn)?;
    let claimed = on_side!(side, |mch, sid, due, done, ver, prog, date| diesel::update(
        credit_logs::table
            .filter(credit_logs::saas_id.eq(viewer.saas_id))
            .filter(credit_logs::id.eq_any(ids))
            .filter(sid.eq(0))
    )
    .set((
        sid.eq(id),
        done.eq(0),
        ver.eq(verify::NOT_RECONCILED),
        prog.eq(credit_log::progress::NONE),
        date.eq(0)
    ))
    .execute(conn))?;
    if claimed != ids.len() {
        return Err(orders_taken());
    }
    super::credit_logs::show_settling(conn, viewer.saas_id, ids)?;
    // What the rows owe, read again now that they are claimed (and, on PostgreSQL, locked): an
    // order event between the first read and the claim may have changed it, and the receipt
    // must be what its rows owe.
    let owed: Vec<i64> = on_side!(side, |mch, sid, due, done, ver, prog, date| {
        credit_logs::table
            .filter(credit_logs::saas_id.eq(viewer.saas_id))
            .filter(sid.eq(id))
            .select(due)
            .load(conn)
    })?;
    if owed.iter().sum::<i64>() != new.due || owed.iter().any(|d| *d <= 0) {
        return Err(ApiError::invalid_field(
            "creditLogIds",
            "订单金额刚刚发生变化，请刷新后重试",
            "names an order whose amounts changed just now: reload and try again",
        ));
    }
    tracked.finish(conn)?;
    Ok(id)
}

/// Takes the receipt (payment) `id` of the viewer's tenant for an action: the UPDATE makes a
/// second action on it wait (PostgreSQL) until this one's transaction ends.
fn claim(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    id: i64,
    now: i64,
) -> Result<Row, ApiError> {
    let n = diesel::update(
        settlements::table
            .filter(settlements::saas_id.eq(viewer.saas_id))
            .filter(settlements::kind.eq(side.kind()))
            .filter(settlements::id.eq(id)),
    )
    .set(settlements::updated_at.eq(now))
    .execute(conn)?;
    if n == 0 {
        return Err(side.not_found());
    }
    Ok(settlements::table
        .filter(settlements::id.eq(id))
        .select(Row::as_select())
        .first(conn)?)
}

/// The ids of the credit log rows in the receipt (payment) `id`.
fn rows_in(conn: &mut DbConnection, saas_id: i64, side: Side, id: i64) -> QueryResult<Vec<i64>> {
    on_side!(side, |mch, sid, due, done, ver, prog, date| {
        credit_logs::table
            .filter(credit_logs::saas_id.eq(saas_id))
            .filter(sid.eq(id))
            .select(credit_logs::id)
            .load(conn)
    })
}

/// Shares the confirmed logs of `s` among its orders again and writes what changed: each
/// order's received (paid), progress, date and verify state, the receipt's arrived, progress and
/// state (`reviewed`: closing it).
fn settle(
    conn: &mut DbConnection,
    saas_id: i64,
    side: Side,
    s: &Row,
    reviewed: bool,
) -> QueryResult<()> {
    let ids = rows_in(conn, saas_id, side, s.id)?;
    let tracked = super::ledger_lines::track(conn, saas_id, &ids)?;
    let rows: Vec<(i64, i64, i64, i32, i64, i32)> =
        on_side!(side, |mch, sid, due, done, ver, prog, date| {
            credit_logs::table
                .filter(credit_logs::saas_id.eq(saas_id))
                .filter(sid.eq(s.id))
                .order((credit_logs::order_date.asc(), credit_logs::id.asc()))
                .select((credit_logs::id, due, done, prog, date, ver))
                .load(conn)
        })?;
    let logs: Vec<(i64, i64)> = settlement_logs::table
        .filter(settlement_logs::saas_id.eq(saas_id))
        .filter(settlement_logs::settlement_id.eq(s.id))
        .filter(settlement_logs::state.eq(log_state::CONFIRMED))
        .order((
            settlement_logs::confirm_date.asc(),
            settlement_logs::id.asc(),
        ))
        .select((settlement_logs::money, settlement_logs::confirm_date))
        .load(conn)?;
    let dues: Vec<i64> = rows.iter().map(|r| r.1).collect();
    let shares = rules::allocate(&dues, &logs);
    let mut received: Vec<(i64, i64)> = Vec::new();
    for (&(id, _, was_done, was_prog, was_date, was_ver), a) in rows.iter().zip(&shares) {
        let ver = rules::verify_of(was_ver, a.progress, reviewed);
        if (was_done, was_prog, was_date, was_ver) == (a.done, a.progress, a.date, ver) {
            continue;
        }
        if a.done != was_done {
            received.push((id, a.done));
        }
        on_side!(side, |mch, sid, due, done, v, prog, date| diesel::update(
            credit_logs::table.filter(credit_logs::id.eq(id))
        )
        .set((done.eq(a.done), prog.eq(a.progress), date.eq(a.date)))
        .execute(conn))?;
        // Never over an abnormal mark, even one an order event made since the read above
        // (PostgreSQL checks the condition again on the row it locks).
        on_side!(side, |mch, sid, due, done, v, prog, date| diesel::update(
            credit_logs::table
                .filter(credit_logs::id.eq(id))
                .filter(v.ne(verify::ABNORMAL))
        )
        .set(v.eq(ver))
        .execute(conn))?;
    }
    super::credit_logs::show_settling(conn, saas_id, &ids)?;
    if side == Side::Receipt {
        // Money received for an order paid by credit gives the distributor that credit back.
        let now = platform::time::now_ms();
        for (id, done) in received {
            let order_id: i64 = credit_logs::table
                .filter(credit_logs::id.eq(id))
                .select(credit_logs::order_id)
                .first(conn)?;
            super::saga::repaid(conn, saas_id, order_id, done, now)?;
        }
    }
    let arrived: i64 = logs.iter().map(|l| l.0).sum();
    let next = if reviewed {
        state::REVIEWED
    } else {
        rules::state_after(arrived)
    };
    diesel::update(settlements::table.filter(settlements::id.eq(s.id)))
        .set((
            settlements::arrived.eq(arrived),
            settlements::progress.eq(rules::progress_of(s.due, arrived)),
            settlements::state.eq(next),
        ))
        .execute(conn)?;
    tracked.finish(conn)
}

/// Reviews the receipt (payment) `id`: fully settled, nothing pending, no abnormal order
/// ([`rules::may_review`]); closes it and marks its orders reviewed.
pub fn review(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    id: i64,
    by: &Actor,
    now: i64,
) -> Result<(), ApiError> {
    let s = claim(conn, viewer, side, id, now)?;
    let pending: i64 = settlement_logs::table
        .filter(settlement_logs::saas_id.eq(viewer.saas_id))
        .filter(settlement_logs::settlement_id.eq(id))
        .filter(settlement_logs::state.eq(log_state::PENDING))
        .count()
        .get_result(conn)?;
    let abnormal: i64 = on_side!(side, |mch, sid, due, done, ver, prog, date| {
        credit_logs::table
            .filter(credit_logs::saas_id.eq(viewer.saas_id))
            .filter(sid.eq(id))
            .filter(ver.eq(verify::ABNORMAL))
            .count()
            .get_result(conn)
    })?;
    rules::may_review(s.state, s.due, s.arrived, pending, abnormal)?;
    settle(conn, viewer.saas_id, side, &s, true)?;
    diesel::update(settlements::table.filter(settlements::id.eq(id)))
        .set((
            settlements::check_user_id.eq(by.user_id),
            settlements::check_username.eq(&by.username),
            settlements::check_date.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

/// Deletes the receipt (payment) `id` ([`rules::may_delete`]: nothing confirmed on it): its
/// pending logs are deleted with it and its orders are free again, owing what their orders owe
/// now (an abnormal order is reconciled afresh).
pub fn delete(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    id: i64,
    now: i64,
) -> Result<(), ApiError> {
    let s = claim(conn, viewer, side, id, now)?;
    rules::may_delete(s.state, s.arrived)?;
    let ids = rows_in(conn, viewer.saas_id, side, id)?;
    let tracked = super::ledger_lines::track(conn, viewer.saas_id, &ids)?;
    // Freed first (which locks the rows on PostgreSQL), then given what their orders owe as
    // read under that lock: an order event waits, then finds the row free and keeps it itself.
    on_side!(side, |mch, sid, due, done, ver, prog, date| diesel::update(
        credit_logs::table
            .filter(credit_logs::id.eq_any(&ids))
            .filter(sid.eq(id))
    )
    .set((
        sid.eq(0),
        done.eq(0),
        ver.eq(verify::NOT_RECONCILED),
        prog.eq(credit_log::progress::NONE),
        date.eq(0)
    ))
    .execute(conn))?;
    let rows: Vec<(i64, i32, i64, i64)> =
        on_side!(side, |mch, sid, due, done, ver, prog, date| {
            credit_logs::table
                .filter(credit_logs::id.eq_any(&ids))
                .filter(sid.eq(0))
                .select((
                    credit_logs::id,
                    credit_logs::state,
                    credit_logs::order_price,
                    credit_logs::supplier_price,
                ))
                .load(conn)
        })?;
    for (row, st, order_price, supplier_price) in rows {
        let owes = rules::due_of(side, st, order_price, supplier_price);
        on_side!(side, |mch, sid, due, done, ver, prog, date| diesel::update(
            credit_logs::table
                .filter(credit_logs::id.eq(row))
                .filter(sid.eq(0))
        )
        .set(due.eq(owes))
        .execute(conn))?;
    }
    super::credit_logs::show_settling(conn, viewer.saas_id, &ids)?;
    diesel::update(
        settlement_logs::table
            .filter(settlement_logs::settlement_id.eq(id))
            .filter(settlement_logs::state.eq(log_state::PENDING)),
    )
    .set((
        settlement_logs::state.eq(log_state::DELETED),
        settlement_logs::updated_at.eq(now),
    ))
    .execute(conn)?;
    diesel::update(settlements::table.filter(settlements::id.eq(id)))
        .set(settlements::state.eq(state::DELETED))
        .execute(conn)?;
    tracked.finish(conn)?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Logs

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = settlement_logs)]
struct LogRow {
    id: i64,
    settlement_id: i64,
    mch_id: i64,
    currency: String,
    money: i64,
    info: String,
    serial_id: String,
    log_date: String,
    user_id: i64,
    username: String,
    remark: String,
    state: i32,
    confirm_user_id: i64,
    confirm_username: String,
    confirm_date: i64,
    created_at: i64,
    bank_id: i64,
}

/// A receipt (payment) log as the store knows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettlementLog {
    pub id: i64,
    pub settlement_id: i64,
    pub mch_id: i64,
    pub mch_name: String,
    pub currency: String,
    pub money: i64,
    pub info: String,
    pub serial_id: String,
    pub log_date: String,
    pub user_id: i64,
    pub username: String,
    pub remark: String,
    pub state: i32,
    pub confirm_user_id: i64,
    pub confirm_username: String,
    pub confirm_date: i64,
    pub created_at: i64,
    /// The tenant's bank account the money went through (0: a log recorded before logs named
    /// one), with its bank and number as they are now.
    pub bank_id: i64,
    pub bank_name: String,
    pub account_no: String,
}

fn named_logs(
    conn: &mut DbConnection,
    viewer: &Viewer,
    rows: Vec<LogRow>,
) -> QueryResult<Vec<SettlementLog>> {
    let mut bank_ids: Vec<i64> = rows.iter().map(|r| r.bank_id).filter(|b| *b > 0).collect();
    bank_ids.sort_unstable();
    bank_ids.dedup();
    let banks: std::collections::HashMap<i64, (String, String)> = bank_accounts::table
        .filter(bank_accounts::saas_id.eq(viewer.saas_id))
        .filter(bank_accounts::id.eq_any(&bank_ids))
        .select((
            bank_accounts::id,
            (bank_accounts::bank_name, bank_accounts::account_no),
        ))
        .load::<(i64, (String, String))>(conn)?
        .into_iter()
        .collect();
    with_names(
        conn,
        viewer.saas_id,
        rows,
        |r| r.mch_id,
        |r, mch_name| SettlementLog {
            mch_name,
            id: r.id,
            settlement_id: r.settlement_id,
            mch_id: r.mch_id,
            currency: r.currency,
            money: r.money,
            info: r.info,
            serial_id: r.serial_id,
            log_date: r.log_date,
            user_id: r.user_id,
            username: r.username,
            remark: r.remark,
            state: r.state,
            confirm_user_id: r.confirm_user_id,
            confirm_username: r.confirm_username,
            confirm_date: r.confirm_date,
            created_at: r.created_at,
            bank_id: r.bank_id,
            bank_name: banks
                .get(&r.bank_id)
                .map(|b| b.0.clone())
                .unwrap_or_default(),
            account_no: banks
                .get(&r.bank_id)
                .map(|b| b.1.clone())
                .unwrap_or_default(),
        },
    )
}

/// The log `id`, if the viewer sees it.
pub fn find_log(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    id: i64,
) -> QueryResult<Option<SettlementLog>> {
    let row: Option<LogRow> = visible_in!(settlement_logs, viewer, side)
        .filter(settlement_logs::id.eq(id))
        .select(LogRow::as_select())
        .first(conn)
        .optional()?;
    Ok(named_logs(conn, viewer, row.into_iter().collect())?.pop())
}

/// What the list of logs may be narrowed to.
#[derive(Debug, Default, Clone)]
pub struct LogFilter {
    pub settlement_id: Option<i64>,
    pub mch_id: Option<i64>,
    /// Absent: every state but deleted.
    pub state: Option<i32>,
    /// Of the money's date.
    pub days: DayRange,
}

fn filtered_logs(
    viewer: &Viewer,
    side: Side,
    f: &LogFilter,
) -> settlement_logs::BoxedQuery<'static, Db> {
    let mut q = filtered_in!(
        settlement_logs,
        viewer,
        side,
        f.mch_id,
        f.state,
        log_state::DELETED
    );
    if let Some(v) = f.settlement_id {
        q = q.filter(settlement_logs::settlement_id.eq(v));
    }
    if let Some(d) = f.days.from {
        q = q.filter(settlement_logs::log_date.ge(platform::time::format_day(d)));
    }
    if let Some(d) = f.days.to {
        q = q.filter(settlement_logs::log_date.le(platform::time::format_day(d)));
    }
    q
}

/// A page of the logs the viewer sees, newest first.
pub fn list_logs(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    f: &LogFilter,
    page: PageRequest,
) -> QueryResult<(Vec<SettlementLog>, i64)> {
    let total = filtered_logs(viewer, side, f).count().get_result(conn)?;
    let rows: Vec<LogRow> = filtered_logs(viewer, side, f)
        .order((
            settlement_logs::created_at.desc(),
            settlement_logs::id.desc(),
        ))
        .offset(page.offset())
        .limit(page.limit())
        .select(LogRow::as_select())
        .load(conn)?;
    named_logs(conn, viewer, rows).map(|rows| (rows, total))
}

/// A money arrival to record (checked: money, dates and texts).
#[derive(Debug, Clone)]
pub struct NewLog {
    pub settlement_id: i64,
    pub money: i64,
    /// The tenant's bank account it goes through (checked here: in use, in its currency).
    pub bank_id: i64,
    pub info: String,
    pub serial_id: String,
    /// `YYYY-MM-DD`.
    pub log_date: String,
    pub remark: String,
}

/// Records a money arrival against a live receipt (payment), pending confirmation
/// ([`rules::may_record`]: never more than it has left, pending logs included).
pub fn record(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    l: &NewLog,
    by: &Actor,
    now: i64,
) -> Result<i64, ApiError> {
    let s = claim(conn, viewer, side, l.settlement_id, now).map_err(|e| match e {
        ApiError::NotFound { .. } => ApiError::invalid_field(
            side_id_field(side),
            "结算单不存在",
            "names no receipt or payment of the tenant",
        ),
        other => other,
    })?;
    let counted: Vec<i64> = settlement_logs::table
        .filter(settlement_logs::saas_id.eq(viewer.saas_id))
        .filter(settlement_logs::settlement_id.eq(s.id))
        .filter(settlement_logs::state.eq_any([log_state::PENDING, log_state::CONFIRMED]))
        .select(settlement_logs::money)
        .load(conn)?;
    rules::may_record(s.state, s.due, counted.iter().sum(), l.money)?;
    let bank: Option<(i32, String)> = bank_accounts::table
        .filter(bank_accounts::saas_id.eq(viewer.saas_id))
        .filter(bank_accounts::id.eq(l.bank_id))
        .select((bank_accounts::state, bank_accounts::currency))
        .first(conn)
        .optional()?;
    crate::domain::bank::may_carry(
        bank.as_ref().map(|(state, c)| (*state, c.as_str())),
        &s.currency,
    )?;
    let id = platform::id::next_id();
    diesel::insert_into(settlement_logs::table)
        .values((
            (
                settlement_logs::id.eq(id),
                settlement_logs::saas_id.eq(viewer.saas_id),
                settlement_logs::kind.eq(side.kind()),
                settlement_logs::settlement_id.eq(s.id),
                settlement_logs::mch_id.eq(s.mch_id),
                settlement_logs::currency.eq(&s.currency),
                settlement_logs::money.eq(l.money),
                settlement_logs::info.eq(&l.info),
                settlement_logs::serial_id.eq(&l.serial_id),
                settlement_logs::log_date.eq(&l.log_date),
            ),
            (
                settlement_logs::user_id.eq(by.user_id),
                settlement_logs::username.eq(&by.username),
                settlement_logs::remark.eq(&l.remark),
                settlement_logs::state.eq(log_state::PENDING),
                settlement_logs::confirm_user_id.eq(0),
                settlement_logs::confirm_username.eq(""),
                settlement_logs::confirm_date.eq(0),
                settlement_logs::created_at.eq(now),
                settlement_logs::updated_at.eq(now),
                settlement_logs::bank_id.eq(l.bank_id),
            ),
        ))
        .execute(conn)?;
    Ok(id)
}

/// The request field naming a receipt or a payment.
pub fn side_id_field(side: Side) -> &'static str {
    match side {
        Side::Receipt => "receiptId",
        Side::Payment => "paymentId",
    }
}

/// The log `id` of the viewer's tenant and the receipt (payment) it belongs to, claimed.
fn log_and_settlement(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    id: i64,
    now: i64,
) -> Result<(LogRow, Row), ApiError> {
    let log: LogRow = settlement_logs::table
        .filter(settlement_logs::saas_id.eq(viewer.saas_id))
        .filter(settlement_logs::kind.eq(side.kind()))
        .filter(settlement_logs::id.eq(id))
        .select(LogRow::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(|| side.log_not_found())?;
    let s = claim(conn, viewer, side, log.settlement_id, now)?;
    // Read again under the claim: a concurrent action may have moved it meanwhile.
    let log: LogRow = settlement_logs::table
        .filter(settlement_logs::id.eq(id))
        .select(LogRow::as_select())
        .first(conn)?;
    Ok((log, s))
}

/// Confirms a pending log: the money counts, shared among the receipt's orders.
pub fn confirm_log(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    id: i64,
    by: &Actor,
    now: i64,
) -> Result<i64, ApiError> {
    let (log, s) = log_and_settlement(conn, viewer, side, id, now)?;
    rules::may_confirm(s.state, log.state, s.arrived, s.due, log.money)?;
    diesel::update(settlement_logs::table.filter(settlement_logs::id.eq(id)))
        .set((
            settlement_logs::state.eq(log_state::CONFIRMED),
            settlement_logs::confirm_user_id.eq(by.user_id),
            settlement_logs::confirm_username.eq(&by.username),
            settlement_logs::confirm_date.eq(now),
            settlement_logs::updated_at.eq(now),
        ))
        .execute(conn)?;
    settle(conn, viewer.saas_id, side, &s, false)?;
    diesel::update(settlements::table.filter(settlements::id.eq(s.id)))
        .set((
            settlements::confirm_user_id.eq(by.user_id),
            settlements::confirm_username.eq(&by.username),
            settlements::confirm_date.eq(now),
        ))
        .execute(conn)?;
    Ok(s.id)
}

/// Rolls a confirmed log back (cancelled): the money no longer counts, and its orders have what
/// the other confirmed logs give them, exactly as if it had never been confirmed.
pub fn roll_back_log(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    id: i64,
    now: i64,
) -> Result<i64, ApiError> {
    let (log, s) = log_and_settlement(conn, viewer, side, id, now)?;
    rules::may_roll_back(s.state, log.state)?;
    diesel::update(settlement_logs::table.filter(settlement_logs::id.eq(id)))
        .set((
            settlement_logs::state.eq(log_state::CANCELLED),
            settlement_logs::updated_at.eq(now),
        ))
        .execute(conn)?;
    settle(conn, viewer.saas_id, side, &s, false)?;
    Ok(s.id)
}

/// Deletes a pending log.
pub fn delete_log(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    id: i64,
    now: i64,
) -> Result<(), ApiError> {
    let (log, s) = log_and_settlement(conn, viewer, side, id, now)?;
    rules::may_delete_log(s.state, log.state)?;
    diesel::update(settlement_logs::table.filter(settlement_logs::id.eq(id)))
        .set((
            settlement_logs::state.eq(log_state::DELETED),
            settlement_logs::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Reconciliation

/// A credit log row in the reconciliation ledger, with both sides' figures (a merchant's users
/// get only their own side's, and not the other party's price).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyOrder {
    /// The credit log row's id (what `creditLogIds` names).
    pub id: i64,
    pub order_id: i64,
    pub order_number: String,
    pub product_type: i32,
    pub product_name: String,
    pub supplier_mch_id: i64,
    pub supplier_name: String,
    pub distributor_mch_id: i64,
    pub distributor_name: String,
    pub travel_date: String,
    pub end_travel_date: String,
    pub order_date: i64,
    pub currency_code: String,
    /// What the distributor pays (absent for a supplier's users).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order_price: Option<i64>,
    /// What the supplier is paid (absent for a distributor's users).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub supplier_price: Option<i64>,
    /// Credit log state.
    pub state: i32,
    #[serde(flatten)]
    pub receipt: Option<ReceiptSide>,
    #[serde(flatten)]
    pub payment: Option<PaymentSide>,
}

/// An order's receipt figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptSide {
    /// 0: in no live receipt.
    pub receipt_id: i64,
    /// What it owes the tenant (frozen while in a receipt).
    pub receipt_due: i64,
    pub receipt_received: i64,
    /// none 1, partial 2, full 3.
    pub receipt_progress: i32,
    pub receipt_date: i64,
    /// -1 abnormal, 0 not reconciled, 1 partial, 2 full, 3 reviewed.
    pub receipt_verify: i32,
}

/// An order's payment figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentSide {
    /// 0: in no live payment.
    pub payment_id: i64,
    /// What the tenant owes the supplier (frozen while in a payment).
    pub payment_due: i64,
    pub payment_paid: i64,
    /// none 1, partial 2, full 3.
    pub payment_progress: i32,
    pub payment_date: i64,
    /// -1 abnormal, 0 not reconciled, 1 partial, 2 full, 3 reviewed.
    pub payment_verify: i32,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = credit_logs)]
struct LedgerRow {
    id: i64,
    order_id: i64,
    order_number: String,
    product_type: i32,
    product_name: String,
    supplier_mch_id: i64,
    distributor_mch_id: i64,
    travel_date: String,
    end_travel_date: String,
    order_date: i64,
    currency_code: String,
    order_price: i64,
    supplier_price: i64,
    state: i32,
    receipt_id: i64,
    receipt_due: i64,
    receipt_received: i64,
    receipt_progress: i32,
    receipt_date: i64,
    receipt_verify: i32,
    payment_id: i64,
    payment_due: i64,
    payment_paid: i64,
    payment_progress: i32,
    payment_date: i64,
    payment_verify: i32,
}

/// What the ledger's order list may be narrowed to.
#[derive(Debug, Default, Clone)]
pub struct VerifyFilter {
    pub mch_id: Option<i64>,
    pub verify: Option<i32>,
    pub settlement_id: Option<i64>,
    /// Of the order date.
    pub days: DayRange,
}

/// The rows of `side`'s ledger the viewer sees: those that owe or have received something.
fn ledger(viewer: &Viewer, side: Side) -> credit_logs::BoxedQuery<'static, Db> {
    let q = credit_logs::table
        .filter(credit_logs::saas_id.eq(viewer.saas_id))
        .into_boxed();
    on_side!(side, |mch, sid, due, done, ver, prog, date| {
        let q = q.filter(due.gt(0).or(done.gt(0)));
        match scope(viewer, side) {
            Some(None) => q,
            Some(Some(m)) => q.filter(mch.eq(m)),
            None => q.filter(credit_logs::id.eq(-1)),
        }
    })
}

fn verify_filtered(
    viewer: &Viewer,
    side: Side,
    f: &VerifyFilter,
) -> credit_logs::BoxedQuery<'static, Db> {
    let mut q = ledger(viewer, side);
    q = on_side!(side, |mch, sid, due, done, ver, prog, date| {
        if let Some(v) = f.mch_id {
            q = q.filter(mch.eq(v));
        }
        if let Some(v) = f.verify {
            q = q.filter(ver.eq(v));
        }
        if let Some(v) = f.settlement_id {
            q = q.filter(sid.eq(v));
        }
        q
    });
    if let Some(d) = f.days.from {
        q = q.filter(credit_logs::order_date.ge(day_start_ms(d)));
    }
    if let Some(d) = f.days.to {
        q = q.filter(credit_logs::order_date.lt(day_start_ms(d + 1)));
    }
    q
}

fn verify_orders_of(
    conn: &mut DbConnection,
    viewer: &Viewer,
    rows: Vec<LedgerRow>,
) -> QueryResult<Vec<VerifyOrder>> {
    let mut ids: Vec<i64> = rows
        .iter()
        .flat_map(|r| [r.supplier_mch_id, r.distributor_mch_id])
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let names = platform::replica::merchant_names(conn, viewer.saas_id, &ids)?;
    let name = |id: i64| names.get(&id).cloned().unwrap_or_default();
    let staff = viewer.is_tenant_staff();
    let distributor = viewer.distributor().is_some();
    let supplier = viewer.supplier().is_some();
    Ok(rows
        .into_iter()
        .map(|r| VerifyOrder {
            id: r.id,
            order_id: r.order_id,
            order_number: r.order_number,
            product_type: r.product_type,
            product_name: r.product_name,
            supplier_mch_id: r.supplier_mch_id,
            supplier_name: name(r.supplier_mch_id),
            distributor_mch_id: r.distributor_mch_id,
            distributor_name: name(r.distributor_mch_id),
            travel_date: r.travel_date,
            end_travel_date: r.end_travel_date,
            order_date: r.order_date,
            currency_code: r.currency_code,
            order_price: (staff || distributor).then_some(r.order_price),
            supplier_price: (staff || supplier).then_some(r.supplier_price),
            state: r.state,
            receipt: (staff || distributor).then_some(ReceiptSide {
                receipt_id: r.receipt_id,
                receipt_due: r.receipt_due,
                receipt_received: r.receipt_received,
                receipt_progress: r.receipt_progress,
                receipt_date: r.receipt_date,
                receipt_verify: r.receipt_verify,
            }),
            payment: (staff || supplier).then_some(PaymentSide {
                payment_id: r.payment_id,
                payment_due: r.payment_due,
                payment_paid: r.payment_paid,
                payment_progress: r.payment_progress,
                payment_date: r.payment_date,
                payment_verify: r.payment_verify,
            }),
        })
        .collect())
}

/// A page of `side`'s ledger rows the viewer sees, oldest orders first (the order receipts
/// fill them in), and how many match, counted up to [`platform::db::COUNT_CAP`].
pub fn verify_orders(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    f: &VerifyFilter,
    page: PageRequest,
) -> QueryResult<(Vec<VerifyOrder>, i64)> {
    let total = platform::db::count_capped(
        conn,
        verify_filtered(viewer, side, f).select(credit_logs::id),
    )?;
    let rows: Vec<LedgerRow> = verify_filtered(viewer, side, f)
        .order((credit_logs::order_date.asc(), credit_logs::id.asc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(LedgerRow::as_select())
        .load(conn)?;
    Ok((verify_orders_of(conn, viewer, rows)?, total))
}

/// The orders of the receipt (payment) `id` (the viewer sees it: checked by the caller), in the
/// order its money fills them.
pub fn orders_of(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    id: i64,
) -> QueryResult<Vec<VerifyOrder>> {
    let rows: Vec<LedgerRow> = on_side!(side, |mch, sid, due, done, ver, prog, date| {
        credit_logs::table
            .filter(credit_logs::saas_id.eq(viewer.saas_id))
            .filter(sid.eq(id))
            .order((credit_logs::order_date.asc(), credit_logs::id.asc()))
            .select(LedgerRow::as_select())
            .load(conn)
    })?;
    verify_orders_of(conn, viewer, rows)
}

/// One merchant's line of the ledger, in one currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LedgerLine {
    pub mch_id: i64,
    pub mch_name: String,
    pub currency: String,
    pub order_count: i64,
    pub due: i64,
    pub done: i64,
    pub outstanding: i64,
    pub abnormal_count: i64,
}

/// Per merchant and currency of `side` the viewer sees (optionally one merchant): its orders in
/// the ledger, what they owe, what is received (paid) and what is outstanding, each summed
/// from the rows on its own, and how many are abnormal; by merchant id. Read from the
/// summaries' read model ([`super::ledger_lines`]), not by grouping the rows.
pub fn summary(
    conn: &mut DbConnection,
    viewer: &Viewer,
    side: Side,
    mch_id: Option<i64>,
) -> QueryResult<Vec<LedgerLine>> {
    // One merchant (lo = hi) or all (the whole range).
    let (lo, hi) = match (scope(viewer, side), mch_id) {
        (None, _) => return Ok(Vec::new()),
        (Some(Some(own)), Some(asked)) if asked != own => return Ok(Vec::new()),
        (Some(Some(own)), _) => (own, own),
        (Some(None), Some(asked)) => (asked, asked),
        (Some(None), None) => (i64::MIN, i64::MAX),
    };
    let lines = super::ledger_lines::lines_of(conn, viewer.saas_id, side, lo, hi)?;
    let ids: Vec<i64> = lines.iter().map(|l| l.mch_id).collect();
    let names = platform::replica::merchant_names(conn, viewer.saas_id, &ids)?;
    Ok(lines
        .into_iter()
        .map(|l| LedgerLine {
            mch_name: names.get(&l.mch_id).cloned().unwrap_or_default(),
            mch_id: l.mch_id,
            currency: l.currency,
            order_count: l.figures.order_count,
            due: l.figures.due,
            done: l.figures.done,
            outstanding: l.figures.outstanding,
            abnormal_count: l.figures.abnormal_count,
        })
        .collect())
}
