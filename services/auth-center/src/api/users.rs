//! Users of a tenant: `/saas/account/user/*` (the base application's account pages).

use actix_web::{HttpRequest, get, post, put, web};
use platform::auth::{Authenticator, CurrentUser, EndReason};
use platform::db::{with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::tenancy::PLATFORM_SAAS_ID;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::context::{Ctx, actor};
use crate::domain::accounts::check_may_manage;
use crate::domain::password;
use crate::domain::users::{StateChange, UserForm, update_end_reason};
use crate::store::users::{self, User, UserFilter};
use crate::store::{groups, logs, sessions, tenants};

/// A user as the account pages show it (never the password hash).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: i64,
    pub username: String,
    pub real_name: String,
    pub nick_name: String,
    pub mch_id: i64,
    pub mobile: String,
    pub email: String,
    pub is_manager: bool,
    pub msc_type: i32,
    pub role_type: i32,
    pub user_grade: i32,
    /// 0 normal, 1 locked, 2 disabled.
    pub user_state: i32,
    /// -1 blacklist, 0 none, 1 whitelist.
    pub ip_filter_type: i32,
    pub ip_filter_value: String,
    pub remarks: String,
    pub last_login_ip: String,
    pub last_login_date: Option<i64>,
    pub login_count: i64,
    /// Locked by too many wrong passwords until then (ms), if so.
    pub locked_until: Option<i64>,
    pub group_ids: Vec<i64>,
    pub create_date: i64,
    pub modify_date: i64,
}

impl UserView {
    fn new(u: User, group_ids: Vec<i64>) -> Self {
        Self {
            id: u.id,
            username: u.username,
            real_name: u.real_name,
            nick_name: u.nick_name,
            mch_id: u.mch_id,
            mobile: u.mobile,
            email: u.email,
            is_manager: u.is_manager,
            msc_type: u.msc_type,
            role_type: u.role_type,
            user_grade: u.user_grade,
            user_state: u.user_state,
            ip_filter_type: u.ip_filter_type,
            ip_filter_value: u.ip_filter_value,
            remarks: u.remarks,
            last_login_ip: u.last_login_ip,
            last_login_date: u.last_login_date,
            login_count: u.login_count,
            locked_until: u.locked_until.filter(|t| *t > platform::time::now_ms()),
            group_ids,
            create_date: u.created_at,
            modify_date: u.updated_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the login name.
    pub username: Option<String>,
    pub real_name: Option<String>,
    pub mobile: Option<String>,
    pub mch_id: Option<i64>,
    pub msc_type: Option<i32>,
    pub user_state: Option<i32>,
    pub group_id: Option<i64>,
}

/// A user not in the caller's scope (or no longer there).
pub fn not_found() -> ApiError {
    ApiError::not_found("用户", "user")
}

/// The tenant's users (a merchant's user sees its merchant's), newest first.
#[utoipa::path(params(UserListQuery), responses((status = 200, body = Page<UserView>)), security(("bearer" = [])), tag = "account", summary = "List users")]
#[get("/saas/account/user/list")]
pub async fn list(
    ctx: web::Data<Ctx>,
    viewer: Viewer,
    q: Query<UserListQuery>,
) -> Result<Reply<Page<UserView>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = UserFilter {
        username: q.username,
        real_name: q.real_name,
        mobile: q.mobile,
        mch_id: q.mch_id,
        msc_type: q.msc_type,
        user_state: q.user_state,
        group_id: q.group_id,
    };
    let page = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = users::list_users(conn, &viewer, &filter, page)?;
        let ids: Vec<i64> = rows.iter().map(|u| u.id).collect();
        let groups = users::group_ids_of(conn, &ids)?;
        let views = rows
            .into_iter()
            .map(|u| {
                let mine = groups
                    .iter()
                    .filter(|(uid, _)| *uid == u.id)
                    .map(|(_, g)| *g)
                    .collect();
                UserView::new(u, mine)
            })
            .collect();
        Ok(Page::new(views, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    pub id: i64,
}

/// One user of the tenant; another tenant's is not found.
#[utoipa::path(params(IdQuery), responses((status = 200, body = UserView), (status = 404)), security(("bearer" = [])), tag = "account", summary = "Load a user")]
#[get("/saas/account/user/load")]
pub async fn load(
    ctx: web::Data<Ctx>,
    viewer: Viewer,
    q: Query<IdQuery>,
) -> Result<Reply<UserView>, ApiError> {
    let id = q.id;
    let view = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        let u = users::user_in_scope(conn, &viewer, id)?.ok_or_else(not_found)?;
        let groups = users::group_ids_of(conn, &[id])?
            .into_iter()
            .map(|(_, g)| g)
            .collect();
        Ok(UserView::new(u, groups))
    })
    .await?;
    Ok(Reply(view))
}

/// The merchant (if any) must be one of the caller's tenant.
pub fn check_merchant(
    conn: &mut platform::db::DbConnection,
    viewer: &Viewer,
    mch_id: i64,
) -> Result<(), ApiError> {
    if mch_id != 0 && !tenants::merchant_in_tenant(conn, viewer, mch_id)? {
        return Err(ApiError::invalid_field(
            "mchId",
            "商户不存在",
            "no such merchant in this tenant",
        ));
    }
    Ok(())
}

/// Checks what needs the database: the merchant and groups belong to the tenant.
fn check_references(
    conn: &mut platform::db::DbConnection,
    viewer: &Viewer,
    form: &UserForm,
) -> Result<(), ApiError> {
    check_merchant(conn, viewer, form.mch_id)?;
    if !groups::groups_in_tenant(conn, viewer, &form.group_ids)? {
        return Err(ApiError::invalid_field(
            "groupIds",
            "权限组不存在",
            "no such permission group in this tenant",
        ));
    }
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Created {
    pub id: i64,
}

/// The scope a checked form acts in: the caller's own, or the tenant a platform administrator
/// named, which auth-center must have heard of from saas-main (a user of a tenant that does not
/// exist, or has not arrived yet, would dangle).
fn scope_of(
    conn: &mut platform::db::DbConnection,
    viewer: Viewer,
    saas_id: i64,
) -> Result<Viewer, ApiError> {
    if saas_id == viewer.saas_id {
        return Ok(viewer);
    }
    if saas_id != PLATFORM_SAAS_ID && !tenants::tenant_known(conn, saas_id)? {
        return Err(ApiError::invalid_field(
            "saasId",
            "租户不存在，或刚创建尚未同步到认证中心，请稍后重试",
            "no such tenant, or one created a moment ago that auth-center has not heard of yet: retry shortly",
        ));
    }
    Ok(Viewer::tenant(saas_id))
}

/// What the action log names: the login name, and the tenant when it is not the caller's.
fn log_target(username: &str, scope: &Viewer, me: &CurrentUser) -> String {
    if scope.saas_id == me.saas_id {
        username.to_owned()
    } else {
        format!("{username} (saasId {})", scope.saas_id)
    }
}

/// Creates a user in the caller's tenant, or (platform administrators only) in the tenant
/// `saasId` names.
#[utoipa::path(request_body = UserForm, responses((status = 200, body = Created), (status = 403, description = "a tenant other than the caller's named by someone not a platform administrator"), (status = 412, description = "a field is invalid, the login name is taken, the tenant is unknown, the type does not belong in the tenant")), security(("bearer" = [])), tag = "account", summary = "Create a user")]
#[post("/saas/account/user/save")]
pub async fn save(
    ctx: web::Data<Ctx>,
    viewer: Viewer,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<UserForm>,
) -> Result<Reply<Created>, ApiError> {
    let form = form.into_inner();
    let (target, password) = form.check_create(&me)?;
    let form = form.trimmed();
    let hash = password::hash(&password)?;
    let by = actor(&me, &req);
    let id = with_conn(&ctx.pool, move |conn| -> Result<i64, ApiError> {
        write_tx(conn, |conn| {
            let scope = scope_of(conn, viewer, target.saas_id)?;
            if users::username_taken(conn, &form.username)? {
                return Err(ApiError::invalid_field(
                    "username",
                    "登录名已存在",
                    "this login name is taken",
                ));
            }
            check_references(conn, &scope, &form)?;
            let id = platform::id::next_id();
            users::insert(conn, &scope, id, &hash, &form, platform::time::now_ms())?;
            users::set_user_groups(conn, &scope, id, &form.group_ids)?;
            let what = log_target(&form.username, &scope, &me);
            logs::record_action(conn, &by, "user.create", &what)?;
            Ok(id)
        })
    })
    .await?;
    Ok(Reply(Created { id }))
}

/// Changes a user of the tenant (platform administrators: of the tenant `saasId` names); a new
/// password, a lock or a disable ends the user's sessions.
#[utoipa::path(request_body = UserForm, responses((status = 200), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "account", summary = "Update a user")]
#[put("/saas/account/user/update")]
pub async fn update(
    ctx: web::Data<Ctx>,
    auth: web::Data<Authenticator>,
    viewer: Viewer,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<UserForm>,
) -> Result<Reply<bool>, ApiError> {
    let form = form.into_inner();
    let (target, new_password) = form.check_update(&me)?;
    let id = target.id;
    let hash = new_password.map(password::hash).transpose()?;
    let form = form.trimmed();
    let by = actor(&me, &req);
    let reason = update_end_reason(hash.is_some());
    let ended = with_conn(&ctx.pool, move |conn| -> Result<Vec<String>, ApiError> {
        write_tx(conn, |conn| {
            let scope = scope_of(conn, viewer, target.saas_id)?;
            let old = users::user_in_scope(conn, &scope, id)?.ok_or_else(not_found)?;
            // The current type must be one the caller may manage too.
            check_may_manage(&me, old.msc_type, old.mch_id)?;
            check_references(conn, &scope, &form)?;
            let now = platform::time::now_ms();
            users::update(conn, id, &form, now)?;
            if let Some(hash) = &hash {
                users::set_password(conn, id, hash, now)?;
            }
            users::set_user_groups(conn, &scope, id, &form.group_ids)?;
            let what = log_target(&old.username, &scope, &me);
            logs::record_action(conn, &by, "user.update", &what)?;
            if form.ends_sessions(old.msc_type, old.mch_id, hash.is_some()) {
                return Ok(sessions::end_user_sessions(conn, &old, reason, now)?);
            }
            Ok(Vec::new())
        })
    })
    .await?;
    for sid in &ended {
        auth.session_ended(sid, reason);
    }
    Ok(Reply(true))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct IdForm {
    pub id: i64,
}

async fn set_state(
    ctx: &Ctx,
    auth: &Authenticator,
    viewer: Viewer,
    me: CurrentUser,
    req: &HttpRequest,
    id: i64,
    change: StateChange,
) -> Result<Reply<bool>, ApiError> {
    let by = actor(&me, req);
    let ended = with_conn(&ctx.pool, move |conn| -> Result<Vec<String>, ApiError> {
        write_tx(conn, |conn| {
            let old = users::user_in_scope(conn, &viewer, id)?.ok_or_else(not_found)?;
            change.check(&me, old.id, old.msc_type, old.mch_id)?;
            let now = platform::time::now_ms();
            users::set_state(conn, id, change.state(), now)?;
            logs::record_action(conn, &by, change.action(), &old.username)?;
            if !change.ends_sessions() {
                return Ok(Vec::new());
            }
            Ok(sessions::end_user_sessions(
                conn,
                &old,
                EndReason::Locked,
                now,
            )?)
        })
    })
    .await?;
    for sid in &ended {
        auth.session_ended(sid, EndReason::Locked);
    }
    Ok(Reply(true))
}

/// Locks a user: no login until unlocked; live sessions end.
#[utoipa::path(request_body = IdForm, responses((status = 200), (status = 404)), security(("bearer" = [])), tag = "account", summary = "Lock a user")]
#[put("/saas/account/user/lock")]
pub async fn lock(
    ctx: web::Data<Ctx>,
    auth: web::Data<Authenticator>,
    viewer: Viewer,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<IdForm>,
) -> Result<Reply<bool>, ApiError> {
    set_state(&ctx, &auth, viewer, me, &req, form.id, StateChange::Lock).await
}

/// Unlocks a user (also one locked by wrong passwords).
#[utoipa::path(request_body = IdForm, responses((status = 200), (status = 404)), security(("bearer" = [])), tag = "account", summary = "Unlock a user")]
#[put("/saas/account/user/unlock")]
pub async fn unlock(
    ctx: web::Data<Ctx>,
    auth: web::Data<Authenticator>,
    viewer: Viewer,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<IdForm>,
) -> Result<Reply<bool>, ApiError> {
    set_state(&ctx, &auth, viewer, me, &req, form.id, StateChange::Unlock).await
}

/// Disables a user; live sessions end.
#[utoipa::path(request_body = IdForm, responses((status = 200), (status = 404)), security(("bearer" = [])), tag = "account", summary = "Disable a user")]
#[put("/saas/account/user/disable")]
pub async fn disable(
    ctx: web::Data<Ctx>,
    auth: web::Data<Authenticator>,
    viewer: Viewer,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<IdForm>,
) -> Result<Reply<bool>, ApiError> {
    set_state(&ctx, &auth, viewer, me, &req, form.id, StateChange::Disable).await
}

platform::endpoints!(list, load, save, update, lock, unlock, disable);
