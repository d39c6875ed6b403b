//! Approval requests of the viewer's tenant. A decision publishes `approval.decided` in its
//! transaction.

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::approvals;
use crate::NAME;
use crate::domain::approvals::{PENDING, RequestFields};

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = approvals)]
pub struct Approval {
    pub id: i64,
    /// typeApprovalOperates: 1 add, 2 modify, 3 delete.
    pub operate_type: i32,
    /// typeApprovalRefs: 10 hotel, 20 scenic spot.
    pub ref_type: i32,
    /// 0 for an add.
    pub ref_id: i64,
    pub ref_name: String,
    pub title: String,
    pub content: String,
    /// stateApprovals: 0 pending, 1 approved, 2 rejected, 3 withdrawn.
    pub state: i32,
    pub requester_id: i64,
    /// 0: the tenant's staff.
    pub requester_mch_id: i64,
    pub approver_id: Option<i64>,
    /// The approver's remark.
    pub remark: String,
    pub decided_at: Option<i64>,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

#[derive(Debug, Default, Clone)]
pub struct ApprovalFilter {
    pub title: Option<String>,
    pub state: Option<i32>,
    pub ref_type: Option<i32>,
    pub operate_type: Option<i32>,
    /// Only this user's requests ("my requests").
    pub requester_id: Option<i64>,
}

fn matching<'a>(viewer: &Viewer, f: &'a ApprovalFilter) -> approvals::BoxedQuery<'a, Db> {
    let mut q = approvals::table
        .filter(approvals::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(t) = f.title.as_deref().filter(|t| !t.is_empty()) {
        q = q.filter(approvals::title.contains_text(t));
    }
    if let Some(s) = f.state {
        q = q.filter(approvals::state.eq(s));
    }
    if let Some(r) = f.ref_type {
        q = q.filter(approvals::ref_type.eq(r));
    }
    if let Some(o) = f.operate_type {
        q = q.filter(approvals::operate_type.eq(o));
    }
    if let Some(u) = f.requester_id {
        q = q.filter(approvals::requester_id.eq(u));
    }
    q
}

/// The tenant's requests (or one requester's), newest first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &ApprovalFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Approval>, i64)> {
    let total = matching(viewer, f).count().get_result(conn)?;
    let rows = matching(viewer, f)
        .order(approvals::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(Approval::as_select())
        .load(conn)?;
    Ok((rows, total))
}

pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<Approval>> {
    approvals::table
        .find(id)
        .filter(approvals::saas_id.eq(viewer.saas_id))
        .select(Approval::as_select())
        .first(conn)
        .optional()
}

/// Files a pending request in the viewer's tenant.
pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &RequestFields,
    requester_id: i64,
    now: i64,
) -> QueryResult<()> {
    diesel::insert_into(approvals::table)
        .values((
            approvals::id.eq(id),
            approvals::saas_id.eq(viewer.saas_id),
            approvals::operate_type.eq(f.operate_type),
            approvals::ref_type.eq(f.ref_type),
            approvals::ref_id.eq(f.ref_id),
            approvals::ref_name.eq(&f.ref_name),
            approvals::title.eq(&f.title),
            approvals::content.eq(&f.content),
            approvals::state.eq(PENDING),
            approvals::requester_id.eq(requester_id),
            approvals::requester_mch_id.eq(viewer.mch_id().unwrap_or(0)),
            approvals::remark.eq(""),
            approvals::created_at.eq(now),
            approvals::updated_at.eq(now),
        ))
        .execute(conn)
        .map(|_| ())
}

/// Moves a pending request to `state` (approved, rejected, withdrawn) and announces it; false
/// when it was no longer pending (a concurrent decision won).
pub fn decide(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    state: i32,
    approver_id: Option<i64>,
    remark: &str,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        approvals::table
            .find(id)
            .filter(approvals::saas_id.eq(viewer.saas_id))
            .filter(approvals::state.eq(PENDING)),
    )
    .set((
        approvals::state.eq(state),
        approvals::approver_id.eq(approver_id),
        approvals::remark.eq(remark),
        approvals::decided_at.eq(Some(now)),
        approvals::updated_at.eq(now),
    ))
    .execute(conn)?;
    if n == 0 {
        return Ok(false);
    }
    let Some(a) = find(conn, viewer, id)? else {
        return Ok(false);
    };
    let payload = v1::ApprovalDecided {
        approval_id: a.id,
        operate_type: a.operate_type,
        ref_type: a.ref_type,
        ref_id: a.ref_id,
        ref_name: a.ref_name.clone(),
        state: a.state,
        requester_id: a.requester_id,
        requester_mch_id: a.requester_mch_id,
        approver_id: a.approver_id.unwrap_or(0),
        remark: a.remark.clone(),
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "approval.decided", viewer.saas_id, &payload),
    )?;
    Ok(true)
}
