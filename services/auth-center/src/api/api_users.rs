//! API users of a tenant (`/saas/account/api/*`): an app key and a secret for system-to-system
//! calls. The secret is shown once, when made, and kept only as an argon2id hash.

use actix_web::{HttpRequest, get, post, put, web};
use diesel::prelude::*;
use platform::ApiError;
use platform::auth::CurrentUser;
use platform::db::with_conn;
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::i18n::Text;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::users::{IdQuery, check_merchant};
use crate::context::{Ctx, actor};
use crate::domain::accounts::{API_TYPES, check_may_manage, check_range};
use crate::domain::password;
use crate::store::api_users::{self as accounts, ApiUser};
use crate::store::logs;
use crate::store::schema::api_users;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiUserView {
    pub id: i64,
    pub name: String,
    /// 500 API user, 510 API shared, 511 API supplier, 512 API distributor.
    pub msc_type: i32,
    pub mch_id: i64,
    pub app_key: String,
    /// 0 normal, 2 disabled.
    pub state: i32,
    pub remarks: String,
    pub create_date: i64,
    pub modify_date: i64,
}

impl From<ApiUser> for ApiUserView {
    fn from(a: ApiUser) -> Self {
        Self {
            id: a.id,
            name: a.name,
            msc_type: a.msc_type,
            mch_id: a.mch_id,
            app_key: a.app_key,
            state: a.state,
            remarks: a.remarks,
            create_date: a.created_at,
            modify_date: a.updated_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ApiListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    pub name: Option<String>,
}

fn not_found() -> ApiError {
    ApiError::NotFound {
        what: Text::fixed("接口用户", "API user"),
    }
}

#[utoipa::path(params(ApiListQuery), responses((status = 200, body = Page<ApiUserView>)), security(("bearer" = [])), tag = "account", summary = "List API users")]
#[get("/saas/account/api/list")]
pub async fn list(
    ctx: web::Data<Ctx>,
    me: CurrentUser,
    q: Query<ApiListQuery>,
) -> Result<Reply<Page<ApiUserView>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let page = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = accounts::list_api_users(conn, &me, q.name.as_deref(), page)?;
        Ok(Page::new(
            rows.into_iter().map(ApiUserView::from).collect(),
            total,
            page,
        ))
    })
    .await?;
    Ok(Reply(page))
}

#[utoipa::path(params(IdQuery), responses((status = 200, body = ApiUserView), (status = 404)), security(("bearer" = [])), tag = "account", summary = "Load an API user")]
#[get("/saas/account/api/load")]
pub async fn load(
    ctx: web::Data<Ctx>,
    me: CurrentUser,
    q: Query<IdQuery>,
) -> Result<Reply<ApiUserView>, ApiError> {
    let id = q.id;
    let view = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        Ok(accounts::api_user_in_scope(conn, &me, id)?
            .ok_or_else(not_found)?
            .into())
    })
    .await?;
    Ok(Reply(view))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiUserForm {
    /// Required by update only.
    #[serde(default)]
    pub id: Option<i64>,
    pub name: String,
    pub msc_type: i32,
    #[serde(default)]
    pub mch_id: i64,
    #[serde(default)]
    pub state: i32,
    #[serde(default)]
    pub remarks: String,
    /// On update: make a new secret (the old one stops working).
    #[serde(default)]
    pub reset_secret: bool,
}

impl ApiUserForm {
    fn check(&self, me: &CurrentUser) -> Result<(), ApiError> {
        platform::validate::length("name", self.name.trim(), 1, 64)?;
        check_range("mscType", self.msc_type, API_TYPES)?;
        check_range("state", self.state, &[0, 2])?;
        check_may_manage(me, self.msc_type, self.mch_id)
    }
}

/// The secret, shown this once.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Credentials {
    pub id: i64,
    pub app_key: String,
    /// Shown only now; store it safely.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub app_secret: Option<String>,
}

#[utoipa::path(request_body = ApiUserForm, responses((status = 200, body = Credentials), (status = 412)), security(("bearer" = [])), tag = "account", summary = "Create an API user")]
#[post("/saas/account/api/save")]
pub async fn save(
    ctx: web::Data<Ctx>,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<ApiUserForm>,
) -> Result<Reply<Credentials>, ApiError> {
    let form = form.into_inner();
    form.check(&me)?;
    let app_key = format!(
        "tw{}",
        password::random_secret(12)?
            .to_ascii_lowercase()
            .replace(['-', '_'], "")
    );
    let secret = password::random_secret(24)?;
    let hash = password::hash(&secret)?;
    let by = actor(&me, &req);
    let key = app_key.clone();
    let id = with_conn(&ctx.pool, move |conn| -> Result<i64, ApiError> {
        platform::db::write_tx(conn, |conn| {
            check_merchant(conn, &me, form.mch_id)?;
            let id = platform::id::next_id();
            let now = platform::time::now_ms();
            diesel::insert_into(api_users::table)
                .values((
                    api_users::id.eq(id),
                    api_users::saas_id.eq(me.saas_id),
                    api_users::mch_id.eq(form.mch_id),
                    api_users::name.eq(form.name.trim()),
                    api_users::msc_type.eq(form.msc_type),
                    api_users::app_key.eq(&key),
                    api_users::secret_hash.eq(&hash),
                    api_users::state.eq(form.state),
                    api_users::remarks.eq(&form.remarks),
                    api_users::created_at.eq(now),
                    api_users::updated_at.eq(now),
                ))
                .execute(conn)?;
            logs::record_action(conn, &by, "api-user.create", &key)?;
            Ok(id)
        })
    })
    .await?;
    Ok(Reply(Credentials {
        id,
        app_key,
        app_secret: Some(secret),
    }))
}

#[utoipa::path(request_body = ApiUserForm, responses((status = 200, body = Credentials), (status = 404), (status = 412)), security(("bearer" = [])), tag = "account", summary = "Update an API user")]
#[put("/saas/account/api/update")]
pub async fn update(
    ctx: web::Data<Ctx>,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<ApiUserForm>,
) -> Result<Reply<Credentials>, ApiError> {
    let form = form.into_inner();
    let id = form.id.ok_or_else(|| {
        ApiError::invalid(
            "id",
            Text::fixed("请选择接口用户", "Please select the API user"),
        )
    })?;
    form.check(&me)?;
    let secret = if form.reset_secret {
        Some(password::random_secret(24)?)
    } else {
        None
    };
    let hash = secret.as_deref().map(password::hash).transpose()?;
    let by = actor(&me, &req);
    let app_key = with_conn(&ctx.pool, move |conn| -> Result<String, ApiError> {
        platform::db::write_tx(conn, |conn| {
            let old = accounts::api_user_in_scope(conn, &me, id)?.ok_or_else(not_found)?;
            check_merchant(conn, &me, form.mch_id)?;
            let now = platform::time::now_ms();
            diesel::update(api_users::table.find(id))
                .set((
                    api_users::name.eq(form.name.trim()),
                    api_users::msc_type.eq(form.msc_type),
                    api_users::mch_id.eq(form.mch_id),
                    api_users::state.eq(form.state),
                    api_users::remarks.eq(&form.remarks),
                    api_users::updated_at.eq(now),
                ))
                .execute(conn)?;
            if let Some(hash) = &hash {
                diesel::update(api_users::table.find(id))
                    .set(api_users::secret_hash.eq(hash))
                    .execute(conn)?;
            }
            let action = if hash.is_some() {
                "api-user.reset-secret"
            } else {
                "api-user.update"
            };
            logs::record_action(conn, &by, action, &old.app_key)?;
            Ok(old.app_key)
        })
    })
    .await?;
    Ok(Reply(Credentials {
        id,
        app_key,
        app_secret: secret,
    }))
}
