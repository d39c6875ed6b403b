//! The users of each mini-program, as their logins (WeChat's `jscode2session`) made them.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection, lower};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::wx_ma_users;

/// A mini-program user as the console lists them (the session key is never shown).
#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = wx_ma_users)]
pub struct MaUser {
    #[serde(rename = "maUserId")]
    pub id: i64,
    pub config_id: i64,
    pub open_id: String,
    /// Empty when WeChat gave none (the mini-program is not bound to an open-platform account).
    pub union_id: String,
    pub login_count: i32,
    /// The first login (ms).
    #[serde(rename = "createDate")]
    pub created_at: i64,
    /// The latest login (ms).
    #[serde(rename = "lastLoginDate")]
    pub last_login_at: i64,
}

#[derive(Debug, Default, Clone)]
pub struct MaUserFilter {
    pub config_id: i64,
    /// Part of the openId or unionId.
    pub keyword: Option<String>,
    /// Some(true): with a unionId; Some(false): without.
    pub has_union_id: Option<bool>,
    /// Last login at or after (ms).
    pub login_from: Option<i64>,
    /// Last login before (ms).
    pub login_to: Option<i64>,
}

fn filtered(viewer: &Viewer, f: &MaUserFilter) -> wx_ma_users::BoxedQuery<'static, Db> {
    let mut q = wx_ma_users::table
        .filter(wx_ma_users::saas_id.eq(viewer.saas_id))
        .filter(wx_ma_users::config_id.eq(f.config_id))
        .into_boxed();
    if let Some(k) = f
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        let k = k.to_lowercase();
        q = q.filter(
            lower(wx_ma_users::open_id)
                .contains_text(&k)
                .or(lower(wx_ma_users::union_id).contains_text(&k)),
        );
    }
    match f.has_union_id {
        Some(true) => q = q.filter(wx_ma_users::union_id.ne("")),
        Some(false) => q = q.filter(wx_ma_users::union_id.eq("")),
        None => {}
    }
    if let Some(from) = f.login_from {
        q = q.filter(wx_ma_users::last_login_at.ge(from));
    }
    if let Some(to) = f.login_to {
        q = q.filter(wx_ma_users::last_login_at.lt(to));
    }
    q
}

/// The mini-program's users, latest login first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &MaUserFilter,
    page: PageRequest,
) -> QueryResult<(Vec<MaUser>, i64)> {
    let total = filtered(viewer, f).count().get_result(conn)?;
    let rows = filtered(viewer, f)
        .order((wx_ma_users::last_login_at.desc(), wx_ma_users::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(MaUser::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// What WeChat said of a login.
pub struct Login<'a> {
    pub open_id: &'a str,
    /// Empty when WeChat gave none; a later login without one keeps what is stored.
    pub union_id: &'a str,
    pub session_key_sealed: &'a str,
}

/// Records a login of `config_id`'s user (of the configuration's tenant `saas_id`): a new user,
/// or the known one with a new session key, one more login and its time. Answers the user and
/// whether this was their first login.
pub fn record_login(
    conn: &mut DbConnection,
    saas_id: i64,
    config_id: i64,
    login: &Login<'_>,
    now: i64,
) -> QueryResult<(MaUser, bool)> {
    // Inserted unless the user is known: of two first logins at once, one inserts and the other
    // finds the row and counts its login (the unique index decides, not a read before).
    let insert = diesel::insert_into(wx_ma_users::table)
        .values((
            wx_ma_users::id.eq(platform::id::next_id()),
            wx_ma_users::saas_id.eq(saas_id),
            wx_ma_users::config_id.eq(config_id),
            wx_ma_users::open_id.eq(login.open_id),
            wx_ma_users::union_id.eq(login.union_id),
            wx_ma_users::session_key_sealed.eq(login.session_key_sealed),
            wx_ma_users::login_count.eq(1),
            wx_ma_users::created_at.eq(now),
            wx_ma_users::last_login_at.eq(now),
        ))
        .on_conflict_do_nothing();
    let inserted = platform::per_backend!(&mut *conn, |c| insert.execute(c))?;
    let first = inserted == 1;
    let target = wx_ma_users::table
        .filter(wx_ma_users::config_id.eq(config_id))
        .filter(wx_ma_users::open_id.eq(login.open_id));
    if !first {
        diesel::update(target)
            .set((
                wx_ma_users::session_key_sealed.eq(login.session_key_sealed),
                wx_ma_users::login_count.eq(wx_ma_users::login_count + 1),
                wx_ma_users::last_login_at.eq(now),
            ))
            .execute(conn)?;
        if !login.union_id.is_empty() {
            diesel::update(target)
                .set(wx_ma_users::union_id.eq(login.union_id))
                .execute(conn)?;
        }
    }
    let id = target.select(wx_ma_users::id).first::<i64>(conn)?;
    let user = wx_ma_users::table
        .filter(wx_ma_users::id.eq(id))
        .select(MaUser::as_select())
        .first(conn)?;
    Ok((user, first))
}
