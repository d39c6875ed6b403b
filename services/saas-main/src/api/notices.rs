//! Notices (`/saas/noticeManager/notice/*`): a tenant's staff write them for the tenant's users;
//! the platform's (tenant 0, written by a platform administrator) reach every tenant. Published
//! ones appear on the dashboard (`/saas/dashboard/index/indexNotice`).

use actix_web::{get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::notices::{self, PUBLISHED, WITHDRAWN};
use crate::store::notices::{self as store, Author, Notice};

fn not_found() -> ApiError {
    ApiError::not_found("公告", "notice")
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct NoticeListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub title: Option<String>,
    pub state: Option<i32>,
}

/// The tenant's own notices, newest first.
#[utoipa::path(params(NoticeListQuery), responses((status = 200, body = Page<Notice>)), security(("bearer" = [])), tag = "notice")]
#[get("/saas/noticeManager/notice/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<NoticeListQuery>,
) -> Result<Reply<Page<Notice>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = store::list(conn, &viewer, q.title.as_deref(), q.state, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoticeForm {
    /// Required by update only.
    #[serde(default)]
    pub id: Option<i64>,
    pub title: String,
    pub content: String,
}

impl NoticeForm {
    fn check(&self) -> Result<(String, String), ApiError> {
        notices::check_text(&self.title, &self.content)
    }
}

fn author(me: &CurrentUser) -> Author {
    Author {
        user_id: me.user_id,
        msc_type: me.msc_type,
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NoticeCreated {
    pub id: i64,
}

/// Writes a draft.
#[utoipa::path(request_body = NoticeForm, responses((status = 200, body = NoticeCreated), (status = 412)), security(("bearer" = [])), tag = "notice")]
#[post("/saas/noticeManager/notice/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<NoticeForm>,
) -> Result<Reply<NoticeCreated>, ApiError> {
    let (title, content) = form.check()?;
    let id = with_conn(&pool, move |conn| -> Result<i64, ApiError> {
        let id = platform::id::next_id();
        let now = platform::time::now_ms();
        store::insert_draft(conn, &viewer, id, &title, &content, author(&me), now)?;
        Ok(id)
    })
    .await?;
    Ok(Reply(NoticeCreated { id }))
}

/// Changes a draft or a withdrawn notice (a published one is withdrawn first).
#[utoipa::path(request_body = NoticeForm, responses((status = 200), (status = 404), (status = 412)), security(("bearer" = [])), tag = "notice")]
#[put("/saas/noticeManager/notice/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<NoticeForm>,
) -> Result<Reply<bool>, ApiError> {
    let (title, content) = form.check()?;
    let id = form
        .id
        .ok_or_else(|| ApiError::invalid_field("id", "请选择公告", "Please select the notice"))?;
    with_conn(&pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            let notice = store::find(conn, &viewer, id)?.ok_or_else(not_found)?;
            notices::check_editable(notice.state)?;
            store::update_text(
                conn,
                &viewer,
                id,
                &title,
                &content,
                author(&me),
                platform::time::now_ms(),
            )?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(true))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NoticeId {
    pub id: i64,
}

async fn set_state(
    pool: &DbPool,
    viewer: Viewer,
    id: i64,
    state: i32,
) -> Result<Reply<bool>, ApiError> {
    with_conn(pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            store::find(conn, &viewer, id)?.ok_or_else(not_found)?;
            store::set_state(conn, &viewer, id, state, platform::time::now_ms())?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(true))
}

/// Publishes a notice: it appears on the dashboard of the tenant's users (every tenant's, for a
/// notice of tenant 0 a platform administrator wrote).
#[utoipa::path(request_body = NoticeId, responses((status = 200), (status = 404)), security(("bearer" = [])), tag = "notice")]
#[put("/saas/noticeManager/notice/publish")]
pub async fn publish(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<NoticeId>,
) -> Result<Reply<bool>, ApiError> {
    set_state(&pool, viewer, form.id, PUBLISHED).await
}

/// Withdraws a published notice from the dashboards.
#[utoipa::path(request_body = NoticeId, responses((status = 200), (status = 404)), security(("bearer" = [])), tag = "notice")]
#[put("/saas/noticeManager/notice/withdraw")]
pub async fn withdraw(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<NoticeId>,
) -> Result<Reply<bool>, ApiError> {
    set_state(&pool, viewer, form.id, WITHDRAWN).await
}

/// The five latest published notices the caller may read: its tenant's and the platform's.
#[utoipa::path(responses((status = 200, body = [Notice])), security(("bearer" = [])), tag = "notice")]
#[get("/saas/dashboard/index/indexNotice")]
pub async fn latest(
    pool: web::Data<DbPool>,
    viewer: Viewer,
) -> Result<Reply<Vec<Notice>>, ApiError> {
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(store::latest_published(conn, &viewer, 5)?)
    })
    .await?;
    Ok(Reply(rows))
}

platform::endpoints!(list, save, update, publish, withdraw, latest);
