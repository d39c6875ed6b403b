//! The local copy of saas-main's tenants and merchants (`tenant.updated`, `merchant.updated`):
//! the names and expiry `/client/user` shows, and which merchants a tenant has.

use diesel::prelude::*;
use platform::bus::v1;
use platform::db::DbConnection;

use super::schema::{merchants, tenants};

#[derive(Debug, Clone, Default, Queryable)]
pub struct TenantCopy {
    pub saas_logo: String,
    pub company_name: String,
    pub saas_expire_date: i64,
}

pub fn tenant(conn: &mut DbConnection, saas_id: i64) -> QueryResult<Option<TenantCopy>> {
    tenants::table
        .find(saas_id)
        .select((
            tenants::saas_logo,
            tenants::company_name,
            tenants::saas_expire_date,
        ))
        .first(conn)
        .optional()
}

pub fn merchant_name(conn: &mut DbConnection, mch_id: i64) -> QueryResult<Option<String>> {
    merchants::table
        .find(mch_id)
        .select(merchants::mch_name)
        .first(conn)
        .optional()
}

/// Whether the merchant is one of the tenant's (as last heard from saas-main).
pub fn merchant_in_tenant(conn: &mut DbConnection, saas_id: i64, mch_id: i64) -> QueryResult<bool> {
    let n: i64 = merchants::table
        .filter(merchants::saas_id.eq(saas_id))
        .filter(merchants::mch_id.eq(mch_id))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Keeps the copy of a tenant as `tenant.updated` carries it.
pub fn save_tenant(
    conn: &mut DbConnection,
    saas_id: i64,
    t: &v1::TenantUpdated,
    now: i64,
) -> QueryResult<usize> {
    let values = (
        tenants::saas_name.eq(&t.saas_name),
        tenants::saas_logo.eq(&t.saas_logo),
        tenants::company_name.eq(&t.company_name),
        tenants::saas_expire_date.eq(t.saas_expire_date),
        tenants::state.eq(t.state),
        tenants::currency.eq(&t.currency),
        tenants::updated_at.eq(now),
    );
    let updated = diesel::update(tenants::table.find(saas_id))
        .set(values)
        .execute(conn)?;
    if updated > 0 {
        return Ok(updated);
    }
    diesel::insert_into(tenants::table)
        .values((tenants::saas_id.eq(saas_id), values))
        .execute(conn)
}

pub fn save_merchant(
    conn: &mut DbConnection,
    saas_id: i64,
    m: &v1::MerchantUpdated,
    now: i64,
) -> QueryResult<usize> {
    let values = (
        merchants::saas_id.eq(saas_id),
        merchants::mch_type.eq(m.mch_type),
        merchants::mch_name.eq(&m.mch_name),
        merchants::mch_currency.eq(&m.mch_currency),
        merchants::state.eq(m.state),
        merchants::updated_at.eq(now),
    );
    let updated = diesel::update(merchants::table.find(m.mch_id))
        .set(values)
        .execute(conn)?;
    if updated > 0 {
        return Ok(updated);
    }
    diesel::insert_into(merchants::table)
        .values((merchants::mch_id.eq(m.mch_id), values))
        .execute(conn)
}
