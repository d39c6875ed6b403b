//! The interface log: calls to and from external interfaces (channels and suppliers' systems).
//! Rows are written by the channel integrations; this module reads them.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::interface_logs;

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = interface_logs)]
#[serde(rename_all = "camelCase")]
pub struct InterfaceLog {
    pub id: i64,
    #[serde(skip)]
    pub saas_id: i64,
    pub interface_id: i64,
    /// 1 outgoing, 2 incoming.
    pub direction: i32,
    pub method: String,
    pub url: String,
    pub status: i32,
    pub request: String,
    pub response: String,
    pub duration_ms: i64,
    pub order_id: i64,
    #[serde(rename = "createDate")]
    pub created_at: i64,
}

#[derive(Debug, Clone, Default)]
pub struct InterfaceLogFilter {
    pub interface_id: Option<i64>,
    pub direction: Option<i32>,
    pub order_id: Option<i64>,
    /// ms, inclusive start and exclusive end.
    pub from: Option<i64>,
    pub until: Option<i64>,
}

pub fn interface_page(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &InterfaceLogFilter,
    page: PageRequest,
) -> QueryResult<(Vec<InterfaceLog>, i64)> {
    let query = || {
        let mut q = interface_logs::table
            .filter(interface_logs::saas_id.eq(viewer.saas_id))
            .into_boxed::<Db>();
        if let Some(v) = f.interface_id {
            q = q.filter(interface_logs::interface_id.eq(v));
        }
        if let Some(v) = f.direction {
            q = q.filter(interface_logs::direction.eq(v));
        }
        if let Some(v) = f.order_id {
            q = q.filter(interface_logs::order_id.eq(v));
        }
        if let Some(v) = f.from {
            q = q.filter(interface_logs::created_at.ge(v));
        }
        if let Some(v) = f.until {
            q = q.filter(interface_logs::created_at.lt(v));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order((interface_logs::created_at.desc(), interface_logs::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(InterfaceLog::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// Records one call (used by the channel integrations and their tests).
pub fn record(conn: &mut DbConnection, viewer: &Viewer, l: &InterfaceLog) -> QueryResult<()> {
    diesel::insert_into(interface_logs::table)
        .values((
            interface_logs::id.eq(l.id),
            interface_logs::saas_id.eq(viewer.saas_id),
            interface_logs::interface_id.eq(l.interface_id),
            interface_logs::direction.eq(l.direction),
            interface_logs::method.eq(&l.method),
            interface_logs::url.eq(&l.url),
            interface_logs::status.eq(l.status),
            interface_logs::request.eq(&l.request),
            interface_logs::response.eq(&l.response),
            interface_logs::duration_ms.eq(l.duration_ms),
            interface_logs::order_id.eq(l.order_id),
            interface_logs::created_at.eq(l.created_at),
        ))
        .execute(conn)
        .map(|_| ())
}
