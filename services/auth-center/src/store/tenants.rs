//! What auth-center reads of saas-main's tenants and merchants: the platform's copy
//! (`platform::replica`, kept from `tenant.updated` and `merchant.updated` by `events.rs`), for
//! the names and expiry `/client/user` shows and which merchants a tenant has.

use diesel::QueryResult;
use platform::Viewer;
use platform::db::DbConnection;

/// The tenant's and merchant's part of `/client/user`: empty (and expiry 0) for what saas-main
/// has not announced yet.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Letterhead {
    pub saas_logo: String,
    pub company_name: String,
    pub saas_expire_date: i64,
    /// Empty for a user of no merchant.
    pub mch_name: String,
}

/// The letterhead of a user of tenant `saas_id` and merchant `mch_id` (0: none).
pub fn letterhead(conn: &mut DbConnection, saas_id: i64, mch_id: i64) -> QueryResult<Letterhead> {
    let mut out = Letterhead::default();
    if let Some(t) = platform::replica::tenant(conn, saas_id)? {
        out.saas_logo = t.saas_logo;
        out.company_name = t.company_name;
        out.saas_expire_date = t.saas_expire_date;
    }
    if mch_id != 0
        && let Some(m) = platform::replica::merchant(conn, saas_id, mch_id)?
    {
        out.mch_name = m.mch_name;
    }
    Ok(out)
}

/// Whether the merchant is one of the viewer's tenant (as last heard from saas-main).
pub fn merchant_in_tenant(
    conn: &mut DbConnection,
    viewer: &Viewer,
    mch_id: i64,
) -> QueryResult<bool> {
    Ok(platform::replica::merchant(conn, viewer.saas_id, mch_id)?.is_some())
}

/// Whether auth-center has heard of tenant `saas_id` from saas-main (its copy; a tenant created
/// a moment ago may not have arrived yet).
pub fn tenant_known(conn: &mut DbConnection, saas_id: i64) -> QueryResult<bool> {
    Ok(platform::replica::tenant(conn, saas_id)?.is_some())
}
