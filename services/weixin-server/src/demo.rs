//! The demo tenant's WeChat (docs/demo-data.md): an official account in safe mode, with a
//! template for every notification type, and a mini-program, both enabled. Their fixed ids and
//! credentials are public on purpose: `make run` gives the simulator the same accounts
//! (`WECHAT_SIM__DEMO_SERVER`, wechat-sim reads these constants), so binding by QR code,
//! template messages and mini-program logins work from the first start. Secrets are sealed with
//! the service's own sealer (`ServiceSpec::demo_sealed`), through the same rules and store
//! functions as the API; nothing is made when the account exists.

use platform::Viewer;
use platform::db::DbConnection;
use platform::demo::{DEMO_USER_ID, SAAS_ID};
use platform::sealing::Sealer;

use crate::domain::config::{ConfigFields, KIND_MA, KIND_MP};
use crate::store::configs::{self, Sealed};

/// The demo official account's configuration id (its server URL ends with it).
pub const MP_CONFIG_ID: i64 = 5001;
/// The demo mini-program's configuration id.
pub const MA_CONFIG_ID: i64 = 5002;
pub const MP_APP_ID: &str = "wxde70de70de70mp01";
pub const MA_APP_ID: &str = "wxde70de70de70ma01";
pub const SECRET: &str = "demosecretdemosecretdemosecret00";
pub const TOKEN: &str = "demotoken";
pub const AES_KEY: &str = "DemoTravelSafeModeKey0123456789abcdefghijkl";
/// The notification types an official account has a template for (docs/events.md).
const TEMPLATE_TYPES: &[i32] = &[0, 1, 2, 3, 10, 11, 12, 13, 14];

fn fields(v: serde_json::Value, kind: i32) -> anyhow::Result<ConfigFields> {
    serde_json::from_value::<ConfigFields>(v)?
        .validated(kind, true)
        .map_err(|e| anyhow::anyhow!("a demo account breaks a rule: {e:?}"))
}

pub fn seed(conn: &mut DbConnection, sealer: &Sealer) -> anyhow::Result<bool> {
    if configs::find_for_portal(conn, MP_CONFIG_ID)?.is_some() {
        return Ok(false);
    }
    let viewer = Viewer::tenant(SAAS_ID);
    let now = platform::time::now_ms();
    let templates: serde_json::Map<String, serde_json::Value> = TEMPLATE_TYPES
        .iter()
        .map(|t| (t.to_string(), serde_json::json!(format!("DEMO_TMPL_{t}"))))
        .collect();
    let mp = fields(
        serde_json::json!({
            "name": "Demo Travel Service",
            "appId": MP_APP_ID,
            "appSecret": SECRET,
            "token": TOKEN,
            "encodingAesKey": AES_KEY,
            "templates": templates,
        }),
        KIND_MP,
    )?;
    let ma = fields(
        serde_json::json!({"name": "Demo Travel Mini", "appId": MA_APP_ID, "appSecret": SECRET}),
        KIND_MA,
    )?;
    for (id, kind, f) in [(MP_CONFIG_ID, KIND_MP, mp), (MA_CONFIG_ID, KIND_MA, ma)] {
        configs::insert_as(
            conn,
            &viewer,
            id,
            kind,
            DEMO_USER_ID,
            &f,
            &Sealed::of(sealer, &f)?,
            now,
        )?;
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_accounts_follow_the_rules() {
        let mp = serde_json::json!({"name": "x", "appId": MP_APP_ID, "appSecret": SECRET, "token": TOKEN, "encodingAesKey": AES_KEY});
        assert!(fields(mp, KIND_MP).is_ok());
        assert!(crate::domain::safe_mode::AesKey::from_encoding(AES_KEY).is_ok());
        let ma = serde_json::json!({"name": "x", "appId": MA_APP_ID, "appSecret": SECRET});
        assert!(fields(ma, KIND_MA).is_ok());
    }
}
