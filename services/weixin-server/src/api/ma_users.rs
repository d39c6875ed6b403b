//! Mini-program users. A mini-program logs its user in with `POST /openapi/ma/user/login` (no
//! console login: the mini-program's own call, with the code of `wx.login`): weixin-server
//! exchanges the code with WeChat (`jscode2session`, signed by the mini-program's app secret)
//! and records the user of that tenant's mini-program, their unionId and their session key
//! (sealed). The tenant's staff list them with `GET /saas/ma/user/list`.

use actix_web::{get, post, web};
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Page, PageQuery, Query, Reply};
use platform::i18n::Text;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::Ctx;
use super::configs::enabled;
use crate::domain::config::KIND_MA;
use crate::domain::ma_user;
use crate::store::configs;
use crate::store::ma_users::{self, Login, MaUser, MaUserFilter};
use crate::wechat::WxError;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MaUserListQuery {
    /// The mini-program.
    pub config_id: Option<i64>,
    pub page: Option<u32>,
    pub result_num: Option<u32>,
    /// Part of the openId or unionId.
    pub keyword: Option<String>,
    /// 1 with a unionId, 0 without (-99 or absent: all).
    pub has_union_id: Option<i32>,
    /// Last login at or after (ms).
    pub login_from: Option<i64>,
    /// Last login before (ms).
    pub login_to: Option<i64>,
}

/// The users of a mini-program of the tenant, latest login first.
#[utoipa::path(params(MaUserListQuery), responses((status = 200, body = Page<MaUser>), (status = 403), (status = 404), (status = 412)), security(("bearer" = [])), tag = "ma-user", summary = "List a mini-program's users")]
#[get("/saas/ma/user/list")]
pub async fn list(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    q: Query<MaUserListQuery>,
) -> Result<Reply<Page<MaUser>>, ApiError> {
    viewer.require_tenant_staff()?;
    let q = q.into_inner();
    let config_id = q
        .config_id
        .ok_or_else(|| ApiError::invalid_field("configId", "请选择小程序", "is required"))?;
    let page = PageQuery {
        page: q.page,
        result_num: q.result_num,
    }
    .validate()?;
    let has_union_id = match platform::http::unless_all(q.has_union_id) {
        None => None,
        Some(1) => Some(true),
        Some(0) => Some(false),
        Some(_) => {
            return Err(ApiError::invalid_field(
                "hasUnionId",
                "取值为 1、0 或 -99",
                "must be 1, 0 or -99",
            ));
        }
    };
    ma_user::window(q.login_from, q.login_to)?;
    let filter = MaUserFilter {
        config_id,
        keyword: q.keyword,
        has_union_id,
        login_from: q.login_from,
        login_to: q.login_to,
    };
    let page = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        if configs::find(conn, &viewer, KIND_MA, config_id)?.is_none() {
            return Err(ApiError::not_found("小程序", "mini-program"));
        }
        let (rows, total) = ma_users::list(conn, &viewer, &filter, page)?;
        Ok(Page::new(rows, total, page))
    })
    .await?;
    Ok(Reply(page))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MaLoginBody {
    /// The mini-program's configuration (`configId` of ma/config).
    pub config_id: Option<i64>,
    /// The code `wx.login` gave the mini-program (one use, 5 minutes).
    pub code: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MaLoggedIn {
    pub ma_user_id: i64,
    pub config_id: i64,
    pub open_id: String,
    /// Empty when WeChat gave none.
    pub union_id: String,
    /// Whether this login made the user.
    pub first_login: bool,
    pub login_count: i32,
}

/// A mini-program's user logs in with the code of `wx.login`: WeChat says who they are, and the
/// user of the tenant's mini-program is made or updated.
#[utoipa::path(request_body = MaLoginBody, responses((status = 200, body = MaLoggedIn), (status = 404, description = "no such mini-program"), (status = 412, description = "the code is missing or malformed, WeChat refused it (used, expired, unknown), or the mini-program is disabled"), (status = 502), (status = 504)), tag = "ma-user", summary = "Log a mini-program user in with a wx.login code")]
#[post("/openapi/ma/user/login")]
pub async fn login(
    pool: web::Data<DbPool>,
    ctx: web::Data<Ctx>,
    body: Json<MaLoginBody>,
) -> Result<Reply<MaLoggedIn>, ApiError> {
    let body = body.into_inner();
    let config_id = body
        .config_id
        .ok_or_else(|| ApiError::invalid_field("configId", "请提供小程序", "is required"))?;
    let code = ma_user::code(body.code.as_deref())?;
    let row = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(configs::find_for_login(conn, config_id)?)
    })
    .await?
    .ok_or_else(|| ApiError::not_found("小程序", "mini-program"))?;
    if !enabled(&row) {
        return Err(ApiError::invalid_field(
            "configId",
            "该小程序已停用",
            "the mini-program is disabled",
        ));
    }
    let secret = ctx.wx.sealer.open(&row.secret_sealed)?;
    let session = ctx
        .wx
        .wechat
        .code2session(&row.app_id, &secret, &code)
        .await
        .map_err(|e| match e {
            WxError::Api { code, msg } => ApiError::invalid(
                "code",
                Text::new(
                    format!("微信不接受该 code（{code} {msg}）"),
                    format!("WeChat refused the code ({code} {msg})"),
                ),
            ),
            WxError::Transport(t) => t.into(),
            other => ApiError::Internal(anyhow::anyhow!(other)),
        })?;
    if session.openid.is_empty() {
        return Err(ApiError::Internal(anyhow::anyhow!(
            "WeChat's jscode2session answer has no openid"
        )));
    }
    let sealed = ctx.wx.sealer.seal(&session.session_key)?;
    let saas_id = row.saas_id;
    let now = platform::time::now_ms();
    let (user, first) = with_conn(&pool, move |conn| {
        write_tx::<_, ApiError>(conn, |conn| {
            Ok(ma_users::record_login(
                conn,
                saas_id,
                config_id,
                &Login {
                    open_id: &session.openid,
                    union_id: &session.unionid,
                    session_key_sealed: &sealed,
                },
                now,
            )?)
        })
    })
    .await?;
    tracing::info!(
        config_id,
        ma_user_id = user.id,
        first,
        "a mini-program user logged in"
    );
    Ok(Reply(MaLoggedIn {
        ma_user_id: user.id,
        config_id,
        open_id: user.open_id,
        union_id: user.union_id,
        first_login: first,
        login_count: user.login_count,
    }))
}

platform::endpoints!(list, login);
