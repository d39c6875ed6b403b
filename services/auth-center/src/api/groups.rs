//! Permission groups of a tenant: `/saas/account/group/*`.

use actix_web::{HttpRequest, get, post, put, web};
use diesel::prelude::*;
use platform::ApiError;
use platform::auth::{CurrentUser, access};
use platform::db::with_conn;
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::i18n::Text;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::users::{Created, IdQuery};
use crate::context::{Ctx, actor};
use crate::domain::accounts::check_grant_shape;
use crate::store::groups as accounts;
use crate::store::schema::perm_groups;
use crate::store::{logs, permissions};

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
    ApiError::NotFound {
        what: Text::fixed("权限组", "permission group"),
    }
}

/// The tenant's permission groups, by name.
#[utoipa::path(params(GroupListQuery), responses((status = 200, body = Page<GroupView>)), security(("bearer" = [])), tag = "account", summary = "List permission groups")]
#[get("/saas/account/group/list")]
pub async fn list(
    ctx: web::Data<Ctx>,
    me: CurrentUser,
    q: Query<GroupListQuery>,
) -> Result<Reply<Page<GroupView>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let page = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = accounts::list_groups(conn, me.saas_id, q.name.as_deref(), page)?;
        let ids: Vec<i64> = rows.iter().map(|g| g.id).collect();
        let counts = accounts::member_counts(conn, &ids)?;
        let mut views = Vec::with_capacity(rows.len());
        for g in rows {
            views.push(GroupView {
                perm_codes: accounts::group_codes(conn, g.id)?,
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
    me: CurrentUser,
    q: Query<IdQuery>,
) -> Result<Reply<GroupView>, ApiError> {
    let id = q.id;
    let view = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        let g = accounts::group_in_tenant(conn, me.saas_id, id)?.ok_or_else(not_found)?;
        let counts = accounts::member_counts(conn, &[id])?;
        Ok(GroupView {
            perm_codes: accounts::group_codes(conn, id)?,
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

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupForm {
    /// Required by update only.
    #[serde(default)]
    pub id: Option<i64>,
    pub name: String,
    #[serde(default)]
    pub remarks: String,
    #[serde(default)]
    pub perm_codes: Vec<String>,
}

/// Checks the form, and that the caller holds what it grants (nobody hands out rights they
/// do not have; platform codes are never granted by a group).
fn check_form(
    conn: &mut platform::db::DbConnection,
    me: &CurrentUser,
    form: &GroupForm,
) -> Result<Vec<String>, ApiError> {
    let name = form.name.trim();
    platform::validate::length("name", name, 1, 64)?;
    let mut codes: Vec<String> = form
        .perm_codes
        .iter()
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty())
        .collect();
    codes.sort();
    codes.dedup();
    let mine = if access::held_by_role(me.msc_type, "") {
        Vec::new()
    } else {
        permissions::grants_of(conn, me.user_id)?
    };
    for code in &codes {
        check_grant_shape(code)?;
        if access::is_platform_code(code) || !access::holds(me.msc_type, &mine, code) {
            return Err(ApiError::invalid(
                "permCodes",
                Text::new(
                    format!("无权授予 {code}"),
                    format!("you cannot grant {code}"),
                ),
            ));
        }
    }
    Ok(codes)
}

/// Creates a group in the caller's tenant.
#[utoipa::path(request_body = GroupForm, responses((status = 200, body = Created), (status = 412)), security(("bearer" = [])), tag = "account", summary = "Create a permission group")]
#[post("/saas/account/group/save")]
pub async fn save(
    ctx: web::Data<Ctx>,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<GroupForm>,
) -> Result<Reply<Created>, ApiError> {
    let form = form.into_inner();
    let by = actor(&me, &req);
    let id = with_conn(&ctx.pool, move |conn| -> Result<i64, ApiError> {
        platform::db::write_tx(conn, |conn| {
            let codes = check_form(conn, &me, &form)?;
            let name = form.name.trim();
            if accounts::group_name_taken(conn, me.saas_id, name, 0)? {
                return Err(ApiError::invalid(
                    "name",
                    Text::fixed("权限组名称已存在", "a group of this name exists"),
                ));
            }
            let id = platform::id::next_id();
            let now = platform::time::now_ms();
            diesel::insert_into(perm_groups::table)
                .values((
                    perm_groups::id.eq(id),
                    perm_groups::saas_id.eq(me.saas_id),
                    perm_groups::name.eq(name),
                    perm_groups::remarks.eq(&form.remarks),
                    perm_groups::created_at.eq(now),
                    perm_groups::updated_at.eq(now),
                ))
                .execute(conn)?;
            accounts::set_group_codes(conn, id, &codes)?;
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
    me: CurrentUser,
    req: HttpRequest,
    form: Json<GroupForm>,
) -> Result<Reply<bool>, ApiError> {
    let form = form.into_inner();
    let id = form.id.ok_or_else(|| {
        ApiError::invalid("id", Text::fixed("请选择权限组", "Please select the group"))
    })?;
    let by = actor(&me, &req);
    with_conn(&ctx.pool, move |conn| -> Result<(), ApiError> {
        platform::db::write_tx(conn, |conn| {
            accounts::group_in_tenant(conn, me.saas_id, id)?.ok_or_else(not_found)?;
            let codes = check_form(conn, &me, &form)?;
            let name = form.name.trim();
            if accounts::group_name_taken(conn, me.saas_id, name, id)? {
                return Err(ApiError::invalid(
                    "name",
                    Text::fixed("权限组名称已存在", "a group of this name exists"),
                ));
            }
            diesel::update(perm_groups::table.find(id))
                .set((
                    perm_groups::name.eq(name),
                    perm_groups::remarks.eq(&form.remarks),
                    perm_groups::updated_at.eq(platform::time::now_ms()),
                ))
                .execute(conn)?;
            accounts::set_group_codes(conn, id, &codes)?;
            permissions::grants_changed(conn, me.saas_id, 0, id)?;
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
            .filter(|(code, ..)| me.is_platform_admin() || !access::is_platform_code(code))
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
