//! Queries of account administration. Every one is bounded to the caller's tenant (and, for a
//! merchant's user, merchant): a row outside it is not found.

use diesel::prelude::*;
use platform::auth::CurrentUser;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::DbConnection;
use platform::http::PageRequest;

use crate::NAME;
use crate::schema::{
    action_logs, api_users, group_permissions, login_logs, merchants, perm_groups, permissions,
    user_groups, users,
};
use crate::store::User;

use platform::db::Backend as Db;

#[derive(Debug, Default, Clone)]
pub struct UserFilter {
    pub username: Option<String>,
    pub real_name: Option<String>,
    pub mobile: Option<String>,
    pub mch_id: Option<i64>,
    pub msc_type: Option<i32>,
    pub user_state: Option<i32>,
    pub group_id: Option<i64>,
}

fn users_in_scope<'a>(actor: &CurrentUser, f: &'a UserFilter) -> users::BoxedQuery<'a, Db> {
    let mut q = users::table
        .filter(users::saas_id.eq(actor.saas_id))
        .into_boxed();
    if actor.is_merchant_user() {
        q = q.filter(users::mch_id.eq(actor.mch_id));
    }
    if let Some(v) = f.username.as_deref().filter(|v| !v.is_empty()) {
        q = q.filter(users::username.like(platform::db::contains_pattern(v)));
    }
    if let Some(v) = f.real_name.as_deref().filter(|v| !v.is_empty()) {
        q = q.filter(users::real_name.like(platform::db::contains_pattern(v)));
    }
    if let Some(v) = f.mobile.as_deref().filter(|v| !v.is_empty()) {
        q = q.filter(users::mobile.like(platform::db::contains_pattern(v)));
    }
    if let Some(v) = f.mch_id {
        q = q.filter(users::mch_id.eq(v));
    }
    if let Some(v) = f.msc_type {
        q = q.filter(users::msc_type.eq(v));
    }
    if let Some(v) = f.user_state {
        q = q.filter(users::user_state.eq(v));
    }
    if let Some(g) = f.group_id {
        q = q.filter(
            users::id.eq_any(
                user_groups::table
                    .filter(user_groups::group_id.eq(g))
                    .select(user_groups::user_id),
            ),
        );
    }
    q
}

pub fn list_users(
    conn: &mut DbConnection,
    actor: &CurrentUser,
    f: &UserFilter,
    page: PageRequest,
) -> QueryResult<(Vec<User>, i64)> {
    let total = users_in_scope(actor, f).count().get_result(conn)?;
    let rows = users_in_scope(actor, f)
        .order(users::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(User::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// The user if it is in the caller's scope.
pub fn user_in_scope(
    conn: &mut DbConnection,
    actor: &CurrentUser,
    id: i64,
) -> QueryResult<Option<User>> {
    users_in_scope(actor, &UserFilter::default())
        .filter(users::id.eq(id))
        .select(User::as_select())
        .first(conn)
        .optional()
}

pub fn group_ids_of(conn: &mut DbConnection, user_ids: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
    user_groups::table
        .filter(user_groups::user_id.eq_any(user_ids))
        .select((user_groups::user_id, user_groups::group_id))
        .load(conn)
}

pub fn username_taken(conn: &mut DbConnection, username: &str) -> QueryResult<bool> {
    let n: i64 = users::table
        .filter(users::username.eq(username))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Whether every group id is a group of the caller's tenant.
pub fn groups_in_tenant(conn: &mut DbConnection, saas_id: i64, ids: &[i64]) -> QueryResult<bool> {
    if ids.is_empty() {
        return Ok(true);
    }
    let n: i64 = perm_groups::table
        .filter(perm_groups::saas_id.eq(saas_id))
        .filter(perm_groups::id.eq_any(ids))
        .count()
        .get_result(conn)?;
    Ok(usize::try_from(n).unwrap_or(0) == ids.len())
}

/// Whether the merchant is one of the tenant's (as last heard from saas-main).
pub fn merchant_in_tenant(conn: &mut DbConnection, saas_id: i64, mch_id: i64) -> QueryResult<bool> {
    let n: i64 = merchants::table
        .filter(merchants::saas_id.eq(saas_id))
        .filter(merchants::mch_id.eq(mch_id))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Replaces the user's groups; permission caches everywhere are told.
pub fn set_user_groups(
    conn: &mut DbConnection,
    saas_id: i64,
    user_id: i64,
    ids: &[i64],
) -> QueryResult<()> {
    diesel::delete(user_groups::table.filter(user_groups::user_id.eq(user_id))).execute(conn)?;
    for gid in ids {
        diesel::insert_into(user_groups::table)
            .values((
                user_groups::user_id.eq(user_id),
                user_groups::group_id.eq(gid),
            ))
            .execute(conn)?;
    }
    grants_changed(conn, saas_id, user_id, 0)
}

pub fn grants_changed(
    conn: &mut DbConnection,
    saas_id: i64,
    user_id: i64,
    group_id: i64,
) -> QueryResult<()> {
    let event = v1::PermissionGrantChanged { user_id, group_id };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "permission-grant.changed", saas_id, &event),
    )
    .map(|_| ())
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = perm_groups)]
pub struct Group {
    pub id: i64,
    pub name: String,
    pub remarks: String,
    pub created_at: i64,
    pub updated_at: i64,
}

pub fn list_groups(
    conn: &mut DbConnection,
    saas_id: i64,
    name: Option<&str>,
    page: PageRequest,
) -> QueryResult<(Vec<Group>, i64)> {
    let query = || {
        let mut q = perm_groups::table
            .filter(perm_groups::saas_id.eq(saas_id))
            .into_boxed::<Db>();
        if let Some(n) = name.filter(|n| !n.is_empty()) {
            q = q.filter(perm_groups::name.like(platform::db::contains_pattern(n)));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(perm_groups::name)
        .offset(page.offset())
        .limit(page.limit())
        .select(Group::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn group_in_tenant(
    conn: &mut DbConnection,
    saas_id: i64,
    id: i64,
) -> QueryResult<Option<Group>> {
    perm_groups::table
        .filter(perm_groups::saas_id.eq(saas_id))
        .filter(perm_groups::id.eq(id))
        .select(Group::as_select())
        .first(conn)
        .optional()
}

pub fn group_name_taken(
    conn: &mut DbConnection,
    saas_id: i64,
    name: &str,
    except: i64,
) -> QueryResult<bool> {
    let n: i64 = perm_groups::table
        .filter(perm_groups::saas_id.eq(saas_id))
        .filter(perm_groups::name.eq(name))
        .filter(perm_groups::id.ne(except))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

pub fn group_codes(conn: &mut DbConnection, group_id: i64) -> QueryResult<Vec<String>> {
    group_permissions::table
        .filter(group_permissions::group_id.eq(group_id))
        .select(group_permissions::perm_code)
        .order(group_permissions::perm_code)
        .load(conn)
}

pub fn member_counts(conn: &mut DbConnection, group_ids: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
    user_groups::table
        .filter(user_groups::group_id.eq_any(group_ids))
        .group_by(user_groups::group_id)
        .select((user_groups::group_id, diesel::dsl::count_star()))
        .load(conn)
}

pub fn set_group_codes(
    conn: &mut DbConnection,
    group_id: i64,
    codes: &[String],
) -> QueryResult<()> {
    diesel::delete(group_permissions::table.filter(group_permissions::group_id.eq(group_id)))
        .execute(conn)?;
    for code in codes {
        diesel::insert_into(group_permissions::table)
            .values((
                group_permissions::group_id.eq(group_id),
                group_permissions::perm_code.eq(code),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// A catalogue entry: (code, appId, service, English summary, Chinese summary).
pub type CatalogueRow = (String, i32, String, String, String);

/// The catalogue, by code.
pub fn catalogue(conn: &mut DbConnection) -> QueryResult<Vec<CatalogueRow>> {
    permissions::table
        .select((
            permissions::code,
            permissions::app_id,
            permissions::service,
            permissions::summary,
            permissions::summary_zh,
        ))
        .order(permissions::code)
        .load(conn)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = api_users)]
pub struct ApiUser {
    pub id: i64,
    pub saas_id: i64,
    pub mch_id: i64,
    pub name: String,
    pub msc_type: i32,
    pub app_key: String,
    pub secret_hash: String,
    pub state: i32,
    pub remarks: String,
    pub created_at: i64,
    pub updated_at: i64,
}

pub fn list_api_users(
    conn: &mut DbConnection,
    actor: &CurrentUser,
    name: Option<&str>,
    page: PageRequest,
) -> QueryResult<(Vec<ApiUser>, i64)> {
    let query = || {
        let mut q = api_users::table
            .filter(api_users::saas_id.eq(actor.saas_id))
            .into_boxed::<Db>();
        if actor.is_merchant_user() {
            q = q.filter(api_users::mch_id.eq(actor.mch_id));
        }
        if let Some(n) = name.filter(|n| !n.is_empty()) {
            q = q.filter(api_users::name.like(platform::db::contains_pattern(n)));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(api_users::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(ApiUser::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn api_user_in_scope(
    conn: &mut DbConnection,
    actor: &CurrentUser,
    id: i64,
) -> QueryResult<Option<ApiUser>> {
    let mut q = api_users::table
        .filter(api_users::saas_id.eq(actor.saas_id))
        .filter(api_users::id.eq(id))
        .into_boxed::<Db>();
    if actor.is_merchant_user() {
        q = q.filter(api_users::mch_id.eq(actor.mch_id));
    }
    q.select(ApiUser::as_select()).first(conn).optional()
}

#[derive(Debug, Default, Clone)]
pub struct LogFilter {
    pub username: Option<String>,
    pub result: Option<i32>,
    pub action: Option<String>,
    pub start_time: Option<i64>,
    pub end_time: Option<i64>,
}

/// For a merchant's user, the ids of that merchant's users (whose logs it may read).
fn merchant_user_ids(
    conn: &mut DbConnection,
    actor: &CurrentUser,
) -> QueryResult<Option<Vec<i64>>> {
    if !actor.is_merchant_user() {
        return Ok(None);
    }
    users::table
        .filter(users::saas_id.eq(actor.saas_id))
        .filter(users::mch_id.eq(actor.mch_id))
        .select(users::id)
        .load(conn)
        .map(Some)
}

#[derive(Debug, Clone, Queryable)]
pub struct LoginLog {
    pub id: i64,
    pub user_id: i64,
    pub username: String,
    pub ip: String,
    pub user_agent: String,
    pub result: i32,
    pub message: String,
    pub created_at: i64,
}

pub fn list_login_logs(
    conn: &mut DbConnection,
    actor: &CurrentUser,
    f: &LogFilter,
    page: PageRequest,
) -> QueryResult<(Vec<LoginLog>, i64)> {
    let merchant_users = merchant_user_ids(conn, actor)?;
    let query = || {
        let mut q = login_logs::table
            .filter(login_logs::saas_id.eq(actor.saas_id))
            .into_boxed::<Db>();
        if let Some(ids) = &merchant_users {
            q = q.filter(login_logs::user_id.eq_any(ids.clone()));
        }
        if let Some(v) = f.username.as_deref().filter(|v| !v.is_empty()) {
            q = q.filter(login_logs::username.like(platform::db::contains_pattern(v)));
        }
        if let Some(v) = f.result {
            q = q.filter(login_logs::result.eq(v));
        }
        if let Some(v) = f.start_time {
            q = q.filter(login_logs::created_at.ge(v));
        }
        if let Some(v) = f.end_time {
            q = q.filter(login_logs::created_at.le(v));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(login_logs::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select((
            login_logs::id,
            login_logs::user_id,
            login_logs::username,
            login_logs::ip,
            login_logs::user_agent,
            login_logs::result,
            login_logs::message,
            login_logs::created_at,
        ))
        .load(conn)?;
    Ok((rows, total))
}

#[derive(Debug, Clone, Queryable)]
pub struct ActionLog {
    pub id: i64,
    pub user_id: i64,
    pub username: String,
    pub action: String,
    pub target: String,
    pub ip: String,
    pub created_at: i64,
}

pub fn list_action_logs(
    conn: &mut DbConnection,
    actor: &CurrentUser,
    f: &LogFilter,
    page: PageRequest,
) -> QueryResult<(Vec<ActionLog>, i64)> {
    let merchant_users = merchant_user_ids(conn, actor)?;
    let query = || {
        let mut q = action_logs::table
            .filter(action_logs::saas_id.eq(actor.saas_id))
            .into_boxed::<Db>();
        if let Some(ids) = &merchant_users {
            q = q.filter(action_logs::user_id.eq_any(ids.clone()));
        }
        if let Some(v) = f.username.as_deref().filter(|v| !v.is_empty()) {
            q = q.filter(action_logs::username.like(platform::db::contains_pattern(v)));
        }
        if let Some(v) = f.action.as_deref().filter(|v| !v.is_empty()) {
            q = q.filter(action_logs::action.like(platform::db::contains_pattern(v)));
        }
        if let Some(v) = f.start_time {
            q = q.filter(action_logs::created_at.ge(v));
        }
        if let Some(v) = f.end_time {
            q = q.filter(action_logs::created_at.le(v));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(action_logs::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select((
            action_logs::id,
            action_logs::user_id,
            action_logs::username,
            action_logs::action,
            action_logs::target,
            action_logs::ip,
            action_logs::created_at,
        ))
        .load(conn)?;
    Ok((rows, total))
}
