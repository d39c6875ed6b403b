//! Tenants (SaaS info): queries and changes; each change publishes `tenant.updated` in its
//! transaction. The platform's administration acts on any tenant by its id; a tenant's users
//! read their own through their [`Viewer`].

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::tenants;
use crate::NAME;
use crate::domain::tenants::TenantFields;

/// A tenant as the pages show it.
#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = tenants)]
pub struct Tenant {
    pub saas_id: i64,
    pub saas_name: String,
    pub saas_logo: String,
    pub company_name: String,
    pub pay_mode: i32,
    pub pay_service_fee: i32,
    pub credit_fee: i32,
    pub currency: String,
    pub language: String,
    pub contact_name: String,
    pub contact_mobile: String,
    pub contact_email: String,
    pub domain: String,
    pub saas_expire_date: i64,
    pub state: i32,
    pub saas_type: i32,
    pub remarks: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

/// The columns a tenant's fields fill (checked fields: `TenantFields::check` ran).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = tenants)]
struct TenantColumns<'a> {
    saas_name: &'a str,
    saas_logo: &'a str,
    company_name: &'a str,
    pay_mode: i32,
    pay_service_fee: i32,
    credit_fee: i32,
    currency: &'a str,
    language: &'a str,
    contact_name: &'a str,
    contact_mobile: &'a str,
    contact_email: &'a str,
    domain: &'a str,
    saas_expire_date: i64,
    state: i32,
    saas_type: i32,
    remarks: &'a str,
}

impl<'a> TenantColumns<'a> {
    fn of(f: &'a TenantFields) -> Self {
        Self {
            saas_name: &f.saas_name,
            saas_logo: &f.saas_logo,
            company_name: &f.company_name,
            pay_mode: f.pay_mode,
            pay_service_fee: f.pay_service_fee,
            credit_fee: f.credit_fee,
            currency: &f.currency,
            language: &f.language,
            contact_name: &f.contact_name,
            contact_mobile: &f.contact_mobile,
            contact_email: &f.contact_email,
            domain: &f.domain,
            saas_expire_date: f.saas_expire_date,
            state: f.state,
            saas_type: f.saas_type,
            remarks: &f.remarks,
        }
    }
}

/// The viewer's own tenant.
pub fn own(conn: &mut DbConnection, viewer: &Viewer) -> QueryResult<Option<Tenant>> {
    find(conn, viewer.saas_id)
}

/// Any tenant (the platform's administration, and saas-main's own checks).
pub fn find(conn: &mut DbConnection, saas_id: i64) -> QueryResult<Option<Tenant>> {
    tenants::table
        .find(saas_id)
        .select(Tenant::as_select())
        .first(conn)
        .optional()
}

pub fn list(
    conn: &mut DbConnection,
    name: Option<&str>,
    state: Option<i32>,
    page: PageRequest,
) -> QueryResult<(Vec<Tenant>, i64)> {
    let query = || {
        let mut q = tenants::table.into_boxed::<Db>();
        if let Some(n) = name.filter(|n| !n.is_empty()) {
            q = q.filter(tenants::saas_name.contains_text(n));
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

fn announce(conn: &mut DbConnection, t: &Tenant) -> QueryResult<()> {
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

/// The tenant as written, announced to the other services.
fn announce_changed(conn: &mut DbConnection, saas_id: i64) -> QueryResult<Tenant> {
    let t = tenants::table
        .find(saas_id)
        .select(Tenant::as_select())
        .first(conn)?;
    announce(conn, &t)?;
    Ok(t)
}

/// Publishes every tenant as it stands; answers how many.
pub(super) fn announce_each(conn: &mut DbConnection) -> QueryResult<usize> {
    let all: Vec<Tenant> = tenants::table.select(Tenant::as_select()).load(conn)?;
    for t in &all {
        announce(conn, t)?;
    }
    Ok(all.len())
}

/// Creates a tenant with the given id (the demo's) or a new one; answers it.
pub fn insert(
    conn: &mut DbConnection,
    saas_id: i64,
    f: &TenantFields,
    now: i64,
) -> QueryResult<Tenant> {
    diesel::insert_into(tenants::table)
        .values((
            tenants::saas_id.eq(saas_id),
            TenantColumns::of(f),
            tenants::created_at.eq(now),
            tenants::updated_at.eq(now),
        ))
        .execute(conn)?;
    announce_changed(conn, saas_id)
}

/// Changes a tenant; None when there is none.
pub fn update(
    conn: &mut DbConnection,
    saas_id: i64,
    f: &TenantFields,
    now: i64,
) -> QueryResult<Option<Tenant>> {
    let n = diesel::update(tenants::table.find(saas_id))
        .set((TenantColumns::of(f), tenants::updated_at.eq(now)))
        .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    announce_changed(conn, saas_id).map(Some)
}

pub fn set_state(
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
    announce_changed(conn, saas_id).map(Some)
}
