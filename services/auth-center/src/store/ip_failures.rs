//! Failed logins per client IP, in the table every replica shares: the per-IP limit is one for
//! the installation, whichever replica a login reaches.

use diesel::prelude::*;
use platform::db::DbConnection;

use super::schema::login_ip_failures as t;
use crate::domain::login::ip_blocked;

/// Whether `ip` has reached `max` failures in the window still open at `now`.
pub fn blocked(
    conn: &mut DbConnection,
    ip: &str,
    now: i64,
    window_ms: i64,
    max: u32,
) -> QueryResult<bool> {
    let row: Option<(i32, i64)> = platform::per_backend!(conn, |c| t::table
        .filter(t::ip.eq(ip))
        .select((t::failures, t::window_start))
        .first(c)
        .optional())?;
    Ok(row.is_some_and(|(failures, since)| ip_blocked(failures, since, now, window_ms, max)))
}

/// Counts one more failure of `ip` at `now`: a window that has ended starts again. Two
/// statements, each atomic, so failures counted at once by several replicas are all counted.
pub fn failed(conn: &mut DbConnection, ip: &str, now: i64, window_ms: i64) -> QueryResult<()> {
    let ended = diesel::update(
        t::table
            .filter(t::ip.eq(ip))
            .filter(t::window_start.le(now - window_ms)),
    )
    .set((t::failures.eq(0), t::window_start.eq(now)));
    platform::per_backend!(conn, |c| ended.execute(c))?;
    let count = diesel::insert_into(t::table)
        .values((t::ip.eq(ip), t::failures.eq(1), t::window_start.eq(now)))
        .on_conflict(t::ip)
        .do_update()
        .set(t::failures.eq(t::failures + 1));
    platform::per_backend!(conn, |c| count.execute(c))?;
    Ok(())
}

/// Forgets the windows ended before `now` (the clean-up job); answers how many.
pub fn forget_ended(conn: &mut DbConnection, now: i64, window_ms: i64) -> QueryResult<usize> {
    let old = diesel::delete(t::table.filter(t::window_start.le(now - window_ms)));
    platform::per_backend!(conn, |c| old.execute(c))
}
