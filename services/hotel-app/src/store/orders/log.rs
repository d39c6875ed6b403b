//! The order log: an entry for every change of an order (who, which action, from which state
//! to which, why), written in the change's transaction; an order's entries and the tenant's
//! pages of them.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::OrderCtx;
use crate::store::schema::order_logs;

#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize, ToSchema)]
#[diesel(table_name = order_logs)]
#[serde(rename_all = "camelCase")]
pub struct OrderLog {
    pub id: i64,
    #[serde(skip)]
    pub saas_id: i64,
    pub order_id: i64,
    pub user_id: i64,
    pub username: String,
    pub action: String,
    /// -1 for the order's creation.
    pub from_state: i32,
    pub to_state: i32,
    pub remark: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
}

/// What one change did to an order, for its log entry.
#[derive(Debug, Clone, Copy)]
pub(super) struct Entry<'a> {
    /// An `Action`'s name, `create`, `remark` or `adjust`.
    pub action: &'a str,
    pub from: i32,
    pub to: i32,
    pub remark: &'a str,
}

/// The order state a creation is logged as coming from.
pub(super) const CREATED_FROM: i32 = -1;

pub(super) fn write(
    conn: &mut DbConnection,
    ctx: &OrderCtx,
    order_id: i64,
    e: Entry<'_>,
) -> QueryResult<()> {
    diesel::insert_into(order_logs::table)
        .values(OrderLog {
            id: platform::id::next_id(),
            saas_id: ctx.viewer.saas_id,
            order_id,
            user_id: ctx.actor.user_id,
            username: ctx.actor.username.clone(),
            action: e.action.to_owned(),
            from_state: e.from,
            to_state: e.to,
            remark: e.remark.to_owned(),
            created_at: ctx.now,
        })
        .execute(conn)
        .map(|_| ())
}

/// An order's entries, oldest first.
pub fn logs_of(conn: &mut DbConnection, order_id: i64) -> QueryResult<Vec<OrderLog>> {
    order_logs::table
        .filter(order_logs::order_id.eq(order_id))
        .order((order_logs::created_at, order_logs::id))
        .select(OrderLog::as_select())
        .load(conn)
}

/// A page of the viewer's tenant's order log (an order's, when given), newest first.
pub fn log_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    order_id: Option<i64>,
    action: Option<&str>,
    page: PageRequest,
) -> QueryResult<(Vec<OrderLog>, i64)> {
    let query = || {
        let mut q = order_logs::table
            .filter(order_logs::saas_id.eq(viewer.saas_id))
            .into_boxed::<Db>();
        if let Some(o) = order_id {
            q = q.filter(order_logs::order_id.eq(o));
        }
        if let Some(a) = action.filter(|a| !a.is_empty()) {
            q = q.filter(order_logs::action.eq(a.to_owned()));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order((order_logs::created_at.desc(), order_logs::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(OrderLog::as_select())
        .load(conn)?;
    Ok((rows, total))
}
