//! Themes: `/saas/mall/themes/*` (`product/ThemeManange`). The tenant's staff keep them and
//! order their products; merchants' users read the enabled ones.

use actix_web::{get, post, put, web};
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::theme::{self, STATE_DISABLED, STATE_ENABLED, ThemeFields};
use crate::store::products;
use crate::store::themes::{self, Theme, ThemeFilter, ThemeProduct};

fn not_found() -> ApiError {
    ApiError::not_found("主题", "theme")
}

fn name_taken() -> ApiError {
    ApiError::invalid_field(
        "themeName",
        "已有同名主题",
        "the tenant has a theme of this name",
    )
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ThemeListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the name.
    pub theme_name: Option<String>,
    /// 1 enabled, 0 disabled (-99 or absent: all).
    pub state: Option<i32>,
    /// Showing at this time (ms).
    pub active_at: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ThemeIdQuery {
    pub id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThemeUpdate {
    pub id: i64,
    #[serde(flatten)]
    pub fields: ThemeFields,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThemeRef {
    pub id: i64,
}

/// The products of a theme in their order (the first shown first).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThemeProducts {
    pub id: i64,
    pub product_ids: Vec<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThemeSaved {
    pub id: i64,
}

/// A theme with its products.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThemeDetail {
    #[serde(flatten)]
    pub theme: Theme,
    pub products: Vec<ThemeProduct>,
}

/// The themes the caller sees, in their order.
#[utoipa::path(params(ThemeListQuery), responses((status = 200, body = Page<Theme>), (status = 403), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "List themes")]
#[get("/saas/mall/themes/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ThemeListQuery>,
) -> Result<Reply<Page<Theme>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = ThemeFilter {
        name: q.theme_name,
        state: unless_all(q.state),
        active_at: q.active_at,
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = themes::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// One theme with its products, in order.
#[utoipa::path(params(ThemeIdQuery), responses((status = 200, body = ThemeDetail), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Load a theme")]
#[get("/saas/mall/themes/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ThemeIdQuery>,
) -> Result<Reply<ThemeDetail>, ApiError> {
    let id =
        q.id.ok_or_else(|| ApiError::invalid_field("id", "请选择主题", "is required"))?;
    let detail = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let theme = themes::find(conn, &viewer, id)?.ok_or_else(not_found)?;
        let products = themes::products(conn, &viewer, id)?;
        Ok(ThemeDetail { theme, products })
    })
    .await?;
    Ok(Reply(detail))
}

/// Adds a theme (the tenant's staff only).
#[utoipa::path(request_body = ThemeFields, responses((status = 200, body = ThemeSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Add a theme")]
#[post("/saas/mall/themes/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<ThemeFields>,
) -> Result<Reply<ThemeSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let fields = body.into_inner().validated()?;
    let now = platform::time::now_ms();
    let id = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            if themes::name_taken(conn, &viewer, &fields.theme_name, 0)? {
                return Err(name_taken());
            }
            Ok(themes::insert(conn, &viewer, &fields, now)?)
        })
    })
    .await?;
    Ok(Reply(ThemeSaved { id }))
}

/// Rewrites a theme (the tenant's staff only).
#[utoipa::path(request_body = ThemeUpdate, responses((status = 200, body = ThemeSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Change a theme")]
#[put("/saas/mall/themes/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<ThemeUpdate>,
) -> Result<Reply<ThemeSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let ThemeUpdate { id, fields } = body.into_inner();
    let fields = fields.validated()?;
    let now = platform::time::now_ms();
    with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            if themes::find(conn, &viewer, id)?.is_none() {
                return Err(not_found());
            }
            if themes::name_taken(conn, &viewer, &fields.theme_name, id)? {
                return Err(name_taken());
            }
            themes::update(conn, &viewer, id, &fields, now)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(ThemeSaved { id }))
}

/// Sets the products of a theme and their order (the tenant's staff only).
#[utoipa::path(request_body = ThemeProducts, responses((status = 200, body = ThemeSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Order the products of a theme")]
#[put("/saas/mall/themes/products")]
pub async fn set_products(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<ThemeProducts>,
) -> Result<Reply<ThemeSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let ThemeProducts { id, product_ids } = body.into_inner();
    theme::product_order(&product_ids)?;
    with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            if themes::find(conn, &viewer, id)?.is_none() {
                return Err(not_found());
            }
            if products::existing(conn, &viewer, &product_ids)?.len() != product_ids.len() {
                return Err(ApiError::invalid_field(
                    "productIds",
                    "含有不存在的商品",
                    "names a product the tenant does not have",
                ));
            }
            themes::set_products(conn, &viewer, id, &product_ids)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(ThemeSaved { id }))
}

async fn set_state(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    id: i64,
    state: i32,
) -> Result<Reply<ThemeSaved>, ApiError> {
    viewer.require_tenant_staff()?;
    let now = platform::time::now_ms();
    with_conn(&pool, move |conn| -> Result<_, ApiError> {
        if !themes::set_state(conn, &viewer, id, state, now)? {
            return Err(not_found());
        }
        Ok(())
    })
    .await?;
    Ok(Reply(ThemeSaved { id }))
}

/// Enables a theme: it shows in its active period (the tenant's staff only).
#[utoipa::path(request_body = ThemeRef, responses((status = 200, body = ThemeSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Enable a theme")]
#[put("/saas/mall/themes/enable")]
pub async fn enable(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<ThemeRef>,
) -> Result<Reply<ThemeSaved>, ApiError> {
    set_state(pool, viewer, body.id, STATE_ENABLED).await
}

/// Disables a theme: it is hidden (the tenant's staff only).
#[utoipa::path(request_body = ThemeRef, responses((status = 200, body = ThemeSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mall", summary = "Disable a theme")]
#[put("/saas/mall/themes/disable")]
pub async fn disable(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Json<ThemeRef>,
) -> Result<Reply<ThemeSaved>, ApiError> {
    set_state(pool, viewer, body.id, STATE_DISABLED).await
}

platform::endpoints!(list, load, save, update, set_products, enable, disable);
