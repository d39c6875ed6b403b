//! Login logs, and user action logs: what an account did. auth-center's own changes are recorded
//! with the change in one transaction (`user.create` ...); the other services' come from the
//! gateway's `user-action.recorded` events, one entry per data-changing request (`POST` on its
//! path). A merchant's user reads only its merchant's users' entries.

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::v1;
use platform::db::Backend as Db;
use platform::db::DbConnection;
use platform::db::SearchText as _;
use platform::http::PageRequest;

use super::schema::{action_logs, login_logs, users};

pub struct LoginRecord<'a> {
    pub saas_id: i64,
    pub user_id: i64,
    pub username: &'a str,
    pub ip: &'a str,
    pub user_agent: &'a str,
    pub success: bool,
    pub message: &'a str,
    pub now: i64,
}

pub fn log_login(conn: &mut DbConnection, r: LoginRecord<'_>) -> QueryResult<usize> {
    diesel::insert_into(login_logs::table)
        .values((
            login_logs::id.eq(platform::id::next_id()),
            login_logs::saas_id.eq(r.saas_id),
            login_logs::user_id.eq(r.user_id),
            login_logs::username.eq(r.username),
            login_logs::ip.eq(r.ip),
            login_logs::user_agent.eq(r.user_agent),
            login_logs::result.eq(i32::from(r.success)),
            login_logs::message.eq(r.message),
            login_logs::created_at.eq(r.now),
        ))
        .execute(conn)
}

/// Who did an action, as its log entry names them.
#[derive(Debug, Clone)]
pub struct Actor {
    pub saas_id: i64,
    pub user_id: i64,
    pub username: String,
    /// The client's address.
    pub ip: String,
}

/// Records `action` (like `user.update`) on `target` by `by`.
pub fn record_action(
    conn: &mut DbConnection,
    by: &Actor,
    action: &str,
    target: &str,
) -> QueryResult<()> {
    diesel::insert_into(action_logs::table)
        .values((
            action_logs::id.eq(platform::id::next_id()),
            action_logs::saas_id.eq(by.saas_id),
            action_logs::user_id.eq(by.user_id),
            action_logs::username.eq(&by.username),
            action_logs::action.eq(action),
            action_logs::target.eq(target),
            action_logs::ip.eq(&by.ip),
            action_logs::created_at.eq(platform::time::now_ms()),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Records the requests the gateway saw, except auth-center's own (already recorded by name).
pub fn record_requests(
    conn: &mut DbConnection,
    saas_id: i64,
    actions: &[v1::UserAction],
) -> QueryResult<()> {
    for a in actions
        .iter()
        .filter(|a| !a.path.starts_with("/api/auth-center/"))
    {
        let username: String = users::table
            .find(a.user_id)
            .select(users::username)
            .first(conn)
            .optional()?
            .unwrap_or_default();
        diesel::insert_into(action_logs::table)
            .values((
                action_logs::id.eq(platform::id::next_id()),
                action_logs::saas_id.eq(saas_id),
                action_logs::user_id.eq(a.user_id),
                action_logs::username.eq(username),
                action_logs::action.eq(&a.method),
                action_logs::target.eq(format!("{} ({})", a.path, a.status)),
                action_logs::ip.eq(&a.client_ip),
                action_logs::created_at.eq(a.at),
            ))
            .execute(conn)?;
    }
    Ok(())
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
fn merchant_user_ids(conn: &mut DbConnection, viewer: &Viewer) -> QueryResult<Option<Vec<i64>>> {
    let Some(mch_id) = viewer.mch_id() else {
        return Ok(None);
    };
    users::table
        .filter(users::saas_id.eq(viewer.saas_id))
        .filter(users::mch_id.eq(mch_id))
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
    viewer: &Viewer,
    f: &LogFilter,
    page: PageRequest,
) -> QueryResult<(Vec<LoginLog>, i64)> {
    let merchant_users = merchant_user_ids(conn, viewer)?;
    let query = || {
        let mut q = login_logs::table
            .filter(login_logs::saas_id.eq(viewer.saas_id))
            .into_boxed::<Db>();
        if let Some(ids) = &merchant_users {
            q = q.filter(login_logs::user_id.eq_any(ids.clone()));
        }
        if let Some(v) = f.username.as_deref().filter(|v| !v.is_empty()) {
            q = q.filter(login_logs::username.contains_text(v));
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
    viewer: &Viewer,
    f: &LogFilter,
    page: PageRequest,
) -> QueryResult<(Vec<ActionLog>, i64)> {
    let merchant_users = merchant_user_ids(conn, viewer)?;
    let query = || {
        let mut q = action_logs::table
            .filter(action_logs::saas_id.eq(viewer.saas_id))
            .into_boxed::<Db>();
        if let Some(ids) = &merchant_users {
            q = q.filter(action_logs::user_id.eq_any(ids.clone()));
        }
        if let Some(v) = f.username.as_deref().filter(|v| !v.is_empty()) {
            q = q.filter(action_logs::username.contains_text(v));
        }
        if let Some(v) = f.action.as_deref().filter(|v| !v.is_empty()) {
            q = q.filter(action_logs::action.contains_text(v));
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
