//! Zones and areas of the tenant, as a tree: `/saas/hotel/zones/*`. Everyone with the codes
//! reads them; only the tenant's staff change them.

use actix_web::{get, post, put, web};
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::i18n::Text;
use platform::{ApiError, Viewer};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use platform::http::extract::Body;

use super::hotels::form_with_id;
use crate::domain::hotel::ZoneFields;
use crate::store::zones::{self, MAX_DEPTH, Placement, Zone, ZoneFilter, ZoneNode};

fn not_found() -> ApiError {
    ApiError::not_found("区域", "zone")
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ZoneListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the name.
    pub name: Option<String>,
    /// 1 normal, 0 disabled.
    pub state: Option<i32>,
    /// The parent's children only (0: the roots).
    pub parent_id: Option<i64>,
}

/// The body of `update` (parsed by `form_with_id`, so each field's error names it).
#[derive(Debug, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZoneUpdate {
    pub id: i64,
    #[serde(flatten)]
    pub fields: ZoneFields,
}

/// The tenant's zones, by name.
#[utoipa::path(params(ZoneListQuery), responses((status = 200, body = Page<Zone>), (status = 412)), security(("bearer" = [])), tag = "zone", summary = "List zones")]
#[get("/saas/hotel/zones/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<ZoneListQuery>,
) -> Result<Reply<Page<Zone>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = ZoneFilter {
        name: q.name,
        state: q.state,
        parent_id: q.parent_id,
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = zones::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// Every zone of the tenant, nested under its parent in `children`; siblings by name.
#[utoipa::path(responses((status = 200, body = [ZoneNode])), security(("bearer" = [])), tag = "zone", summary = "Zone tree")]
#[get("/saas/hotel/zones/tree")]
pub async fn tree(
    pool: web::Data<DbPool>,
    viewer: Viewer,
) -> Result<Reply<Vec<ZoneNode>>, ApiError> {
    let rows = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(zones::all(conn, &viewer)?)
    })
    .await?;
    Ok(Reply(zones::tree(rows)))
}

fn placement_error(p: Placement) -> Result<(), ApiError> {
    let (zh, en) = match p {
        Placement::Ok => return Ok(()),
        Placement::NoParent => ("上级区域不存在", "the parent zone does not exist"),
        Placement::Loop => (
            "上级区域不能是本区域或其下级",
            "the parent cannot be the zone itself or one of its sub-zones",
        ),
        Placement::TooDeep => {
            return Err(ApiError::invalid(
                "parentId",
                Text::new(
                    format!("区域最多 {MAX_DEPTH} 级"),
                    format!("zones nest at most {MAX_DEPTH} levels deep"),
                ),
            ));
        }
    };
    Err(ApiError::invalid_field("parentId", zh, en))
}

fn name_taken() -> ApiError {
    ApiError::invalid_field(
        "name",
        "同一上级区域下已有同名区域",
        "a zone of this name exists under the same parent",
    )
}

/// Creates a zone under a parent of the tenant (0: a root). Tenant staff only.
#[utoipa::path(request_body = ZoneFields, responses((status = 200, body = Zone), (status = 403), (status = 412)), security(("bearer" = [])), tag = "zone", summary = "Add a zone")]
#[post("/saas/hotel/zones/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    form: Json<ZoneFields>,
) -> Result<Reply<Zone>, ApiError> {
    let mut form = form.into_inner();
    viewer.require_tenant_staff()?;
    let zone = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let hash = form.check()?;
        write_tx(conn, |conn| {
            let all = zones::all(conn, &viewer)?;
            placement_error(zones::placement(&all, None, form.parent_id))?;
            platform::replica::check_area_id(conn, &form.area_id, None)?;
            if zones::sibling_name_taken(conn, &viewer, form.parent_id, &form.name, 0)? {
                return Err(name_taken());
            }
            let id = platform::id::next_id();
            Ok(zones::insert(
                conn,
                &viewer,
                id,
                &form,
                &hash,
                platform::time::now_ms(),
            )?)
        })
    })
    .await?;
    Ok(Reply(zone))
}

/// Changes a zone of the tenant, possibly moving it (with its sub-zones) under another parent.
/// Tenant staff only.
#[utoipa::path(request_body = ZoneUpdate, responses((status = 200, body = Zone), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "zone", summary = "Update a zone")]
#[put("/saas/hotel/zones/update")]
pub async fn update(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    body: Body,
) -> Result<Reply<Zone>, ApiError> {
    let (id, mut fields) = form_with_id::<ZoneFields>(&body, "id")?;
    viewer.require_tenant_staff()?;
    let zone = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let hash = fields.check()?;
        write_tx(conn, |conn| {
            let all = zones::all(conn, &viewer)?;
            let Some(current) = all.iter().find(|z| z.id == id) else {
                return Err(not_found());
            };
            placement_error(zones::placement(&all, Some(id), fields.parent_id))?;
            platform::replica::check_area_id(conn, &fields.area_id, Some(&current.area_id))?;
            if zones::sibling_name_taken(conn, &viewer, fields.parent_id, &fields.name, id)? {
                return Err(name_taken());
            }
            zones::update(conn, &viewer, id, &fields, &hash, platform::time::now_ms())?
                .ok_or_else(not_found)
        })
    })
    .await?;
    Ok(Reply(zone))
}

platform::endpoints!(list, tree, save, update);
