//! The transactional outbox: events are rows written with the change that caused them.

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
/// the event was never published. Answers the event id.
pub fn publish_in_tx(conn: &mut DbConnection, event: Outgoing) -> QueryResult<String> {
    let envelope = event.into_envelope();
    diesel::insert_into(outbox::table)
        .values(NewOutboxRow {
            id: crate::id::next_id(),
            event_id: &envelope.event_id,
            routing_key: &envelope.event_type,
            saas_id: envelope.saas_id,
            envelope: envelope.encode_to_vec(),
            created_at: envelope.occurred_at,
        })
        .execute(conn)?;
    super::relay::written();
    Ok(envelope.event_id)
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
