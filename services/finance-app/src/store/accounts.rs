//! Distributors' credit accounts: limits set by the tenant's finance staff (each change logged),
//! prepaid money put in and taken out (the cash log), the day-end figures of the chart, and the
//! read-only credit check. The tenant's staff see every account of the tenant; a distributor's
//! users see their own; a supplier's users see none.

use diesel::prelude::*;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use platform::{ApiError, Viewer};
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{account_days, cash_logs, credit_accounts, credit_changes};
use crate::domain::credit::{self, Funds, Limits, NO_DAY};

/// Who the actor of a change is, for the logs.
#[derive(Debug, Clone)]
pub struct Actor {
    pub user_id: i64,
    pub username: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = credit_accounts)]
pub struct AccountRow {
    pub id: i64,
    pub saas_id: i64,
    pub mch_id: i64,
    pub currency: String,
    pub credit: i64,
    pub temp_credit: i64,
    pub temp_credit_until: i64,
    pub used_credit: i64,
    pub balance: i64,
    pub state: i32,
    pub version: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

impl AccountRow {
    pub fn funds(&self) -> Funds {
        Funds {
            credit: self.credit,
            temp_credit: self.temp_credit,
            temp_credit_until: self.temp_credit_until,
            used_credit: self.used_credit,
            balance: self.balance,
            state: self.state,
        }
    }
}

/// `YYYY-MM-DD` of a day, or empty for none.
pub fn day_text(day: i64) -> String {
    if day == NO_DAY {
        String::new()
    } else {
        platform::time::format_day(day)
    }
}

/// A credit account as the lists and the check show it (money in fen).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    pub id: i64,
    /// The distributor merchant.
    pub mch_id: i64,
    pub mch_name: String,
    pub currency: String,
    /// Permanent credit.
    pub credit: i64,
    /// Temporary credit.
    pub temp_credit: i64,
    /// The last day the temporary credit may be spent (`YYYY-MM-DD`, empty for none).
    pub temp_credit_expiry: String,
    /// Whether the temporary credit still counts today.
    pub temp_credit_valid: bool,
    pub used_credit: i64,
    /// Prepaid money.
    pub balance: i64,
    /// permanent + temporary (if still valid) + balance − used.
    pub available: i64,
    /// Credit state: -1 deleted, 0 invalid, 1 valid.
    pub state: i32,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

fn account(row: AccountRow, mch_name: String, today: i64) -> Account {
    let funds = row.funds();
    Account {
        id: row.id,
        mch_id: row.mch_id,
        mch_name,
        currency: row.currency,
        credit: row.credit,
        temp_credit: row.temp_credit,
        temp_credit_expiry: day_text(row.temp_credit_until),
        temp_credit_valid: row.temp_credit > 0 && today <= row.temp_credit_until,
        used_credit: row.used_credit,
        balance: row.balance,
        available: funds.available(today),
        state: row.state,
        created_at: row.created_at,
        updated_at: row.updated_at,
    }
}

/// What a list of accounts may be narrowed to.
#[derive(Debug, Default, Clone)]
pub struct AccountFilter {
    pub mch_id: Option<i64>,
    pub state: Option<i32>,
}

/// The accounts `viewer` may see: the tenant's staff all of the tenant's, a distributor's users
/// their own, anyone else none.
fn visible(viewer: &Viewer) -> credit_accounts::BoxedQuery<'static, Db> {
    let mut q = credit_accounts::table
        .filter(credit_accounts::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if !viewer.is_tenant_staff() {
        // A supplier's user has no account: -1 is no merchant's id.
        q = q.filter(credit_accounts::mch_id.eq(viewer.distributor().unwrap_or(-1)));
    }
    q
}

fn filtered(viewer: &Viewer, f: &AccountFilter) -> credit_accounts::BoxedQuery<'static, Db> {
    let mut q = visible(viewer);
    if let Some(m) = f.mch_id {
        q = q.filter(credit_accounts::mch_id.eq(m));
    }
    if let Some(s) = f.state {
        q = q.filter(credit_accounts::state.eq(s));
    }
    q
}

/// A page of the accounts `viewer` sees, the latest changed first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &AccountFilter,
    page: PageRequest,
    today: i64,
) -> QueryResult<(Vec<Account>, i64)> {
    let total = filtered(viewer, f).count().get_result(conn)?;
    let rows: Vec<AccountRow> = filtered(viewer, f)
        .order((
            credit_accounts::updated_at.desc(),
            credit_accounts::id.desc(),
        ))
        .offset(page.offset())
        .limit(page.limit())
        .select(AccountRow::as_select())
        .load(conn)?;
    let ids: Vec<i64> = rows.iter().map(|r| r.mch_id).collect();
    let mut names = platform::replica::merchant_names(conn, viewer.saas_id, &ids)?;
    let out = rows
        .into_iter()
        .map(|r| {
            let name = names.remove(&r.mch_id).unwrap_or_default();
            account(r, name, today)
        })
        .collect();
    Ok((out, total))
}

/// The account of distributor `mch_id`, if `viewer` may see it.
pub fn find(
    conn: &mut DbConnection,
    viewer: &Viewer,
    mch_id: i64,
) -> QueryResult<Option<AccountRow>> {
    visible(viewer)
        .filter(credit_accounts::mch_id.eq(mch_id))
        .select(AccountRow::as_select())
        .first(conn)
        .optional()
}

/// The account as shown, with the distributor's name.
pub fn show(
    conn: &mut DbConnection,
    viewer: &Viewer,
    row: AccountRow,
    today: i64,
) -> QueryResult<Account> {
    let name = platform::replica::merchant(conn, viewer.saas_id, row.mch_id)?
        .map(|m| m.mch_name)
        .unwrap_or_default();
    Ok(account(row, name, today))
}

/// 412 for a merchant that is not one of the tenant's distributors.
fn not_a_distributor() -> ApiError {
    ApiError::invalid_field(
        "mchId",
        "不是本租户的分销商",
        "is not a distributor of the tenant",
    )
}

/// The currency of distributor `mch_id` of the viewer's tenant, from the copy of merchants; a
/// 412 naming `mchId` when it is no distributor of the tenant.
pub fn distributor_currency(
    conn: &mut DbConnection,
    viewer: &Viewer,
    mch_id: i64,
) -> Result<String, ApiError> {
    let m = platform::replica::merchant(conn, viewer.saas_id, mch_id)?
        .filter(|m| m.mch_type == platform::tenancy::MCH_DISTRIBUTOR)
        .ok_or_else(not_a_distributor)?;
    Ok(if m.mch_currency.is_empty() {
        "CNY".to_owned()
    } else {
        m.mch_currency
    })
}

fn changed_meanwhile() -> ApiError {
    ApiError::Rule {
        code: "credit-changed",
        msg: platform::i18n::Text::fixed(
            "授信账户已被他人修改，请刷新后重试",
            "The credit account was changed meanwhile; reload it and try again",
        ),
    }
}

/// The copy's name in resync requests (`resync.credit-accounts.requested`): finance-app owns
/// the credit accounts, saas-main shows their figures on its merchants.
pub const COPY: &str = platform::bus::resync::CREDIT_ACCOUNTS;

/// The routing key of an account's figures ([`announce`]).
pub const UPDATED: &str = "credit-account.updated";

/// Tells the account as it now is (`credit-account.updated`, through the outbox in the caller's
/// transaction), so saas-main's copy on its merchant follows every change.
pub fn announce(conn: &mut DbConnection, row: &AccountRow) -> QueryResult<()> {
    let payload = v1::CreditAccountUpdated {
        mch_id: row.mch_id,
        currency: row.currency.clone(),
        credit: row.credit,
        temp_credit: row.temp_credit,
        temp_credit_expiry: day_text(row.temp_credit_until),
        used_credit: row.used_credit,
        balance: row.balance,
        state: row.state,
        version: row.version,
    };
    publish_in_tx(
        conn,
        Outgoing::new(crate::NAME, UPDATED, row.saas_id, &payload),
    )
    .map(|_| ())
}

/// Tells every account again (the answer to `resync.credit-accounts.requested`); how many.
pub fn announce_all(conn: &mut DbConnection) -> QueryResult<usize> {
    let all: Vec<AccountRow> = credit_accounts::table
        .order(credit_accounts::id)
        .select(AccountRow::as_select())
        .load(conn)?;
    for row in &all {
        announce(conn, row)?;
    }
    Ok(all.len())
}

/// Records the account's balance and used credit as the figures of `day` (the last change of a
/// day is its figure), and tells the change ([`announce`]): every change of an account passes
/// here.
fn mark_day(conn: &mut DbConnection, row: &AccountRow, day: i64) -> QueryResult<()> {
    announce(conn, row)?;
    let values = (
        account_days::saas_id.eq(row.saas_id),
        account_days::mch_id.eq(row.mch_id),
        account_days::day.eq(day),
        account_days::balance.eq(row.balance),
        account_days::used_credit.eq(row.used_credit),
    );
    let upsert = diesel::insert_into(account_days::table)
        .values(values)
        .on_conflict((
            account_days::saas_id,
            account_days::mch_id,
            account_days::day,
        ))
        .do_update()
        .set((
            account_days::balance.eq(row.balance),
            account_days::used_credit.eq(row.used_credit),
        ));
    platform::per_backend!(conn, |c| upsert.execute(c)).map(|_| ())
}

fn reload(conn: &mut DbConnection, id: i64) -> QueryResult<AccountRow> {
    credit_accounts::table
        .find(id)
        .select(AccountRow::as_select())
        .first(conn)
}

/// Sets the limits of a distributor's account (made on its first setting, in `currency`, the
/// distributor's: [`distributor_currency`]), logging the change with who and why. In the
/// caller's transaction; the tenant's staff only (the caller checks).
pub fn set_limits(
    conn: &mut DbConnection,
    viewer: &Viewer,
    actor: &Actor,
    l: &Limits,
    currency: &str,
    now: i64,
) -> Result<AccountRow, ApiError> {
    let before = find(conn, viewer, l.mch_id)?;
    let row = match &before {
        None => {
            let id = platform::id::next_id();
            diesel::insert_into(credit_accounts::table)
                .values((
                    credit_accounts::id.eq(id),
                    credit_accounts::saas_id.eq(viewer.saas_id),
                    credit_accounts::mch_id.eq(l.mch_id),
                    credit_accounts::currency.eq(currency),
                    credit_accounts::credit.eq(l.credit),
                    credit_accounts::temp_credit.eq(l.temp_credit),
                    credit_accounts::temp_credit_until.eq(l.temp_credit_until),
                    credit_accounts::used_credit.eq(0),
                    credit_accounts::balance.eq(0),
                    credit_accounts::state.eq(l.state),
                    credit_accounts::version.eq(1),
                    credit_accounts::created_at.eq(now),
                    credit_accounts::updated_at.eq(now),
                ))
                .execute(conn)?;
            reload(conn, id)?
        }
        Some(b) => {
            // Only the version read above may change: a concurrent change makes this miss.
            let n = diesel::update(
                credit_accounts::table
                    .filter(credit_accounts::id.eq(b.id))
                    .filter(credit_accounts::version.eq(b.version)),
            )
            .set((
                credit_accounts::credit.eq(l.credit),
                credit_accounts::temp_credit.eq(l.temp_credit),
                credit_accounts::temp_credit_until.eq(l.temp_credit_until),
                credit_accounts::state.eq(l.state),
                credit_accounts::version.eq(b.version + 1),
                credit_accounts::updated_at.eq(now),
            ))
            .execute(conn)?;
            if n == 0 {
                return Err(changed_meanwhile());
            }
            reload(conn, b.id)?
        }
    };
    let (credit_before, temp_before, until_before, state_before) = before
        .as_ref()
        .map_or((0, 0, NO_DAY, credit::STATE_INVALID), |b| {
            (b.credit, b.temp_credit, b.temp_credit_until, b.state)
        });
    diesel::insert_into(credit_changes::table)
        .values((
            credit_changes::id.eq(platform::id::next_id()),
            credit_changes::saas_id.eq(viewer.saas_id),
            credit_changes::mch_id.eq(l.mch_id),
            credit_changes::user_id.eq(actor.user_id),
            credit_changes::username.eq(&actor.username),
            credit_changes::reason.eq(&l.reason),
            credit_changes::credit_before.eq(credit_before),
            credit_changes::credit_after.eq(row.credit),
            credit_changes::temp_credit_before.eq(temp_before),
            credit_changes::temp_credit_after.eq(row.temp_credit),
            credit_changes::temp_until_before.eq(until_before),
            credit_changes::temp_until_after.eq(row.temp_credit_until),
            credit_changes::state_before.eq(state_before),
            credit_changes::state_after.eq(row.state),
            credit_changes::created_at.eq(now),
        ))
        .execute(conn)?;
    mark_day(conn, &row, platform::time::day_of_ms(now))?;
    Ok(row)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = credit_changes)]
struct ChangeRow {
    id: i64,
    mch_id: i64,
    user_id: i64,
    username: String,
    reason: String,
    credit_before: i64,
    credit_after: i64,
    temp_credit_before: i64,
    temp_credit_after: i64,
    temp_until_before: i64,
    temp_until_after: i64,
    state_before: i32,
    state_after: i32,
    created_at: i64,
}

/// One change of an account's limits: who, why, before and after.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LimitChange {
    pub id: i64,
    pub mch_id: i64,
    pub user_id: i64,
    pub username: String,
    pub reason: String,
    pub credit_before: i64,
    pub credit_after: i64,
    pub temp_credit_before: i64,
    pub temp_credit_after: i64,
    pub temp_credit_expiry_before: String,
    pub temp_credit_expiry_after: String,
    pub state_before: i32,
    pub state_after: i32,
    #[serde(rename = "createDate")]
    pub created_at: i64,
}

/// A page of the changes of distributor `mch_id`'s limits, newest first (the tenant's staff, or
/// the distributor's own users).
pub fn changes(
    conn: &mut DbConnection,
    viewer: &Viewer,
    mch_id: i64,
    page: PageRequest,
) -> QueryResult<(Vec<LimitChange>, i64)> {
    if !viewer.is_tenant_staff() && viewer.distributor() != Some(mch_id) {
        return Ok((Vec::new(), 0));
    }
    let q = || {
        credit_changes::table
            .filter(credit_changes::saas_id.eq(viewer.saas_id))
            .filter(credit_changes::mch_id.eq(mch_id))
    };
    let total = q().count().get_result(conn)?;
    let rows: Vec<ChangeRow> = q()
        .order(credit_changes::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(ChangeRow::as_select())
        .load(conn)?;
    let out = rows
        .into_iter()
        .map(|r| LimitChange {
            id: r.id,
            mch_id: r.mch_id,
            user_id: r.user_id,
            username: r.username,
            reason: r.reason,
            credit_before: r.credit_before,
            credit_after: r.credit_after,
            temp_credit_before: r.temp_credit_before,
            temp_credit_after: r.temp_credit_after,
            temp_credit_expiry_before: day_text(r.temp_until_before),
            temp_credit_expiry_after: day_text(r.temp_until_after),
            state_before: r.state_before,
            state_after: r.state_after,
            created_at: r.created_at,
        })
        .collect();
    Ok((out, total))
}

fn no_account() -> ApiError {
    ApiError::invalid_field(
        "mchId",
        "该分销商还没有授信账户，请先设置额度",
        "the distributor has no credit account yet: set its limits first",
    )
}

/// Puts prepaid money into a distributor's account (`money` > 0) or takes it out (< 0, never
/// more than the balance nor leaving less available than nothing), with its cash log entry. In
/// the caller's transaction; the tenant's staff only (the caller checks).
pub fn move_cash(
    conn: &mut DbConnection,
    viewer: &Viewer,
    actor: &Actor,
    mch_id: i64,
    money: i64,
    remark: &str,
    now: i64,
) -> Result<AccountRow, ApiError> {
    let row = find(conn, viewer, mch_id)?.ok_or_else(no_account)?;
    let today = platform::time::day_of_ms(now);
    let target = credit_accounts::table.filter(credit_accounts::id.eq(row.id));
    let n = if money > 0 {
        diesel::update(target)
            .set((
                credit_accounts::balance.eq(credit_accounts::balance + money),
                credit_accounts::version.eq(credit_accounts::version + 1),
                credit_accounts::updated_at.eq(now),
            ))
            .execute(conn)?
    } else {
        let out = -money;
        if let Some(refusal) = credit::cash_out_refusal(&row.funds(), out, today) {
            return Err(refusal);
        }
        // The same rule as one statement, so a concurrent payment cannot slip in between.
        diesel::update(
            target
                .filter(credit_accounts::balance.ge(out))
                .filter(covers(out, today)),
        )
        .set((
            credit_accounts::balance.eq(credit_accounts::balance - out),
            credit_accounts::version.eq(credit_accounts::version + 1),
            credit_accounts::updated_at.eq(now),
        ))
        .execute(conn)?
    };
    if n == 0 {
        return Err(changed_meanwhile());
    }
    let after = reload(conn, row.id)?;
    diesel::insert_into(cash_logs::table)
        .values((
            cash_logs::id.eq(platform::id::next_id()),
            cash_logs::saas_id.eq(viewer.saas_id),
            cash_logs::mch_id.eq(mch_id),
            cash_logs::currency.eq(&after.currency),
            cash_logs::money.eq(money),
            cash_logs::balance_after.eq(after.balance),
            cash_logs::user_id.eq(actor.user_id),
            cash_logs::username.eq(&actor.username),
            cash_logs::remark.eq(remark),
            cash_logs::created_at.eq(now),
        ))
        .execute(conn)?;
    mark_day(conn, &after, today)?;
    Ok(after)
}

/// The SQL of "available ≥ amount on `today`" (`domain::credit::Funds::available`): the
/// temporary credit counts only up to its last day.
#[allow(clippy::type_complexity)]
fn covers(
    amount: i64,
    today: i64,
) -> Box<dyn BoxableExpression<credit_accounts::table, Db, SqlType = diesel::sql_types::Bool>> {
    use credit_accounts::{balance, credit, temp_credit, temp_credit_until, used_credit};
    Box::new(
        (credit + balance - used_credit)
            .ge(amount)
            .or(temp_credit_until
                .ge(today)
                .and((credit + temp_credit + balance - used_credit).ge(amount))),
    )
}

/// Takes `amount` from distributor `mch_id`'s available credit with one conditional update: it
/// happens only if the account is valid, in `currency` (any when empty) and covers it at that
/// moment, whatever runs beside it. Answers whether it was taken. The day figures and the
/// announcement are the caller's ([`mark_today`]).
pub fn take(
    conn: &mut DbConnection,
    saas_id: i64,
    mch_id: i64,
    currency: &str,
    amount: i64,
    now: i64,
) -> QueryResult<bool> {
    let today = platform::time::day_of_ms(now);
    let mut take = diesel::update(
        credit_accounts::table
            .filter(credit_accounts::saas_id.eq(saas_id))
            .filter(credit_accounts::mch_id.eq(mch_id))
            .filter(credit_accounts::state.eq(credit::STATE_VALID))
            .filter(covers(amount, today)),
    )
    .into_boxed::<Db>();
    if !currency.is_empty() {
        take = take.filter(credit_accounts::currency.eq(currency.to_owned()));
    }
    let n = take
        .set((
            credit_accounts::used_credit.eq(credit_accounts::used_credit + amount),
            credit_accounts::version.eq(credit_accounts::version + 1),
            credit_accounts::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(n > 0)
}

/// Writes the day figures of distributor `mch_id`'s account as it now is, and announces it
/// (after [`take`]: once for all the payments of a batch).
pub fn mark_today(conn: &mut DbConnection, saas_id: i64, mch_id: i64, now: i64) -> QueryResult<()> {
    day_mark_of(conn, saas_id, mch_id, platform::time::day_of_ms(now))
}

/// Gives `amount` back to distributor `mch_id`'s available credit (a released payment).
pub fn give_back(
    conn: &mut DbConnection,
    saas_id: i64,
    mch_id: i64,
    amount: i64,
    now: i64,
) -> QueryResult<()> {
    diesel::update(
        credit_accounts::table
            .filter(credit_accounts::saas_id.eq(saas_id))
            .filter(credit_accounts::mch_id.eq(mch_id)),
    )
    .set((
        credit_accounts::used_credit.eq(credit_accounts::used_credit - amount),
        credit_accounts::version.eq(credit_accounts::version + 1),
        credit_accounts::updated_at.eq(now),
    ))
    .execute(conn)?;
    day_mark_of(conn, saas_id, mch_id, platform::time::day_of_ms(now))
}

/// The account of distributor `mch_id` of tenant `saas_id`, for the saga (no viewer: the event
/// names the tenant).
pub fn of_merchant(
    conn: &mut DbConnection,
    saas_id: i64,
    mch_id: i64,
) -> QueryResult<Option<AccountRow>> {
    credit_accounts::table
        .filter(credit_accounts::saas_id.eq(saas_id))
        .filter(credit_accounts::mch_id.eq(mch_id))
        .select(AccountRow::as_select())
        .first(conn)
        .optional()
}

fn day_mark_of(conn: &mut DbConnection, saas_id: i64, mch_id: i64, day: i64) -> QueryResult<()> {
    if let Some(row) = of_merchant(conn, saas_id, mch_id)? {
        mark_day(conn, &row, day)?;
    }
    Ok(())
}

/// A movement of prepaid money, with its distributor's name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CashLog {
    pub id: i64,
    pub mch_id: i64,
    /// The distributor's name (from the copy of merchants; empty if not known yet).
    pub mch_name: String,
    pub currency: String,
    /// Fen: positive in, negative out.
    pub money: i64,
    /// The balance after it, fen.
    #[serde(rename = "balance")]
    pub balance_after: i64,
    pub user_id: i64,
    pub username: String,
    pub remark: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = cash_logs)]
struct CashRow {
    id: i64,
    mch_id: i64,
    currency: String,
    money: i64,
    balance_after: i64,
    user_id: i64,
    username: String,
    remark: String,
    created_at: i64,
}

/// What the cash log may be narrowed to.
#[derive(Debug, Default, Clone)]
pub struct CashFilter {
    pub mch_id: Option<i64>,
    /// 1 money in, 2 money out.
    pub direction: Option<i32>,
    /// ms, inclusive.
    pub from: Option<i64>,
    /// ms, exclusive.
    pub until: Option<i64>,
}

fn cash_visible(viewer: &Viewer, f: &CashFilter) -> cash_logs::BoxedQuery<'static, Db> {
    let mut q = cash_logs::table
        .filter(cash_logs::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if !viewer.is_tenant_staff() {
        q = q.filter(cash_logs::mch_id.eq(viewer.distributor().unwrap_or(-1)));
    }
    if let Some(m) = f.mch_id {
        q = q.filter(cash_logs::mch_id.eq(m));
    }
    match f.direction {
        Some(1) => q = q.filter(cash_logs::money.gt(0)),
        Some(2) => q = q.filter(cash_logs::money.lt(0)),
        _ => {}
    }
    if let Some(t) = f.from {
        q = q.filter(cash_logs::created_at.ge(t));
    }
    if let Some(t) = f.until {
        q = q.filter(cash_logs::created_at.lt(t));
    }
    q
}

/// A page of the cash log `viewer` sees, newest first.
pub fn cash_log(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &CashFilter,
    page: PageRequest,
) -> QueryResult<(Vec<CashLog>, i64)> {
    let total = cash_visible(viewer, f).count().get_result(conn)?;
    let rows: Vec<CashRow> = cash_visible(viewer, f)
        .order(cash_logs::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(CashRow::as_select())
        .load(conn)?;
    let mut ids: Vec<i64> = rows.iter().map(|r| r.mch_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let names = platform::replica::merchant_names(conn, viewer.saas_id, &ids)?;
    let logs = rows
        .into_iter()
        .map(|r| CashLog {
            mch_name: names.get(&r.mch_id).cloned().unwrap_or_default(),
            id: r.id,
            mch_id: r.mch_id,
            currency: r.currency,
            money: r.money,
            balance_after: r.balance_after,
            user_id: r.user_id,
            username: r.username,
            remark: r.remark,
            created_at: r.created_at,
        })
        .collect();
    Ok((logs, total))
}

/// The day-end figures of distributor `mch_id`'s account from `from` to `to` (days): the last
/// figure before `from` and those inside, for `domain::credit::daily` to fill in.
pub fn day_figures(
    conn: &mut DbConnection,
    viewer: &Viewer,
    mch_id: i64,
    from: i64,
    to: i64,
) -> QueryResult<Vec<(i64, i64, i64)>> {
    if !viewer.is_tenant_staff() && viewer.distributor() != Some(mch_id) {
        return Ok(Vec::new());
    }
    let base = || {
        account_days::table
            .filter(account_days::saas_id.eq(viewer.saas_id))
            .filter(account_days::mch_id.eq(mch_id))
    };
    let before: Option<(i64, i64, i64)> = base()
        .filter(account_days::day.lt(from))
        .order(account_days::day.desc())
        .select((
            account_days::day,
            account_days::balance,
            account_days::used_credit,
        ))
        .first(conn)
        .optional()?;
    let mut rows: Vec<(i64, i64, i64)> = base()
        .filter(account_days::day.ge(from))
        .filter(account_days::day.le(to))
        .order(account_days::day.asc())
        .select((
            account_days::day,
            account_days::balance,
            account_days::used_credit,
        ))
        .load(conn)?;
    if let Some(b) = before {
        rows.insert(0, b);
    }
    Ok(rows)
}
