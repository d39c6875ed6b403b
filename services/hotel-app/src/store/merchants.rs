//! The local copy of saas-main's merchants (`merchant.updated`).

use diesel::prelude::*;
use platform::bus::v1::MerchantUpdated;
use platform::db::DbConnection;

use super::schema::merchants;

/// Merchant types as saas-main numbers them.
pub const SUPPLIER: i32 = 1;
pub const DISTRIBUTOR: i32 = 2;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = merchants)]
pub struct Merchant {
    pub mch_id: i64,
    pub saas_id: i64,
    pub mch_type: i32,
    pub mch_name: String,
    pub currency: String,
    pub state: i32,
}

/// Applies a `merchant.updated`; an older event than the copy's is ignored.
pub fn upsert(
    conn: &mut DbConnection,
    saas_id: i64,
    m: &MerchantUpdated,
    at: i64,
) -> QueryResult<()> {
    let newer = diesel::update(
        merchants::table
            .find(m.mch_id)
            .filter(merchants::updated_at.le(at)),
    )
    .set((
        merchants::mch_type.eq(m.mch_type),
        merchants::mch_name.eq(&m.mch_name),
        merchants::currency.eq(&m.mch_currency),
        merchants::state.eq(m.state),
        merchants::updated_at.eq(at),
    ))
    .execute(conn)?;
    if newer > 0 || find_any(conn, m.mch_id)?.is_some() {
        return Ok(());
    }
    diesel::insert_into(merchants::table)
        .values((
            merchants::mch_id.eq(m.mch_id),
            merchants::saas_id.eq(saas_id),
            merchants::mch_type.eq(m.mch_type),
            merchants::mch_name.eq(&m.mch_name),
            merchants::currency.eq(&m.mch_currency),
            merchants::state.eq(m.state),
            merchants::updated_at.eq(at),
        ))
        .execute(conn)
        .map(|_| ())
}

fn find_any(conn: &mut DbConnection, mch_id: i64) -> QueryResult<Option<Merchant>> {
    merchants::table
        .find(mch_id)
        .select(Merchant::as_select())
        .first(conn)
        .optional()
}

/// A merchant of the tenant.
pub fn find(conn: &mut DbConnection, saas_id: i64, mch_id: i64) -> QueryResult<Option<Merchant>> {
    merchants::table
        .find(mch_id)
        .filter(merchants::saas_id.eq(saas_id))
        .select(Merchant::as_select())
        .first(conn)
        .optional()
}

/// Names of the given merchants of the tenant, for lists.
pub fn names(
    conn: &mut DbConnection,
    saas_id: i64,
    ids: &[i64],
) -> QueryResult<std::collections::HashMap<i64, String>> {
    let rows: Vec<(i64, String)> = merchants::table
        .filter(merchants::saas_id.eq(saas_id))
        .filter(merchants::mch_id.eq_any(ids))
        .select((merchants::mch_id, merchants::mch_name))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}
