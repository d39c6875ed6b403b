//! The caller's notification settings: `/saas/notify/config/{load,save}`.

use actix_web::{get, post, web};
use diesel::prelude::*;
use platform::ApiError;
use platform::auth::CurrentUser;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::{DbPool, with_conn, write_tx};
use platform::http::{Json, Reply};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain::boss::{self, Licence};
use crate::domain::notify::{MAIL_LICENCE, SMS_LICENCE, Settings, service_required};
use crate::store::schema::notify_configs;

#[derive(Debug, Serialize, Deserialize, ToSchema, Queryable)]
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

/// The caller's settings (nothing checked, state normal, when never saved).
#[utoipa::path(responses((status = 200, body = NotifyConfig)), security(("bearer" = [])), tag = "notify")]
#[get("/saas/notify/config/load")]
pub async fn load(
    pool: web::Data<DbPool>,
    me: CurrentUser,
) -> Result<Reply<NotifyConfig>, ApiError> {
    let config = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        let row = notify_configs::table
            .find(me.user_id)
            .filter(notify_configs::saas_id.eq(me.saas_id))
            .select((
                notify_configs::notify_web,
                notify_configs::notify_weixin,
                notify_configs::notify_sms,
                notify_configs::notify_mail,
                notify_configs::mobile,
                notify_configs::email,
                notify_configs::state,
            ))
            .first::<NotifyConfig>(conn)
            .optional()?;
        Ok(row.unwrap_or(NotifyConfig {
            notify_web: String::new(),
            notify_weixin: String::new(),
            notify_sms: String::new(),
            notify_mail: String::new(),
            mobile: String::new(),
            email: String::new(),
            state: 1,
        }))
    })
    .await?;
    Ok(Reply(config))
}

fn live(
    conn: &mut platform::db::DbConnection,
    saas_id: i64,
    name: &str,
    now: i64,
) -> QueryResult<bool> {
    Ok(
        crate::store::boss::licence(conn, saas_id, name)?.is_some_and(|l| {
            boss::state_of(
                Licence {
                    value: l.license_value,
                    expire_date: l.expire_date,
                },
                now,
            ) == boss::LICENCE_NORMAL
        }),
    )
}

/// Saves the caller's settings; SMS and mail need their paid service. `notify-config.updated`
/// tells message-server, with the request's language (mail and SMS are written in it).
#[utoipa::path(request_body = NotifyConfig, responses((status = 200, body = NotifyConfig), (status = 412, description = "a list, a contact or a missing paid service")), security(("bearer" = [])), tag = "notify")]
#[post("/saas/notify/config/save")]
pub async fn save(
    pool: web::Data<DbPool>,
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
    let saved = with_conn(&pool, move |conn| -> Result<NotifyConfig, ApiError> {
        write_tx(conn, |conn| {
            let now = platform::time::now_ms();
            if !s.sms.is_empty() && !live(conn, me.saas_id, SMS_LICENCE, now)? {
                return Err(service_required("notifySms", SMS_LICENCE));
            }
            if !s.mail.is_empty() && !live(conn, me.saas_id, MAIL_LICENCE, now)? {
                return Err(service_required("notifyMail", MAIL_LICENCE));
            }
            let values = (
                notify_configs::notify_web.eq(&s.web),
                notify_configs::notify_weixin.eq(&s.weixin),
                notify_configs::notify_sms.eq(&s.sms),
                notify_configs::notify_mail.eq(&s.mail),
                notify_configs::mobile.eq(&s.mobile),
                notify_configs::email.eq(&s.email),
                notify_configs::state.eq(s.state),
                notify_configs::updated_at.eq(now),
            );
            let updated = diesel::update(notify_configs::table.find(me.user_id))
                .set(values)
                .execute(conn)?;
            if updated == 0 {
                diesel::insert_into(notify_configs::table)
                    .values((
                        notify_configs::user_id.eq(me.user_id),
                        notify_configs::saas_id.eq(me.saas_id),
                        notify_configs::mch_id.eq(me.mch_id),
                        values,
                    ))
                    .execute(conn)?;
            }
            let event = v1::NotifyConfigUpdated {
                user_id: me.user_id,
                mch_id: me.mch_id,
                notify_web: s.web.clone(),
                notify_weixin: s.weixin.clone(),
                notify_sms: s.sms.clone(),
                notify_mail: s.mail.clone(),
                mobile: s.mobile.clone(),
                email: s.email.clone(),
                state: s.state,
                language: platform::i18n::Lang::current().code().into(),
            };
            publish_in_tx(
                conn,
                Outgoing::new(crate::NAME, "notify-config.updated", me.saas_id, &event),
            )?;
            Ok(NotifyConfig {
                notify_web: s.web,
                notify_weixin: s.weixin,
                notify_sms: s.sms,
                notify_mail: s.mail,
                mobile: s.mobile,
                email: s.email,
                state: s.state,
            })
        })
    })
    .await?;
    Ok(Reply(saved))
}
