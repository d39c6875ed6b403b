//! User action logs: what an account did, kept with the change in one transaction.

use diesel::prelude::*;
use platform::auth::CurrentUser;
use platform::db::DbConnection;

use crate::schema::action_logs;

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
