//! Users of a tenant: `/saas/account/user/*` (the base application's account pages).

use actix_web::{HttpRequest, get, post, put, web};
use diesel::prelude::*;
use platform::ApiError;
use platform::auth::{Authenticator, CurrentUser, EndReason};
use platform::db::with_conn;
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::i18n::Text;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::context::{Ctx, actor};
use crate::domain::accounts::{
    PERSON_TYPES, USER_DISABLED, USER_LOCKED, USER_NORMAL, check_may_manage, check_range,
    check_username,
};
use crate::domain::{ip_filter, password};
use crate::store::logs::{self, Actor};
use crate::store::schema::users;
use crate::store::users::{self as accounts, User, UserFilter};
use crate::store::{groups, sessions, tenants};

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

pub fn not_found() -> ApiError {
    ApiError::NotFound {
        what: Text::fixed("用户", "user"),
    }
}

/// The tenant's users (a merchant's user sees its merchant's), newest first.
#[utoipa::path(params(UserListQuery), responses((status = 200, body = Page<UserView>)), security(("bearer" = [])), tag = "account", summary = "List users")]
#[get("/saas/account/user/list")]
pub async fn list(
    ctx: web::Data<Ctx>,
    me: CurrentUser,
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
        let (rows, total) = accounts::list_users(conn, &me, &filter, page)?;
        let ids: Vec<i64> = rows.iter().map(|u| u.id).collect();
        let groups = accounts::group_ids_of(conn, &ids)?;
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
    me: CurrentUser,
    q: Query<IdQuery>,
) -> Result<Reply<UserView>, ApiError> {
    let id = q.id;
    let view = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        let u = accounts::user_in_scope(conn, &me, id)?.ok_or_else(not_found)?;
        let groups = accounts::group_ids_of(conn, &[id])?
            .into_iter()
            .map(|(_, g)| g)
            .collect();
        Ok(UserView::new(u, groups))
    })
    .await?;
    Ok(Reply(view))
}

/// What an administrator fills in; the same form creates and updates.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserForm {
    /// Required by update only.
    #[serde(default)]
    pub id: Option<i64>,
    /// Required to create; cannot change.
    #[serde(default)]
    pub username: String,
    /// Required to create (at least 6 characters); on update, set only to reset it.
    #[serde(default)]
    pub password: Option<String>,
    #[serde(default)]
    pub real_name: String,
    #[serde(default)]
    pub nick_name: String,
    #[serde(default)]
    pub mch_id: i64,
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub is_manager: bool,
    pub msc_type: i32,
    /// operate 0, edit 1, dispatcher 2, market 3, management 4, finance 5.
    #[serde(default)]
    pub role_type: i32,
    /// ordinary staff 0, department head 1, company head 2.
    #[serde(default)]
    pub user_grade: i32,
    #[serde(default)]
    pub user_state: i32,
    #[serde(default)]
    pub ip_filter_type: i32,
    #[serde(default)]
    pub ip_filter_value: String,
    #[serde(default)]
    pub group_ids: Vec<i64>,
    #[serde(default)]
    pub remarks: String,
}

impl UserForm {
    fn check(&self, me: &CurrentUser) -> Result<(), ApiError> {
        check_range("mscType", self.msc_type, PERSON_TYPES)?;
        check_may_manage(me, self.msc_type, self.mch_id)?;
        check_range("roleType", self.role_type, &[0, 1, 2, 3, 4, 5])?;
        check_range("userGrade", self.user_grade, &[0, 1, 2])?;
        check_range("userState", self.user_state, &[0, 1, 2])?;
        platform::validate::mobile("mobile", self.mobile.trim())?;
        platform::validate::email("email", self.email.trim())?;
        ip_filter::check_ip_filter(self.ip_filter_type, &self.ip_filter_value)?;
        platform::validate::length("realName", &self.real_name, 0, 64)?;
        platform::validate::length("remarks", &self.remarks, 0, 500)
    }
}

/// The merchant (if any) must be one of the caller's tenant.
pub fn check_merchant(
    conn: &mut platform::db::DbConnection,
    me: &CurrentUser,
    mch_id: i64,
) -> Result<(), ApiError> {
    if mch_id != 0 && !tenants::merchant_in_tenant(conn, me.saas_id, mch_id)? {
        return Err(ApiError::invalid(
            "mchId",
            Text::fixed("商户不存在", "no such merchant in this tenant"),
        ));
    }
    Ok(())
}

/// Checks what needs the database: the merchant and groups belong to the tenant.
fn check_references(
    conn: &mut platform::db::DbConnection,
    me: &CurrentUser,
    form: &UserForm,
) -> Result<(), ApiError> {
    check_merchant(conn, me, form.mch_id)?;
    if !groups::groups_in_tenant(conn, me.saas_id, &form.group_ids)? {
        return Err(ApiError::invalid(
            "groupIds",
            Text::fixed("权限组不存在", "no such permission group in this tenant"),
        ));
    }
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Created {
    pub id: i64,
}

/// Creates a user in the caller's tenant.
#[utoipa::path(request_body = UserForm, responses((status = 200, body = Created), (status = 412, description = "a field is invalid, the login name is taken")), security(("bearer" = [])), tag = "account", summary = "Create a user")]
#[post("/saas/account/user/save")]
pub async fn save(
    ctx: web::Data<Ctx>,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<UserForm>,
) -> Result<Reply<Created>, ApiError> {
    let form = form.into_inner();
    let username = form.username.trim().to_owned();
    check_username(&username)?;
    let password = form.password.clone().unwrap_or_default();
    password::check_password_length("password", &password)?;
    form.check(&me)?;
    let hash = password::hash(&password)?;
    let by = actor(&me, &req);
    let id = with_conn(&ctx.pool, move |conn| -> Result<i64, ApiError> {
        platform::db::write_tx(conn, |conn| {
            if accounts::username_taken(conn, &username)? {
                return Err(ApiError::invalid(
                    "username",
                    Text::fixed("登录名已存在", "this login name is taken"),
                ));
            }
            check_references(conn, &me, &form)?;
            let id = platform::id::next_id();
            let now = platform::time::now_ms();
            diesel::insert_into(users::table)
                .values((
                    users::id.eq(id),
                    users::saas_id.eq(me.saas_id),
                    users::mch_id.eq(form.mch_id),
                    users::username.eq(&username),
                    users::password_hash.eq(&hash),
                    users::real_name.eq(form.real_name.trim()),
                    users::nick_name.eq(form.nick_name.trim()),
                    users::mobile.eq(form.mobile.trim()),
                    users::email.eq(form.email.trim()),
                    users::is_manager.eq(form.is_manager),
                    users::msc_type.eq(form.msc_type),
                    users::role_type.eq(form.role_type),
                    users::user_grade.eq(form.user_grade),
                    users::user_state.eq(form.user_state),
                    users::ip_filter_type.eq(form.ip_filter_type),
                    users::ip_filter_value.eq(form.ip_filter_value.trim()),
                    users::remarks.eq(&form.remarks),
                    users::created_at.eq(now),
                    users::updated_at.eq(now),
                ))
                .execute(conn)?;
            accounts::set_user_groups(conn, me.saas_id, id, &form.group_ids)?;
            logs::record_action(conn, &by, "user.create", &username)?;
            Ok(id)
        })
    })
    .await?;
    Ok(Reply(Created { id }))
}

/// Changes a user of the tenant; a new password, a lock or a disable ends the user's sessions.
#[utoipa::path(request_body = UserForm, responses((status = 200), (status = 404), (status = 412)), security(("bearer" = [])), tag = "account", summary = "Update a user")]
#[put("/saas/account/user/update")]
pub async fn update(
    ctx: web::Data<Ctx>,
    auth: web::Data<Authenticator>,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<UserForm>,
) -> Result<Reply<bool>, ApiError> {
    let form = form.into_inner();
    let id = form.id.ok_or_else(|| {
        ApiError::invalid("id", Text::fixed("请选择用户", "Please select the user"))
    })?;
    form.check(&me)?;
    let hash = match form.password.as_deref().filter(|p| !p.is_empty()) {
        Some(p) => {
            password::check_password_length("password", p)?;
            Some(password::hash(p)?)
        }
        None => None,
    };
    let by = actor(&me, &req);
    let reason = if hash.is_some() {
        EndReason::PasswordChanged
    } else {
        EndReason::Locked
    };
    let ended = with_conn(&ctx.pool, move |conn| -> Result<Vec<String>, ApiError> {
        platform::db::write_tx(conn, |conn| {
            let old = accounts::user_in_scope(conn, &me, id)?.ok_or_else(not_found)?;
            // The current type must be one the caller may manage too.
            check_may_manage(&me, old.msc_type, old.mch_id)?;
            check_references(conn, &me, &form)?;
            let now = platform::time::now_ms();
            diesel::update(users::table.find(id))
                .set((
                    users::mch_id.eq(form.mch_id),
                    users::real_name.eq(form.real_name.trim()),
                    users::nick_name.eq(form.nick_name.trim()),
                    users::mobile.eq(form.mobile.trim()),
                    users::email.eq(form.email.trim()),
                    users::is_manager.eq(form.is_manager),
                    users::msc_type.eq(form.msc_type),
                    users::role_type.eq(form.role_type),
                    users::user_grade.eq(form.user_grade),
                    users::user_state.eq(form.user_state),
                    users::ip_filter_type.eq(form.ip_filter_type),
                    users::ip_filter_value.eq(form.ip_filter_value.trim()),
                    users::remarks.eq(&form.remarks),
                    users::updated_at.eq(now),
                ))
                .execute(conn)?;
            if let Some(hash) = &hash {
                accounts::set_password(conn, id, hash, now)?;
            }
            accounts::set_user_groups(conn, me.saas_id, id, &form.group_ids)?;
            logs::record_action(conn, &by, "user.update", &old.username)?;
            // Who the tokens say the user is changed, or the user may no longer log in.
            let identity_changed = old.msc_type != form.msc_type || old.mch_id != form.mch_id;
            if hash.is_some() || form.user_state != USER_NORMAL || identity_changed {
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
    me: CurrentUser,
    by: Actor,
    id: i64,
    state: i32,
) -> Result<Reply<bool>, ApiError> {
    let ended = with_conn(&ctx.pool, move |conn| -> Result<Vec<String>, ApiError> {
        platform::db::write_tx(conn, |conn| {
            let old = accounts::user_in_scope(conn, &me, id)?.ok_or_else(not_found)?;
            check_may_manage(&me, old.msc_type, old.mch_id)?;
            if old.id == me.user_id && state != USER_NORMAL {
                return Err(ApiError::invalid(
                    "id",
                    Text::fixed("不能锁定或停用自己", "you cannot lock or disable yourself"),
                ));
            }
            let now = platform::time::now_ms();
            diesel::update(users::table.find(id))
                .set((
                    users::user_state.eq(state),
                    users::failed_count.eq(0),
                    users::failed_since.eq(None::<i64>),
                    users::locked_until.eq(None::<i64>),
                    users::updated_at.eq(now),
                ))
                .execute(conn)?;
            let action = match state {
                USER_LOCKED => "user.lock",
                USER_DISABLED => "user.disable",
                _ => "user.unlock",
            };
            logs::record_action(conn, &by, action, &old.username)?;
            if state == USER_NORMAL {
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
    me: CurrentUser,
    req: HttpRequest,
    form: Json<IdForm>,
) -> Result<Reply<bool>, ApiError> {
    let by = actor(&me, &req);
    set_state(&ctx, &auth, me, by, form.id, USER_LOCKED).await
}

/// Unlocks a user (also one locked by wrong passwords).
#[utoipa::path(request_body = IdForm, responses((status = 200), (status = 404)), security(("bearer" = [])), tag = "account", summary = "Unlock a user")]
#[put("/saas/account/user/unlock")]
pub async fn unlock(
    ctx: web::Data<Ctx>,
    auth: web::Data<Authenticator>,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<IdForm>,
) -> Result<Reply<bool>, ApiError> {
    let by = actor(&me, &req);
    set_state(&ctx, &auth, me, by, form.id, USER_NORMAL).await
}

/// Disables a user; live sessions end.
#[utoipa::path(request_body = IdForm, responses((status = 200), (status = 404)), security(("bearer" = [])), tag = "account", summary = "Disable a user")]
#[put("/saas/account/user/disable")]
pub async fn disable(
    ctx: web::Data<Ctx>,
    auth: web::Data<Authenticator>,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<IdForm>,
) -> Result<Reply<bool>, ApiError> {
    let by = actor(&me, &req);
    set_state(&ctx, &auth, me, by, form.id, USER_DISABLED).await
}
