//! The followers of each official account, as WeChat's user list and events tell them.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection, lower};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{wx_bindings, wx_followers};

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = wx_followers)]
pub struct FollowerRow {
    #[serde(skip)]
    pub id: i64,
    pub config_id: i64,
    pub open_id: String,
    pub nickname: String,
    pub subscribed: bool,
    /// Seconds, as WeChat gives it.
    pub subscribe_time: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

/// A follower with the staff user bound to it, if any.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Follower {
    #[serde(flatten)]
    pub row: FollowerRow,
    pub bound_user_id: Option<i64>,
    /// The bound staff user's name (as they were when they asked for the QR code).
    pub bound_user_name: Option<String>,
}

#[derive(Debug, Default, Clone)]
pub struct FollowerFilter {
    pub config_id: i64,
    pub nickname: Option<String>,
    pub subscribed: Option<bool>,
    /// Some(true): bound to a staff user; Some(false): not bound.
    pub bound: Option<bool>,
}

fn filtered(viewer: &Viewer, f: &FollowerFilter) -> wx_followers::BoxedQuery<'static, Db> {
    let mut q = wx_followers::table
        .filter(wx_followers::saas_id.eq(viewer.saas_id))
        .filter(wx_followers::config_id.eq(f.config_id))
        .into_boxed();
    if let Some(n) = f
        .nickname
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        q = q.filter(lower(wx_followers::nickname).contains_text(&n.to_lowercase()));
    }
    if let Some(s) = f.subscribed {
        q = q.filter(wx_followers::subscribed.eq(s));
    }
    if let Some(bound) = f.bound {
        let bound_ids = wx_bindings::table
            .filter(wx_bindings::config_id.eq(f.config_id))
            .select(wx_bindings::open_id);
        q = if bound {
            q.filter(wx_followers::open_id.eq_any(bound_ids))
        } else {
            q.filter(wx_followers::open_id.ne_all(bound_ids))
        };
    }
    q
}

pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &FollowerFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Follower>, i64)> {
    let total = filtered(viewer, f).count().get_result(conn)?;
    let rows: Vec<FollowerRow> = filtered(viewer, f)
        .order(wx_followers::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(FollowerRow::as_select())
        .load(conn)?;
    let ids: Vec<String> = rows.iter().map(|r| r.open_id.clone()).collect();
    let bound: Vec<(String, i64, String)> = wx_bindings::table
        .filter(wx_bindings::config_id.eq(f.config_id))
        .filter(wx_bindings::open_id.eq_any(ids))
        .select((
            wx_bindings::open_id,
            wx_bindings::user_id,
            wx_bindings::user_name,
        ))
        .load(conn)?;
    let out = rows
        .into_iter()
        .map(|row| {
            let b = bound.iter().find(|(o, _, _)| *o == row.open_id);
            Follower {
                bound_user_id: b.map(|b| b.1),
                bound_user_name: b.map(|b| b.2.clone()),
                row,
            }
        })
        .collect();
    Ok((out, total))
}

/// What is known of a follower now.
pub struct Seen<'a> {
    pub open_id: &'a str,
    /// Kept as it was when `None` or empty.
    pub nickname: Option<&'a str>,
    pub subscribed: bool,
    /// Seconds; kept as it was when 0.
    pub subscribe_time: i64,
}

/// Records what is known of a follower of `config_id` (tenant `saas_id`) at `now`.
pub fn upsert(
    conn: &mut DbConnection,
    saas_id: i64,
    config_id: i64,
    seen: &Seen<'_>,
    now: i64,
) -> QueryResult<()> {
    let Seen {
        open_id,
        nickname,
        subscribed,
        subscribe_time,
    } = *seen;
    let target = wx_followers::table
        .filter(wx_followers::config_id.eq(config_id))
        .filter(wx_followers::open_id.eq(open_id));
    let n = diesel::update(target)
        .set((
            wx_followers::subscribed.eq(subscribed),
            wx_followers::updated_at.eq(now),
        ))
        .execute(conn)?;
    if n == 0 {
        let insert = diesel::insert_into(wx_followers::table)
            .values((
                wx_followers::id.eq(platform::id::next_id()),
                wx_followers::saas_id.eq(saas_id),
                wx_followers::config_id.eq(config_id),
                wx_followers::open_id.eq(open_id),
                wx_followers::nickname.eq(nickname.unwrap_or_default()),
                wx_followers::subscribed.eq(subscribed),
                wx_followers::subscribe_time.eq(subscribe_time),
                wx_followers::updated_at.eq(now),
            ))
            .on_conflict_do_nothing();
        platform::per_backend!(conn, |c| insert.execute(c))?;
        return Ok(());
    }
    if let Some(nick) = nickname.filter(|n| !n.is_empty()) {
        diesel::update(target)
            .set(wx_followers::nickname.eq(nick))
            .execute(conn)?;
    }
    if subscribed && subscribe_time > 0 {
        diesel::update(target)
            .set(wx_followers::subscribe_time.eq(subscribe_time))
            .execute(conn)?;
    }
    Ok(())
}

/// The nickname recorded for `open_id`, if any.
pub fn nickname(
    conn: &mut DbConnection,
    config_id: i64,
    open_id: &str,
) -> QueryResult<Option<String>> {
    wx_followers::table
        .filter(wx_followers::config_id.eq(config_id))
        .filter(wx_followers::open_id.eq(open_id))
        .select(wx_followers::nickname)
        .first(conn)
        .optional()
}

/// The openIds of `config_id` already known, to sync only the new ones' details.
pub fn known(
    conn: &mut DbConnection,
    config_id: i64,
    open_ids: &[String],
) -> QueryResult<Vec<String>> {
    wx_followers::table
        .filter(wx_followers::config_id.eq(config_id))
        .filter(wx_followers::open_id.eq_any(open_ids))
        .filter(wx_followers::subscribed.eq(true))
        .select(wx_followers::open_id)
        .load(conn)
}

/// Marks unsubscribed every follower of `config_id` not in the full list `listed`.
pub fn unsubscribe_missing(
    conn: &mut DbConnection,
    config_id: i64,
    listed: &[String],
    now: i64,
) -> QueryResult<usize> {
    let current: Vec<String> = wx_followers::table
        .filter(wx_followers::config_id.eq(config_id))
        .filter(wx_followers::subscribed.eq(true))
        .select(wx_followers::open_id)
        .load(conn)?;
    let gone: Vec<String> = current
        .into_iter()
        .filter(|o| !listed.contains(o))
        .collect();
    if gone.is_empty() {
        return Ok(0);
    }
    diesel::update(
        wx_followers::table
            .filter(wx_followers::config_id.eq(config_id))
            .filter(wx_followers::open_id.eq_any(&gone)),
    )
    .set((
        wx_followers::subscribed.eq(false),
        wx_followers::updated_at.eq(now),
    ))
    .execute(conn)
}
