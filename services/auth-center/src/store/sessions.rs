//! Login sessions: one live session per account, each start and end published as a
//! `session.*` event in the transaction of the change.

use diesel::prelude::*;
use platform::auth::{EndReason, SessionState};
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::DbConnection;

use super::schema::sessions;
use super::users::User;
use crate::NAME;

pub struct NewSession<'a> {
    pub user: &'a User,
    pub ip: &'a str,
    pub user_agent: &'a str,
    pub now: i64,
    pub expires_at: i64,
}

/// The path a login is recorded under in `user-action.recorded`: the gateway's path of the call.
pub const LOGIN_ACTION_PATH: &str = "/api/auth-center/api/auth/login";

/// Ends the user's live sessions (a newer login replaces them) and starts a new one; the
/// session events go out with the transaction. Answers the new session's id and the ended ones.
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
    // An API user's token (of a signed request) has no login session: it lives while the API
    // user is enabled.
    if let Some(id) = sid.strip_prefix(crate::domain::api_users::API_SESSION_PREFIX) {
        let state = match id.parse::<i64>() {
            Ok(id) => super::api_users::state_of(conn, id)?,
            Err(_) => None,
        };
        return Ok(match state {
            Some(crate::domain::accounts::USER_NORMAL) => SessionState::Live,
            _ => SessionState::Ended(EndReason::Locked),
        });
    }
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
