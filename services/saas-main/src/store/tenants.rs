//! saas-main's queries; every change publishes its event in the same transaction.

use diesel::prelude::*;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::DbConnection;
use platform::http::PageRequest;

use crate::NAME;
use crate::schema::{merchants, tenants};
use crate::tenants::{Merchant, MerchantFields, Tenant, TenantFields};

use platform::db::Backend as Db;

pub fn tenant(conn: &mut DbConnection, saas_id: i64) -> QueryResult<Option<Tenant>> {
    tenants::table
        .find(saas_id)
        .select(Tenant::as_select())
        .first(conn)
        .optional()
}

pub fn list_tenants(
    conn: &mut DbConnection,
    name: Option<&str>,
    state: Option<i32>,
    page: PageRequest,
) -> QueryResult<(Vec<Tenant>, i64)> {
    let query = || {
        let mut q = tenants::table.into_boxed::<Db>();
        if let Some(n) = name.filter(|n| !n.is_empty()) {
            q = q.filter(tenants::saas_name.like(platform::db::contains_pattern(n)));
        }
        if let Some(s) = state {
            q = q.filter(tenants::state.eq(s));
        }
        q
    };
    let total = query().count().get_result(conn)?;
    let rows = query()
        .order(tenants::saas_id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(Tenant::as_select())
        .load(conn)?;
    Ok((rows, total))
}

fn tenant_event(conn: &mut DbConnection, t: &Tenant) -> QueryResult<()> {
    let payload = v1::TenantUpdated {
        saas_name: t.saas_name.clone(),
        saas_logo: t.saas_logo.clone(),
        company_name: t.company_name.clone(),
        saas_expire_date: t.saas_expire_date,
        state: t.state,
        currency: t.currency.clone(),
        language: t.language.clone(),
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "tenant.updated", t.saas_id, &payload),
    )
    .map(|_| ())
}

/// Creates a tenant with the given id (the demo's) or a new one; answers it.
pub fn insert_tenant(
    conn: &mut DbConnection,
    saas_id: i64,
    f: &TenantFields,
    now: i64,
) -> QueryResult<Tenant> {
    diesel::insert_into(tenants::table)
        .values((
            tenants::saas_id.eq(saas_id),
            f.clone(),
            tenants::created_at.eq(now),
            tenants::updated_at.eq(now),
        ))
        .execute(conn)?;
    let t = tenants::table
        .find(saas_id)
        .select(Tenant::as_select())
        .first(conn)?;
    tenant_event(conn, &t)?;
    Ok(t)
}

/// Changes a tenant; None when there is none.
pub fn update_tenant(
    conn: &mut DbConnection,
    saas_id: i64,
    f: &TenantFields,
    now: i64,
) -> QueryResult<Option<Tenant>> {
    let n = diesel::update(tenants::table.find(saas_id))
        .set((f.clone(), tenants::updated_at.eq(now)))
        .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    let t = tenants::table
        .find(saas_id)
        .select(Tenant::as_select())
        .first(conn)?;
    tenant_event(conn, &t)?;
    Ok(Some(t))
}

pub fn set_tenant_state(
    conn: &mut DbConnection,
    saas_id: i64,
    state: i32,
    now: i64,
) -> QueryResult<Option<Tenant>> {
    let n = diesel::update(tenants::table.find(saas_id))
        .set((tenants::state.eq(state), tenants::updated_at.eq(now)))
        .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    let t = tenants::table
        .find(saas_id)
        .select(Tenant::as_select())
        .first(conn)?;
    tenant_event(conn, &t)?;
    Ok(Some(t))
}

/// Which merchants a caller may see: the tenant's, or a merchant's user only its own.
#[derive(Debug, Clone, Copy)]
pub struct MerchantScope {
    pub saas_id: i64,
    pub own_mch_id: Option<i64>,
}

#[derive(Debug, Default, Clone)]
pub struct MerchantFilter {
    pub mch_name: Option<String>,
    pub state: Option<i32>,
    pub grade: Option<i32>,
}

fn merchants_in<'a>(
    scope: MerchantScope,
    mch_type: i32,
    f: &'a MerchantFilter,
) -> merchants::BoxedQuery<'a, Db> {
    let mut q = merchants::table
        .filter(merchants::saas_id.eq(scope.saas_id))
        .filter(merchants::mch_type.eq(mch_type))
        .filter(merchants::state.ne(-1))
        .into_boxed();
    if let Some(own) = scope.own_mch_id {
        q = q.filter(merchants::mch_id.eq(own));
    }
    if let Some(n) = f.mch_name.as_deref().filter(|n| !n.is_empty()) {
        q = q.filter(merchants::mch_name.like(platform::db::contains_pattern(n)));
    }
    if let Some(s) = f.state {
        q = q.filter(merchants::state.eq(s));
    }
    if let Some(g) = f.grade {
        q = q.filter(merchants::grade.eq(g));
    }
    q
}

pub fn list_merchants(
    conn: &mut DbConnection,
    scope: MerchantScope,
    mch_type: i32,
    f: &MerchantFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Merchant>, i64)> {
    let total = merchants_in(scope, mch_type, f).count().get_result(conn)?;
    let rows = merchants_in(scope, mch_type, f)
        .order(merchants::mch_id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(Merchant::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// Up to 500 (id, name) pairs for a select box.
pub fn merchants_for_select(
    conn: &mut DbConnection,
    scope: MerchantScope,
    mch_type: i32,
    f: &MerchantFilter,
) -> QueryResult<Vec<(i64, String)>> {
    merchants_in(scope, mch_type, f)
        .order(merchants::mch_name)
        .limit(500)
        .select((merchants::mch_id, merchants::mch_name))
        .load(conn)
}

/// The names of the tenant's merchants among `ids`.
pub fn merchant_names(
    conn: &mut DbConnection,
    saas_id: i64,
    ids: &[i64],
) -> QueryResult<std::collections::HashMap<i64, String>> {
    let mut out = std::collections::HashMap::new();
    for chunk in ids.chunks(500) {
        let rows: Vec<(i64, String)> = merchants::table
            .filter(merchants::saas_id.eq(saas_id))
            .filter(merchants::mch_id.eq_any(chunk))
            .select((merchants::mch_id, merchants::mch_name))
            .load(conn)?;
        out.extend(rows);
    }
    Ok(out)
}

/// How many suppliers or distributors the tenant has (deleted ones aside).
pub fn count_merchants(conn: &mut DbConnection, saas_id: i64, mch_type: i32) -> QueryResult<i64> {
    merchants::table
        .filter(merchants::saas_id.eq(saas_id))
        .filter(merchants::mch_type.eq(mch_type))
        .filter(merchants::state.ne(-1))
        .count()
        .get_result(conn)
}

/// A merchant of the scope, of any type when `mch_type` is None.
pub fn merchant(
    conn: &mut DbConnection,
    scope: MerchantScope,
    mch_type: Option<i32>,
    mch_id: i64,
) -> QueryResult<Option<Merchant>> {
    let mut q = merchants::table
        .filter(merchants::saas_id.eq(scope.saas_id))
        .filter(merchants::mch_id.eq(mch_id))
        .filter(merchants::state.ne(-1))
        .into_boxed::<Db>();
    if let Some(t) = mch_type {
        q = q.filter(merchants::mch_type.eq(t));
    }
    if let Some(own) = scope.own_mch_id {
        q = q.filter(merchants::mch_id.eq(own));
    }
    q.select(Merchant::as_select()).first(conn).optional()
}

fn merchant_event(conn: &mut DbConnection, m: &Merchant) -> QueryResult<()> {
    let payload = v1::MerchantUpdated {
        mch_id: m.mch_id,
        mch_type: m.mch_type,
        mch_name: m.mch_name.clone(),
        mch_currency: m.currency.clone(),
        state: m.state,
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "merchant.updated", m.saas_id, &payload),
    )
    .map(|_| ())
}

/// Publishes every tenant and merchant as it stands (`tenant.updated`, `merchant.updated`).
/// Run at each start: a service whose queue did not exist yet when a change was published (one
/// deployed later, or started after saas-main's first run) still gets every copy it keeps;
/// consumers take the same state twice without harm. Answers how many were published.
pub fn announce_all(conn: &mut DbConnection) -> QueryResult<usize> {
    let all_tenants: Vec<Tenant> = tenants::table.select(Tenant::as_select()).load(conn)?;
    for t in &all_tenants {
        tenant_event(conn, t)?;
    }
    let all_merchants: Vec<Merchant> = merchants::table.select(Merchant::as_select()).load(conn)?;
    for m in &all_merchants {
        merchant_event(conn, m)?;
    }
    Ok(all_tenants.len() + all_merchants.len())
}

pub fn insert_merchant(
    conn: &mut DbConnection,
    saas_id: i64,
    mch_id: i64,
    mch_type: i32,
    f: &MerchantFields,
    now: i64,
) -> QueryResult<Merchant> {
    diesel::insert_into(merchants::table)
        .values((
            merchants::mch_id.eq(mch_id),
            merchants::saas_id.eq(saas_id),
            merchants::mch_type.eq(mch_type),
            f.clone(),
            merchants::created_at.eq(now),
            merchants::updated_at.eq(now),
        ))
        .execute(conn)?;
    let m = merchants::table
        .find(mch_id)
        .select(Merchant::as_select())
        .first(conn)?;
    merchant_event(conn, &m)?;
    Ok(m)
}

pub fn update_merchant(
    conn: &mut DbConnection,
    mch_id: i64,
    f: &MerchantFields,
    now: i64,
) -> QueryResult<Merchant> {
    diesel::update(merchants::table.find(mch_id))
        .set((f.clone(), merchants::updated_at.eq(now)))
        .execute(conn)?;
    let m = merchants::table
        .find(mch_id)
        .select(Merchant::as_select())
        .first(conn)?;
    merchant_event(conn, &m)?;
    Ok(m)
}

pub fn merchant_name_taken(
    conn: &mut DbConnection,
    saas_id: i64,
    mch_type: i32,
    name: &str,
    except: i64,
) -> QueryResult<bool> {
    let n: i64 = merchants::table
        .filter(merchants::saas_id.eq(saas_id))
        .filter(merchants::mch_type.eq(mch_type))
        .filter(merchants::mch_name.eq(name))
        .filter(merchants::mch_id.ne(except))
        .filter(merchants::state.ne(-1))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}
