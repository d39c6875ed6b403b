//! Users' notification settings; each save publishes `notify-config.updated` for
//! message-server in its transaction.

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::DbConnection;

use super::schema::notify_configs;
use crate::NAME;
use crate::domain::notify::Settings;

/// The settings of user `user_id` of the viewer's tenant; None when never saved.
pub fn find(
    conn: &mut DbConnection,
    viewer: &Viewer,
    user_id: i64,
) -> QueryResult<Option<Settings>> {
    let row = notify_configs::table
        .find(user_id)
        .filter(notify_configs::saas_id.eq(viewer.saas_id))
        .select((
            notify_configs::notify_web,
            notify_configs::notify_weixin,
            notify_configs::notify_sms,
            notify_configs::notify_mail,
            notify_configs::mobile,
            notify_configs::email,
            notify_configs::state,
        ))
        .first::<(String, String, String, String, String, String, i32)>(conn)
        .optional()?;
    Ok(
        row.map(|(web, weixin, sms, mail, mobile, email, state)| Settings {
            web,
            weixin,
            sms,
            mail,
            mobile,
            email,
            state,
        }),
    )
}

/// Writes the settings of user `user_id` (of the viewer's tenant and merchant) and tells
/// message-server, which writes mail and SMS in `language`.
pub fn save(
    conn: &mut DbConnection,
    viewer: &Viewer,
    user_id: i64,
    s: &Settings,
    language: &str,
    now: i64,
) -> QueryResult<()> {
    let (saas_id, mch_id) = (viewer.saas_id, viewer.mch_id().unwrap_or(0));
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
    let updated = diesel::update(notify_configs::table.find(user_id))
        .set(values)
        .execute(conn)?;
    if updated == 0 {
        diesel::insert_into(notify_configs::table)
            .values((
                notify_configs::user_id.eq(user_id),
                notify_configs::saas_id.eq(saas_id),
                notify_configs::mch_id.eq(mch_id),
                values,
            ))
            .execute(conn)?;
    }
    let event = v1::NotifyConfigUpdated {
        user_id,
        mch_id,
        notify_web: s.web.clone(),
        notify_weixin: s.weixin.clone(),
        notify_sms: s.sms.clone(),
        notify_mail: s.mail.clone(),
        mobile: s.mobile.clone(),
        email: s.email.clone(),
        state: s.state,
        language: language.to_owned(),
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "notify-config.updated", saas_id, &event),
    )
    .map(|_| ())
}
