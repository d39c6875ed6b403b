//! The caller's notification settings: `/saas/notify/config/{load,save}`.

use actix_web::{get, post, web};
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Reply};
use platform::i18n::Lang;
use platform::{ApiError, Viewer};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain::notify::{Settings, service_required};
use crate::store;

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotifyConfig {
    /// Comma-joined notification types (docs/enums.md `typeNotifys`) shown in the console.
    #[serde(default)]
    pub notify_web: String,
    #[serde(default)]
    pub notify_weixin: String,
    #[serde(default)]
    pub notify_sms: String,
    #[serde(default)]
    pub notify_mail: String,
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub email: String,
    /// 1 normal, 0 blocked (nothing is sent).
    pub state: i32,
}

impl From<Settings> for NotifyConfig {
    fn from(s: Settings) -> Self {
        Self {
            notify_web: s.web,
            notify_weixin: s.weixin,
            notify_sms: s.sms,
            notify_mail: s.mail,
            mobile: s.mobile,
            email: s.email,
            state: s.state,
        }
    }
}

/// The caller's settings (nothing checked, state normal, when never saved).
#[utoipa::path(responses((status = 200, body = NotifyConfig)), security(("bearer" = [])), tag = "notify")]
#[get("/saas/notify/config/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
) -> Result<Reply<NotifyConfig>, ApiError> {
    let settings = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(store::notify::find(conn, &viewer, me.user_id)?)
    })
    .await?;
    Ok(Reply(settings.unwrap_or_else(Settings::never_saved).into()))
}

/// Saves the caller's settings; SMS and mail need their paid service. `notify-config.updated`
/// tells message-server, with the request's language (mail and SMS are written in it).
#[utoipa::path(request_body = NotifyConfig, responses((status = 200, body = NotifyConfig), (status = 412, description = "a list, a contact or a missing paid service")), security(("bearer" = [])), tag = "notify")]
#[post("/saas/notify/config/save")]
pub async fn save(
    pool: web::Data<DbPool>,
    viewer: Viewer,
    me: CurrentUser,
    form: Json<NotifyConfig>,
) -> Result<Reply<NotifyConfig>, ApiError> {
    let f = form.into_inner();
    let s = Settings::check(
        &f.notify_web,
        &f.notify_weixin,
        &f.notify_sms,
        &f.notify_mail,
        &f.mobile,
        &f.email,
        f.state,
    )?;
    let language = Lang::current().code();
    let saved = with_conn(&pool, move |conn| -> Result<Settings, ApiError> {
        write_tx(conn, |conn| {
            let now = platform::time::now_ms();
            for (field, licence) in s.licences_needed() {
                if !store::boss::licence_live(conn, &viewer, licence, now)? {
                    return Err(service_required(field, licence));
                }
            }
            store::notify::save(conn, &viewer, me.user_id, &s, language, now)?;
            Ok(s)
        })
    })
    .await?;
    Ok(Reply(saved.into()))
}

platform::endpoints!(load, save);
