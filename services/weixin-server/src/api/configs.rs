//! Configurations: `/saas/mp/config/*` (official accounts) and `/saas/ma/config/*`
//! (mini-programs), kept by the tenant's staff; and `GET /openapi/mp/config/getConfigIds`, which
//! the console's header asks without a login (ids only). Secrets are write-only: answers say
//! whether each is set, never what it is.

use actix_web::{get, patch, post, put, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply, unless_all};
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::Ctx;
use crate::access::App;
use crate::domain::config::{ConfigFields, KIND_MA, KIND_MP, STATE_ENABLED, STATES};
use crate::store::configs::{self, ConfigFilter, ConfigRow, ConfigView, Sealed};
use crate::store::tokens;

fn not_found() -> ApiError {
    ApiError::not_found("微信配置", "WeChat configuration")
}

fn app_id_taken() -> ApiError {
    ApiError::invalid_field(
        "appId",
        "已有此 AppID 的配置",
        "the tenant has a configuration of this AppID",
    )
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ConfigListQuery {
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the name or AppID.
    pub name: Option<String>,
    /// 1 enabled, 2 disabled (-99 or absent: all).
    pub state: Option<i32>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ConfigIdQuery {
    pub config_id: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StateQuery {
    pub config_id: Option<i64>,
    /// 1 enabled, 2 disabled.
    pub state: Option<i32>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SaasIdQuery {
    pub saas_id: Option<i64>,
}

/// The body of `update`: the configuration and its fields (empty secrets keep the stored ones).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigUpdate {
    pub config_id: i64,
    #[serde(flatten)]
    pub fields: ConfigFields,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigSaved {
    pub config_id: i64,
}

/// The answer of a connection test: WeChat handed out an access token.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionTested {
    pub config_id: i64,
    pub app_id: String,
    /// When the token WeChat gave expires (ms).
    pub token_expires_at: i64,
}

fn required(id: Option<i64>) -> Result<i64, ApiError> {
    id.ok_or_else(|| ApiError::invalid_field("configId", "请选择配置", "is required"))
}

async fn list_of(
    pool: &DbPool,
    ctx: &Ctx,
    viewer: Viewer,
    kind: i32,
    q: ConfigListQuery,
) -> Result<Page<ConfigView>, ApiError> {
    viewer.require_tenant_staff()?;
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let filter = ConfigFilter {
        name: q.name,
        state: unless_all(q.state),
    };
    let public = ctx.settings.public_url.clone();
    with_conn(pool, move |conn| -> Result<_, ApiError> {
        let (rows, total) = configs::list(conn, &viewer, kind, &filter, page)?;
        Ok(Page::new(
            rows.iter().map(|r| r.view(&public)).collect(),
            total,
            page,
        ))
    })
    .await
}

async fn load_of(
    pool: &DbPool,
    ctx: &Ctx,
    viewer: Viewer,
    kind: i32,
    id: Option<i64>,
) -> Result<ConfigView, ApiError> {
    viewer.require_tenant_staff()?;
    let id = required(id)?;
    let row = with_conn(pool, move |conn| -> Result<_, ApiError> {
        configs::find(conn, &viewer, kind, id)?.ok_or_else(not_found)
    })
    .await?;
    Ok(row.view(&ctx.settings.public_url))
}

fn sealed(ctx: &Ctx, f: &ConfigFields) -> Result<Sealed, ApiError> {
    Ok(Sealed::of(&ctx.wx.sealer, f)?)
}

async fn save_of(
    pool: &DbPool,
    ctx: &Ctx,
    viewer: Viewer,
    me: CurrentUser,
    kind: i32,
    fields: ConfigFields,
) -> Result<ConfigSaved, ApiError> {
    viewer.require_tenant_staff()?;
    let fields = fields.validated(kind, true)?;
    let sealed = sealed(ctx, &fields)?;
    let now = platform::time::now_ms();
    let config_id = with_conn(pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            if configs::app_id_taken(conn, &viewer, kind, &fields.app_id, 0)? {
                return Err(app_id_taken());
            }
            Ok(configs::insert(
                conn, &viewer, kind, me.user_id, &fields, &sealed, now,
            )?)
        })
    })
    .await?;
    Ok(ConfigSaved { config_id })
}

async fn update_of(
    pool: &DbPool,
    ctx: &Ctx,
    viewer: Viewer,
    kind: i32,
    body: ConfigUpdate,
) -> Result<ConfigSaved, ApiError> {
    viewer.require_tenant_staff()?;
    let ConfigUpdate { config_id, fields } = body;
    let fields = fields.validated(kind, false)?;
    let sealed = sealed(ctx, &fields)?;
    let now = platform::time::now_ms();
    with_conn(pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            let Some(old) = configs::find(conn, &viewer, kind, config_id)? else {
                return Err(not_found());
            };
            if configs::app_id_taken(conn, &viewer, kind, &fields.app_id, config_id)? {
                return Err(app_id_taken());
            }
            configs::update(conn, &viewer, kind, config_id, &fields, &sealed, now)?;
            // A token of another app id, or of a secret no longer valid, must not be used.
            if old.app_id != fields.app_id || !sealed.secret.is_empty() {
                tokens::forget(conn, config_id)?;
            }
            Ok(())
        })
    })
    .await?;
    Ok(ConfigSaved { config_id })
}

async fn state_of(
    pool: &DbPool,
    viewer: Viewer,
    kind: i32,
    q: StateQuery,
) -> Result<ConfigSaved, ApiError> {
    viewer.require_tenant_staff()?;
    let id = required(q.config_id)?;
    let state = q
        .state
        .ok_or_else(|| ApiError::invalid_field("state", "请选择状态", "is required"))?;
    platform::validate::one_of("state", state, STATES)?;
    let now = platform::time::now_ms();
    let changed = with_conn(pool, move |conn| -> Result<_, ApiError> {
        Ok(configs::set_state(conn, &viewer, kind, id, state, now)?)
    })
    .await?;
    if !changed {
        return Err(not_found());
    }
    Ok(ConfigSaved { config_id: id })
}

/// The opened credentials of a configuration the viewer sees.
pub async fn app_of(
    pool: &DbPool,
    ctx: &Ctx,
    viewer: Viewer,
    kind: i32,
    id: i64,
) -> Result<(ConfigRow, App), ApiError> {
    let row = with_conn(pool, move |conn| -> Result<_, ApiError> {
        configs::find(conn, &viewer, kind, id)?.ok_or_else(not_found)
    })
    .await?;
    let app = App {
        config_id: row.id,
        app_id: row.app_id.clone(),
        secret: ctx.wx.sealer.open(&row.secret_sealed)?,
    };
    Ok((row, app))
}

async fn test_of(
    pool: &DbPool,
    ctx: &Ctx,
    viewer: Viewer,
    kind: i32,
    id: Option<i64>,
) -> Result<ConnectionTested, ApiError> {
    viewer.require_tenant_staff()?;
    let id = required(id)?;
    let (row, app) = app_of(pool, ctx, viewer, kind, id).await?;
    ctx.wx
        .token(&app, None)
        .await
        .map_err(super::wechat_failed)?;
    let token = with_conn(pool, move |conn| -> Result<_, ApiError> {
        Ok(tokens::current(conn, id)?)
    })
    .await?;
    Ok(ConnectionTested {
        config_id: id,
        app_id: row.app_id,
        token_expires_at: token.expires_at,
    })
}

/// The six endpoints of one kind of configuration, on the generic paths above. Official
/// accounts and mini-programs have the same endpoints under their own paths (each path is its
/// own permission code, so the kind is in the route, not a parameter): one definition, made
/// twice.
macro_rules! config_endpoints {
    (
        $module:ident, $kind:expr, $tag:tt,
        list: $list:tt, $list_sum:tt,
        load: $load:tt, $load_sum:tt,
        save: $save:tt, $save_sum:tt,
        update: $update:tt, $update_sum:tt,
        state: $state:tt, $state_sum:tt,
        test: $test:tt, $test_sum:tt $(,)?
    ) => {
        pub mod $module {
            use super::*;

            #[utoipa::path(params(ConfigListQuery), responses((status = 200, body = Page<ConfigView>), (status = 403), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $list_sum, operation_id = concat!(stringify!($module), "_list"), description = "Newest first.")]
            #[get($list)]
            pub async fn list(
                pool: web::Data<DbPool>,
                ctx: web::Data<Ctx>,
                viewer: Viewer,
                q: Query<ConfigListQuery>,
            ) -> Result<Reply<Page<ConfigView>>, ApiError> {
                Ok(Reply(list_of(&pool, &ctx, viewer, $kind, q.into_inner()).await?))
            }

            #[utoipa::path(params(ConfigIdQuery), responses((status = 200, body = ConfigView), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $load_sum, operation_id = concat!(stringify!($module), "_load"))]
            #[get($load)]
            pub async fn load(
                pool: web::Data<DbPool>,
                ctx: web::Data<Ctx>,
                viewer: Viewer,
                q: Query<ConfigIdQuery>,
            ) -> Result<Reply<ConfigView>, ApiError> {
                Ok(Reply(load_of(&pool, &ctx, viewer, $kind, q.config_id).await?))
            }

            #[utoipa::path(request_body = ConfigFields, responses((status = 200, body = ConfigSaved), (status = 403), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $save_sum, operation_id = concat!(stringify!($module), "_save"))]
            #[post($save)]
            pub async fn save(
                pool: web::Data<DbPool>,
                ctx: web::Data<Ctx>,
                viewer: Viewer,
                me: CurrentUser,
                body: Json<ConfigFields>,
            ) -> Result<Reply<ConfigSaved>, ApiError> {
                Ok(Reply(save_of(&pool, &ctx, viewer, me, $kind, body.into_inner()).await?))
            }

            #[utoipa::path(request_body = ConfigUpdate, responses((status = 200, body = ConfigSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $update_sum, operation_id = concat!(stringify!($module), "_update"), description = "Empty secrets keep the stored ones.")]
            #[put($update)]
            pub async fn update(
                pool: web::Data<DbPool>,
                ctx: web::Data<Ctx>,
                viewer: Viewer,
                body: Json<ConfigUpdate>,
            ) -> Result<Reply<ConfigSaved>, ApiError> {
                Ok(Reply(update_of(&pool, &ctx, viewer, $kind, body.into_inner()).await?))
            }

            #[utoipa::path(params(StateQuery), responses((status = 200, body = ConfigSaved), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = $tag, summary = $state_sum, operation_id = concat!(stringify!($module), "_state"))]
            #[patch($state)]
            pub async fn state(
                pool: web::Data<DbPool>,
                viewer: Viewer,
                q: Query<StateQuery>,
            ) -> Result<Reply<ConfigSaved>, ApiError> {
                Ok(Reply(state_of(&pool, viewer, $kind, q.into_inner()).await?))
            }

            #[utoipa::path(params(ConfigIdQuery), responses((status = 200, body = ConnectionTested), (status = 403), (status = 404), (status = 412), (status = 502), (status = 503), (status = 504)), security(("bearer" = [])), tag = $tag, summary = $test_sum, operation_id = concat!(stringify!($module), "_test"), description = "Gets an access token from WeChat with the stored credentials.")]
            #[post($test)]
            pub async fn test(
                pool: web::Data<DbPool>,
                ctx: web::Data<Ctx>,
                viewer: Viewer,
                q: Query<ConfigIdQuery>,
            ) -> Result<Reply<ConnectionTested>, ApiError> {
                Ok(Reply(test_of(&pool, &ctx, viewer, $kind, q.config_id).await?))
            }

            platform::endpoints!(list, load, save, update, state, test);
        }
    };
}

config_endpoints!(
    mp, KIND_MP, "mp-config",
    list: "/saas/mp/config/list", "List official accounts",
    load: "/saas/mp/config/load", "Load an official account",
    save: "/saas/mp/config/save", "Add an official account",
    update: "/saas/mp/config/update", "Change an official account",
    state: "/saas/mp/config/state", "Enable or disable an official account",
    test: "/saas/mp/config/test", "Test an official account's connection",
);

config_endpoints!(
    ma, KIND_MA, "ma-config",
    list: "/saas/ma/config/list", "List mini-programs",
    load: "/saas/ma/config/load", "Load a mini-program",
    save: "/saas/ma/config/save", "Add a mini-program",
    update: "/saas/ma/config/update", "Change a mini-program",
    state: "/saas/ma/config/state", "Enable or disable a mini-program",
    test: "/saas/ma/config/test", "Test a mini-program's connection",
);

/// The ids of a tenant's enabled official accounts, oldest first (no login: the console's
/// header asks before it shows the binding control). Ids only; an unknown tenant has none.
#[utoipa::path(params(SaasIdQuery), responses((status = 200, body = [i64]), (status = 412)), tag = "mp-config", summary = "List a tenant's official account ids")]
#[get("/openapi/mp/config/getConfigIds")]
pub async fn get_config_ids(
    pool: web::Data<DbPool>,
    q: Query<SaasIdQuery>,
) -> Result<Reply<Vec<i64>>, ApiError> {
    let saas_id = q
        .saas_id
        .ok_or_else(|| ApiError::invalid_field("saasId", "请提供租户", "is required"))?;
    let ids = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(configs::enabled_mp_ids(conn, saas_id)?)
    })
    .await?;
    Ok(Reply(ids))
}

/// Whether a configuration is enabled (binding and sending need it).
pub fn enabled(row: &ConfigRow) -> bool {
    row.state == STATE_ENABLED
}

platform::endpoints!(get_config_ids);
