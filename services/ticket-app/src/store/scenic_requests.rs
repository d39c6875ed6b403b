//! Suppliers' requests to add or change a scenic spot, kept with the operator's decision. The
//! tenant's staff see the tenant's, a supplier its own.

use diesel::prelude::*;
use platform::Viewer;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::scenic_requests;
use crate::domain::scenic::ScenicFields;
use crate::domain::scenic_supplier::REQUEST_PENDING;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = scenic_requests)]
struct RequestRow {
    id: i64,
    mch_id: i64,
    kind: i32,
    scenic_id: i64,
    payload: String,
    state: i32,
    remark: String,
    requested_by: i64,
    decided_by: i64,
    created_at: i64,
    decided_at: i64,
}

/// A request as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScenicRequest {
    pub id: i64,
    /// The supplier who asked.
    pub mch_id: i64,
    pub mch_name: String,
    /// 1 add, 2 change.
    pub kind: i32,
    /// The spot changed, or the one the approval created; 0 while an add is undecided.
    pub scenic_id: i64,
    /// The fields asked for.
    pub fields: Option<ScenicFields>,
    /// 0 pending, 1 approved, 2 rejected.
    pub state: i32,
    /// The operator's reason.
    pub remark: String,
    pub requested_by: i64,
    pub decided_by: i64,
    pub create_date: i64,
    /// 0 while pending.
    pub decide_date: i64,
}

/// A request to record.
pub struct NewRequest<'a> {
    pub mch_id: i64,
    pub kind: i32,
    pub scenic_id: i64,
    pub fields: &'a ScenicFields,
    pub requested_by: i64,
    pub now: i64,
}

#[derive(Debug, Default, Clone)]
pub struct RequestFilter {
    pub state: Option<i32>,
    pub kind: Option<i32>,
}

/// A pending request taken for a decision.
pub struct Pending {
    pub kind: i32,
    pub mch_id: i64,
    pub scenic_id: i64,
    pub payload: String,
}

fn visible(viewer: &Viewer) -> scenic_requests::BoxedQuery<'static, Db> {
    let mut q = scenic_requests::table
        .filter(scenic_requests::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(mch) = viewer.mch_id() {
        q = q.filter(scenic_requests::mch_id.eq(mch));
    }
    q
}

fn shown(
    conn: &mut DbConnection,
    viewer: &Viewer,
    rows: Vec<RequestRow>,
) -> QueryResult<Vec<ScenicRequest>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.mch_id).collect();
    let names = platform::replica::merchant_names(conn, viewer.saas_id, &ids)?;
    Ok(rows
        .into_iter()
        .map(|r| ScenicRequest {
            id: r.id,
            mch_id: r.mch_id,
            mch_name: names.get(&r.mch_id).cloned().unwrap_or_default(),
            kind: r.kind,
            scenic_id: r.scenic_id,
            fields: serde_json::from_str(&r.payload).ok(),
            state: r.state,
            remark: r.remark,
            requested_by: r.requested_by,
            decided_by: r.decided_by,
            create_date: r.created_at,
            decide_date: r.decided_at,
        })
        .collect())
}

pub fn insert(conn: &mut DbConnection, viewer: &Viewer, r: NewRequest<'_>) -> QueryResult<i64> {
    let id = platform::id::next_id();
    let payload = serde_json::to_string(r.fields)
        .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
    diesel::insert_into(scenic_requests::table)
        .values((
            scenic_requests::id.eq(id),
            scenic_requests::saas_id.eq(viewer.saas_id),
            scenic_requests::mch_id.eq(r.mch_id),
            scenic_requests::kind.eq(r.kind),
            scenic_requests::scenic_id.eq(r.scenic_id),
            scenic_requests::scenic_name.eq(&r.fields.scenic_name),
            scenic_requests::payload.eq(payload),
            scenic_requests::state.eq(REQUEST_PENDING),
            scenic_requests::remark.eq(""),
            scenic_requests::requested_by.eq(r.requested_by),
            scenic_requests::decided_by.eq(0),
            scenic_requests::created_at.eq(r.now),
            scenic_requests::decided_at.eq(0),
        ))
        .execute(conn)?;
    Ok(id)
}

pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &RequestFilter,
    page: PageRequest,
) -> QueryResult<(Vec<ScenicRequest>, i64)> {
    let filtered = || {
        let mut q = visible(viewer);
        if let Some(s) = f.state {
            q = q.filter(scenic_requests::state.eq(s));
        }
        if let Some(k) = f.kind {
            q = q.filter(scenic_requests::kind.eq(k));
        }
        q
    };
    let total = filtered().count().get_result(conn)?;
    let rows = filtered()
        .order(scenic_requests::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(RequestRow::as_select())
        .load(conn)?;
    Ok((shown(conn, viewer, rows)?, total))
}

pub fn find(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<ScenicRequest>> {
    let row = visible(viewer)
        .filter(scenic_requests::id.eq(id))
        .select(RequestRow::as_select())
        .first(conn)
        .optional()?;
    match row {
        Some(r) => Ok(shown(conn, viewer, vec![r])?.pop()),
        None => Ok(None),
    }
}

/// Marks a pending request of the tenant decided, in one conditional UPDATE so two operators
/// cannot both decide it; answers what it asked for, or None when it was not pending here.
pub fn decide(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    state: i32,
    remark: &str,
    by_user: i64,
    now: i64,
) -> QueryResult<Option<Pending>> {
    let n = diesel::update(
        scenic_requests::table
            .filter(scenic_requests::id.eq(id))
            .filter(scenic_requests::saas_id.eq(viewer.saas_id))
            .filter(scenic_requests::state.eq(REQUEST_PENDING)),
    )
    .set((
        scenic_requests::state.eq(state),
        scenic_requests::remark.eq(remark),
        scenic_requests::decided_by.eq(by_user),
        scenic_requests::decided_at.eq(now),
    ))
    .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    let (kind, mch_id, scenic_id, payload) = scenic_requests::table
        .filter(scenic_requests::id.eq(id))
        .select((
            scenic_requests::kind,
            scenic_requests::mch_id,
            scenic_requests::scenic_id,
            scenic_requests::payload,
        ))
        .first(conn)?;
    Ok(Some(Pending {
        kind,
        mch_id,
        scenic_id,
        payload,
    }))
}

/// The spot an approved add created.
pub fn set_scenic(conn: &mut DbConnection, id: i64, scenic_id: i64) -> QueryResult<()> {
    diesel::update(scenic_requests::table.filter(scenic_requests::id.eq(id)))
        .set(scenic_requests::scenic_id.eq(scenic_id))
        .execute(conn)?;
    Ok(())
}
