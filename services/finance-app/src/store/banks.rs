//! The tenant's bank accounts, for receipts and payments. Only the tenant's staff see and keep
//! them (the handlers check); every query filters by the viewer's tenant.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::bank_accounts;
use crate::domain::bank::{BankFields, STATE_ENABLED};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = bank_accounts)]
pub struct Bank {
    #[serde(rename = "bankId")]
    pub id: i64,
    pub bank_name: String,
    pub account_name: String,
    pub account_no: String,
    pub branch: String,
    pub currency: String,
    pub remark: String,
    /// 1 in use, 0 disabled.
    pub state: i32,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

#[derive(Debug, Default, Clone)]
pub struct BankFilter {
    /// Part of the bank's name, the holder's name or the number.
    pub text: Option<String>,
    pub state: Option<i32>,
}

fn visible(viewer: &Viewer) -> bank_accounts::BoxedQuery<'static, Db> {
    bank_accounts::table
        .filter(bank_accounts::saas_id.eq(viewer.saas_id))
        .into_boxed()
}

fn filtered(viewer: &Viewer, f: &BankFilter) -> bank_accounts::BoxedQuery<'static, Db> {
    use platform::db::SearchText as _;
    let mut q = visible(viewer);
    if let Some(t) = f.text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        let t = t.to_lowercase();
        q = q.filter(
            platform::db::lower(bank_accounts::bank_name)
                .contains_text(&t)
                .or(platform::db::lower(bank_accounts::account_name).contains_text(&t))
                .or(bank_accounts::account_no.contains_text(&t)),
        );
    }
    if let Some(s) = f.state {
        q = q.filter(bank_accounts::state.eq(s));
    }
    q
}

/// A page of the tenant's bank accounts, newest first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &BankFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Bank>, i64)> {
    let total = filtered(viewer, f).count().get_result(conn)?;
    let rows = filtered(viewer, f)
        .order(bank_accounts::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(Bank::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<Bank>> {
    visible(viewer)
        .filter(bank_accounts::id.eq(id))
        .select(Bank::as_select())
        .first(conn)
        .optional()
}

/// Whether another account of the tenant has this number.
pub fn number_taken(
    conn: &mut DbConnection,
    viewer: &Viewer,
    account_no: &str,
    except: i64,
) -> QueryResult<bool> {
    let n: i64 = visible(viewer)
        .filter(bank_accounts::account_no.eq(account_no))
        .filter(bank_accounts::id.ne(except))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Adds an account to the viewer's tenant, in use; answers its id.
pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    by_user: i64,
    f: &BankFields,
    now: i64,
) -> QueryResult<i64> {
    let id = platform::id::next_id();
    diesel::insert_into(bank_accounts::table)
        .values((
            bank_accounts::id.eq(id),
            bank_accounts::saas_id.eq(viewer.saas_id),
            bank_accounts::bank_name.eq(&f.bank_name),
            bank_accounts::account_name.eq(&f.account_name),
            bank_accounts::account_no.eq(&f.account_no),
            bank_accounts::branch.eq(&f.branch),
            bank_accounts::currency.eq(&f.currency),
            bank_accounts::remark.eq(&f.remark),
            bank_accounts::state.eq(STATE_ENABLED),
            bank_accounts::created_by.eq(by_user),
            bank_accounts::created_at.eq(now),
            bank_accounts::updated_at.eq(now),
        ))
        .execute(conn)?;
    Ok(id)
}

/// Rewrites an account of the viewer's tenant; answers whether it was there.
pub fn update(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &BankFields,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        bank_accounts::table
            .filter(bank_accounts::id.eq(id))
            .filter(bank_accounts::saas_id.eq(viewer.saas_id)),
    )
    .set((
        bank_accounts::bank_name.eq(&f.bank_name),
        bank_accounts::account_name.eq(&f.account_name),
        bank_accounts::account_no.eq(&f.account_no),
        bank_accounts::branch.eq(&f.branch),
        bank_accounts::currency.eq(&f.currency),
        bank_accounts::remark.eq(&f.remark),
        bank_accounts::updated_at.eq(now),
    ))
    .execute(conn)?;
    Ok(n > 0)
}

/// Sets an account's state (in use or disabled); answers whether it was there.
pub fn set_state(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    state: i32,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        bank_accounts::table
            .filter(bank_accounts::id.eq(id))
            .filter(bank_accounts::saas_id.eq(viewer.saas_id)),
    )
    .set((
        bank_accounts::state.eq(state),
        bank_accounts::updated_at.eq(now),
    ))
    .execute(conn)?;
    Ok(n > 0)
}
