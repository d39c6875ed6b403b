//! API users of a tenant (`/saas/account/api/*`): an app key and a secret for system-to-system
//! calls. The secret is shown once, when made, and kept as an argon2id hash and sealed with the
//! service's key (`platform::sealing`), to check the HMAC of signed requests.

use actix_web::{HttpRequest, get, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::context::{Ctx, actor};
use super::users::{IdQuery, check_merchant};
use crate::domain::api_users::{ApiUserForm, new_app_key, new_secret};
use crate::domain::password;
use crate::store::api_users::{self, ApiUser, SecretColumns};
use crate::store::logs;

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
    ApiError::not_found("接口用户", "API user")
}

#[utoipa::path(params(ApiListQuery), responses((status = 200, body = Page<ApiUserView>)), security(("bearer" = [])), tag = "account", summary = "List API users")]
#[get("/saas/account/api/list")]
pub async fn list(
    ctx: web::Data<Ctx>,
    viewer: Viewer,
    q: Query<ApiListQuery>,
) -> Result<Reply<Page<ApiUserView>>, ApiError> {
    let q = q.into_inner();
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let page = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = api_users::list_api_users(conn, &viewer, q.name.as_deref(), page)?;
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
    viewer: Viewer,
    q: Query<IdQuery>,
) -> Result<Reply<ApiUserView>, ApiError> {
    let id = q.id;
    let view = with_conn(&ctx.pool, move |conn| -> Result<_, ApiError> {
        Ok(api_users::api_user_in_scope(conn, &viewer, id)?
            .ok_or_else(not_found)?
            .into())
    })
    .await?;
    Ok(Reply(view))
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
    viewer: Viewer,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<ApiUserForm>,
) -> Result<Reply<Credentials>, ApiError> {
    let form = form.into_inner();
    form.check(&me)?;
    let form = form.trimmed();
    let app_key = new_app_key()?;
    let secret = new_secret()?;
    let hash = password::hash(&secret)?;
    let sealed = ctx.sealer.seal(&secret)?;
    let by = actor(&me, &req);
    let key = app_key.clone();
    let id = with_conn(&ctx.pool, move |conn| -> Result<i64, ApiError> {
        write_tx(conn, |conn| {
            check_merchant(conn, &viewer, form.mch_id)?;
            let id = platform::id::next_id();
            let now = platform::time::now_ms();
            let kept = SecretColumns {
                hash: &hash,
                sealed: &sealed,
            };
            api_users::insert(conn, &viewer, id, &key, &kept, &form, now)?;
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
    viewer: Viewer,
    me: CurrentUser,
    req: HttpRequest,
    form: Json<ApiUserForm>,
) -> Result<Reply<Credentials>, ApiError> {
    let form = form.into_inner();
    let id = form.check_update(&me)?;
    let form = form.trimmed();
    let secret = if form.reset_secret {
        Some(new_secret()?)
    } else {
        None
    };
    let hash = secret.as_deref().map(password::hash).transpose()?;
    let sealed = secret.as_deref().map(|s| ctx.sealer.seal(s)).transpose()?;
    let by = actor(&me, &req);
    let app_key = with_conn(&ctx.pool, move |conn| -> Result<String, ApiError> {
        write_tx(conn, |conn| {
            let old = api_users::api_user_in_scope(conn, &viewer, id)?.ok_or_else(not_found)?;
            check_merchant(conn, &viewer, form.mch_id)?;
            let kept = hash
                .as_deref()
                .zip(sealed.as_deref())
                .map(|(hash, sealed)| SecretColumns { hash, sealed });
            api_users::update(conn, id, &form, kept.as_ref(), platform::time::now_ms())?;
            logs::record_action(conn, &by, form.update_action(), &old.app_key)?;
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

platform::endpoints!(list, load, save, update);
