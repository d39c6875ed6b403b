//! The signed callback requests already taken, so that a replay of one is refused.

use diesel::prelude::*;
use platform::db::DbConnection;

use super::schema::wx_callback_nonces;

/// Records `(nonce, timestamp)` for `config_id`; false when it was recorded before (a replay).
pub fn first_use(
    conn: &mut DbConnection,
    config_id: i64,
    nonce: &str,
    timestamp: i64,
) -> QueryResult<bool> {
    let insert = diesel::insert_into(wx_callback_nonces::table)
        .values((
            wx_callback_nonces::config_id.eq(config_id),
            wx_callback_nonces::nonce.eq(nonce),
            wx_callback_nonces::timestamp.eq(timestamp),
        ))
        .on_conflict_do_nothing();
    let n = platform::per_backend!(conn, |c| insert.execute(c))?;
    Ok(n == 1)
}

/// Forgets nonces whose timestamps are refused as stale anyway.
pub fn forget_before(conn: &mut DbConnection, timestamp: i64) -> QueryResult<usize> {
    diesel::delete(wx_callback_nonces::table.filter(wx_callback_nonces::timestamp.lt(timestamp)))
        .execute(conn)
}
