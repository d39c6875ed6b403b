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
use crate::domain::template::{self, STATE_DEAD, STATE_PENDING, STATE_SENT};

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
            ))
            .on_conflict_do_nothing();
        queued += platform::per_backend!(conn, |c| insert.execute(c))?;
    }
    Ok(queued)
}

/// Pending messages due at `now`, oldest first.
pub fn due(conn: &mut DbConnection, now: i64, limit: i64) -> QueryResult<Vec<Message>> {
    wx_messages::table
        .filter(wx_messages::state.eq(STATE_PENDING))
        .filter(wx_messages::next_at.le(now))
        .order(wx_messages::next_at.asc())
        .limit(limit)
        .select(Message::as_select())
        .load(conn)
}

/// Claims `m` for this replica until `until`; false when another replica took it first.
pub fn claim(conn: &mut DbConnection, m: &Message, until: i64) -> QueryResult<bool> {
    let n = diesel::update(
        wx_messages::table
            .filter(wx_messages::id.eq(m.id))
            .filter(wx_messages::state.eq(STATE_PENDING))
            .filter(wx_messages::next_at.eq(m.next_at)),
    )
    .set(wx_messages::next_at.eq(until))
    .execute(conn)?;
    Ok(n == 1)
}

pub fn sent(
    conn: &mut DbConnection,
    id: i64,
    attempts: i32,
    msg_id: i64,
    now: i64,
) -> QueryResult<()> {
    diesel::update(wx_messages::table.find(id))
        .set((
            wx_messages::state.eq(STATE_SENT),
            wx_messages::attempts.eq(attempts),
            wx_messages::msg_id.eq(msg_id),
            wx_messages::sent_at.eq(now),
            wx_messages::last_error.eq(""),
        ))
        .execute(conn)?;
    Ok(())
}

/// Records a failed attempt: pending again from `retry_at`, or dead when it is `None`.
pub fn failed(
    conn: &mut DbConnection,
    id: i64,
    attempts: i32,
    error: &str,
    retry_at: Option<i64>,
) -> QueryResult<()> {
    let (state, next) = match retry_at {
        Some(at) => (STATE_PENDING, at),
        None => (STATE_DEAD, 0),
    };
    diesel::update(wx_messages::table.find(id))
        .set((
            wx_messages::state.eq(state),
            wx_messages::attempts.eq(attempts),
            wx_messages::next_at.eq(next),
            wx_messages::last_error.eq(error),
        ))
        .execute(conn)?;
    Ok(())
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
