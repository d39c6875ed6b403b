//! The open API's idempotency keys: claimed in the booking's own transaction, so a key and its
//! order are written together or not at all, and concurrent retries of one key wait on its
//! primary key (PostgreSQL) or the write lock (SQLite) and then find the first order.

use diesel::prelude::*;
use platform::db::DbConnection;

use crate::domain::open::KeptKey;
use crate::store::schema::open_idempotency_keys as keys;

/// The key of an API user (`user_id`: the API user's id; keys of different users never meet).
#[derive(Debug, Clone)]
pub struct KeyRef<'a> {
    pub saas_id: i64,
    pub user_id: i64,
    pub key: &'a str,
}

/// Claims `k` for a booking with `body_hash`: true when this transaction now holds it (the
/// order id is filled in by [`record_order`] before the commit), false when it is kept already
/// (read it with [`kept`]). On PostgreSQL a claim by another transaction still open blocks here
/// until that one commits or rolls back.
pub fn claim(
    conn: &mut DbConnection,
    k: &KeyRef<'_>,
    body_hash: &str,
    now: i64,
) -> QueryResult<bool> {
    let insert = diesel::insert_into(keys::table)
        .values((
            keys::user_id.eq(k.user_id),
            keys::idem_key.eq(k.key),
            keys::saas_id.eq(k.saas_id),
            keys::body_hash.eq(body_hash),
            keys::order_id.eq(0_i64),
            keys::created_at.eq(now),
        ))
        .on_conflict_do_nothing();
    // `ON CONFLICT` is built for one backend at a time.
    let n = platform::per_backend!(conn, |c| insert.execute(c))?;
    Ok(n == 1)
}

/// The key as kept, if it is.
pub fn kept(conn: &mut DbConnection, k: &KeyRef<'_>) -> QueryResult<Option<KeptKey>> {
    keys::table
        .filter(keys::user_id.eq(k.user_id))
        .filter(keys::idem_key.eq(k.key))
        .filter(keys::saas_id.eq(k.saas_id))
        .select((keys::body_hash, keys::order_id, keys::created_at))
        .first::<(String, i64, i64)>(conn)
        .optional()
        .map(|r| {
            r.map(|(body_hash, order_id, created_at)| KeptKey {
                body_hash,
                order_id,
                created_at,
            })
        })
}

/// Forgets a key whose time has passed, so it can be claimed again.
pub fn forget(conn: &mut DbConnection, k: &KeyRef<'_>) -> QueryResult<()> {
    diesel::delete(
        keys::table
            .filter(keys::user_id.eq(k.user_id))
            .filter(keys::idem_key.eq(k.key)),
    )
    .execute(conn)?;
    Ok(())
}

/// Writes the order a claimed key made.
pub fn record_order(conn: &mut DbConnection, k: &KeyRef<'_>, order_id: i64) -> QueryResult<()> {
    diesel::update(
        keys::table
            .filter(keys::user_id.eq(k.user_id))
            .filter(keys::idem_key.eq(k.key)),
    )
    .set(keys::order_id.eq(order_id))
    .execute(conn)?;
    Ok(())
}

/// Removes the keys kept longer than `retention_ms` (the job `open-idempotency-keys`).
pub fn purge(conn: &mut DbConnection, now: i64, retention_ms: i64) -> QueryResult<usize> {
    diesel::delete(keys::table.filter(keys::created_at.le(now - retention_ms))).execute(conn)
}
