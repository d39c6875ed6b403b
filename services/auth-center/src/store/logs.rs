//! User action logs: what an account did. auth-center's own changes are recorded with the change
//! in one transaction (`user.create` ...); the other services' come from the gateway's
//! `user-action.recorded` events, one entry per data-changing request (`POST` on its path).

use diesel::prelude::*;
use platform::auth::CurrentUser;
use platform::bus::v1;
use platform::db::DbConnection;

use crate::schema::{action_logs, users};

/// Records `action` (like `user.update`) on `target` by `actor`.
pub fn record(
    conn: &mut DbConnection,
    actor: &CurrentUser,
    action: &str,
    target: &str,
    ip: &str,
) -> QueryResult<()> {
    diesel::insert_into(action_logs::table)
        .values((
            action_logs::id.eq(platform::id::next_id()),
            action_logs::saas_id.eq(actor.saas_id),
            action_logs::user_id.eq(actor.user_id),
            action_logs::username.eq(&actor.username),
            action_logs::action.eq(action),
            action_logs::target.eq(target),
            action_logs::ip.eq(ip),
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
