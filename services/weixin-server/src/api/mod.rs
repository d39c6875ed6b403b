//! weixin-server's HTTP endpoints, one module per resource. Each module ends with
//! `platform::endpoints!(...)`, which makes its routes and its OpenAPI paths from one list;
//! [`MODULES`] lists the modules once for both.

pub mod bind;
pub mod configs;
pub mod followers;
pub mod ma_users;
pub mod messages;
pub mod portal;

use actix_web::web;
use platform::http::endpoints::{self, Module};
use utoipa::OpenApi;

use crate::access::Wx;
use crate::settings::Settings;

const MODULES: &[Module] = &[
    configs::mp::MODULE,
    configs::ma::MODULE,
    configs::MODULE,
    bind::MODULE,
    followers::MODULE,
    ma_users::MODULE,
    messages::MODULE,
    portal::MODULE,
];

#[derive(OpenApi)]
#[openapi(tags(
    (name = "mp-config", description = "The tenant's official accounts"),
    (name = "ma-config", description = "The tenant's mini-programs"),
    (name = "mp-bind", description = "Staff users' WeChat bindings by QR code"),
    (name = "mp-user", description = "The followers of an official account"),
    (name = "ma-user", description = "The users of a mini-program, made by their logins"),
    (name = "mp-message", description = "Template messages sent to bound staff users"),
    (name = "mp-portal", description = "The server URL WeChat posts its signed events to"),
))]
struct ApiDoc;

/// What the handlers share beyond the pool: the way to WeChat and the settings.
#[derive(Clone)]
pub struct Ctx {
    pub wx: Wx,
    pub settings: Settings,
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    endpoints::serve(MODULES, cfg);
}

pub fn openapi() -> utoipa::openapi::OpenApi {
    endpoints::document(ApiDoc::openapi(), MODULES)
}

/// WeChat's refusal or an unreachable WeChat, as the caller is told it.
pub fn wechat_failed(e: crate::access::AccessError) -> platform::ApiError {
    use crate::access::AccessError;
    use crate::wechat::WxError;
    use platform::ApiError;
    use platform::i18n::Text;
    match e {
        AccessError::Wx(WxError::Api { code, msg }) => ApiError::Rule {
            code: "wechat-refused",
            msg: Text::new(
                format!("微信拒绝了请求（{code} {msg}）"),
                format!("WeChat refused the request ({code} {msg})"),
            ),
        },
        AccessError::Wx(WxError::Transport(t)) => t.into(),
        AccessError::Busy => ApiError::Unavailable {
            reason: Text::new(
                "正在刷新微信凭证，请稍后再试",
                "the WeChat access token is being refreshed; try again",
            ),
        },
        other => ApiError::Internal(anyhow::anyhow!(other)),
    }
}
