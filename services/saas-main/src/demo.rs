//! The demo tenant, its two merchants, the demo logins' notification settings and the demo
//! distributor's meituan ticket channel at the channel simulator (`DEMO__ENABLED`, on in the
//! fleet; the platform runs [`seed`] after the migrations, with the service's sealer for the
//! channel's credentials), created once; their events bring the other services' copies in step
//! (the channel configuration reaches ticket-app through its copy's first resync).

use platform::Viewer;
use platform::db::{DbConnection, write_tx};
use platform::tenancy::MerchantKind;

use crate::domain::merchants::{DISTRIBUTOR, MerchantFields, SUPPLIER};
use crate::domain::notify::Settings;
use crate::domain::tenants::{TENANT_NORMAL, TenantFields};
use crate::store::{interfaces, merchants, notify, tenants};

/// The catalogue's meituan ticket channel.
const MEITUAN_TICKET: i64 = 2001;

pub fn seed(conn: &mut DbConnection, sealer: &platform::sealing::Sealer) -> anyhow::Result<bool> {
    if tenants::find(conn, platform::demo::SAAS_ID)?.is_some() {
        return Ok(false);
    }
    let now = platform::time::now_ms();
    let tenant = TenantFields {
        saas_name: "Demo Travel".into(),
        saas_logo: String::new(),
        company_name: "Demo Travel".into(),
        pay_mode: 0,
        pay_service_fee: 6,
        credit_fee: 0,
        currency: "CNY".into(),
        language: "zh-cn".into(),
        contact_name: "Demo".into(),
        contact_mobile: "13800138000".into(),
        contact_email: "demo@example.com".into(),
        domain: String::new(),
        saas_expire_date: now + 365 * 24 * 3600 * 1000,
        state: TENANT_NORMAL,
        saas_type: 0,
        remarks: "demo tenant".into(),
    };
    let merchant = |name: &str| MerchantFields {
        mch_name: name.into(),
        grade: 0,
        contact_name: String::new(),
        contact_mobile: String::new(),
        contact_email: String::new(),
        is_whitelist: false,
        currency: "CNY".into(),
        language: "zh-cn".into(),
        withdraw_fee: 0,
        is_withdraw: false,
        withdraw_limit: 0,
        is_confirm_order: true,
        is_display_stock: true,
        price_codex_purchase: String::new(),
        price_codex_distribution: String::new(),
        price_codex_retail: String::new(),
        supplier_order_manage: true,
        presale_visible: false,
        group_purchase: false,
        state: 1,
        remarks: "demo merchant".into(),
        credit_permanent: None,
        credit_temporary: None,
    };
    let tenant_staff = Viewer::tenant(platform::demo::SAAS_ID);
    write_tx(conn, |conn| -> anyhow::Result<()> {
        tenants::insert(conn, platform::demo::SAAS_ID, &tenant, now)?;
        merchants::insert(
            conn,
            &tenant_staff,
            platform::demo::SUPPLIER_ID,
            SUPPLIER,
            &merchant("Demo Supplier"),
            now,
        )?;
        merchants::insert(
            conn,
            &tenant_staff,
            platform::demo::DISTRIBUTOR_ID,
            DISTRIBUTOR,
            &merchant("Demo Distributor"),
            now,
        )?;
        // Saved as each user would in the console's settings dialog, and announced the same
        // way (`notify-config.updated`), so message-server tells them of the demo's orders.
        for d in platform::demo::NOTIFY_SETTINGS {
            let viewer = match d.mch_id {
                0 => tenant_staff,
                platform::demo::SUPPLIER_ID => {
                    Viewer::merchant(platform::demo::SAAS_ID, d.mch_id, MerchantKind::Supplier)
                }
                _ => Viewer::merchant(platform::demo::SAAS_ID, d.mch_id, MerchantKind::Distributor),
            };
            let settings = Settings::check(d.web, "", "", "", "", "", 1)?;
            notify::save(conn, &viewer, d.user_id, &settings, "zh-cn", now)?;
        }
        let info = interfaces::info(conn, MEITUAN_TICKET)?.ok_or_else(|| {
            anyhow::anyhow!("the interface catalogue has no meituan ticket channel")
        })?;
        let credentials = serde_json::json!({
            "appKey": platform::demo::MEITUAN_TICKET_ACCOUNT,
            "appSecret": platform::demo::MEITUAN_TICKET_SECRET,
            "partnerId": "1001",
        });
        let fields = interfaces::ConfigFields {
            mch_id: platform::demo::DISTRIBUTOR_ID,
            config_name: "美团门票 Meituan tickets".into(),
            base_url: platform::demo::MEITUAN_TICKET_BASE_URL.into(),
            credentials_sealed: sealer.seal(&credentials.to_string())?,
            credential_keys: "appKey,appSecret,partnerId".into(),
        };
        interfaces::insert(
            conn,
            &tenant_staff,
            platform::demo::MEITUAN_TICKET_CONFIG_ID,
            &info,
            &fields,
            crate::domain::interfaces::CONFIG_ENABLED,
            now,
        )?;
        Ok(())
    })?;
    Ok(true)
}
