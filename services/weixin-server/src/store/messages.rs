//! Template messages: queued from `notification.requested` in the delivery's transaction,
//! claimed by one replica at a time (a conditional UPDATE of `next_at`), and recorded with the
//! outcome of each send.

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::v1;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{wx_bindings, wx_configs, wx_messages};
use crate::domain::config::{KIND_MP, STATE_ENABLED};
use crate::domain::template::{self, STATE_DEAD, STATE_PENDING};

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = wx_messages)]
pub struct Message {
    #[serde(rename = "messageId")]
    pub id: i64,
    pub config_id: i64,
    pub user_id: i64,
    pub open_id: String,
    pub notify_type: i32,
    pub template_id: String,
    /// The template's `data` as sent (JSON).
    pub content: String,
    pub ref_id: String,
    pub action_url: String,
    /// 0 pending, 1 sent, 3 dead.
    pub state: i32,
    pub attempts: i32,
    /// When the next attempt is due (pending messages), ms.
    pub next_at: i64,
    /// WeChat's refusal or the transport's failure of the last attempt.
    pub last_error: String,
    /// WeChat's `msgid` of a sent message.
    pub msg_id: i64,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "sendDate")]
    pub sent_at: i64,
}

/// Queues a template message for each official account the notification's user is bound to;
/// with no template for the type, the message is recorded dead with the reason. Answers how
/// many were queued.
pub fn enqueue(
    conn: &mut DbConnection,
    event_id: &str,
    saas_id: i64,
    n: &v1::NotificationRequested,
    now: i64,
) -> QueryResult<usize> {
    if n.channel != "weixin" {
        return Ok(0);
    }
    let targets: Vec<(i64, String, String)> = wx_bindings::table
        .inner_join(wx_configs::table.on(wx_configs::id.eq(wx_bindings::config_id)))
        .filter(wx_bindings::saas_id.eq(saas_id))
        .filter(wx_bindings::user_id.eq(n.user_id))
        .filter(wx_configs::kind.eq(KIND_MP))
        .filter(wx_configs::state.eq(STATE_ENABLED))
        .select((wx_configs::id, wx_bindings::open_id, wx_configs::templates))
        .load(conn)?;
    let at = template::china_time(if n.created_at > 0 { n.created_at } else { now });
    let content = template::data(&n.message, &n.ref_id, &at).to_string();
    let mut queued = 0;
    for (config_id, open_id, templates) in targets {
        let (template_id, state, error) = match template::template_for(&templates, n.notify_type) {
            Some(t) => (t, STATE_PENDING, String::new()),
            None => (
                String::new(),
                STATE_DEAD,
                format!("no template id for notification type {}", n.notify_type),
            ),
        };
        let insert = diesel::insert_into(wx_messages::table)
            .values((
                wx_messages::id.eq(platform::id::next_id()),
                wx_messages::saas_id.eq(saas_id),
                wx_messages::config_id.eq(config_id),
                wx_messages::user_id.eq(n.user_id),
                wx_messages::open_id.eq(&open_id),
                wx_messages::notify_type.eq(n.notify_type),
                wx_messages::template_id.eq(&template_id),
                wx_messages::content.eq(&content),
                wx_messages::ref_id.eq(&n.ref_id),
                wx_messages::action_url.eq(&n.action_url),
                wx_messages::event_id.eq(event_id),
                wx_messages::state.eq(state),
                wx_messages::attempts.eq(0),
                wx_messages::next_at.eq(now),
                wx_messages::last_error.eq(&error),
                wx_messages::msg_id.eq(0i64),
                wx_messages::created_at.eq(now),
                wx_messages::sent_at.eq(0i64),
                wx_messages::claim.eq(0i64),
            ))
            .on_conflict_do_nothing();
        let added = platform::per_backend!(conn, |c| insert.execute(c))?;
        if state == STATE_DEAD && added > 0 {
            dead_letter(conn, saas_id, n, 0, &error)?;
        }
        queued += added;
    }
    Ok(queued)
}

/// A message as stored, every column: what a sender round claims and writes back.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = wx_messages)]
pub struct MessageRow {
    pub id: i64,
    pub saas_id: i64,
    pub config_id: i64,
    pub user_id: i64,
    pub open_id: String,
    pub notify_type: i32,
    pub template_id: String,
    pub content: String,
    pub ref_id: String,
    pub action_url: String,
    pub event_id: String,
    pub state: i32,
    pub attempts: i32,
    pub next_at: i64,
    pub last_error: String,
    pub msg_id: i64,
    pub created_at: i64,
    pub sent_at: i64,
    pub claim: i64,
}

/// Claims up to `limit` pending messages due at `now` (oldest first) for one round, until
/// `until`, and answers them: one statement to read them, one to claim them all (the UPDATE
/// checks again that each is still pending and due, so a message another replica's round took
/// in between is left to it: PostgreSQL re-reads a row another transaction changed before it
/// updates it; SQLite runs one writer at a time). Only when some were taken meanwhile, a third
/// reads back which are this round's (`claim`).
pub fn claim_due(
    conn: &mut DbConnection,
    now: i64,
    until: i64,
    claim: i64,
    limit: i64,
) -> QueryResult<Vec<MessageRow>> {
    let due: Vec<MessageRow> = wx_messages::table
        .filter(wx_messages::state.eq(STATE_PENDING))
        .filter(wx_messages::next_at.le(now))
        .order(wx_messages::next_at.asc())
        .limit(limit)
        .select(MessageRow::as_select())
        .load(conn)?;
    if due.is_empty() {
        return Ok(due);
    }
    let ids: Vec<i64> = due.iter().map(|m| m.id).collect();
    let n = diesel::update(
        wx_messages::table
            .filter(wx_messages::id.eq_any(&ids))
            .filter(wx_messages::state.eq(STATE_PENDING))
            .filter(wx_messages::next_at.le(now)),
    )
    .set((wx_messages::next_at.eq(until), wx_messages::claim.eq(claim)))
    .execute(conn)?;
    if n == due.len() {
        return Ok(due
            .into_iter()
            .map(|mut m| {
                m.next_at = until;
                m.claim = claim;
                m
            })
            .collect());
    }
    wx_messages::table
        .filter(wx_messages::id.eq_any(&ids))
        .filter(wx_messages::claim.eq(claim))
        .filter(wx_messages::state.eq(STATE_PENDING))
        .order(wx_messages::id.asc())
        .select(MessageRow::as_select())
        .load(conn)
}

/// Rows per statement when writing outcomes back: 19 columns each, well below either backend's
/// limit of bound parameters.
const RECORD_CHUNK: usize = 200;

/// Writes a round's outcomes back (state, attempts, next attempt, error, msgid, send time; the
/// claim released; the rows are whole) in one statement per 200 messages, since each message has
/// its own values: on PostgreSQL an upsert on the primary key (`ON CONFLICT (id) DO UPDATE`);
/// SQLite (diesel does not batch its upserts) replaces the rows (`REPLACE INTO`), in process and
/// inside the caller's transaction.
pub fn record(conn: &mut DbConnection, rows: &[MessageRow]) -> QueryResult<()> {
    use diesel::upsert::excluded;
    for chunk in rows.chunks(RECORD_CHUNK) {
        let pg = match conn {
            DbConnection::Postgres(c) => c,
            DbConnection::Sqlite(c) => {
                diesel::replace_into(wx_messages::table)
                    .values(chunk)
                    .execute(c)?;
                continue;
            }
        };
        diesel::insert_into(wx_messages::table)
            .values(chunk)
            .on_conflict(wx_messages::id)
            .do_update()
            .set((
                wx_messages::state.eq(excluded(wx_messages::state)),
                wx_messages::attempts.eq(excluded(wx_messages::attempts)),
                wx_messages::next_at.eq(excluded(wx_messages::next_at)),
                wx_messages::last_error.eq(excluded(wx_messages::last_error)),
                wx_messages::msg_id.eq(excluded(wx_messages::msg_id)),
                wx_messages::sent_at.eq(excluded(wx_messages::sent_at)),
                wx_messages::claim.eq(excluded(wx_messages::claim)),
            ))
            .execute(pg)?;
    }
    Ok(())
}

/// The queue a dead template message is re-queued to (the platform's dead-letter view,
/// `POST /internal/dead-letters/{id}/requeue`): this service's own.
pub const DEAD_LETTER_QUEUE: &str = "weixin-server.events";
pub const DEAD_LETTER_KEY: &str = "notification.requested";

/// Keeps a dead message in the platform's dead letters (`GET /internal/dead-letters`), as a
/// `notification.requested` of its own: a new event id, so that a re-queue
/// (`POST /internal/dead-letters/{id}/requeue`) queues it afresh, to every account the user is
/// bound to then. The message itself stays in the list with state dead and the reason.
pub fn dead_letter(
    conn: &mut DbConnection,
    saas_id: i64,
    n: &v1::NotificationRequested,
    attempts: i32,
    error: &str,
) -> QueryResult<()> {
    let envelope =
        platform::bus::Outgoing::new(crate::NAME, DEAD_LETTER_KEY, saas_id, n).envelope_bytes();
    platform::bus::dead_letters::record(
        conn,
        DEAD_LETTER_QUEUE,
        DEAD_LETTER_KEY,
        &envelope,
        u32::try_from(attempts).unwrap_or(0),
        error,
    )
}

/// The notification a stored message was made from (what its dead letter carries).
pub fn notification_of(m: &MessageRow) -> v1::NotificationRequested {
    v1::NotificationRequested {
        notify_type: m.notify_type,
        channel: "weixin".into(),
        user_id: m.user_id,
        message: template::message_of(&m.content),
        ref_id: m.ref_id.clone(),
        action_url: m.action_url.clone(),
        created_at: m.created_at,
        ..Default::default()
    }
}

#[derive(Debug, Default, Clone)]
pub struct MessageFilter {
    pub config_id: i64,
    pub state: Option<i32>,
    pub notify_type: Option<i32>,
}

fn filtered(viewer: &Viewer, f: &MessageFilter) -> wx_messages::BoxedQuery<'static, Db> {
    let mut q = wx_messages::table
        .filter(wx_messages::saas_id.eq(viewer.saas_id))
        .filter(wx_messages::config_id.eq(f.config_id))
        .into_boxed();
    if let Some(s) = f.state {
        q = q.filter(wx_messages::state.eq(s));
    }
    if let Some(t) = f.notify_type {
        q = q.filter(wx_messages::notify_type.eq(t));
    }
    q
}

pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &MessageFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Message>, i64)> {
    let total = filtered(viewer, f).count().get_result(conn)?;
    let rows = filtered(viewer, f)
        .order(wx_messages::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(Message::as_select())
        .load(conn)?;
    Ok((rows, total))
}
