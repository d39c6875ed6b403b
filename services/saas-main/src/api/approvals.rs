//! Approvals (`/saas/approval/request/*`): any user of a tenant files a request; the tenant's
//! staff approve or reject it with a remark; the requester sees the outcome in "my requests" and
//! may withdraw it while it is pending.

use actix_web::{get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::approvals::{self as rules, Action, RequestFields};
use crate::store::approvals::{self as store, Approval, ApprovalFilter};

fn not_found() -> ApiError {
    ApiError::not_found("审批申请", "approval request")
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ApprovalListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub title: Option<String>,
    /// stateApprovals; -99: all.
    pub state: Option<i32>,
    /// typeApprovalRefs; -99: all.
    pub ref_type: Option<i32>,
    /// typeApprovalOperates; -99: all.
    pub operate_type: Option<i32>,
}

async fn list_of(
    pool: &DbPool,
    viewer: Viewer,
    q: ApprovalListQuery,
    requester_id: Option<i64>,
) -> Result<Reply<Page<Approval>>, ApiError> {
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = ApprovalFilter {
        title: q.title,
        state: unless_all(q.state),
        ref_type: unless_all(q.ref_type),
        operate_type: unless_all(q.operate_type),
        requester_id,
    };
    let page = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// The tenant's requests, for its staff to decide.
#[utoipa::path(params(ApprovalListQuery), responses((status = 200, body = Page<Approval>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "approval")]
#[get("/saas/approval/request/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ApprovalListQuery>,
) -> Result<Reply<Page<Approval>>, ApiError> {
    viewer.require_tenant_staff()?;
    list_of(&pool, viewer, q.into_inner(), None).await
}

/// The caller's own requests and their outcome.
#[utoipa::path(params(ApprovalListQuery), responses((status = 200, body = Page<Approval>), (status = 412)), security(("bearer" = [])), tag = "approval")]
#[get("/saas/approval/request/myList")]
pub async fn my_list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    q: Query<ApprovalListQuery>,
) -> Result<Reply<Page<Approval>>, ApiError> {
    list_of(&pool, viewer, q.into_inner(), Some(me.user_id)).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ApprovalIdQuery {
    pub id: i64,
}

/// One request: the tenant's staff see any of the tenant's, other users their own.
#[utoipa::path(params(ApprovalIdQuery), responses((status = 200, body = Approval), (status = 404), (status = 412)), security(("bearer" = [])), tag = "approval")]
#[get("/saas/approval/request/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    q: Query<ApprovalIdQuery>,
) -> Result<Reply<Approval>, ApiError> {
    let id = q.id;
    let a = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let a = store::find(conn, &viewer, id)?.ok_or_else(not_found)?;
        if !viewer.is_tenant_staff() && a.requester_id != me.user_id {
            return Err(not_found());
        }
        Ok(a)
    })
    .await?;
    Ok(Reply(a))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApprovalForm {
    /// typeApprovalOperates: 1 add, 2 modify, 3 delete.
    pub operate_type: i32,
    /// typeApprovalRefs: 10 hotel, 20 scenic spot.
    pub ref_type: i32,
    /// What is changed or deleted; 0 or absent for an add.
    #[serde(default)]
    pub ref_id: i64,
    pub ref_name: String,
    pub title: String,
    #[serde(default)]
    pub content: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ApprovalCreated {
    pub id: i64,
}

/// Files a request, pending.
#[utoipa::path(request_body = ApprovalForm, responses((status = 200, body = ApprovalCreated), (status = 412)), security(("bearer" = [])), tag = "approval")]
#[post("/saas/approval/request/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<ApprovalForm>,
) -> Result<Reply<ApprovalCreated>, ApiError> {
    let form = form.into_inner();
    let fields = RequestFields {
        operate_type: form.operate_type,
        ref_type: form.ref_type,
        ref_id: form.ref_id,
        ref_name: form.ref_name,
        title: form.title,
        content: form.content,
    }
    .check()?;
    let id = with_conn(&pool, move |conn| -> Result<i64, ApiError> {
        let id = platform::id::next_id();
        store::insert(
            conn,
            &viewer,
            id,
            &fields,
            me.user_id,
            platform::time::now_ms(),
        )?;
        Ok(id)
    })
    .await?;
    Ok(Reply(ApprovalCreated { id }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct Decision {
    pub id: i64,
    /// Required to reject.
    #[serde(default)]
    pub remark: String,
}

async fn act(
    pool: &DbPool,
    viewer: Viewer,
    me: CurrentUser,
    d: Decision,
    action: Action,
) -> Result<Reply<bool>, ApiError> {
    let remark = d.remark.trim().to_owned();
    with_conn(pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            let a = store::find(conn, &viewer, d.id)?.ok_or_else(not_found)?;
            if action == Action::Withdraw && a.requester_id != me.user_id {
                return Err(not_found());
            }
            let state = rules::next_state(a.state, action, &remark)?;
            let approver = (action != Action::Withdraw).then_some(me.user_id);
            if !store::decide(
                conn,
                &viewer,
                d.id,
                state,
                approver,
                &remark,
                platform::time::now_ms(),
            )? {
                return Err(rules::already_decided());
            }
            Ok(())
        })
    })
    .await?;
    Ok(Reply(true))
}

/// Approves a pending request (the remark is optional).
#[utoipa::path(request_body = Decision, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "approval")]
#[put("/saas/approval/request/approve")]
pub async fn approve(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<Decision>,
) -> Result<Reply<bool>, ApiError> {
    viewer.require_tenant_staff()?;
    act(&pool, viewer, me, form.into_inner(), Action::Approve).await
}

/// Rejects a pending request, saying why.
#[utoipa::path(request_body = Decision, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "approval")]
#[put("/saas/approval/request/reject")]
pub async fn reject(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<Decision>,
) -> Result<Reply<bool>, ApiError> {
    viewer.require_tenant_staff()?;
    act(&pool, viewer, me, form.into_inner(), Action::Reject).await
}

/// The requester takes back a pending request.
#[utoipa::path(request_body = Decision, responses((status = 200, body = bool), (status = 404), (status = 412)), security(("bearer" = [])), tag = "approval")]
#[put("/saas/approval/request/withdraw")]
pub async fn withdraw(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<Decision>,
) -> Result<Reply<bool>, ApiError> {
    act(&pool, viewer, me, form.into_inner(), Action::Withdraw).await
}

platform::endpoints!(list, my_list, load, save, approve, reject, withdraw);
