//! The demo tenant, its two merchants and the demo logins' notification settings
//! (`DEMO__ENABLED`, on in the fleet; the platform runs [`seed`] after the migrations), created
//! once; their events bring the other services' copies in step.

use platform::Viewer;
use platform::db::{DbConnection, write_tx};
use platform::tenancy::MerchantKind;

use crate::domain::merchants::{DISTRIBUTOR, MerchantFields, SUPPLIER};
use crate::domain::notify::Settings;
use crate::domain::tenants::{TENANT_NORMAL, TenantFields};
use crate::store::{merchants, notify, tenants};

pub fn seed(conn: &mut DbConnection) -> anyhow::Result<bool> {
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
        Ok(())
    })?;
    Ok(true)
}
