//! Users' notification settings; each save publishes `notify-config.updated` for
//! message-server in its transaction, and every saved setting is announced again when
//! message-server asks for its copy (`resync.notify-configs.requested`).

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::DbConnection;

use super::schema::notify_configs;
use crate::NAME;
use crate::domain::notify::Settings;

/// A user's settings as saved: whose they are, what they take, and the language their mail and
/// SMS are written in.
#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = notify_configs)]
struct Saved {
    user_id: i64,
    saas_id: i64,
    mch_id: i64,
    notify_web: String,
    notify_weixin: String,
    notify_sms: String,
    notify_mail: String,
    mobile: String,
    email: String,
    state: i32,
    language: String,
}

impl Saved {
    fn settings(&self) -> Settings {
        Settings {
            web: self.notify_web.clone(),
            weixin: self.notify_weixin.clone(),
            sms: self.notify_sms.clone(),
            mail: self.notify_mail.clone(),
            mobile: self.mobile.clone(),
            email: self.email.clone(),
            state: self.state,
        }
    }
}

/// The settings of user `user_id` of the viewer's tenant; None when never saved.
pub fn find(
    conn: &mut DbConnection,
    viewer: &Viewer,
    user_id: i64,
) -> QueryResult<Option<Settings>> {
    let row = notify_configs::table
        .find(user_id)
        .filter(notify_configs::saas_id.eq(viewer.saas_id))
        .select(Saved::as_select())
        .first(conn)
        .optional()?;
    Ok(row.as_ref().map(Saved::settings))
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
        notify_configs::language.eq(language),
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
    announce(conn, saas_id, mch_id, user_id, s, language)
}

/// Publishes every saved setting again as its save did; answers how many.
pub fn announce_all(conn: &mut DbConnection) -> QueryResult<usize> {
    let all: Vec<Saved> = notify_configs::table
        .order(notify_configs::user_id)
        .select(Saved::as_select())
        .load(conn)?;
    for row in &all {
        let s = row.settings();
        announce(
            conn,
            row.saas_id,
            row.mch_id,
            row.user_id,
            &s,
            &row.language,
        )?;
    }
    Ok(all.len())
}

/// Tells message-server of a user's settings (`notify-config.updated`).
fn announce(
    conn: &mut DbConnection,
    saas_id: i64,
    mch_id: i64,
    user_id: i64,
    s: &Settings,
    language: &str,
) -> QueryResult<()> {
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
