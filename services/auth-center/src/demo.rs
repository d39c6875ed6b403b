//! The demo tenant and logins `make run` starts with (only when `DEMO__ENABLED` is set, which the
//! fleet does by default). Created once: nothing happens if `admin` exists.

use diesel::prelude::*;
use platform::db::DbConnection;

use crate::store::schema::{
    group_permissions, merchants, perm_groups, tenants, user_groups, users,
};

pub use platform::demo::{
    DISTRIBUTOR_ID as DEMO_DISTRIBUTOR_ID, SAAS_ID as DEMO_SAAS_ID, SUPPLIER_ID as DEMO_SUPPLIER_ID,
};

/// One demo account.
pub struct DemoLogin {
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

const fn demo(
    username: &'static str,
    password: &'static str,
    msc_type: i32,
    mch_id: i64,
    real_name: &'static str,
    group: Option<&'static str>,
    role: &'static str,
) -> DemoLogin {
    let saas_id = if msc_type == 100 { 0 } else { DEMO_SAAS_ID };
    DemoLogin {
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
        "admin",
        "admin123",
        100,
        0,
        "Platform admin",
        None,
        "platform admin",
    ),
    demo(
        "demo",
        "demo123",
        200,
        0,
        "Demo admin",
        None,
        "operator admin, Demo Travel",
    ),
    demo(
        "operator",
        "operator123",
        300,
        0,
        "Demo operator",
        Some("Operators"),
        "operator, Demo Travel",
    ),
    demo(
        "supplier",
        "supplier123",
        311,
        DEMO_SUPPLIER_ID,
        "Demo supplier",
        Some("Suppliers"),
        "supplier, Demo Supplier",
    ),
    demo(
        "distributor",
        "distributor123",
        312,
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
            "/saas/notify/**",
            "/saas/msg/**",
            "/saas/myInfo/**",
            "/saas/dashboard/**",
            // The distributors it prices for, picked from the tenant's list.
            "/saas/merchant/distributorInfos/loadForSelect:GET",
        ],
    ),
    (
        "Distributors",
        &[
            "/saas/booking/**",
            "/saas/order/**",
            "/saas/notify/**",
            "/saas/msg/**",
            "/saas/myInfo/**",
            "/saas/dashboard/**",
        ],
    ),
];

/// Creates the demo data unless it exists; answers whether it did.
pub fn seed(conn: &mut DbConnection) -> anyhow::Result<bool> {
    let exists: i64 = users::table
        .filter(users::username.eq("admin"))
        .count()
        .get_result(conn)?;
    if exists > 0 {
        return Ok(false);
    }
    // Hashing is the slow part: done before the transaction.
    let hashes = LOGINS
        .iter()
        .map(|l| crate::domain::password::hash(l.password))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let now = platform::time::now_ms();
    platform::db::write_tx(conn, |conn| -> anyhow::Result<()> {
        diesel::insert_into(tenants::table)
            .values((
                tenants::saas_id.eq(DEMO_SAAS_ID),
                tenants::saas_name.eq("Demo Travel"),
                tenants::saas_logo.eq(""),
                tenants::company_name.eq("Demo Travel"),
                tenants::saas_expire_date.eq(now + 365 * 24 * 3600 * 1000),
                tenants::state.eq(1),
                tenants::currency.eq("CNY"),
                tenants::updated_at.eq(now),
            ))
            .execute(conn)?;
        for (id, kind, name) in [
            (DEMO_SUPPLIER_ID, 1, "Demo Supplier"),
            (DEMO_DISTRIBUTOR_ID, 2, "Demo Distributor"),
        ] {
            diesel::insert_into(merchants::table)
                .values((
                    merchants::mch_id.eq(id),
                    merchants::saas_id.eq(DEMO_SAAS_ID),
                    merchants::mch_type.eq(kind),
                    merchants::mch_name.eq(name),
                    merchants::mch_currency.eq("CNY"),
                    merchants::state.eq(1),
                    merchants::updated_at.eq(now),
                ))
                .execute(conn)?;
        }
        let mut group_ids = Vec::new();
        for (name, grants) in GROUPS {
            let id = platform::id::next_id();
            diesel::insert_into(perm_groups::table)
                .values((
                    perm_groups::id.eq(id),
                    perm_groups::saas_id.eq(DEMO_SAAS_ID),
                    perm_groups::name.eq(*name),
                    perm_groups::remarks.eq("demo"),
                    perm_groups::created_at.eq(now),
                    perm_groups::updated_at.eq(now),
                ))
                .execute(conn)?;
            for grant in *grants {
                diesel::insert_into(group_permissions::table)
                    .values((
                        group_permissions::group_id.eq(id),
                        group_permissions::perm_code.eq(*grant),
                    ))
                    .execute(conn)?;
            }
            group_ids.push((*name, id));
        }
        for (login, hash) in LOGINS.iter().zip(&hashes) {
            let DemoLogin {
                username,
                msc_type,
                saas_id,
                mch_id,
                real_name,
                group,
                ..
            } = login;
            let id = platform::id::next_id();
            diesel::insert_into(users::table)
                .values((
                    users::id.eq(id),
                    users::saas_id.eq(saas_id),
                    users::mch_id.eq(mch_id),
                    users::username.eq(username),
                    users::password_hash.eq(hash),
                    users::real_name.eq(real_name),
                    users::nick_name.eq(""),
                    users::is_manager.eq(*msc_type <= 200),
                    users::msc_type.eq(msc_type),
                    users::user_grade.eq(if *msc_type <= 200 { 2 } else { 0 }),
                    users::remarks.eq("demo login: change its password"),
                    users::created_at.eq(now),
                    users::updated_at.eq(now),
                ))
                .execute(conn)?;
            if let Some((_, gid)) = group.and_then(|g| group_ids.iter().find(|(n, _)| *n == g)) {
                diesel::insert_into(user_groups::table)
                    .values((user_groups::user_id.eq(id), user_groups::group_id.eq(gid)))
                    .execute(conn)?;
            }
        }
        Ok(())
    })?;
    Ok(true)
}
