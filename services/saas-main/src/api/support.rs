//! Support tickets (work orders). A tenant's users submit, read and reply to their tickets at
//! `/saas/support/mySupport/*` (the tenant's staff see the tenant's, a merchant's users their
//! merchant's); the platform's support staff handle every tenant's at
//! `/saas/platform/workOrder/*` (platform administrators only, by the permission scope): assign,
//! reply, solve and restore. Either side may mark a ticket solved, which closes its replies, and
//! restore it.

use actix_web::{get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::support::{self as rules, Action, Side, TicketFields};
use crate::store::support::{self as store, Author, Scope, Ticket, TicketFilter, TicketReply};

fn not_found() -> ApiError {
    ApiError::not_found("工单", "support ticket")
}

fn author(me: &CurrentUser) -> Author {
    Author {
        id: me.user_id,
        name: me.username.clone(),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SupportListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub title: Option<String>,
    /// 1 pending, 2 in progress, 3 solved; -99: all.
    pub state: Option<i32>,
    /// 10 hotel, 20 ticket; -99: all.
    pub business_type: Option<i32>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WorkOrderListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub title: Option<String>,
    /// 1 pending, 2 in progress, 3 solved; -99: all.
    pub state: Option<i32>,
    /// 10 hotel, 20 ticket; -99: all.
    pub business_type: Option<i32>,
    /// One tenant's tickets.
    pub saas_id: Option<i64>,
    /// Only those assigned to me.
    #[serde(default)]
    pub mine: bool,
}

async fn list_of(
    pool: &DbPool,
    viewer: Option<Viewer>,
    page: PageQuery,
    filter: TicketFilter,
) -> Result<Reply<Page<Ticket>>, ApiError> {
    let page = page.validate()?;
    let page = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let scope = viewer.as_ref().map_or(Scope::Platform, Scope::Of);
        let (rows, total) = store::list(conn, scope, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// The caller's tenant's tickets (a merchant's user: the merchant's), newest first.
#[utoipa::path(params(SupportListQuery), responses((status = 200, body = Page<Ticket>), (status = 412)), security(("bearer" = [])), tag = "support")]
#[get("/saas/support/mySupport/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<SupportListQuery>,
) -> Result<Reply<Page<Ticket>>, ApiError> {
    let q = q.into_inner();
    let filter = TicketFilter {
        title: q.title,
        state: unless_all(q.state),
        business_type: unless_all(q.business_type),
        ..TicketFilter::default()
    };
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    };
    list_of(&pool, Some(viewer), page, filter).await
}

/// Every tenant's tickets, for the platform's support staff.
#[utoipa::path(params(WorkOrderListQuery), responses((status = 200, body = Page<Ticket>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "support")]
#[get("/saas/platform/workOrder/list")]
pub async fn work_orders(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    q: Query<WorkOrderListQuery>,
) -> Result<Reply<Page<Ticket>>, ApiError> {
    let q = q.into_inner();
    let filter = TicketFilter {
        title: q.title,
        state: unless_all(q.state),
        business_type: unless_all(q.business_type),
        saas_id: q.saas_id,
        assignee_id: q.mine.then_some(me.user_id),
    };
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    };
    list_of(&pool, None, page, filter).await
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketCounts {
    pub pending: i64,
    pub in_progress: i64,
    pub solved: i64,
}

async fn counts_of(pool: &DbPool, viewer: Option<Viewer>) -> Result<Reply<TicketCounts>, ApiError> {
    let [pending, in_progress, solved] = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let scope = viewer.as_ref().map_or(Scope::Platform, Scope::Of);
        Ok(store::counts(conn, scope)?)
    })
    .await?;
    Ok(Reply(TicketCounts {
        pending,
        in_progress,
        solved,
    }))
}

/// How many of the caller's tickets are pending, in progress and solved (the dashboard's
/// support panel).
#[utoipa::path(responses((status = 200, body = TicketCounts)), security(("bearer" = [])), tag = "support")]
#[get("/saas/support/mySupport/count")]
pub async fn count(
    pool: web::Data<DbPool>,
    viewer: Viewer,
) -> Result<Reply<TicketCounts>, ApiError> {
    counts_of(&pool, Some(viewer)).await
}

/// How many of every tenant's tickets are pending, in progress and solved.
#[utoipa::path(responses((status = 200, body = TicketCounts), (status = 403)), security(("bearer" = [])), tag = "support")]
#[get("/saas/platform/workOrder/count")]
pub async fn work_order_count(pool: web::Data<DbPool>) -> Result<Reply<TicketCounts>, ApiError> {
    counts_of(&pool, None).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SupportIdQuery {
    pub support_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketDetail {
    #[serde(flatten)]
    pub ticket: Ticket,
    /// Oldest first.
    pub replies: Vec<TicketReply>,
}

async fn detail_of(
    pool: &DbPool,
    viewer: Option<Viewer>,
    id: i64,
) -> Result<Reply<TicketDetail>, ApiError> {
    let detail = with_conn(pool, move |conn| -> Result<_, ApiError> {
        let scope = viewer.as_ref().map_or(Scope::Platform, Scope::Of);
        let ticket = store::find(conn, scope, id)?.ok_or_else(not_found)?;
        let replies = store::replies(conn, &ticket)?;
        Ok(TicketDetail { ticket, replies })
    })
    .await?;
    Ok(Reply(detail))
}

/// One ticket with its replies.
#[utoipa::path(params(SupportIdQuery), responses((status = 200, body = TicketDetail), (status = 404), (status = 412)), security(("bearer" = [])), tag = "support")]
#[get("/saas/support/mySupport/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<SupportIdQuery>,
) -> Result<Reply<TicketDetail>, ApiError> {
    detail_of(&pool, Some(viewer), q.support_id).await
}

/// Any tenant's ticket with its replies.
#[utoipa::path(params(SupportIdQuery), responses((status = 200, body = TicketDetail), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "support")]
#[get("/saas/platform/workOrder/load")]
pub async fn work_order(
    pool: web::Data<DbPool>,
    q: Query<SupportIdQuery>,
) -> Result<Reply<TicketDetail>, ApiError> {
    detail_of(&pool, None, q.support_id).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketForm {
    /// 10 hotel, 20 ticket.
    pub business_type: i32,
    pub subject: String,
    #[serde(default)]
    pub tag: String,
    pub title: String,
    pub content: String,
    /// Whether support staff may act in the submitter's account (default not).
    #[serde(default)]
    pub allow_agent_login: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketCreated {
    pub support_id: i64,
}

/// Submits a ticket, pending.
#[utoipa::path(request_body = TicketForm, responses((status = 200, body = TicketCreated), (status = 412)), security(("bearer" = [])), tag = "support")]
#[post("/saas/support/mySupport/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<TicketForm>,
) -> Result<Reply<TicketCreated>, ApiError> {
    let form = form.into_inner();
    let fields = TicketFields {
        business_type: form.business_type,
        subject: form.subject,
        tag: form.tag,
        title: form.title,
        content: form.content,
    }
    .check()?;
    let applicant = author(&me);
    let support_id = with_conn(&pool, move |conn| -> Result<i64, ApiError> {
        let id = platform::id::next_id();
        let now = platform::time::now_ms();
        store::insert(
            conn,
            &viewer,
            id,
            &fields,
            &applicant,
            form.allow_agent_login,
            now,
        )?;
        Ok(id)
    })
    .await?;
    Ok(Reply(TicketCreated { support_id }))
}

/// Does `action` to the ticket `id` in one transaction: finds it in the caller's reach, works
/// out its next state and applies `change`, which answers false when the ticket moved meanwhile.
async fn act<F>(
    pool: &DbPool,
    viewer: Option<Viewer>,
    id: i64,
    action: Action,
    change: F,
) -> Result<Reply<bool>, ApiError>
where
    F: FnOnce(&mut DbConnection, &Ticket, i32, i64) -> diesel::QueryResult<bool> + Send + 'static,
{
    with_conn(pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            let scope = viewer.as_ref().map_or(Scope::Platform, Scope::Of);
            let t = store::find(conn, scope, id)?.ok_or_else(not_found)?;
            let state = rules::next_state(t.state, action, t.handled)?;
            if !change(conn, &t, state, platform::time::now_ms())? {
                return Err(rules::moved());
            }
            Ok(())
        })
    })
    .await?;
    Ok(Reply(true))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyForm {
    pub support_id: i64,
    pub content: String,
}

async fn reply_as(
    pool: &DbPool,
    viewer: Option<Viewer>,
    me: CurrentUser,
    form: ReplyForm,
) -> Result<Reply<bool>, ApiError> {
    let content = rules::reply_text(&form.content)?;
    let side = if viewer.is_some() {
        Side::Customer
    } else {
        Side::Support
    };
    let who = author(&me);
    act(
        pool,
        viewer,
        form.support_id,
        Action::Reply(side),
        move |conn, t, state, now| {
            store::reply(conn, t, state, &who, side == Side::Support, &content, now)
        },
    )
    .await
}

/// Replies to one of the caller's tickets (not once it is solved).
#[utoipa::path(request_body = ReplyForm, responses((status = 200, body = bool), (status = 404), (status = 412)), security(("bearer" = [])), tag = "support")]
#[post("/saas/support/mySupport/reply")]
pub async fn reply(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<ReplyForm>,
) -> Result<Reply<bool>, ApiError> {
    reply_as(&pool, Some(viewer), me, form.into_inner()).await
}

/// Support's reply; a pending ticket is then in progress.
#[utoipa::path(request_body = ReplyForm, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "support")]
#[post("/saas/platform/workOrder/reply")]
pub async fn work_order_reply(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    form: Json<ReplyForm>,
) -> Result<Reply<bool>, ApiError> {
    reply_as(&pool, None, me, form.into_inner()).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketRef {
    pub support_id: i64,
}

async fn solve_or_restore(
    pool: &DbPool,
    viewer: Option<Viewer>,
    id: i64,
    action: Action,
) -> Result<Reply<bool>, ApiError> {
    act(pool, viewer, id, action, store::set_state).await
}

/// Marks the ticket solved: its replies close.
#[utoipa::path(request_body = TicketRef, responses((status = 200, body = bool), (status = 404), (status = 412)), security(("bearer" = [])), tag = "support")]
#[put("/saas/support/mySupport/solve")]
pub async fn solve(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<TicketRef>,
) -> Result<Reply<bool>, ApiError> {
    solve_or_restore(&pool, Some(viewer), form.support_id, Action::Solve).await
}

/// Restores a solved ticket (in progress when support took it up, else pending).
#[utoipa::path(request_body = TicketRef, responses((status = 200, body = bool), (status = 404), (status = 412)), security(("bearer" = [])), tag = "support")]
#[put("/saas/support/mySupport/restore")]
pub async fn restore(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<TicketRef>,
) -> Result<Reply<bool>, ApiError> {
    solve_or_restore(&pool, Some(viewer), form.support_id, Action::Restore).await
}

/// Support marks a ticket solved.
#[utoipa::path(request_body = TicketRef, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "support")]
#[put("/saas/platform/workOrder/solve")]
pub async fn work_order_solve(
    pool: web::Data<DbPool>,
    form: Json<TicketRef>,
) -> Result<Reply<bool>, ApiError> {
    solve_or_restore(&pool, None, form.support_id, Action::Solve).await
}

/// Support restores a solved ticket.
#[utoipa::path(request_body = TicketRef, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "support")]
#[put("/saas/platform/workOrder/restore")]
pub async fn work_order_restore(
    pool: web::Data<DbPool>,
    form: Json<TicketRef>,
) -> Result<Reply<bool>, ApiError> {
    solve_or_restore(&pool, None, form.support_id, Action::Restore).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConsentForm {
    pub support_id: i64,
    pub allow_agent_login: bool,
}

/// The customer allows support staff to act in their account, or withdraws it (an open ticket
/// only).
#[utoipa::path(request_body = ConsentForm, responses((status = 200, body = bool), (status = 404), (status = 412)), security(("bearer" = [])), tag = "support")]
#[put("/saas/support/mySupport/consent")]
pub async fn consent(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<ConsentForm>,
) -> Result<Reply<bool>, ApiError> {
    let ConsentForm {
        support_id,
        allow_agent_login,
    } = form.into_inner();
    act(
        &pool,
        Some(viewer),
        support_id,
        Action::Consent,
        move |conn, t, _, now| store::consent(conn, t, allow_agent_login, now),
    )
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignForm {
    pub support_id: i64,
    /// One of the platform's users (the console offers the platform's user list).
    pub assignee_id: i64,
    pub assignee_name: String,
}

/// Assigns a ticket to one of the platform's support staff, who is told on the web
/// (`support.assigned`); a pending ticket is then in progress.
#[utoipa::path(request_body = AssignForm, responses((status = 200, body = bool), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "support")]
#[put("/saas/platform/workOrder/assign")]
pub async fn assign(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    form: Json<AssignForm>,
) -> Result<Reply<bool>, ApiError> {
    let form = form.into_inner();
    let (id, name) = rules::assignee(form.assignee_id, &form.assignee_name)?;
    let assignee = Author { id, name };
    let by = author(&me);
    act(
        &pool,
        None,
        form.support_id,
        Action::Assign,
        move |conn, t, state, now| store::assign(conn, t, state, &assignee, &by, now),
    )
    .await
}

platform::endpoints!(
    list,
    count,
    load,
    save,
    reply,
    solve,
    restore,
    consent,
    work_orders,
    work_order_count,
    work_order,
    work_order_reply,
    work_order_solve,
    work_order_restore,
    assign
);
