//! The transactional outbox: events are rows written with the change that caused them.

use diesel::connection::{Instrumentation, InstrumentationEvent};
use diesel::prelude::*;
use prost::Message as _;

use super::Outgoing;
use super::schema::outbox;
use crate::db::DbConnection;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = outbox)]
pub struct OutboxRow {
    pub id: i64,
    pub routing_key: String,
    pub envelope: Vec<u8>,
}

#[derive(Insertable)]
#[diesel(table_name = outbox)]
struct NewOutboxRow<'a> {
    id: i64,
    event_id: &'a str,
    routing_key: &'a str,
    saas_id: i64,
    envelope: Vec<u8>,
    created_at: i64,
}

/// Writes `event` to the outbox inside the caller's transaction: if the transaction rolls back,
/// the event was never published. The relays are woken as soon as the row is committed,
/// whichever code opens and commits the transaction ([`CommitWatch`]). Answers the event id.
pub fn publish_in_tx(conn: &mut DbConnection, event: Outgoing) -> QueryResult<String> {
    let mut ids = publish_all_in_tx(conn, vec![event])?;
    Ok(ids.pop().unwrap_or_default())
}

/// [`publish_in_tx`] of several events with one statement (a hot path's round trips), published
/// in the order given. Answers their event ids.
pub fn publish_all_in_tx(
    conn: &mut DbConnection,
    events: Vec<Outgoing>,
) -> QueryResult<Vec<String>> {
    if events.is_empty() {
        return Ok(Vec::new());
    }
    let envelopes: Vec<_> = events.into_iter().map(Outgoing::into_envelope).collect();
    // Ids taken in order: the relay sends by id.
    let rows: Vec<NewOutboxRow<'_>> = envelopes
        .iter()
        .map(|e| NewOutboxRow {
            id: crate::id::next_id(),
            event_id: &e.event_id,
            routing_key: &e.event_type,
            saas_id: e.saas_id,
            envelope: e.encode_to_vec(),
            created_at: e.occurred_at,
        })
        .collect();
    let insert = diesel::insert_into(outbox::table).values(rows);
    // SQLite's multi-row insert is a different statement type in diesel.
    crate::per_backend!(conn, |c| insert.execute(c))?;
    if in_transaction(conn) {
        watch_commit(conn);
    } else {
        // Outside a transaction the rows are committed already.
        super::relay::wake();
    }
    Ok(envelopes.into_iter().map(|e| e.event_id).collect())
}

fn in_transaction(conn: &mut DbConnection) -> bool {
    use diesel::connection::{AnsiTransactionManager, TransactionManager as _};
    // A broken transaction state counts as a transaction: the commit watch then decides.
    crate::per_backend!(conn, |c| !matches!(
        AnsiTransactionManager::transaction_manager_status_mut(c).transaction_depth(),
        Ok(None)
    ))
}

/// Marks the connection's open transaction as one that wrote events, installing the watch on
/// the first write. The platform gives its connections no other instrumentation; one added
/// later would have to pass its events on to this watch.
fn watch_commit(conn: &mut DbConnection) {
    if let Some(watch) = conn.instrumentation().downcast_mut::<CommitWatch>() {
        watch.written = true;
        return;
    }
    conn.set_instrumentation(CommitWatch {
        written: true,
        committing: false,
    });
}

/// Wakes the relays once a transaction that wrote events has committed. Diesel has no commit
/// hook, but a connection reports what it does to its instrumentation: a top-level
/// `CommitTransaction` just before `COMMIT` runs, and that statement's `FinishQuery` just after,
/// when the rows are visible to the relay's own connection. Waking any earlier would have the
/// relay look before the commit, find nothing and sleep until its next poll. Being a property
/// of the connection, it holds for `with_conn` and `write_tx`, diesel's `transaction`, a pooled
/// or a bare connection alike.
struct CommitWatch {
    /// An event was written in the open transaction.
    written: bool,
    /// The top-level `COMMIT` of such a transaction is running.
    committing: bool,
}

impl Instrumentation for CommitWatch {
    fn on_connection_event(&mut self, event: InstrumentationEvent<'_>) {
        match event {
            InstrumentationEvent::CommitTransaction { depth, .. } if depth.get() == 1 => {
                self.committing = self.written;
            }
            InstrumentationEvent::FinishQuery { error, .. } if self.committing => {
                self.committing = false;
                self.written = false;
                // A failed `COMMIT` ends the transaction too, its rows gone.
                if error.is_none() {
                    super::relay::wake();
                }
            }
            InstrumentationEvent::RollbackTransaction { depth, .. } if depth.get() == 1 => {
                self.written = false;
                self.committing = false;
            }
            _ => {}
        }
    }
}

/// The oldest unsent events, in the order they were written.
pub fn unsent(conn: &mut DbConnection, limit: i64) -> QueryResult<Vec<OutboxRow>> {
    outbox::table
        .filter(outbox::sent_at.is_null())
        .order(outbox::id)
        .limit(limit)
        .select(OutboxRow::as_select())
        .load(conn)
}

pub fn mark_sent(conn: &mut DbConnection, ids: &[i64], at: i64) -> QueryResult<usize> {
    diesel::update(outbox::table.filter(outbox::id.eq_any(ids)))
        .set(outbox::sent_at.eq(Some(at)))
        .execute(conn)
}

/// Events written and not yet confirmed by the broker.
pub fn backlog(conn: &mut DbConnection) -> QueryResult<i64> {
    outbox::table
        .filter(outbox::sent_at.is_null())
        .count()
        .get_result(conn)
}
