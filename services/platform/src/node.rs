//! The node part of this process's ids (`platform::id`), claimed in the service's database so
//! that replicas sharing it never make the same id. In containers every replica has process id
//! 1, so the process id cannot tell them apart; a claim can: at start a replica takes the lowest
//! node no live replica holds, and refreshes its claim while it runs. A claim not refreshed for
//! [`STALE_AFTER_MS`] is free again (its replica is gone). `TRADEWIND_NODE_ID` still wins when
//! set (a fixed node per process, as the tests of the production shape may give).

use std::time::Duration;

use diesel::prelude::*;

use crate::db::{DbConnection, write_tx};

diesel::table! {
    node_claims (node_id) {
        node_id -> Integer,
        holder -> Text,
        heartbeat_at -> BigInt,
    }
}

/// How often a replica refreshes its claim.
pub const HEARTBEAT: Duration = Duration::from_secs(20);
/// A claim older than this belongs to a replica that is gone.
pub const STALE_AFTER_MS: i64 = 60_000;
const NODES: i32 = 1 << crate::id::NODE_BITS;

#[derive(Debug, thiserror::Error)]
pub enum ClaimError {
    #[error("every node of the id generator ({NODES}) is held by a live replica")]
    Exhausted,
    #[error(transparent)]
    Query(#[from] diesel::result::Error),
}

/// Who this process is, for its claims: unique per start.
pub fn holder() -> String {
    let host = std::env::var("HOSTNAME").unwrap_or_else(|_| "local".to_owned());
    format!(
        "{host}/{}/{}",
        std::process::id(),
        uuid::Uuid::new_v4().simple()
    )
}

/// The lowest free node (or `wanted`, when this process already makes ids with it), claimed
/// for `holder` at `now`. One claimer at a time: the claim runs under a table lock on
/// PostgreSQL and under SQLite's write lock.
pub fn claim(
    conn: &mut DbConnection,
    holder: &str,
    wanted: Option<i32>,
    now: i64,
) -> Result<i32, ClaimError> {
    write_tx(conn, |c| {
        if let DbConnection::Postgres(pg) = c {
            diesel::sql_query("LOCK TABLE node_claims IN EXCLUSIVE MODE").execute(pg)?;
        }
        let live: Vec<(i32, String)> = node_claims::table
            .filter(node_claims::heartbeat_at.gt(now - STALE_AFTER_MS))
            .select((node_claims::node_id, node_claims::holder))
            .load(c)?;
        if let Some((n, _)) = live.iter().find(|(_, h)| h == holder) {
            return Ok(*n);
        }
        let taken = |n: i32| live.iter().any(|(m, _)| *m == n);
        let node = match wanted {
            Some(n) if !taken(n) => n,
            _ => (0..NODES)
                .find(|n| !taken(*n))
                .ok_or(ClaimError::Exhausted)?,
        };
        diesel::delete(node_claims::table.find(node)).execute(c)?;
        diesel::insert_into(node_claims::table)
            .values((
                node_claims::node_id.eq(node),
                node_claims::holder.eq(holder),
                node_claims::heartbeat_at.eq(now),
            ))
            .execute(c)?;
        Ok(node)
    })
}

/// Keeps `holder`'s claim of `node` live; claims it again if it had gone stale and nobody took
/// it. False when another replica holds it now (this process paused past the stale time).
pub fn refresh(conn: &mut DbConnection, holder: &str, node: i32, now: i64) -> QueryResult<bool> {
    let refreshed = diesel::update(
        node_claims::table
            .find(node)
            .filter(node_claims::holder.eq(holder)),
    )
    .set(node_claims::heartbeat_at.eq(now))
    .execute(conn)?;
    if refreshed == 1 {
        return Ok(true);
    }
    match claim(conn, holder, Some(node), now) {
        Ok(n) => Ok(n == node),
        Err(ClaimError::Exhausted) => Ok(false),
        Err(ClaimError::Query(e)) => Err(e),
    }
}
