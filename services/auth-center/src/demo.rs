//! The demo tenant and logins `make run` starts with (only when `DEMO__ENABLED` is set, which the
//! fleet does by default). Created once: nothing happens if `admin` exists.

use platform::Viewer;
use platform::bus::v1;
use platform::db::DbConnection;
use platform::tenancy::{MCH_DISTRIBUTOR, MCH_SUPPLIER, msc};

use crate::domain::accounts::USER_NORMAL;
use crate::domain::ip_filter::IP_NONE;
use crate::domain::users::UserForm;
use crate::store::{groups, users};

pub use platform::demo::{
    DISTRIBUTOR_ID as DEMO_DISTRIBUTOR_ID, SAAS_ID as DEMO_SAAS_ID, SUPPLIER_ID as DEMO_SUPPLIER_ID,
};

/// One demo account.
pub struct DemoLogin {
    /// Fixed (`platform::demo`), so other services' demo data can name the user.
    pub user_id: i64,
    pub username: &'static str,
    pub password: &'static str,
    pub msc_type: i32,
    pub saas_id: i64,
    pub mch_id: i64,
    pub real_name: &'static str,
    /// The demo group it belongs to.
    pub group: Option<&'static str>,
    /// How the fleet describes it when it prints the logins.
    pub role: &'static str,
}

// One call per row of `LOGINS`, which reads as the table it is.
#[allow(clippy::too_many_arguments)]
const fn demo(
    user_id: i64,
    username: &'static str,
    password: &'static str,
    msc_type: i32,
    mch_id: i64,
    real_name: &'static str,
    group: Option<&'static str>,
    role: &'static str,
) -> DemoLogin {
    let saas_id = if msc_type == msc::PLATFORM_ADMIN {
        0
    } else {
        DEMO_SAAS_ID
    };
    DemoLogin {
        user_id,
        username,
        password,
        msc_type,
        saas_id,
        mch_id,
        real_name,
        group,
        role,
    }
}

pub const LOGINS: &[DemoLogin] = &[
    demo(
        platform::demo::ADMIN_USER_ID,
        "admin",
        "admin123",
        msc::PLATFORM_ADMIN,
        0,
        "Platform admin",
        None,
        "platform admin",
    ),
    demo(
        platform::demo::DEMO_USER_ID,
        "demo",
        "demo123",
        msc::OPERATOR_ADMIN,
        0,
        "Demo admin",
        None,
        "operator admin, Demo Travel",
    ),
    demo(
        platform::demo::OPERATOR_USER_ID,
        "operator",
        "operator123",
        msc::OPERATOR_USER,
        0,
        "Demo operator",
        Some("Operators"),
        "operator, Demo Travel",
    ),
    demo(
        platform::demo::SUPPLIER_USER_ID,
        "supplier",
        "supplier123",
        msc::SUPPLIER_USER,
        DEMO_SUPPLIER_ID,
        "Demo supplier",
        Some("Suppliers"),
        "supplier, Demo Supplier",
    ),
    demo(
        platform::demo::DISTRIBUTOR_USER_ID,
        "distributor",
        "distributor123",
        msc::DISTRIBUTOR_USER,
        DEMO_DISTRIBUTOR_ID,
        "Demo distributor",
        Some("Distributors"),
        "distributor, Demo Distributor",
    ),
];

/// The demo groups and the subtrees they grant.
const GROUPS: &[(&str, &[&str])] = &[
    ("Operators", &["/saas/**"]),
    (
        "Suppliers",
        &[
            "/saas/product/**",
            "/saas/price/**",
            "/saas/hotel/**",
            "/saas/ticket/**",
            "/saas/order/**",
            // The log of the ticket orders it sees (ticket-app scopes it to them).
            "/saas/log/ticketOrderLog/list:GET",
            "/saas/notify/**",
            "/saas/msg/**",
            "/saas/myInfo/**",
            // Its own support tickets (saas-main shows a merchant its own).
            "/saas/support/**",
            "/saas/dashboard/**",
            // Its own products counted (the dashboard's), not the tenant's other statistics.
            "/saas/stats/productStats/count:GET",
            // The distributors it prices for, picked from the tenant's list.
            "/saas/merchant/distributorInfos/loadForSelect:GET",
            // The countries, provinces and cities its hotels and scenic spots are put in.
            "/saas/area/country/list:GET",
            "/saas/area/areaInfo/list:GET",
            // Its own payments, their logs and its line of the payment ledger.
            "/saas/finance/payment/list:GET",
            "/saas/finance/payment/load:GET",
            "/saas/finance/paymentLog/list:GET",
            "/saas/finance/paymentLog/load:GET",
            "/saas/finance/verify/listSupplierPaySummary:GET",
            "/saas/finance/verify/listSupplierVerifyOrder:GET",
            // The mall products it supplies, the themes, their snap-up sessions and orders.
            "/saas/mall/products/list:GET",
            "/saas/mall/products/load:GET",
            "/saas/mall/themes/list:GET",
            "/saas/mall/themes/load:GET",
            "/saas/mall/snapups/list:GET",
            "/saas/mall/snapups/load:GET",
            "/saas/mall/orders/list:GET",
            "/saas/mall/orders/load:GET",
        ],
    ),
    (
        "Distributors",
        &[
            "/saas/booking/**",
            "/saas/order/**",
            // The log of its ticket orders (ticket-app scopes it to them).
            "/saas/log/ticketOrderLog/list:GET",
            "/saas/notify/**",
            "/saas/msg/**",
            "/saas/myInfo/**",
            // Its own support tickets (saas-main shows a merchant its own).
            "/saas/support/**",
            "/saas/dashboard/**",
            // What it can sell, counted.
            "/saas/stats/productStats/count:GET",
            // Its own credit account, balance and prepaid money (finance-app shows it nothing
            // else).
            "/saas/finance/credit/list:GET",
            "/saas/finance/credit/changes:GET",
            "/saas/finance/credit/check:GET",
            "/saas/balance/info/**",
            "/saas/cash/log/list:GET",
            "/saas/credit/log/list:GET",
            // Its own receipts, their logs and its line of the receipt ledger.
            "/saas/finance/receipt/list:GET",
            "/saas/finance/receipt/load:GET",
            "/saas/finance/receiptLog/list:GET",
            "/saas/finance/receiptLog/load:GET",
            "/saas/finance/verify/listDistributorReceiptSummary:GET",
            "/saas/finance/verify/listDistributorVerifyOrder:GET",
            // The mall's published products and themes; buying in snap-up sessions, its own
            // mall orders.
            "/saas/mall/products/list:GET",
            "/saas/mall/products/load:GET",
            "/saas/mall/themes/list:GET",
            "/saas/mall/themes/load:GET",
            "/saas/mall/snapups/live:GET",
            "/saas/mall/snapups/load:GET",
            "/saas/mall/orders/**",
        ],
    ),
];

/// When the demo tenant and merchants "occurred" in auth-center's copy: before anything
/// saas-main announces, so they stand in (for `/client/user` and the merchants' users' scope)
/// only until saas-main's own events or snapshot arrive, which always win.
const STAND_IN_AT: i64 = 0;

/// Creates the demo data unless it exists; answers whether it did. The tenant and merchants
/// are written into the platform's copy as saas-main's events would leave them; the groups and
/// logins through the store functions the account pages use.
pub fn seed(conn: &mut DbConnection) -> anyhow::Result<bool> {
    if users::username_taken(conn, "admin")? {
        return Ok(false);
    }
    // Hashing is the slow part: done before the transaction.
    let hashes = LOGINS
        .iter()
        .map(|l| crate::domain::password::hash(l.password))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let now = platform::time::now_ms();
    platform::db::write_tx(conn, |conn| -> anyhow::Result<()> {
        let tenant = v1::TenantUpdated {
            saas_name: "Demo Travel".into(),
            company_name: "Demo Travel".into(),
            saas_expire_date: now + 365 * 24 * 3600 * 1000,
            state: 1,
            currency: "CNY".into(),
            ..Default::default()
        };
        platform::replica::apply_tenant(conn, DEMO_SAAS_ID, &tenant, STAND_IN_AT)?;
        for (mch_id, mch_type, name) in [
            (DEMO_SUPPLIER_ID, MCH_SUPPLIER, "Demo Supplier"),
            (DEMO_DISTRIBUTOR_ID, MCH_DISTRIBUTOR, "Demo Distributor"),
        ] {
            let merchant = v1::MerchantUpdated {
                mch_id,
                mch_type,
                mch_name: name.into(),
                mch_currency: "CNY".into(),
                state: 1,
                grade: 0,
            };
            platform::replica::apply_merchant(conn, DEMO_SAAS_ID, &merchant, STAND_IN_AT)?;
        }
        let tenant_staff = Viewer::tenant(DEMO_SAAS_ID);
        let mut group_ids = Vec::new();
        for (name, grants) in GROUPS {
            let id = platform::id::next_id();
            groups::insert(conn, &tenant_staff, id, name, "demo", now)?;
            let codes: Vec<String> = grants.iter().map(|g| (*g).to_owned()).collect();
            groups::set_group_codes(conn, id, &codes)?;
            group_ids.push((*name, id));
        }
        for (login, hash) in LOGINS.iter().zip(&hashes) {
            // The platform's and the tenant's administrators manage, at the top grade.
            let administrator = login.msc_type <= msc::OPERATOR_ADMIN;
            crate::domain::accounts::check_tenant_type(login.saas_id, login.msc_type)?;
            let form = UserForm {
                id: None,
                saas_id: Some(login.saas_id),
                username: login.username.into(),
                password: None,
                real_name: login.real_name.into(),
                nick_name: String::new(),
                mch_id: login.mch_id,
                mobile: String::new(),
                email: String::new(),
                is_manager: administrator,
                msc_type: login.msc_type,
                role_type: 0,
                user_grade: if administrator { 2 } else { 0 },
                user_state: USER_NORMAL,
                ip_filter_type: IP_NONE,
                ip_filter_value: String::new(),
                group_ids: Vec::new(),
                remarks: "demo login: change its password".into(),
            };
            let id = login.user_id;
            users::insert(conn, &Viewer::tenant(login.saas_id), id, hash, &form, now)?;
            if let Some((_, gid)) = login
                .group
                .and_then(|g| group_ids.iter().find(|(n, _)| *n == g))
            {
                users::join_groups(conn, id, &[*gid])?;
            }
        }
        Ok(())
    })?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_notification_settings_name_demo_logins_of_their_merchant() {
        let mut ids: Vec<i64> = LOGINS.iter().map(|l| l.user_id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), LOGINS.len(), "one id per login");
        for s in platform::demo::NOTIFY_SETTINGS {
            let login = LOGINS.iter().find(|l| l.user_id == s.user_id);
            let login = login.map(|l| (l.saas_id, l.mch_id));
            assert_eq!(login, Some((DEMO_SAAS_ID, s.mch_id)), "{s:?}");
        }
    }
}
