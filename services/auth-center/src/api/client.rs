//! The logged-in user's own calls: `/client/user*`.

use actix_web::{HttpRequest, get, put, web};
use platform::ApiError;
use platform::auth::{Authenticator, CurrentUser, EndReason};
use platform::db::{with_conn, write_tx};
use platform::http::{Json, Reply};
use platform::i18n::Lang;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::context::{Ctx, actor};
use super::users::not_found;
use crate::domain::password;
use crate::store::users::{self, User};
use crate::store::{logs, permissions, sessions, tenants};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    pub id: i64,
    pub username: String,
    pub real_name: String,
    pub nick_name: String,
    pub mobile: String,
    pub email: String,
    pub saas_id: i64,
    pub mch_id: i64,
    pub msc_type: i32,
    pub user_grade: i32,
    pub saas_logo: String,
    pub company_name: String,
    pub mch_name: String,
    /// ms since the epoch; 0 when the tenant is not known yet.
    pub saas_expire_date: i64,
}

/// The logged-in user, with the tenant's and merchant's names as last heard from saas-main.
#[utoipa::path(responses((status = 200, body = UserInfo)), security(("bearer" = [])), tag = "client")]
#[get("/client/user")]
pub async fn user_info(ctx: web::Data<Ctx>, me: CurrentUser) -> Result<Reply<UserInfo>, ApiError> {
    let info = with_conn(&ctx.pool, move |conn| -> Result<UserInfo, ApiError> {
        let u = users::user_by_id(conn, me.user_id)?.ok_or_else(not_found)?;
        let letterhead = tenants::letterhead(conn, u.saas_id, u.mch_id)?;
        Ok(UserInfo {
            id: u.id,
            username: u.username,
            real_name: u.real_name,
            nick_name: u.nick_name,
            mobile: u.mobile,
            email: u.email,
            saas_id: u.saas_id,
            mch_id: u.mch_id,
            msc_type: u.msc_type,
            user_grade: u.user_grade,
            saas_logo: letterhead.saas_logo,
            company_name: letterhead.company_name,
            mch_name: letterhead.mch_name,
            saas_expire_date: letterhead.saas_expire_date,
        })
    })
    .await?;
    Ok(Reply(info))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetForm {
    #[serde(default)]
    pub old_password: String,
    #[serde(default)]
    pub new_password: String,
    #[serde(default)]
    pub repeat_new_password: String,
}

/// Changes the caller's password; every session of the user ends (the shell logs out).
#[utoipa::path(
    request_body = ResetForm,
    responses((status = 200, description = "changed; log in again"), (status = 412, description = "a rule of the form failed")),
    security(("bearer" = [])),
    tag = "client"
)]
#[put("/client/user/reset")]
pub async fn reset(
    ctx: web::Data<Ctx>,
    auth: web::Data<Authenticator>,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<ResetForm>,
) -> Result<Reply<bool>, ApiError> {
    let form = form.into_inner();
    password::check_reset(
        &form.old_password,
        &form.new_password,
        &form.repeat_new_password,
    )?;
    let by = actor(&me, &req);
    let ended = with_conn(&ctx.pool, move |conn| -> Result<Vec<String>, ApiError> {
        let u = users::user_by_id(conn, me.user_id)?.ok_or_else(not_found)?;
        password::check_old(&form.old_password, &u.password_hash)?;
        let hash = password::hash(&form.new_password)?;
        let now = platform::time::now_ms();
        write_tx(conn, |conn| -> Result<_, ApiError> {
            users::set_password(conn, u.id, &hash, now)?;
            let ended = sessions::end_user_sessions(conn, &u, EndReason::PasswordChanged, now)?;
            logs::record_action(conn, &by, "password.change", &u.username)?;
            Ok(ended)
        })
    })
    .await?;
    for sid in &ended {
        auth.session_ended(sid, EndReason::PasswordChanged);
    }
    Ok(Reply(true))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppEntry {
    pub app_id: i32,
    pub app_name: String,
    /// The name shown in the top menu, in the request's language.
    pub app_reg_name: String,
    /// 2: shown in the top menu.
    pub display_status: i32,
    pub sort: i32,
}

async fn load_user(ctx: &Ctx, me: &CurrentUser) -> Result<User, ApiError> {
    let id = me.user_id;
    with_conn(&ctx.pool, move |conn| -> Result<User, ApiError> {
        users::user_by_id(conn, id)?.ok_or_else(not_found)
    })
    .await
}

/// The applications the caller may open.
#[utoipa::path(responses((status = 200, body = [AppEntry])), security(("bearer" = [])), tag = "client")]
#[get("/client/user/loadAppList")]
pub async fn app_list(
    ctx: web::Data<Ctx>,
    me: CurrentUser,
) -> Result<Reply<Vec<AppEntry>>, ApiError> {
    let user = load_user(&ctx, &me).await?;
    let lang = Lang::current();
    let apps = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        Ok(permissions::apps_of(conn, &user)?)
    })
    .await?;
    Ok(Reply(
        apps.into_iter()
            .map(|a| AppEntry {
                app_id: a.app_id,
                app_name: a.app_name,
                app_reg_name: match lang {
                    Lang::ZhCn => a.app_reg_name_zh,
                    Lang::En => a.app_reg_name_en,
                },
                display_status: a.display_status,
                sort: a.sort,
            })
            .collect(),
    ))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MenuEntry {
    /// `/saas/order/hotelOrders/list:GET`
    pub perm_code: String,
    pub app_id: i32,
}

/// The permission codes the caller holds, for menus and routes.
#[utoipa::path(responses((status = 200, body = [MenuEntry])), security(("bearer" = [])), tag = "client")]
#[get("/client/user/loadMenu")]
pub async fn menu(ctx: web::Data<Ctx>, me: CurrentUser) -> Result<Reply<Vec<MenuEntry>>, ApiError> {
    let user = load_user(&ctx, &me).await?;
    let menu = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        Ok(permissions::menu_of(conn, &user)?)
    })
    .await?;
    Ok(Reply(
        menu.into_iter()
            .map(|(perm_code, app_id)| MenuEntry { perm_code, app_id })
            .collect(),
    ))
}

/// What the caller's groups grant (codes and subtrees such as `/saas/order/**`), as every
/// other service's permission check reads it. Unlike `loadMenu` it is not narrowed to the
/// catalogue: a service's codes reach the catalogue through the bus, a moment after start, and
/// a check must not depend on that moment. Empty for a role that holds every code.
#[utoipa::path(responses((status = 200, body = [String])), security(("bearer" = [])), tag = "client")]
#[get("/client/user/grants")]
pub async fn grants(ctx: web::Data<Ctx>, me: CurrentUser) -> Result<Reply<Vec<String>>, ApiError> {
    let user = load_user(&ctx, &me).await?;
    let held = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        Ok(permissions::held_grants(conn, user.msc_type, user.id)?)
    })
    .await?;
    Ok(Reply(held))
}

platform::endpoints!(user_info, reset, app_list, menu, grants);
