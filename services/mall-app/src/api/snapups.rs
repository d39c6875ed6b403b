//! Snap-up sessions: `/saas/mall/snapups/*` (`product/online-snapup`: the staff create, change
//! before the start and stop them; `live` is the buyer's view of `product/snapup-place-order`).

use actix_web::{get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::snapup::{self, SessionFields};
use crate::store::products;
use crate::store::sessions::{self, Session, SessionFilter};

fn not_found() -> ApiError {
    ApiError::not_found("抢购场次", "snap-up session")
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SessionListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the product name.
    pub product_name: Option<String>,
    pub mall_product_id: Option<i64>,
    /// 0 not started, 1 live, 2 ended, 3 stopped (-99 or absent: all).
    pub phase: Option<i32>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SessionIdQuery {
    pub id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionUpdate {
    pub id: i64,
    #[serde(flatten)]
    pub fields: SessionFields,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionRef {
    pub id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionSaved {
    pub id: i64,
}

/// The sessions the caller sees, latest start first.
#[utoipa::path(params(SessionListQuery), responses((status = 200, body = Page<Session>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "List snap-up sessions")]
#[get("/saas/mall/snapups/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<SessionListQuery>,
) -> Result<Reply<Page<Session>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = SessionFilter {
        product_name: q.product_name,
        mall_product_id: q.mall_product_id,
        phase: unless_all(q.phase),
    };
    let now = platform::time::now_ms();
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = sessions::list(conn, &viewer, &filter, page, now)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// The sessions open to buyers now or later (active, not ended, of published products), the
/// soonest first, with the stock left as the database holds it at this moment.
#[utoipa::path(responses((status = 200, body = Vec<Session>), (status = 403)), security(("bearer" = [])), tag = "mall", summary = "Live and coming snap-up sessions")]
#[get("/saas/mall/snapups/live")]
pub async fn live(
    pool: web::Data<DbPool>,
    viewer: Viewer,
) -> Result<Reply<Vec<Session>>, ApiError> {
    let now = platform::time::now_ms();
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(sessions::live(conn, &viewer, now)?)
    })
    .await?;
    Ok(Reply(rows))
}

/// One session the caller sees.
#[utoipa::path(params(SessionIdQuery), responses((status = 200, body = Session), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Load a snap-up session")]
#[get("/saas/mall/snapups/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<SessionIdQuery>,
) -> Result<Reply<Session>, ApiError> {
    let id =
        q.id.ok_or_else(|| ApiError::invalid_field("id", "请选择场次", "is required"))?;
    let now = platform::time::now_ms();
    let s = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        sessions::find(conn, &viewer, id, now)?.ok_or_else(not_found)
    })
    .await?;
    Ok(Reply(s))
}

fn no_product() -> ApiError {
    ApiError::invalid_field(
        "mallProductId",
        "不是本 SaaS 的商城商品",
        "is not a mall product of the tenant",
    )
}

/// Creates a session (the tenant's staff only): its stock is a share of the product's stock,
/// at most what the product has.
#[utoipa::path(request_body = SessionFields, responses((status = 200, body = SessionSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Create a snap-up session")]
#[post("/saas/mall/snapups/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<SessionFields>,
) -> Result<Reply<SessionSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let now = platform::time::now_ms();
    let fields = body.into_inner().validated(now)?;
    let id = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            let product =
                products::find(conn, &viewer, fields.mall_product_id)?.ok_or_else(no_product)?;
            snapup::check_share(fields.stock, product.stock)?;
            Ok(sessions::insert(conn, &viewer, me.user_id, &fields, now)?)
        })
    })
    .await?;
    Ok(Reply(SessionSaved { id }))
}

/// Rewrites a session before its start (the tenant's staff only); its stock starts again from
/// the new figure, as no order can have been placed.
#[utoipa::path(request_body = SessionUpdate, responses((status = 200, body = SessionSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Change a snap-up session before its start")]
#[put("/saas/mall/snapups/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<SessionUpdate>,
) -> Result<Reply<SessionSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let SessionUpdate { id, fields } = body.into_inner();
    let now = platform::time::now_ms();
    let fields = fields.validated(now)?;
    with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            let (state, start, _) = sessions::state_of(conn, &viewer, id)?.ok_or_else(not_found)?;
            snapup::may_change(state, start, now)?;
            let product =
                products::find(conn, &viewer, fields.mall_product_id)?.ok_or_else(no_product)?;
            snapup::check_share(fields.stock, product.stock)?;
            if !sessions::update_before_start(conn, &viewer, id, &fields, now)? {
                return Err(snapup::may_change(state, now, now)
                    .err()
                    .unwrap_or_else(not_found));
            }
            Ok(())
        })
    })
    .await?;
    Ok(Reply(SessionSaved { id }))
}

/// Stops a session that has not ended: it takes no more orders (the tenant's staff only).
#[utoipa::path(request_body = SessionRef, responses((status = 200, body = SessionSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Stop a snap-up session")]
#[put("/saas/mall/snapups/stop")]
pub async fn stop(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<SessionRef>,
) -> Result<Reply<SessionSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let id = body.id;
    let now = platform::time::now_ms();
    with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            let (state, _, end) = sessions::state_of(conn, &viewer, id)?.ok_or_else(not_found)?;
            snapup::may_stop(state, end, now)?;
            sessions::stop(conn, &viewer, id, now)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(SessionSaved { id }))
}

platform::endpoints!(list, live, load, save, update, stop);
