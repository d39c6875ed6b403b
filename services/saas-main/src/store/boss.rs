//! Queries of paid services. A purchase is one transaction: the balance goes down only if it
//! covers the price (a conditional update, so concurrent purchases never overdraw it), the
//! licence goes up, the log and the `licence.updated` event are written with them.
//!
//! A tenant's users reach its balance, log and licences through their [`Viewer`]; the
//! platform's top-up names the tenant, and usage events carry theirs.

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{balance_logs, balances, boss_services, licences};
use crate::NAME;
use crate::domain::boss::{self, Licence};

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = boss_services)]
pub struct BossService {
    pub id: i64,
    pub service_name: String,
    pub service_desc: String,
    pub app_name: String,
    /// 0 undefined, 1 feature licence, 2 quantity licence, 3 single task.
    pub service_type: i32,
    pub service_class: String,
    pub license_data: String,
    pub license_value: i64,
    pub license_unit: String,
    /// fen.
    pub price: i64,
    pub service_rank: i32,
    /// 0 in development, 1 on sale, -1 off sale.
    pub state: i32,
}

pub fn list_services(
    conn: &mut DbConnection,
    state: Option<i32>,
    service_type: Option<i32>,
    page: PageRequest,
) -> QueryResult<(Vec<BossService>, i64)> {
    let query = || {
        let mut q = boss_services::table.into_boxed::<Db>();
        if let Some(s) = state {
            q = q.filter(boss_services::state.eq(s));
        }
        if let Some(t) = service_type {
            q = q.filter(boss_services::service_type.eq(t));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order((boss_services::service_rank, boss_services::id))
        .offset(page.offset())
        .limit(page.limit())
        .select(BossService::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn services_by_tag(conn: &mut DbConnection, tag: &str) -> QueryResult<Vec<BossService>> {
    boss_services::table
        .filter(boss_services::service_class.eq(tag))
        .filter(boss_services::state.eq(boss::SERVICE_ON_SALE))
        .order(boss_services::service_rank)
        .select(BossService::as_select())
        .load(conn)
}

pub fn service(conn: &mut DbConnection, id: i64) -> QueryResult<Option<BossService>> {
    boss_services::table
        .find(id)
        .select(BossService::as_select())
        .first(conn)
        .optional()
}

/// The viewer's tenant's balance, fen.
pub fn balance(conn: &mut DbConnection, viewer: &Viewer) -> QueryResult<i64> {
    account(conn, viewer.saas_id)
}

fn account(conn: &mut DbConnection, saas_id: i64) -> QueryResult<i64> {
    Ok(balances::table
        .find(saas_id)
        .select(balances::account)
        .first(conn)
        .optional()?
        .unwrap_or(0))
}

/// Makes sure the tenant has a balance row (at 0), so later changes are plain updates.
pub fn open_balance(conn: &mut DbConnection, saas_id: i64, now: i64) -> QueryResult<()> {
    let exists: i64 = balances::table
        .filter(balances::saas_id.eq(saas_id))
        .count()
        .get_result(conn)?;
    if exists == 0 {
        diesel::insert_into(balances::table)
            .values((
                balances::saas_id.eq(saas_id),
                balances::account.eq(0),
                balances::updated_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(())
}

pub struct LogEntry<'a> {
    pub saas_id: i64,
    pub log_type: i32,
    pub amount: i64,
    pub balance_after: i64,
    pub service_id: i64,
    pub remarks: &'a str,
    pub operator_id: i64,
    pub now: i64,
}

fn log(conn: &mut DbConnection, e: LogEntry<'_>) -> QueryResult<()> {
    diesel::insert_into(balance_logs::table)
        .values((
            balance_logs::id.eq(platform::id::next_id()),
            balance_logs::saas_id.eq(e.saas_id),
            balance_logs::log_type.eq(e.log_type),
            balance_logs::amount.eq(e.amount),
            balance_logs::balance_after.eq(e.balance_after),
            balance_logs::state.eq(boss::LOG_SUCCESS),
            balance_logs::service_id.eq(e.service_id),
            balance_logs::remarks.eq(e.remarks),
            balance_logs::operator_id.eq(e.operator_id),
            balance_logs::created_at.eq(e.now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Adds `amount` to the tenant's balance (the platform's administration); answers the new
/// balance.
pub fn top_up(
    conn: &mut DbConnection,
    saas_id: i64,
    amount: i64,
    remarks: &str,
    operator_id: i64,
    now: i64,
) -> QueryResult<i64> {
    open_balance(conn, saas_id, now)?;
    diesel::update(balances::table.find(saas_id))
        .set((
            balances::account.eq(balances::account + amount),
            balances::updated_at.eq(now),
        ))
        .execute(conn)?;
    let after = account(conn, saas_id)?;
    log(
        conn,
        LogEntry {
            saas_id,
            log_type: boss::LOG_TOP_UP,
            amount,
            balance_after: after,
            service_id: 0,
            remarks,
            operator_id,
            now,
        },
    )?;
    Ok(after)
}

/// Takes `price` from the balance if it covers it; None when it does not (nothing changed).
fn take(conn: &mut DbConnection, saas_id: i64, price: i64, now: i64) -> QueryResult<Option<i64>> {
    let changed = diesel::update(
        balances::table
            .filter(balances::saas_id.eq(saas_id))
            .filter(balances::account.ge(price)),
    )
    .set((
        balances::account.eq(balances::account - price),
        balances::updated_at.eq(now),
    ))
    .execute(conn)?;
    if changed == 0 {
        return Ok(None);
    }
    account(conn, saas_id).map(Some)
}

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = licences)]
pub struct LicenceRow {
    #[serde(skip)]
    pub id: i64,
    pub license_name: String,
    pub license_value: i64,
    pub expire_date: Option<i64>,
    pub last_buy_date: Option<i64>,
    pub last_consume_date: Option<i64>,
}

impl LicenceRow {
    pub fn licence(&self) -> Licence {
        Licence {
            value: self.license_value,
            expire_date: self.expire_date,
        }
    }
}

/// One licence of the viewer's tenant.
pub fn licence(
    conn: &mut DbConnection,
    viewer: &Viewer,
    name: &str,
) -> QueryResult<Option<LicenceRow>> {
    licence_of(conn, viewer.saas_id, name)
}

fn licence_of(
    conn: &mut DbConnection,
    saas_id: i64,
    name: &str,
) -> QueryResult<Option<LicenceRow>> {
    licences::table
        .filter(licences::saas_id.eq(saas_id))
        .filter(licences::license_name.eq(name))
        .select(LicenceRow::as_select())
        .first(conn)
        .optional()
}

/// The viewer's tenant's licences.
pub fn licences(conn: &mut DbConnection, viewer: &Viewer) -> QueryResult<Vec<LicenceRow>> {
    licences::table
        .filter(licences::saas_id.eq(viewer.saas_id))
        .order(licences::license_name)
        .select(LicenceRow::as_select())
        .load(conn)
}

/// Whether the viewer's tenant holds the licence and it is in force.
pub fn licence_live(
    conn: &mut DbConnection,
    viewer: &Viewer,
    name: &str,
    now: i64,
) -> QueryResult<bool> {
    Ok(licence(conn, viewer, name)?
        .is_some_and(|l| boss::state_of(l.licence(), now) == boss::LICENCE_NORMAL))
}

/// Tells the other services of a licence as it now stands.
fn announce(
    conn: &mut DbConnection,
    saas_id: i64,
    name: &str,
    l: Licence,
    state: i32,
) -> QueryResult<()> {
    let event = v1::LicenceUpdated {
        license_name: name.to_owned(),
        license_value: l.value,
        expire_date: l.expire_date.unwrap_or(0),
        state,
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "licence.updated", saas_id, &event),
    )
    .map(|_| ())
}

/// Writes the licence after a purchase and tells the other services.
fn grant(
    conn: &mut DbConnection,
    saas_id: i64,
    name: &str,
    l: Licence,
    now: i64,
) -> QueryResult<()> {
    let updated = diesel::update(
        licences::table
            .filter(licences::saas_id.eq(saas_id))
            .filter(licences::license_name.eq(name)),
    )
    .set((
        licences::license_value.eq(l.value),
        licences::expire_date.eq(l.expire_date),
        licences::last_buy_date.eq(Some(now)),
        licences::updated_at.eq(now),
        licences::expiry_announced.eq(false),
    ))
    .execute(conn)?;
    if updated == 0 {
        diesel::insert_into(licences::table)
            .values((
                licences::id.eq(platform::id::next_id()),
                licences::saas_id.eq(saas_id),
                licences::license_name.eq(name),
                licences::license_value.eq(l.value),
                licences::expire_date.eq(l.expire_date),
                licences::last_buy_date.eq(Some(now)),
                licences::updated_at.eq(now),
            ))
            .execute(conn)?;
    }
    announce(conn, saas_id, name, l, boss::state_of(l, now))
}

/// Buys `s` for the viewer's tenant: None when the balance is short (nothing changed).
pub fn purchase(
    conn: &mut DbConnection,
    viewer: &Viewer,
    s: &BossService,
    operator_id: i64,
    now: i64,
) -> QueryResult<Option<(i64, Licence)>> {
    let saas_id = viewer.saas_id;
    let Some(after) = take(conn, saas_id, s.price, now)? else {
        return Ok(None);
    };
    let current = licence_of(conn, saas_id, &s.license_data)?.map(|r| r.licence());
    let next = boss::after_purchase(current, s.service_type, s.license_value, now);
    grant(conn, saas_id, &s.license_data, next, now)?;
    log(
        conn,
        LogEntry {
            saas_id,
            log_type: boss::LOG_CONSUMPTION,
            amount: s.price,
            balance_after: after,
            service_id: s.id,
            remarks: &s.service_name,
            operator_id,
            now,
        },
    )?;
    Ok(Some((after, next)))
}

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = balance_logs)]
pub struct BalanceLog {
    pub id: i64,
    /// 1 top-up, -1 consumption.
    pub log_type: i32,
    /// fen.
    pub amount: i64,
    pub balance_after: i64,
    pub state: i32,
    pub service_id: i64,
    pub remarks: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    /// The invoice a top-up is on (0: none): its state is then 2 invoicing or 3 invoiced.
    pub invoice_id: i64,
}

/// The viewer's tenant's balance log, newest first.
pub fn list_logs(
    conn: &mut DbConnection,
    viewer: &Viewer,
    log_type: Option<i32>,
    state: Option<i32>,
    page: PageRequest,
) -> QueryResult<(Vec<BalanceLog>, i64)> {
    let query = || {
        let mut q = balance_logs::table
            .filter(balance_logs::saas_id.eq(viewer.saas_id))
            .into_boxed::<Db>();
        if let Some(t) = log_type {
            q = q.filter(balance_logs::log_type.eq(t));
        }
        if let Some(s) = state {
            q = q.filter(balance_logs::state.eq(s));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(balance_logs::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(BalanceLog::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// What the viewer's tenant spent in [from, to).
pub fn consumed_between(
    conn: &mut DbConnection,
    viewer: &Viewer,
    from: i64,
    to: i64,
) -> QueryResult<i64> {
    let amounts: Vec<i64> = balance_logs::table
        .filter(balance_logs::saas_id.eq(viewer.saas_id))
        .filter(balance_logs::log_type.eq(boss::LOG_CONSUMPTION))
        .filter(balance_logs::created_at.ge(from))
        .filter(balance_logs::created_at.lt(to))
        .select(balance_logs::amount)
        .load(conn)?;
    Ok(amounts.iter().sum())
}

/// Takes `quantity` from a quantity licence (not below zero) and tells the other services; a
/// licence the tenant does not have is left alone (the use was not allowed to happen).
pub fn use_licence(
    conn: &mut DbConnection,
    saas_id: i64,
    name: &str,
    quantity: i64,
    now: i64,
) -> QueryResult<()> {
    let Some(current) = licence_of(conn, saas_id, name)? else {
        tracing::warn!(saas_id, name, "usage of a licence the tenant does not hold");
        return Ok(());
    };
    let l = boss::after_use(current.licence(), quantity);
    diesel::update(licences::table.find(current.id))
        .set((
            licences::license_value.eq(l.value),
            licences::last_consume_date.eq(Some(now)),
            licences::updated_at.eq(now),
        ))
        .execute(conn)?;
    announce(conn, saas_id, name, l, boss::state_of(l, now))
}

/// Publishes every licence again with the state it has at `now` (`licence.updated`, as a
/// purchase, a use or the expiry job does); answers how many.
pub fn announce_all(conn: &mut DbConnection, now: i64) -> QueryResult<usize> {
    let all: Vec<(i64, String, i64, Option<i64>)> = licences::table
        .order(licences::id)
        .select((
            licences::saas_id,
            licences::license_name,
            licences::license_value,
            licences::expire_date,
        ))
        .load(conn)?;
    for (saas_id, name, value, expire_date) in &all {
        let l = Licence {
            value: *value,
            expire_date: *expire_date,
        };
        announce(conn, *saas_id, name, l, boss::state_of(l, now))?;
    }
    Ok(all.len())
}

/// Tells the other services of licences whose expiry date has passed since the last run
/// (`licence.updated` with state 0), each once: the flag is set under the condition that it was
/// not, so a replica running the same job at the same time tells nothing twice.
pub fn announce_expired(conn: &mut DbConnection, now: i64) -> QueryResult<usize> {
    platform::db::write_tx(conn, |conn| {
        let due: Vec<(i64, i64, String, i64, Option<i64>)> = licences::table
            .filter(licences::expiry_announced.eq(false))
            .filter(licences::expire_date.le(now))
            .order(licences::expire_date)
            .limit(500)
            .select((
                licences::id,
                licences::saas_id,
                licences::license_name,
                licences::license_value,
                licences::expire_date,
            ))
            .load(conn)?;
        let mut told = 0;
        for (id, saas_id, license_name, license_value, expire_date) in due {
            let claimed = diesel::update(
                licences::table
                    .find(id)
                    .filter(licences::expiry_announced.eq(false)),
            )
            .set(licences::expiry_announced.eq(true))
            .execute(conn)?;
            if claimed == 0 {
                continue;
            }
            let l = Licence {
                value: license_value,
                expire_date,
            };
            announce(conn, saas_id, &license_name, l, boss::LICENCE_EXPIRED)?;
            told += 1;
        }
        Ok(told)
    })
}
