//! Exchange rates of the viewer's tenant: the current rate of each pair and its history.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;

use super::schema::currency_rates;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = currency_rates)]
pub struct RateRow {
    pub id: i64,
    pub from_currency: String,
    pub to_currency: String,
    /// Hundred-millionths.
    pub rate: i64,
    pub is_current: bool,
    pub remark: String,
    pub created_by: i64,
    pub created_at: i64,
}

fn of_tenant(viewer: &Viewer) -> currency_rates::BoxedQuery<'static, Db> {
    currency_rates::table
        .filter(currency_rates::saas_id.eq(viewer.saas_id))
        .into_boxed()
}

/// The current rate of each pair, optionally of one source or target currency.
pub fn list_current(
    conn: &mut DbConnection,
    viewer: &Viewer,
    from: Option<&str>,
    to: Option<&str>,
    page: PageRequest,
) -> QueryResult<(Vec<RateRow>, i64)> {
    let query = || {
        let mut q = of_tenant(viewer).filter(currency_rates::is_current.eq(true));
        if let Some(f) = from {
            q = q.filter(currency_rates::from_currency.eq(f.to_owned()));
        }
        if let Some(t) = to {
            q = q.filter(currency_rates::to_currency.eq(t.to_owned()));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order((currency_rates::from_currency, currency_rates::to_currency))
        .offset(page.offset())
        .limit(page.limit())
        .select(RateRow::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// Every rate the pair has had, newest first.
pub fn history(
    conn: &mut DbConnection,
    viewer: &Viewer,
    from: &str,
    to: &str,
    page: PageRequest,
) -> QueryResult<(Vec<RateRow>, i64)> {
    let query = || {
        of_tenant(viewer)
            .filter(currency_rates::from_currency.eq(from.to_owned()))
            .filter(currency_rates::to_currency.eq(to.to_owned()))
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order((currency_rates::created_at.desc(), currency_rates::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(RateRow::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// The current rate of `from` → `to`, if the tenant set one.
pub fn current(
    conn: &mut DbConnection,
    viewer: &Viewer,
    from: &str,
    to: &str,
) -> QueryResult<Option<RateRow>> {
    of_tenant(viewer)
        .filter(currency_rates::from_currency.eq(from.to_owned()))
        .filter(currency_rates::to_currency.eq(to.to_owned()))
        .filter(currency_rates::is_current.eq(true))
        .select(RateRow::as_select())
        .first(conn)
        .optional()
}

/// Sets the pair's rate: the new row becomes current, the old one stays as history.
#[allow(clippy::too_many_arguments)]
pub fn set(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    from: &str,
    to: &str,
    rate: i64,
    remark: &str,
    user_id: i64,
    now: i64,
) -> QueryResult<()> {
    diesel::update(
        currency_rates::table
            .filter(currency_rates::saas_id.eq(viewer.saas_id))
            .filter(currency_rates::from_currency.eq(from))
            .filter(currency_rates::to_currency.eq(to))
            .filter(currency_rates::is_current.eq(true)),
    )
    .set(currency_rates::is_current.eq(false))
    .execute(conn)?;
    diesel::insert_into(currency_rates::table)
        .values((
            currency_rates::id.eq(id),
            currency_rates::saas_id.eq(viewer.saas_id),
            currency_rates::from_currency.eq(from),
            currency_rates::to_currency.eq(to),
            currency_rates::rate.eq(rate),
            currency_rates::is_current.eq(true),
            currency_rates::remark.eq(remark),
            currency_rates::created_by.eq(user_id),
            currency_rates::created_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}
