//! The demo logins' notification settings in message-server's copy (`DEMO__ENABLED`, on in the
//! fleet; the platform runs [`seed`] after the migrations), on first start only.
//!
//! saas-main owns the settings: its demo saves them and announces them
//! (`notify-config.updated`). This copy starts with them as stand-ins, dated 0 so saas-main's
//! own events always win, because the demo hotel's history (hotel-app's `order.hotel.*` events)
//! may reach this queue before saas-main's announcements do, and an order event heard before
//! its readers' settings notifies no one.

use platform::bus::v1;
use platform::db::DbConnection;

use crate::store;

/// When the stand-ins "occurred": before anything saas-main announces.
const STAND_IN_AT: i64 = 0;

/// Writes the stand-ins unless the copy holds any setting; answers whether it did.
pub fn seed(conn: &mut DbConnection) -> anyhow::Result<bool> {
    if store::config_rows(conn)? > 0 {
        return Ok(false);
    }
    for d in platform::demo::NOTIFY_SETTINGS {
        let settings = v1::NotifyConfigUpdated {
            user_id: d.user_id,
            mch_id: d.mch_id,
            notify_web: d.web.to_owned(),
            state: 1,
            language: "zh-cn".to_owned(),
            ..Default::default()
        };
        store::save_config(conn, platform::demo::SAAS_ID, &settings, STAND_IN_AT)?;
    }
    Ok(true)
}
