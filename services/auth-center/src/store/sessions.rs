//! auth-center's queries. Every function takes the connection of the caller's transaction.

use diesel::prelude::*;
use platform::auth::access;
use platform::auth::{EndReason, SessionState};
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::DbConnection;

use crate::NAME;
use crate::schema::{
    applications, group_permissions, login_logs, merchants, permissions, sessions, tenants,
    user_groups, users,
};

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

pub struct NewSession<'a> {
    pub user: &'a User,
    pub ip: &'a str,
    pub user_agent: &'a str,
    pub now: i64,
    pub expires_at: i64,
}

/// Ends the user's live sessions (a newer login replaces them) and starts a new one; the
/// session events go out with the transaction. Answers the new session's id and the ended ones.
/// The path a login is recorded under in `user-action.recorded`: the gateway's path of the call.
pub const LOGIN_ACTION_PATH: &str = "/api/auth-center/api/auth/login";

pub fn start_session(
    conn: &mut DbConnection,
    s: NewSession<'_>,
) -> QueryResult<(String, Vec<String>)> {
    let ended = end_user_sessions(conn, s.user, EndReason::Replaced, s.now)?;
    let id = uuid::Uuid::now_v7().to_string();
    diesel::insert_into(sessions::table)
        .values((
            sessions::id.eq(&id),
            sessions::user_id.eq(s.user.id),
            sessions::saas_id.eq(s.user.saas_id),
            sessions::ip.eq(s.ip),
            sessions::user_agent.eq(s.user_agent),
            sessions::created_at.eq(s.now),
            sessions::expires_at.eq(s.expires_at),
        ))
        .execute(conn)?;
    let started = v1::SessionStarted {
        session_id: id.clone(),
        user_id: s.user.id,
        mch_id: s.user.mch_id,
        expires_at: s.expires_at,
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "session.started", s.user.saas_id, &started),
    )?;
    // A login is a user action for the activity dashboard; the gateway records the others.
    // (auth-center's own log keeps it as a login, not as an action.)
    let login = v1::UserActionsRecorded {
        actions: vec![v1::UserAction {
            user_id: s.user.id,
            mch_id: s.user.mch_id,
            method: "POST".into(),
            path: LOGIN_ACTION_PATH.into(),
            status: 200,
            at: s.now,
            client_ip: s.ip.to_owned(),
        }],
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "user-action.recorded", s.user.saas_id, &login),
    )?;
    Ok((id, ended))
}

/// Ends every live session of the user; each ending is a `session.ended` event. Answers their
/// ids.
pub fn end_user_sessions(
    conn: &mut DbConnection,
    user: &User,
    reason: EndReason,
    now: i64,
) -> QueryResult<Vec<String>> {
    let live: Vec<String> = sessions::table
        .filter(sessions::user_id.eq(user.id))
        .filter(sessions::ended_at.is_null())
        .filter(sessions::expires_at.gt(now))
        .select(sessions::id)
        .load(conn)?;
    for sid in &live {
        end_session(conn, sid, user, reason, now)?;
    }
    Ok(live)
}

pub fn end_session(
    conn: &mut DbConnection,
    sid: &str,
    user: &User,
    reason: EndReason,
    now: i64,
) -> QueryResult<()> {
    let changed = diesel::update(
        sessions::table
            .find(sid)
            .filter(sessions::ended_at.is_null()),
    )
    .set((
        sessions::ended_at.eq(Some(now)),
        sessions::end_reason.eq(Some(reason.as_str())),
    ))
    .execute(conn)?;
    if changed > 0 {
        let ended = v1::SessionEnded {
            session_id: sid.to_owned(),
            user_id: user.id,
            reason: reason.as_str().to_owned(),
        };
        publish_in_tx(
            conn,
            Outgoing::new(NAME, "session.ended", user.saas_id, &ended),
        )?;
    }
    Ok(())
}

pub fn session_state(conn: &mut DbConnection, sid: &str, now: i64) -> QueryResult<SessionState> {
    let row: Option<(i64, Option<String>)> = sessions::table
        .find(sid)
        .select((sessions::expires_at, sessions::end_reason))
        .first(conn)
        .optional()?;
    Ok(match row {
        None => SessionState::Ended(EndReason::Expired),
        Some((_, Some(reason))) => SessionState::Ended(EndReason::parse(&reason)),
        Some((expires_at, None)) if expires_at <= now => SessionState::Ended(EndReason::Expired),
        Some(_) => SessionState::Live,
    })
}

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

/// The group entries (codes and subtrees) the user holds through groups.
pub fn grants_of(conn: &mut DbConnection, user_id: i64) -> QueryResult<Vec<String>> {
    group_permissions::table
        .inner_join(user_groups::table.on(user_groups::group_id.eq(group_permissions::group_id)))
        .filter(user_groups::user_id.eq(user_id))
        .select(group_permissions::perm_code)
        .distinct()
        .load(conn)
}

/// The catalogue codes the user holds, with their application: `loadMenu`.
pub fn menu_of(conn: &mut DbConnection, user: &User) -> QueryResult<Vec<(String, i32)>> {
    let catalogue: Vec<(String, i32)> = permissions::table
        .select((permissions::code, permissions::app_id))
        .order(permissions::code)
        .load(conn)?;
    let grants = if access::held_by_role(user.msc_type, "") {
        Vec::new()
    } else {
        grants_of(conn, user.id)?
    };
    Ok(catalogue
        .into_iter()
        .filter(|(code, _)| access::holds(user.msc_type, &grants, code))
        .collect())
}

#[derive(Debug, Clone, Queryable)]
pub struct App {
    pub app_id: i32,
    pub app_name: String,
    pub app_reg_name_zh: String,
    pub app_reg_name_en: String,
    pub display_status: i32,
    pub sort: i32,
}

/// The applications the user may open: every one for administrators, otherwise the base
/// application and those the user holds a code of.
pub fn apps_of(conn: &mut DbConnection, user: &User) -> QueryResult<Vec<App>> {
    let all: Vec<App> = applications::table
        .select((
            applications::app_id,
            applications::app_name,
            applications::app_reg_name_zh,
            applications::app_reg_name_en,
            applications::display_status,
            applications::sort,
        ))
        .order(applications::sort)
        .load(conn)?;
    if access::held_by_role(user.msc_type, "") {
        return Ok(all);
    }
    let held: std::collections::HashSet<i32> = menu_of(conn, user)?
        .into_iter()
        .map(|(_, app)| app)
        .collect();
    Ok(all
        .into_iter()
        .filter(|a| a.app_id == platform::app::APP_BASE || held.contains(&a.app_id))
        .collect())
}

#[derive(Debug, Clone, Default, Queryable)]
pub struct TenantCopy {
    pub saas_logo: String,
    pub company_name: String,
    pub saas_expire_date: i64,
}

pub fn tenant(conn: &mut DbConnection, saas_id: i64) -> QueryResult<Option<TenantCopy>> {
    tenants::table
        .find(saas_id)
        .select((
            tenants::saas_logo,
            tenants::company_name,
            tenants::saas_expire_date,
        ))
        .first(conn)
        .optional()
}

pub fn merchant_name(conn: &mut DbConnection, mch_id: i64) -> QueryResult<Option<String>> {
    merchants::table
        .find(mch_id)
        .select(merchants::mch_name)
        .first(conn)
        .optional()
}

/// Keeps the copy of a tenant as `tenant.updated` carries it.
pub fn save_tenant(
    conn: &mut DbConnection,
    saas_id: i64,
    t: &v1::TenantUpdated,
    now: i64,
) -> QueryResult<usize> {
    let values = (
        tenants::saas_name.eq(&t.saas_name),
        tenants::saas_logo.eq(&t.saas_logo),
        tenants::company_name.eq(&t.company_name),
        tenants::saas_expire_date.eq(t.saas_expire_date),
        tenants::state.eq(t.state),
        tenants::currency.eq(&t.currency),
        tenants::updated_at.eq(now),
    );
    let updated = diesel::update(tenants::table.find(saas_id))
        .set(values)
        .execute(conn)?;
    if updated > 0 {
        return Ok(updated);
    }
    diesel::insert_into(tenants::table)
        .values((tenants::saas_id.eq(saas_id), values))
        .execute(conn)
}

pub fn save_merchant(
    conn: &mut DbConnection,
    saas_id: i64,
    m: &v1::MerchantUpdated,
    now: i64,
) -> QueryResult<usize> {
    let values = (
        merchants::saas_id.eq(saas_id),
        merchants::mch_type.eq(m.mch_type),
        merchants::mch_name.eq(&m.mch_name),
        merchants::mch_currency.eq(&m.mch_currency),
        merchants::state.eq(m.state),
        merchants::updated_at.eq(now),
    );
    let updated = diesel::update(merchants::table.find(m.mch_id))
        .set(values)
        .execute(conn)?;
    if updated > 0 {
        return Ok(updated);
    }
    diesel::insert_into(merchants::table)
        .values((merchants::mch_id.eq(m.mch_id), values))
        .execute(conn)
}

/// Brings the catalogue's entries of one service to what it declared.
pub fn save_permissions(
    conn: &mut DbConnection,
    d: &v1::PermissionsDeclared,
    now: i64,
) -> QueryResult<()> {
    diesel::delete(permissions::table.filter(permissions::service.eq(&d.service))).execute(conn)?;
    for p in &d.permissions {
        // A code another service declared first keeps its owner.
        let exists: i64 = permissions::table
            .filter(permissions::code.eq(&p.code))
            .count()
            .get_result(conn)?;
        if exists > 0 {
            continue;
        }
        diesel::insert_into(permissions::table)
            .values((
                permissions::code.eq(&p.code),
                permissions::app_id.eq(d.app_id),
                permissions::service.eq(&d.service),
                permissions::summary.eq(&p.summary),
                permissions::summary_zh.eq(&p.summary_zh),
                permissions::updated_at.eq(now),
            ))
            .execute(conn)?;
    }
    Ok(())
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
