//! Scenic spots: `/saas/ticket/scenicInfos/*`. The tenant's staff keep them; suppliers and
//! distributors read the ones in the normal state.

use actix_web::{get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::scenic::ScenicFields;
use crate::store::scenics::{self, Scenic, ScenicFilter};

fn not_found() -> ApiError {
    ApiError::not_found("景区", "scenic spot")
}

fn name_taken() -> ApiError {
    ApiError::invalid_field(
        "scenicName",
        "已有同名景区",
        "the tenant has a scenic spot of this name",
    )
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ScenicListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the Chinese or English name.
    pub scenic_name: Option<String>,
    /// `stateScenic` (-99 or absent: all).
    pub state: Option<i32>,
    /// `typeScenicStar` (-99 or absent: all).
    pub star: Option<i32>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ScenicIdQuery {
    pub scenic_id: Option<i64>,
}

/// The body of `update`: the spot and all its fields.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScenicUpdate {
    pub scenic_id: i64,
    #[serde(flatten)]
    pub fields: ScenicFields,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScenicSaved {
    pub scenic_id: i64,
}

/// The scenic spots the caller sees, newest first.
#[utoipa::path(params(ScenicListQuery), responses((status = 200, body = Page<Scenic>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "List scenic spots")]
#[get("/saas/ticket/scenicInfos/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ScenicListQuery>,
) -> Result<Reply<Page<Scenic>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = ScenicFilter {
        name: q.scenic_name,
        state: unless_all(q.state),
        star: unless_all(q.star),
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = scenics::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// One scenic spot the caller sees.
#[utoipa::path(params(ScenicIdQuery), responses((status = 200, body = Scenic), (status = 404), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "Load a scenic spot")]
#[get("/saas/ticket/scenicInfos/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ScenicIdQuery>,
) -> Result<Reply<Scenic>, ApiError> {
    let id = q
        .scenic_id
        .ok_or_else(|| ApiError::invalid_field("scenicId", "请选择景区", "is required"))?;
    let spot = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        scenics::find(conn, &viewer, id)?.ok_or_else(not_found)
    })
    .await?;
    Ok(Reply(spot))
}

/// Adds a scenic spot to the tenant (its staff only).
#[utoipa::path(request_body = ScenicFields, responses((status = 200, body = ScenicSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "Add a scenic spot")]
#[post("/saas/ticket/scenicInfos/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    body: Json<ScenicFields>,
) -> Result<Reply<ScenicSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let fields = body.into_inner().validated()?;
    let now = platform::time::now_ms();
    let scenic_id = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            if scenics::name_taken(conn, &viewer, &fields.scenic_name, 0)? {
                return Err(name_taken());
            }
            Ok(scenics::insert(conn, &viewer, me.user_id, &fields, now)?)
        })
    })
    .await?;
    Ok(Reply(ScenicSaved { scenic_id }))
}

/// Rewrites a scenic spot of the tenant (its staff only).
#[utoipa::path(request_body = ScenicUpdate, responses((status = 200, body = ScenicSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "scenic", summary = "Change a scenic spot")]
#[put("/saas/ticket/scenicInfos/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<ScenicUpdate>,
) -> Result<Reply<ScenicSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let ScenicUpdate { scenic_id, fields } = body.into_inner();
    let fields = fields.validated()?;
    let now = platform::time::now_ms();
    with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            if scenics::find(conn, &viewer, scenic_id)?.is_none() {
                return Err(not_found());
            }
            if scenics::name_taken(conn, &viewer, &fields.scenic_name, scenic_id)? {
                return Err(name_taken());
            }
            scenics::update(conn, &viewer, scenic_id, &fields, now)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(ScenicSaved { scenic_id }))
}

platform::endpoints!(list, load, save, update);
