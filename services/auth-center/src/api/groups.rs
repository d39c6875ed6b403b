//! Permission groups of a tenant: `/saas/account/group/*`.

use actix_web::{HttpRequest, get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbConnection, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::i18n::Text;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::context::{Ctx, actor};
use super::users::{Created, IdQuery};
use crate::domain::groups::{GroupForm, shown_in_catalogue};
use crate::store::{groups, logs, permissions};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupView {
    pub id: i64,
    pub name: String,
    pub remarks: String,
    /// Codes and subtrees (`/saas/order/**`) the group grants.
    pub perm_codes: Vec<String>,
    pub user_count: i64,
    pub create_date: i64,
    pub modify_date: i64,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct GroupListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the name.
    pub name: Option<String>,
}

fn not_found() -> ApiError {
    ApiError::not_found("权限组", "permission group")
}

/// The tenant's permission groups, by name.
#[utoipa::path(params(GroupListQuery), responses((status = 200, body = Page<GroupView>)), security(("bearer" = [])), tag = "account", summary = "List permission groups")]
#[get("/saas/account/group/list")]
pub async fn list(
    ctx: web::Data<Ctx>,
    viewer: Viewer,
    q: Query<GroupListQuery>,
) -> Result<Reply<Page<GroupView>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let page = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = groups::list_groups(conn, &viewer, q.name.as_deref(), page)?;
        let ids: Vec<i64> = rows.iter().map(|g| g.id).collect();
        let counts = groups::member_counts(conn, &ids)?;
        let mut views = Vec::with_capacity(rows.len());
        for g in rows {
            views.push(GroupView {
                perm_codes: groups::group_codes(conn, g.id)?,
                user_count: counts
                    .iter()
                    .find(|(id, _)| *id == g.id)
                    .map_or(0, |(_, n)| *n),
                id: g.id,
                name: g.name,
                remarks: g.remarks,
                create_date: g.created_at,
                modify_date: g.updated_at,
            });
        }
        Ok(Page::new(views, total, page))
    })
    .await?;
    Ok(Reply(page))
}

/// One group of the tenant with its codes.
#[utoipa::path(params(IdQuery), responses((status = 200, body = GroupView), (status = 404)), security(("bearer" = [])), tag = "account", summary = "Load a permission group")]
#[get("/saas/account/group/load")]
pub async fn load(
    ctx: web::Data<Ctx>,
    viewer: Viewer,
    q: Query<IdQuery>,
) -> Result<Reply<GroupView>, ApiError> {
    let id = q.id;
    let view = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        let g = groups::group_in_tenant(conn, &viewer, id)?.ok_or_else(not_found)?;
        let counts = groups::member_counts(conn, &[id])?;
        Ok(GroupView {
            perm_codes: groups::group_codes(conn, id)?,
            user_count: counts.first().map_or(0, |(_, n)| *n),
            id: g.id,
            name: g.name,
            remarks: g.remarks,
            create_date: g.created_at,
            modify_date: g.updated_at,
        })
    })
    .await?;
    Ok(Reply(view))
}

fn name_taken() -> ApiError {
    ApiError::invalid_field("name", "权限组名称已存在", "a group of this name exists")
}

/// The form's name and codes, if valid and the caller may grant every code.
fn check_form<'f>(
    conn: &mut DbConnection,
    me: &CurrentUser,
    form: &'f GroupForm,
) -> Result<(&'f str, Vec<String>), ApiError> {
    let name = form.checked_name()?;
    let held = permissions::held_grants(conn, me.msc_type, me.user_id)?;
    Ok((name, form.checked_codes(me.msc_type, &held)?))
}

/// Creates a group in the caller's tenant.
#[utoipa::path(request_body = GroupForm, responses((status = 200, body = Created), (status = 412)), security(("bearer" = [])), tag = "account", summary = "Create a permission group")]
#[post("/saas/account/group/save")]
pub async fn save(
    ctx: web::Data<Ctx>,
    viewer: Viewer,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<GroupForm>,
) -> Result<Reply<Created>, ApiError> {
    let form = form.into_inner();
    let by = actor(&me, &req);
    let id = with_conn(&ctx.pool, move |conn| -> Result<i64, ApiError> {
        write_tx(conn, |conn| {
            let (name, codes) = check_form(conn, &me, &form)?;
            if groups::group_name_taken(conn, &viewer, name, 0)? {
                return Err(name_taken());
            }
            let id = platform::id::next_id();
            let now = platform::time::now_ms();
            groups::insert(conn, &viewer, id, name, &form.remarks, now)?;
            groups::set_group_codes(conn, id, &codes)?;
            logs::record_action(conn, &by, "group.create", name)?;
            Ok(id)
        })
    })
    .await?;
    Ok(Reply(Created { id }))
}

/// Changes a group; caches of its members' permissions are dropped everywhere.
#[utoipa::path(request_body = GroupForm, responses((status = 200), (status = 404), (status = 412)), security(("bearer" = [])), tag = "account", summary = "Update a permission group")]
#[put("/saas/account/group/update")]
pub async fn update(
    ctx: web::Data<Ctx>,
    viewer: Viewer,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<GroupForm>,
) -> Result<Reply<bool>, ApiError> {
    let form = form.into_inner();
    let id = form.checked_id()?;
    let by = actor(&me, &req);
    with_conn(&ctx.pool, move |conn| -> Result<(), ApiError> {
        write_tx(conn, |conn| {
            groups::group_in_tenant(conn, &viewer, id)?.ok_or_else(not_found)?;
            let (name, codes) = check_form(conn, &me, &form)?;
            if groups::group_name_taken(conn, &viewer, name, id)? {
                return Err(name_taken());
            }
            groups::update(conn, id, name, &form.remarks, platform::time::now_ms())?;
            groups::set_group_codes(conn, id, &codes)?;
            permissions::grants_changed(conn, &viewer, 0, id)?;
            logs::record_action(conn, &by, "group.update", name)?;
            Ok(())
        })
    })
    .await?;
    Ok(Reply(true))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueEntry {
    pub perm_code: String,
    pub app_id: i32,
    pub service: String,
    /// What the code allows, in the request's language (English when the service gave no
    /// Chinese).
    pub summary: String,
}

/// Every permission code the services declared, for editing groups (platform codes only for
/// platform administrators).
#[utoipa::path(responses((status = 200, body = [CatalogueEntry])), security(("bearer" = [])), tag = "account", summary = "List the permission catalogue")]
#[get("/saas/account/group/listPermissions")]
pub async fn catalogue(
    ctx: web::Data<Ctx>,
    me: CurrentUser,
) -> Result<Reply<Vec<CatalogueEntry>>, ApiError> {
    let rows = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        Ok(permissions::catalogue(conn)?)
    })
    .await?;
    Ok(Reply(
        rows.into_iter()
            .filter(|(code, ..)| shown_in_catalogue(me.is_platform_admin(), code))
            .map(|(perm_code, app_id, service, en, zh)| CatalogueEntry {
                perm_code,
                app_id,
                service,
                summary: if zh.is_empty() {
                    en
                } else {
                    Text::new(zh, en).localized().to_owned()
                },
            })
            .collect(),
    ))
}

platform::endpoints!(list, load, save, update, catalogue);
