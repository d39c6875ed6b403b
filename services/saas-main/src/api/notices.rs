//! Notices (`/saas/noticeManager/notice/*`): a tenant's staff write them for the tenant's users;
//! the platform's (tenant 0) reach every tenant. Published ones appear on the dashboard
//! (`/saas/dashboard/index/indexNotice`).

use actix_web::{get, post, put, web};
use diesel::prelude::*;
use platform::ApiError;
use platform::auth::CurrentUser;
use platform::db::{DbConnection, DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::i18n::Text;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::store::schema::notices;

pub const DRAFT: i32 = 0;
pub const PUBLISHED: i32 = 1;
pub const WITHDRAWN: i32 = 2;

use platform::db::Backend as Db;

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = notices)]
pub struct Notice {
    pub id: i64,
    /// 0 for the platform's notices.
    pub saas_id: i64,
    pub title: String,
    pub content: String,
    /// 0 draft, 1 published, 2 withdrawn.
    pub state: i32,
    pub published_at: Option<i64>,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

fn not_found() -> ApiError {
    ApiError::NotFound {
        what: Text::fixed("公告", "notice"),
    }
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
    me: CurrentUser,
    q: Query<NoticeListQuery>,
) -> Result<Reply<Page<Notice>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let query = || {
            let mut b = notices::table
                .filter(notices::saas_id.eq(me.saas_id))
                .into_boxed::<Db>();
            if let Some(t) = q.title.as_deref().filter(|t| !t.is_empty()) {
                b = b.filter(notices::title.like(platform::db::contains_pattern(t)));
            }
            if let Some(s) = q.state {
                b = b.filter(notices::state.eq(s));
            }
            b
        };
        let total = query().count().get_result(conn)?;
        let rows = query()
            .order(notices::id.desc())
            .offset(page.offset())
            .limit(page.limit())
            .select(Notice::as_select())
            .load(conn)?;
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
        let title = self.title.trim().to_owned();
        platform::validate::length("title", &title, 1, 100)?;
        platform::validate::length("content", self.content.trim(), 1, 10_000)?;
        Ok((title, self.content.trim().to_owned()))
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
    me: CurrentUser,
    form: Json<NoticeForm>,
) -> Result<Reply<NoticeCreated>, ApiError> {
    let (title, content) = form.check()?;
    let id = with_conn(&pool, move |conn| -> Result<i64, ApiError> {
        let id = platform::id::next_id();
        let now = platform::time::now_ms();
        diesel::insert_into(notices::table)
            .values((
                notices::id.eq(id),
                notices::saas_id.eq(me.saas_id),
                notices::title.eq(title),
                notices::content.eq(content),
                notices::state.eq(DRAFT),
                notices::created_by.eq(me.user_id),
                notices::created_at.eq(now),
                notices::updated_at.eq(now),
            ))
            .execute(conn)?;
        Ok(id)
    })
    .await?;
    Ok(Reply(NoticeCreated { id }))
}

fn own(conn: &mut DbConnection, me: &CurrentUser, id: i64) -> Result<Notice, ApiError> {
    notices::table
        .filter(notices::saas_id.eq(me.saas_id))
        .filter(notices::id.eq(id))
        .select(Notice::as_select())
        .first(conn)
        .optional()?
        .ok_or_else(not_found)
}

/// Changes a draft or a withdrawn notice (a published one is withdrawn first).
#[utoipa::path(request_body = NoticeForm, responses((status = 200), (status = 404), (status = 412)), security(("bearer" = [])), tag = "notice")]
#[put("/saas/noticeManager/notice/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    form: Json<NoticeForm>,
) -> Result<Reply<bool>, ApiError> {
    let (title, content) = form.check()?;
    let id = form.id.ok_or_else(|| {
        ApiError::invalid("id", Text::fixed("请选择公告", "Please select the notice"))
    })?;
    with_conn(&pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            if own(conn, &me, id)?.state == PUBLISHED {
                return Err(ApiError::Rule {
                    code: "notice-published",
                    msg: Text::fixed(
                        "已发布的公告需先撤回再修改",
                        "Withdraw a published notice before changing it",
                    ),
                });
            }
            diesel::update(notices::table.find(id))
                .set((
                    notices::title.eq(title),
                    notices::content.eq(content),
                    notices::updated_at.eq(platform::time::now_ms()),
                ))
                .execute(conn)?;
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
    me: CurrentUser,
    id: i64,
    state: i32,
) -> Result<Reply<bool>, ApiError> {
    with_conn(pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            own(conn, &me, id)?;
            let now = platform::time::now_ms();
            let published_at = (state == PUBLISHED).then_some(now);
            diesel::update(notices::table.find(id))
                .set((
                    notices::state.eq(state),
                    notices::published_at.eq(published_at),
                    notices::updated_at.eq(now),
                ))
                .execute(conn)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(true))
}

/// Publishes a notice: it appears on the dashboard of the tenant's users (every tenant's, for a
/// platform notice).
#[utoipa::path(request_body = NoticeId, responses((status = 200), (status = 404)), security(("bearer" = [])), tag = "notice")]
#[put("/saas/noticeManager/notice/publish")]
pub async fn publish(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    form: Json<NoticeId>,
) -> Result<Reply<bool>, ApiError> {
    set_state(&pool, me, form.id, PUBLISHED).await
}

/// Withdraws a published notice from the dashboards.
#[utoipa::path(request_body = NoticeId, responses((status = 200), (status = 404)), security(("bearer" = [])), tag = "notice")]
#[put("/saas/noticeManager/notice/withdraw")]
pub async fn withdraw(
    pool: web::Data<DbPool>,
    me: CurrentUser,
    form: Json<NoticeId>,
) -> Result<Reply<bool>, ApiError> {
    set_state(&pool, me, form.id, WITHDRAWN).await
}

/// The five latest published notices the caller may read: its tenant's and the platform's.
#[utoipa::path(responses((status = 200, body = [Notice])), security(("bearer" = [])), tag = "notice")]
#[get("/saas/dashboard/index/indexNotice")]
pub async fn latest(
    pool: web::Data<DbPool>,
    me: CurrentUser,
) -> Result<Reply<Vec<Notice>>, ApiError> {
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(notices::table
            .filter(notices::saas_id.eq_any([me.saas_id, 0]))
            .filter(notices::state.eq(PUBLISHED))
            .order(notices::published_at.desc())
            .limit(5)
            .select(Notice::as_select())
            .load(conn)?)
    })
    .await?;
    Ok(Reply(rows))
}
