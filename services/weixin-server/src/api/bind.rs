//! Binding a staff user's WeChat by QR code (the console header's control):
//! `GET /saas/mp/bind/bindQrCode` makes a temporary QR code whose scene stands for the caller;
//! when the user scans it, WeChat posts subscribe or SCAN with that scene to the portal, which
//! binds the scanner's openId. `GET /saas/mp/info/baseInfo` answers the caller's binding, and
//! `PATCH /saas/mp/bind/removeBind` ends one.

use actix_web::{get, patch, web};
use platform::auth::CurrentUser;
use platform::auth::access::{MSC_OPERATOR_ADMIN, MSC_PLATFORM_ADMIN};
use platform::db::{DbPool, with_conn};
use platform::http::{Query, Reply};
use platform::i18n::Text;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::Ctx;
use super::configs::{app_of, enabled};
use crate::domain::config::KIND_MP;
use crate::store::bindings;

/// A bind QR code lives 30 minutes (the console shows it as long).
pub const QR_EXPIRE_SECS: i64 = 30 * 60;

/// What WeChat shows when it gives no nickname (it stopped doing so in 2021).
pub const DEFAULT_NICKNAME: &str = "微信用户";

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BindQrQuery {
    pub config_id: Option<i64>,
    /// Sent by the console; the bearer token already names the user, so it is not used.
    pub refresh_token: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BaseInfoQuery {
    pub config_id: Option<i64>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OpenIdQuery {
    pub open_id: Option<String>,
}

/// A bind QR code: `qrCodeUrl` is the image (an SVG `data:` URL drawn from what WeChat's code
/// encodes), `ticket` WeChat's ticket for it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BindQr {
    pub qr_code_url: String,
    pub ticket: String,
    pub expire_seconds: i64,
    /// When the code stops binding (ms).
    pub expires_at: i64,
}

/// The caller's binding.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BaseInfo {
    pub nickname: String,
    pub open_id: String,
    pub config_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Unbound {
    pub open_id: String,
    /// How many bindings ended (one per configuration at most).
    pub removed: usize,
}

fn config_required(id: Option<i64>) -> Result<i64, ApiError> {
    id.ok_or_else(|| ApiError::invalid_field("configId", "请选择公众号", "is required"))
}

fn qr_failed(reason: String, reason_en: String) -> ApiError {
    ApiError::Rule {
        code: "bind-qr-failed",
        msg: Text::new(reason, reason_en),
    }
}

/// A QR code that binds the caller's WeChat to the official account `configId` when scanned
/// within 30 minutes.
#[utoipa::path(params(BindQrQuery), responses((status = 200, body = BindQr), (status = 404), (status = 412), (status = 502), (status = 503), (status = 504)), security(("bearer" = [])), tag = "mp-bind", summary = "Make a bind QR code")]
#[get("/saas/mp/bind/bindQrCode")]
pub async fn bind_qr_code(
    pool: web::Data<DbPool>,
    ctx: web::Data<Ctx>,
    viewer: Viewer,
    me: CurrentUser,
    q: Query<BindQrQuery>,
) -> Result<Reply<BindQr>, ApiError> {
    let id = config_required(q.config_id)?;
    let (row, app) = app_of(&pool, &ctx, viewer, KIND_MP, id).await?;
    if !enabled(&row) {
        return Err(qr_failed(
            "公众号已停用".into(),
            "the official account is disabled".into(),
        ));
    }
    // A scene of our own per code: guessing one would take 2^128 tries.
    let scene = format!("bind_{}", platform::id::next_id()) + &random_suffix()?;
    let expires_at = platform::time::now_ms() + QR_EXPIRE_SECS * 1000;
    let s = scene.clone();
    let v = viewer;
    with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(bindings::new_scene(
            conn,
            &v,
            id,
            (me.user_id, &me.username),
            &s,
            expires_at,
        )?)
    })
    .await?;
    let ticket = ctx
        .wx
        .call(&app, |w, token| {
            let scene = scene.clone();
            async move { w.qrcode(&token, &scene, QR_EXPIRE_SECS).await }
        })
        .await
        .map_err(|e| match e {
            crate::access::AccessError::Wx(crate::wechat::WxError::Api { code, msg }) => qr_failed(
                format!("微信未能生成二维码（{code} {msg}）"),
                format!("WeChat did not make the QR code ({code} {msg})"),
            ),
            other => super::wechat_failed(other),
        })?;
    let image = crate::domain::qr::data_url(&ticket.url)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("drawing the QR code: {e}")))?;
    Ok(Reply(BindQr {
        qr_code_url: image,
        ticket: ticket.ticket,
        expire_seconds: ticket.expire_seconds,
        expires_at,
    }))
}

fn random_suffix() -> Result<String, ApiError> {
    let mut b = [0u8; 16];
    getrandom::fill(&mut b)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("no randomness: {e}")))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// The caller's binding to the official account `configId` (nickname and openId), or null.
#[utoipa::path(params(BaseInfoQuery), responses((status = 200, body = Option<BaseInfo>), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mp-bind", summary = "Load the caller's WeChat binding")]
#[get("/saas/mp/info/baseInfo")]
pub async fn base_info(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    q: Query<BaseInfoQuery>,
) -> Result<Reply<Option<BaseInfo>>, ApiError> {
    let id = config_required(q.config_id)?;
    let binding = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        if crate::store::configs::find(conn, &viewer, KIND_MP, id)?.is_none() {
            return Err(ApiError::not_found("公众号", "official account"));
        }
        Ok(bindings::of_user(conn, &viewer, id, me.user_id)?)
    })
    .await?;
    Ok(Reply(binding.map(|b| BaseInfo {
        nickname: if b.nickname.is_empty() {
            DEFAULT_NICKNAME.to_owned()
        } else {
            b.nickname
        },
        open_id: b.open_id,
        config_id: b.config_id,
    })))
}

/// Ends the binding of `openId`: the caller's own; the tenant's administrators may end any of
/// the tenant's.
#[utoipa::path(params(OpenIdQuery), responses((status = 200, body = Unbound), (status = 404), (status = 412)), security(("bearer" = [])), tag = "mp-bind", summary = "Remove a WeChat binding")]
#[patch("/saas/mp/bind/removeBind")]
pub async fn remove_bind(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    q: Query<OpenIdQuery>,
) -> Result<Reply<Unbound>, ApiError> {
    let open_id = q
        .open_id
        .as_deref()
        .map(str::trim)
        .filter(|o| !o.is_empty())
        .ok_or_else(|| ApiError::invalid_field("openId", "请提供 openId", "is required"))?
        .to_owned();
    let admin = matches!(me.msc_type, MSC_OPERATOR_ADMIN | MSC_PLATFORM_ADMIN);
    let o = open_id.clone();
    let removed = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let mut n = 0;
        for b in bindings::of_open_id(conn, &viewer, &o)? {
            if (admin || b.user_id == me.user_id) && bindings::remove(conn, &viewer, b.id)? {
                n += 1;
            }
        }
        Ok(n)
    })
    .await?;
    if removed == 0 {
        return Err(ApiError::not_found("微信绑定", "WeChat binding"));
    }
    Ok(Reply(Unbound { open_id, removed }))
}

platform::endpoints!(bind_qr_code, base_info, remove_bind);
