//! Tenants: the platform's administration (`/saas/platform/saasInfo/*`, platform admins only)
//! and a tenant's own info (`/saas/myInfo/saasInfo/load`).

use actix_web::{get, post, put, web};
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::tenants::{TENANT_STOPPED, TenantFields};
use crate::store::tenants::{self, Tenant};

fn not_found() -> ApiError {
    ApiError::not_found("租户", "tenant")
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TenantListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the name.
    pub saas_name: Option<String>,
    pub state: Option<i32>,
}

/// Every tenant (platform administrators).
#[utoipa::path(params(TenantListQuery), responses((status = 200, body = Page<Tenant>)), security(("bearer" = [])), tag = "tenant", summary = "List tenants")]
#[get("/saas/platform/saasInfo/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    q: Query<TenantListQuery>,
) -> Result<Reply<Page<Tenant>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = tenants::list(conn, q.saas_name.as_deref(), q.state, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SaasIdQuery {
    pub saas_id: i64,
}

#[utoipa::path(params(SaasIdQuery), responses((status = 200, body = Tenant), (status = 404)), security(("bearer" = [])), tag = "tenant", summary = "Load a tenant")]
#[get("/saas/platform/saasInfo/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    q: Query<SaasIdQuery>,
) -> Result<Reply<Tenant>, ApiError> {
    let id = q.saas_id;
    let t = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        tenants::find(conn, id)?.ok_or_else(not_found)
    })
    .await?;
    Ok(Reply(t))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantCreated {
    pub saas_id: i64,
}

/// Creates a tenant; `tenant.updated` tells the other services.
#[utoipa::path(request_body = TenantFields, responses((status = 200, body = TenantCreated), (status = 412)), security(("bearer" = [])), tag = "tenant", summary = "Create a tenant")]
#[post("/saas/platform/saasInfo/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    form: Json<TenantFields>,
) -> Result<Reply<TenantCreated>, ApiError> {
    let mut form = form.into_inner();
    form.check()?;
    let saas_id = with_conn(&pool, move |conn| -> Result<i64, ApiError> {
        write_tx(conn, |conn| {
            let id = platform::id::next_id();
            tenants::insert(conn, id, &form, platform::time::now_ms())?;
            Ok(id)
        })
    })
    .await?;
    Ok(Reply(TenantCreated { saas_id }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TenantUpdate {
    pub saas_id: i64,
    #[serde(flatten)]
    pub fields: TenantFields,
}

#[utoipa::path(request_body = TenantUpdate, responses((status = 200, body = Tenant), (status = 404), (status = 412)), security(("bearer" = [])), tag = "tenant", summary = "Update a tenant")]
#[put("/saas/platform/saasInfo/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    form: Json<TenantUpdate>,
) -> Result<Reply<Tenant>, ApiError> {
    let TenantUpdate {
        saas_id,
        mut fields,
    } = form.into_inner();
    fields.check()?;
    let t = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            tenants::update(conn, saas_id, &fields, platform::time::now_ms())?.ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(t))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaasIdForm {
    pub saas_id: i64,
}

/// Stops a tenant (state 2).
#[utoipa::path(request_body = SaasIdForm, responses((status = 200, body = Tenant), (status = 404)), security(("bearer" = [])), tag = "tenant", summary = "Stop a tenant")]
#[put("/saas/platform/saasInfo/stop")]
pub async fn stop(
    pool: web::Data<DbPool>,
    form: Json<SaasIdForm>,
) -> Result<Reply<Tenant>, ApiError> {
    let saas_id = form.saas_id;
    let t = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        write_tx(conn, |conn| {
            tenants::set_state(conn, saas_id, TENANT_STOPPED, platform::time::now_ms())?
                .ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(t))
}

/// The caller's own tenant.
#[utoipa::path(responses((status = 200, body = Tenant), (status = 404)), security(("bearer" = [])), tag = "tenant", summary = "Load my tenant")]
#[get("/saas/myInfo/saasInfo/load")]
pub async fn mine(pool: web::Data<DbPool>, viewer: Viewer) -> Result<Reply<Tenant>, ApiError> {
    let t = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        tenants::own(conn, &viewer)?.ok_or_else(not_found)
    })
    .await?;
    Ok(Reply(t))
}

platform::endpoints!(list, load, save, update, stop, mine);
