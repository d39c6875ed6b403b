//! Users: the accounts people log in with, their login counters, and the groups they are in.
//! Administration's queries are bounded to the caller's tenant (and, for a merchant's user,
//! merchant): a row outside it is not found.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::Backend as Db;
use platform::db::DbConnection;
use platform::db::SearchText as _;
use platform::http::PageRequest;

use super::permissions::grants_changed;
use super::schema::{api_users, user_groups, users};
use crate::domain::login::Account;
use crate::domain::users::UserForm;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = users)]
pub struct User {
    pub id: i64,
    pub saas_id: i64,
    pub mch_id: i64,
    pub username: String,
    pub password_hash: String,
    pub real_name: String,
    pub nick_name: String,
    pub mobile: String,
    pub email: String,
    pub is_manager: bool,
    pub msc_type: i32,
    pub role_type: i32,
    pub user_grade: i32,
    pub user_state: i32,
    pub ip_filter_type: i32,
    pub ip_filter_value: String,
    pub remarks: String,
    pub last_login_ip: String,
    pub last_login_date: Option<i64>,
    pub login_count: i64,
    pub failed_count: i32,
    pub failed_since: Option<i64>,
    pub locked_until: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl User {
    /// What a login is decided on.
    pub fn account(&self) -> Account<'_> {
        Account {
            user_state: self.user_state,
            locked_until: self.locked_until,
            ip_filter_type: self.ip_filter_type,
            ip_filter_value: &self.ip_filter_value,
            password_hash: &self.password_hash,
        }
    }
}

pub fn user_by_name(conn: &mut DbConnection, username: &str) -> QueryResult<Option<User>> {
    users::table
        .filter(users::username.eq(username))
        .select(User::as_select())
        .first(conn)
        .optional()
}

pub fn user_by_id(conn: &mut DbConnection, id: i64) -> QueryResult<Option<User>> {
    users::table
        .find(id)
        .select(User::as_select())
        .first(conn)
        .optional()
}

pub fn record_failure(
    conn: &mut DbConnection,
    user_id: i64,
    count: i32,
    since: Option<i64>,
    locked_until: Option<i64>,
) -> QueryResult<usize> {
    diesel::update(users::table.find(user_id))
        .set((
            users::failed_count.eq(count),
            users::failed_since.eq(since),
            users::locked_until.eq(locked_until),
        ))
        .execute(conn)
}

pub fn record_success(
    conn: &mut DbConnection,
    user_id: i64,
    ip: &str,
    now: i64,
) -> QueryResult<usize> {
    diesel::update(users::table.find(user_id))
        .set((
            users::failed_count.eq(0),
            users::failed_since.eq(None::<i64>),
            users::locked_until.eq(None::<i64>),
            users::last_login_ip.eq(ip),
            users::last_login_date.eq(Some(now)),
            users::login_count.eq(users::login_count + 1),
        ))
        .execute(conn)
}

pub fn set_password(
    conn: &mut DbConnection,
    user_id: i64,
    hash: &str,
    now: i64,
) -> QueryResult<usize> {
    diesel::update(users::table.find(user_id))
        .set((users::password_hash.eq(hash), users::updated_at.eq(now)))
        .execute(conn)
}

/// The columns an administrator's form sets, on create and on update alike.
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = users)]
struct FormColumns<'a> {
    mch_id: i64,
    real_name: &'a str,
    nick_name: &'a str,
    mobile: &'a str,
    email: &'a str,
    is_manager: bool,
    msc_type: i32,
    role_type: i32,
    user_grade: i32,
    user_state: i32,
    ip_filter_type: i32,
    ip_filter_value: &'a str,
    remarks: &'a str,
}

impl<'a> From<&'a UserForm> for FormColumns<'a> {
    fn from(f: &'a UserForm) -> Self {
        Self {
            mch_id: f.mch_id,
            real_name: &f.real_name,
            nick_name: &f.nick_name,
            mobile: &f.mobile,
            email: &f.email,
            is_manager: f.is_manager,
            msc_type: f.msc_type,
            role_type: f.role_type,
            user_grade: f.user_grade,
            user_state: f.user_state,
            ip_filter_type: f.ip_filter_type,
            ip_filter_value: &f.ip_filter_value,
            remarks: &f.remarks,
        }
    }
}

/// Creates a user of the viewer's tenant from an administrator's form.
pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    password_hash: &str,
    form: &UserForm,
    now: i64,
) -> QueryResult<()> {
    diesel::insert_into(users::table)
        .values((
            users::id.eq(id),
            users::saas_id.eq(viewer.saas_id),
            users::username.eq(&form.username),
            users::password_hash.eq(password_hash),
            FormColumns::from(form),
            users::created_at.eq(now),
            users::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Writes an administrator's form over the user (the login name and password stay).
pub fn update(conn: &mut DbConnection, id: i64, form: &UserForm, now: i64) -> QueryResult<()> {
    diesel::update(users::table.find(id))
        .set((FormColumns::from(form), users::updated_at.eq(now)))
        .execute(conn)
        .map(|_| ())
}

/// Sets the user's state and forgets its wrong passwords, so an unlock also ends a lock by
/// wrong passwords.
pub fn set_state(conn: &mut DbConnection, id: i64, state: i32, now: i64) -> QueryResult<()> {
    diesel::update(users::table.find(id))
        .set((
            users::user_state.eq(state),
            users::failed_count.eq(0),
            users::failed_since.eq(None::<i64>),
            users::locked_until.eq(None::<i64>),
            users::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

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

/// The users `viewer` sees (its tenant's; a merchant's user, its merchant's) that match `f`.
fn users_in_scope<'a>(viewer: &Viewer, f: &'a UserFilter) -> users::BoxedQuery<'a, Db> {
    let mut q = users::table
        .filter(users::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(mch_id) = viewer.mch_id() {
        q = q.filter(users::mch_id.eq(mch_id));
    }
    if let Some(v) = f.username.as_deref().filter(|v| !v.is_empty()) {
        q = q.filter(users::username.contains_text(v));
    }
    if let Some(v) = f.real_name.as_deref().filter(|v| !v.is_empty()) {
        q = q.filter(users::real_name.contains_text(v));
    }
    if let Some(v) = f.mobile.as_deref().filter(|v| !v.is_empty()) {
        q = q.filter(users::mobile.contains_text(v));
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
    viewer: &Viewer,
    f: &UserFilter,
    page: PageRequest,
) -> QueryResult<(Vec<User>, i64)> {
    let total = users_in_scope(viewer, f).count().get_result(conn)?;
    let rows = users_in_scope(viewer, f)
        .order(users::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(User::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// The user if `viewer` sees it.
pub fn user_in_scope(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<User>> {
    users_in_scope(viewer, &UserFilter::default())
        .filter(users::id.eq(id))
        .select(User::as_select())
        .first(conn)
        .optional()
}

pub fn username_taken(conn: &mut DbConnection, username: &str) -> QueryResult<bool> {
    let n: i64 = users::table
        .filter(users::username.eq(username))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

pub fn group_ids_of(conn: &mut DbConnection, user_ids: &[i64]) -> QueryResult<Vec<(i64, i64)>> {
    user_groups::table
        .filter(user_groups::user_id.eq_any(user_ids))
        .select((user_groups::user_id, user_groups::group_id))
        .load(conn)
}

/// Replaces the groups of a user of the viewer's tenant; permission caches everywhere are told.
pub fn set_user_groups(
    conn: &mut DbConnection,
    viewer: &Viewer,
    user_id: i64,
    ids: &[i64],
) -> QueryResult<()> {
    diesel::delete(user_groups::table.filter(user_groups::user_id.eq(user_id))).execute(conn)?;
    join_groups(conn, user_id, ids)?;
    grants_changed(conn, viewer, user_id, 0)
}

/// Adds the user to the groups, telling no one (a new user's caches hold nothing yet).
pub fn join_groups(conn: &mut DbConnection, user_id: i64, ids: &[i64]) -> QueryResult<()> {
    for gid in ids {
        diesel::insert_into(user_groups::table)
            .values((
                user_groups::user_id.eq(user_id),
                user_groups::group_id.eq(gid),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// An account on the wrong side of the platform's tenant (see
/// [`crate::domain::accounts::check_tenant_type`]): a user of another type in saasId 0, a
/// platform administrator in a tenant, an API user in saasId 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Misplaced {
    /// "user" or "API user".
    pub kind: &'static str,
    pub id: i64,
    pub saas_id: i64,
    /// The login name, or the API user's app key.
    pub name: String,
    pub msc_type: i32,
}

/// Every account that breaks the platform tenant's rule, oldest first (rows written before
/// the rule, or by hand).
pub fn misplaced_accounts(conn: &mut DbConnection) -> QueryResult<Vec<Misplaced>> {
    use platform::tenancy::{PLATFORM_SAAS_ID, msc::PLATFORM_ADMIN};
    let people: Vec<(i64, i64, String, i32)> = users::table
        .filter(
            users::saas_id
                .eq(PLATFORM_SAAS_ID)
                .and(users::msc_type.ne(PLATFORM_ADMIN))
                .or(users::saas_id
                    .ne(PLATFORM_SAAS_ID)
                    .and(users::msc_type.eq(PLATFORM_ADMIN))),
        )
        .order(users::id)
        .select((users::id, users::saas_id, users::username, users::msc_type))
        .load(conn)?;
    let apis: Vec<(i64, i64, String, i32)> = api_users::table
        .filter(api_users::saas_id.eq(PLATFORM_SAAS_ID))
        .order(api_users::id)
        .select((
            api_users::id,
            api_users::saas_id,
            api_users::app_key,
            api_users::msc_type,
        ))
        .load(conn)?;
    let tag = |kind: &'static str| {
        move |(id, saas_id, name, msc_type): (i64, i64, String, i32)| Misplaced {
            kind,
            id,
            saas_id,
            name,
            msc_type,
        }
    };
    Ok(people
        .into_iter()
        .map(tag("user"))
        .chain(apis.into_iter().map(tag("API user")))
        .collect())
}
