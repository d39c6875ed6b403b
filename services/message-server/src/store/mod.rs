//! message-server's queries: the copies of settings and licences, and web notifications.

pub mod dispatch;
pub mod schema;

use diesel::prelude::*;
use platform::bus::v1;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::notify::{self, Notice};
use schema::{licences, notifications, notify_configs};

/// Applies a `notify-config.updated`; an event older than the copy changes nothing.
pub fn save_config(
    conn: &mut DbConnection,
    saas_id: i64,
    c: &v1::NotifyConfigUpdated,
    at: i64,
) -> QueryResult<()> {
    let values = (
        notify_configs::saas_id.eq(saas_id),
        notify_configs::mch_id.eq(c.mch_id),
        notify_configs::notify_web.eq(&c.notify_web),
        notify_configs::notify_weixin.eq(&c.notify_weixin),
        notify_configs::notify_sms.eq(&c.notify_sms),
        notify_configs::notify_mail.eq(&c.notify_mail),
        notify_configs::mobile.eq(&c.mobile),
        notify_configs::email.eq(&c.email),
        notify_configs::state.eq(c.state),
        notify_configs::updated_at.eq(at),
        notify_configs::language.eq(if c.language.is_empty() {
            "zh-cn"
        } else {
            c.language.as_str()
        }),
    );
    let changed = diesel::update(
        notify_configs::table
            .find(c.user_id)
            .filter(notify_configs::updated_at.le(at)),
    )
    .set(values)
    .execute(conn)?;
    let known: i64 = notify_configs::table
        .find(c.user_id)
        .count()
        .get_result(conn)?;
    if changed == 0 && known == 0 {
        diesel::insert_into(notify_configs::table)
            .values((notify_configs::user_id.eq(c.user_id), values))
            .execute(conn)?;
    }
    Ok(())
}

/// Applies a `licence.updated`; an older event changes nothing.
/// How many users' settings the copy holds.
pub fn config_rows(conn: &mut DbConnection) -> QueryResult<i64> {
    notify_configs::table.count().get_result(conn)
}

/// How many licences the copy holds.
pub fn licence_rows(conn: &mut DbConnection) -> QueryResult<i64> {
    licences::table.count().get_result(conn)
}

pub fn save_licence(
    conn: &mut DbConnection,
    saas_id: i64,
    l: &v1::LicenceUpdated,
    at: i64,
) -> QueryResult<()> {
    let key = || licences::table.find((saas_id, l.license_name.clone()));
    let changed = diesel::update(key().filter(licences::updated_at.le(at)))
        .set((
            licences::license_value.eq(l.license_value),
            licences::expire_date.eq(l.expire_date),
            licences::state.eq(l.state),
            licences::updated_at.eq(at),
        ))
        .execute(conn)?;
    let known: i64 = key().count().get_result(conn)?;
    if changed == 0 && known == 0 {
        diesel::insert_into(licences::table)
            .values((
                licences::saas_id.eq(saas_id),
                licences::license_name.eq(&l.license_name),
                licences::license_value.eq(l.license_value),
                licences::expire_date.eq(l.expire_date),
                licences::state.eq(l.state),
                licences::updated_at.eq(at),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// A user's settings as the channels read them.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = notify_configs)]
pub struct Subscriber {
    pub user_id: i64,
    pub mch_id: i64,
    pub notify_web: String,
    pub notify_weixin: String,
    pub notify_sms: String,
    pub notify_mail: String,
    pub mobile: String,
    pub email: String,
    pub state: i32,
    /// The language mail and SMS are written in.
    pub language: String,
}

/// The tenant's users not blocked who may hear of these notices (of their merchants, or the
/// tenant's staff): read once per event for every channel.
pub fn subscribers(
    conn: &mut DbConnection,
    saas_id: i64,
    notices: &[Notice],
) -> QueryResult<Vec<Subscriber>> {
    if notices.is_empty() {
        return Ok(Vec::new());
    }
    let mchs: Vec<i64> = notices.iter().map(|n| n.mch_id).chain([0]).collect();
    notify_configs::table
        .filter(notify_configs::saas_id.eq(saas_id))
        .filter(notify_configs::mch_id.eq_any(&mchs))
        .filter(notify_configs::state.eq(1))
        .select(Subscriber::as_select())
        .load(conn)
}

/// Stores each notice for every user whose settings take it on the web; answers the stored
/// rows (to push to connected browsers, unless `quiet`: history, listed but never pushed).
pub fn notify_web(
    conn: &mut DbConnection,
    saas_id: i64,
    subs: &[Subscriber],
    notices: &[Notice],
    at: i64,
    quiet: bool,
) -> QueryResult<Vec<Notification>> {
    let mut out = Vec::new();
    for n in notices {
        for u in subs {
            if !notify::takes(&u.notify_web, u.state, u.mch_id, n) {
                continue;
            }
            let row = Notification {
                id: platform::id::next_id(),
                saas_id,
                user_id: u.user_id,
                notify_type: n.notify_type,
                message_zh: n.message_zh.clone(),
                message_en: n.message_en.clone(),
                ref_id: n.ref_id.clone(),
                action_url: n.action_url.clone(),
                created_at: at,
                read_at: 0,
            };
            insert_notification(conn, &row, quiet)?;
            out.push(row);
        }
    }
    Ok(out)
}

fn insert_notification(
    conn: &mut DbConnection,
    row: &Notification,
    quiet: bool,
) -> QueryResult<()> {
    diesel::insert_into(notifications::table)
        .values((
            notifications::id.eq(row.id),
            notifications::saas_id.eq(row.saas_id),
            notifications::user_id.eq(row.user_id),
            notifications::notify_type.eq(row.notify_type),
            notifications::message_zh.eq(&row.message_zh),
            notifications::message_en.eq(&row.message_en),
            notifications::ref_id.eq(&row.ref_id),
            notifications::action_url.eq(&row.action_url),
            notifications::created_at.eq(row.created_at),
            notifications::read_at.eq(0_i64),
            notifications::quiet.eq(quiet),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Stores a web notification for one user of `saas_id` (a work order assigned to them) and
/// announces it to every replica's sockets, in the caller's transaction.
pub fn notify_assignee(
    conn: &mut DbConnection,
    saas_id: i64,
    user_id: i64,
    a: &crate::domain::support::Assignment,
    at: i64,
) -> QueryResult<Notification> {
    let row = Notification {
        id: platform::id::next_id(),
        saas_id,
        user_id,
        notify_type: crate::domain::support::NOTIFY_ASSIGNED,
        message_zh: a.message_zh.clone(),
        message_en: a.message_en.clone(),
        ref_id: a.ref_id.clone(),
        action_url: a.action_url.clone(),
        created_at: at,
        read_at: 0,
    };
    insert_notification(conn, &row, false)?;
    announce(conn, &row)?;
    Ok(row)
}

/// Asks weixin-server to deliver each notice as a template message to every user of the tenant
/// whose WeChat settings take it (`notification.requested`, channel `weixin`); answers how many.
pub fn request_weixin(
    conn: &mut DbConnection,
    saas_id: i64,
    subs: &[Subscriber],
    notices: &[Notice],
) -> QueryResult<usize> {
    let mut sent = 0;
    for n in notices {
        for u in subs {
            if !notify::takes(&u.notify_weixin, u.state, u.mch_id, n) {
                continue;
            }
            let event = v1::NotificationRequested {
                notify_type: n.notify_type,
                channel: "weixin".into(),
                user_id: u.user_id,
                mch_id: u.mch_id,
                message: n.message_zh.clone(),
                message_en: n.message_en.clone(),
                ref_id: n.ref_id.clone(),
                action_url: n.action_url.clone(),
                ..Default::default()
            };
            platform::bus::publish_in_tx(
                conn,
                platform::bus::Outgoing::new(
                    crate::NAME,
                    "notification.requested",
                    saas_id,
                    &event,
                ),
            )?;
            sent += 1;
        }
    }
    Ok(sent)
}

/// A stored web notification.
#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = notifications)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub id: i64,
    #[serde(skip)]
    pub saas_id: i64,
    #[serde(skip)]
    pub user_id: i64,
    pub notify_type: i32,
    #[serde(skip)]
    pub message_zh: String,
    #[serde(skip)]
    pub message_en: String,
    pub ref_id: String,
    pub action_url: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    /// When the user read it; 0 unread.
    #[serde(rename = "readDate")]
    pub read_at: i64,
}

/// A page of the user's notifications: unread first, newest first within each.
pub fn page(
    conn: &mut DbConnection,
    saas_id: i64,
    user_id: i64,
    unread_only: bool,
    page: PageRequest,
) -> QueryResult<(Vec<Notification>, i64)> {
    let query = || {
        let mut q = notifications::table
            .filter(notifications::saas_id.eq(saas_id))
            .filter(notifications::user_id.eq(user_id))
            .into_boxed::<Db>();
        if unread_only {
            q = q.filter(notifications::read_at.eq(0));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order((
            notifications::read_at.asc(),
            notifications::created_at.desc(),
            notifications::id.desc(),
        ))
        .offset(page.offset())
        .limit(page.limit())
        .select(Notification::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// The user's unread notifications made since `since` (ms), oldest first: the backlog a new
/// socket receives (not the quiet ones, history that was never to be pushed).
pub fn unread_since(
    conn: &mut DbConnection,
    saas_id: i64,
    user_id: i64,
    since: i64,
) -> QueryResult<Vec<Notification>> {
    notifications::table
        .filter(notifications::saas_id.eq(saas_id))
        .filter(notifications::user_id.eq(user_id))
        .filter(notifications::read_at.eq(0))
        .filter(notifications::quiet.eq(false))
        .filter(notifications::created_at.ge(since))
        .order((notifications::created_at.asc(), notifications::id.asc()))
        .limit(200)
        .select(Notification::as_select())
        .load(conn)
}

/// Tells every replica (its broadcast queue) to push a stored notification to its sockets:
/// `notification.requested` on the web channel, in the transaction that stored it.
pub fn announce(conn: &mut DbConnection, n: &Notification) -> QueryResult<()> {
    let event = v1::NotificationRequested {
        notify_type: n.notify_type,
        channel: "web".into(),
        user_id: n.user_id,
        message: n.message_zh.clone(),
        message_en: n.message_en.clone(),
        ref_id: n.ref_id.clone(),
        action_url: n.action_url.clone(),
        notification_id: n.id,
        created_at: n.created_at,
        ..Default::default()
    };
    platform::bus::publish_in_tx(
        conn,
        platform::bus::Outgoing::new(crate::NAME, "notification.requested", n.saas_id, &event),
    )
    .map(|_| ())
}

/// The notification a web `notification.requested` carries.
pub fn from_event(saas_id: i64, e: &v1::NotificationRequested) -> Notification {
    Notification {
        id: e.notification_id,
        saas_id,
        user_id: e.user_id,
        notify_type: e.notify_type,
        message_zh: e.message.clone(),
        message_en: e.message_en.clone(),
        ref_id: e.ref_id.clone(),
        action_url: e.action_url.clone(),
        created_at: e.created_at,
        read_at: 0,
    }
}

/// Marks the user's notifications read (the given ones, or all when none is given); answers
/// how many changed.
pub fn mark_read(
    conn: &mut DbConnection,
    saas_id: i64,
    user_id: i64,
    ids: &[i64],
    at: i64,
) -> QueryResult<usize> {
    let mine = notifications::table
        .filter(notifications::saas_id.eq(saas_id))
        .filter(notifications::user_id.eq(user_id))
        .filter(notifications::read_at.eq(0));
    if ids.is_empty() {
        diesel::update(mine)
            .set(notifications::read_at.eq(at))
            .execute(conn)
    } else {
        diesel::update(mine.filter(notifications::id.eq_any(ids)))
            .set(notifications::read_at.eq(at))
            .execute(conn)
    }
}
