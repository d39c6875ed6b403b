//! Suppliers and distributors of a tenant: queries and changes; each change publishes
//! `merchant.updated` in its transaction. Every query is scoped by the caller's [`Viewer`]: the
//! tenant's, and for a merchant's user that merchant only.

use std::collections::HashMap;

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::merchants;
use crate::NAME;
use crate::domain::merchants::{DELETED, MerchantFields};

#[derive(Debug, Clone, Serialize, ToSchema, Queryable, Selectable)]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = merchants)]
pub struct Merchant {
    pub mch_id: i64,
    pub saas_id: i64,
    /// 1 supplier, 2 distributor.
    pub mch_type: i32,
    pub mch_name: String,
    pub grade: i32,
    pub contact_name: String,
    pub contact_mobile: String,
    pub contact_email: String,
    pub is_whitelist: bool,
    pub currency: String,
    pub language: String,
    pub withdraw_fee: i32,
    pub is_withdraw: bool,
    pub withdraw_limit: i32,
    pub is_confirm_order: bool,
    pub is_display_stock: bool,
    pub price_codex_purchase: String,
    pub price_codex_distribution: String,
    pub price_codex_retail: String,
    /// The distributor's credit as finance-app last told it ([`copy_credit`]); fen.
    pub credit_used: i64,
    pub credit_permanent: i64,
    pub credit_temporary: i64,
    pub supplier_order_manage: bool,
    pub presale_visible: bool,
    pub group_purchase: bool,
    pub state: i32,
    pub remarks: String,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

/// The columns a merchant's fields fill (checked fields: `MerchantFields::check` ran).
#[derive(Insertable, AsChangeset)]
#[diesel(table_name = merchants)]
struct MerchantColumns<'a> {
    mch_name: &'a str,
    grade: i32,
    contact_name: &'a str,
    contact_mobile: &'a str,
    contact_email: &'a str,
    is_whitelist: bool,
    currency: &'a str,
    language: &'a str,
    withdraw_fee: i32,
    is_withdraw: bool,
    withdraw_limit: i32,
    is_confirm_order: bool,
    is_display_stock: bool,
    price_codex_purchase: &'a str,
    price_codex_distribution: &'a str,
    price_codex_retail: &'a str,
    supplier_order_manage: bool,
    presale_visible: bool,
    group_purchase: bool,
    state: i32,
    remarks: &'a str,
}

impl<'a> MerchantColumns<'a> {
    fn of(f: &'a MerchantFields) -> Self {
        Self {
            mch_name: &f.mch_name,
            grade: f.grade,
            contact_name: &f.contact_name,
            contact_mobile: &f.contact_mobile,
            contact_email: &f.contact_email,
            is_whitelist: f.is_whitelist,
            currency: &f.currency,
            language: &f.language,
            withdraw_fee: f.withdraw_fee,
            is_withdraw: f.is_withdraw,
            withdraw_limit: f.withdraw_limit,
            is_confirm_order: f.is_confirm_order,
            is_display_stock: f.is_display_stock,
            price_codex_purchase: &f.price_codex_purchase,
            price_codex_distribution: &f.price_codex_distribution,
            price_codex_retail: &f.price_codex_retail,
            supplier_order_manage: f.supplier_order_manage,
            presale_visible: f.presale_visible,
            group_purchase: f.group_purchase,
            state: f.state,
            remarks: &f.remarks,
        }
    }
}

/// Copies a distributor's credit figures from finance-app, which owns them
/// (`credit-account.updated`): only a newer version of the account than the one copied changes
/// the row, so a late or repeated event never rolls it back. Answers whether it changed.
pub fn copy_credit(
    conn: &mut DbConnection,
    saas_id: i64,
    a: &v1::CreditAccountUpdated,
) -> QueryResult<bool> {
    let n = diesel::update(
        merchants::table
            .filter(merchants::mch_id.eq(a.mch_id))
            .filter(merchants::saas_id.eq(saas_id))
            .filter(merchants::credit_version.lt(a.version)),
    )
    .set((
        merchants::credit_permanent.eq(a.credit),
        merchants::credit_temporary.eq(a.temp_credit),
        merchants::credit_used.eq(a.used_credit),
        merchants::credit_version.eq(a.version),
    ))
    .execute(conn)?;
    Ok(n > 0)
}

/// How many merchants hold finance-app's credit figures (the copy's size, for
/// [`platform::bus::resync::keep_counted`]).
pub fn credit_rows(conn: &mut DbConnection) -> QueryResult<i64> {
    merchants::table
        .filter(merchants::credit_version.gt(0))
        .count()
        .get_result(conn)
}

/// The type of merchant `mch_id` of tenant `saas_id`: saas-main's directory for the
/// [`Viewer`] of each request (it owns merchants, so it reads its own table rather than a
/// copy). A deleted merchant (state -1) is no merchant, so its users resolve to none.
pub fn merchant_type(
    conn: &mut DbConnection,
    saas_id: i64,
    mch_id: i64,
) -> QueryResult<Option<i32>> {
    merchants::table
        .find(mch_id)
        .filter(merchants::saas_id.eq(saas_id))
        .filter(merchants::state.ne(DELETED))
        .select(merchants::mch_type)
        .first(conn)
        .optional()
}

#[derive(Debug, Default, Clone)]
pub struct MerchantFilter {
    pub mch_name: Option<String>,
    pub state: Option<i32>,
    pub grade: Option<i32>,
}

/// The merchants `viewer` sees (deleted ones aside): the tenant's, or a merchant's user its own.
fn visible(viewer: &Viewer) -> merchants::BoxedQuery<'static, Db> {
    let mut q = merchants::table
        .filter(merchants::saas_id.eq(viewer.saas_id))
        .filter(merchants::state.ne(DELETED))
        .into_boxed();
    if let Some(own) = viewer.mch_id() {
        q = q.filter(merchants::mch_id.eq(own));
    }
    q
}

fn merchants_in<'a>(
    viewer: &Viewer,
    mch_type: i32,
    f: &'a MerchantFilter,
) -> merchants::BoxedQuery<'a, Db> {
    let mut q = visible(viewer).filter(merchants::mch_type.eq(mch_type));
    if let Some(n) = f.mch_name.as_deref().filter(|n| !n.is_empty()) {
        q = q.filter(merchants::mch_name.contains_text(n));
    }
    if let Some(s) = f.state {
        q = q.filter(merchants::state.eq(s));
    }
    if let Some(g) = f.grade {
        q = q.filter(merchants::grade.eq(g));
    }
    q
}

pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    mch_type: i32,
    f: &MerchantFilter,
    page: PageRequest,
) -> QueryResult<(Vec<Merchant>, i64)> {
    let total = merchants_in(viewer, mch_type, f).count().get_result(conn)?;
    let rows = merchants_in(viewer, mch_type, f)
        .order(merchants::mch_id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(Merchant::as_select())
        .load(conn)?;
    Ok((rows, total))
}

/// Up to 500 (id, name) pairs for a select box.
pub fn for_select(
    conn: &mut DbConnection,
    viewer: &Viewer,
    mch_type: i32,
    f: &MerchantFilter,
) -> QueryResult<Vec<(i64, String)>> {
    merchants_in(viewer, mch_type, f)
        .order(merchants::mch_name)
        .limit(500)
        .select((merchants::mch_id, merchants::mch_name))
        .load(conn)
}

/// The names of the viewer's tenant's merchants among `ids`.
pub fn names(
    conn: &mut DbConnection,
    viewer: &Viewer,
    ids: &[i64],
) -> QueryResult<HashMap<i64, String>> {
    let mut out = HashMap::new();
    for chunk in ids.chunks(500) {
        let rows: Vec<(i64, String)> = merchants::table
            .filter(merchants::saas_id.eq(viewer.saas_id))
            .filter(merchants::mch_id.eq_any(chunk))
            .select((merchants::mch_id, merchants::mch_name))
            .load(conn)?;
        out.extend(rows);
    }
    Ok(out)
}

/// How many suppliers or distributors the viewer sees (deleted ones aside).
pub fn count(conn: &mut DbConnection, viewer: &Viewer, mch_type: i32) -> QueryResult<i64> {
    visible(viewer)
        .filter(merchants::mch_type.eq(mch_type))
        .count()
        .get_result(conn)
}

/// A merchant the viewer sees, of any type when `mch_type` is None.
pub fn find(
    conn: &mut DbConnection,
    viewer: &Viewer,
    mch_type: Option<i32>,
    mch_id: i64,
) -> QueryResult<Option<Merchant>> {
    let mut q = visible(viewer).filter(merchants::mch_id.eq(mch_id));
    if let Some(t) = mch_type {
        q = q.filter(merchants::mch_type.eq(t));
    }
    q.select(Merchant::as_select()).first(conn).optional()
}

fn announce(conn: &mut DbConnection, m: &Merchant) -> QueryResult<()> {
    let payload = v1::MerchantUpdated {
        mch_id: m.mch_id,
        mch_type: m.mch_type,
        mch_name: m.mch_name.clone(),
        mch_currency: m.currency.clone(),
        state: m.state,
        grade: m.grade,
    };
    publish_in_tx(
        conn,
        Outgoing::new(NAME, "merchant.updated", m.saas_id, &payload),
    )
    .map(|_| ())
}

/// The merchant as written, announced to the other services.
fn announce_changed(conn: &mut DbConnection, mch_id: i64) -> QueryResult<Merchant> {
    let m = merchants::table
        .find(mch_id)
        .select(Merchant::as_select())
        .first(conn)?;
    announce(conn, &m)?;
    Ok(m)
}

/// Publishes every merchant as it stands; answers how many.
pub(super) fn announce_each(conn: &mut DbConnection) -> QueryResult<usize> {
    let all: Vec<Merchant> = merchants::table.select(Merchant::as_select()).load(conn)?;
    for m in &all {
        announce(conn, m)?;
    }
    Ok(all.len())
}

/// Adds a merchant to the viewer's tenant.
pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    mch_id: i64,
    mch_type: i32,
    f: &MerchantFields,
    now: i64,
) -> QueryResult<Merchant> {
    diesel::insert_into(merchants::table)
        .values((
            merchants::mch_id.eq(mch_id),
            merchants::saas_id.eq(viewer.saas_id),
            merchants::mch_type.eq(mch_type),
            MerchantColumns::of(f),
            merchants::created_at.eq(now),
            merchants::updated_at.eq(now),
        ))
        .execute(conn)?;
    announce_changed(conn, mch_id)
}

/// Rewrites a merchant of the viewer's tenant; None when the tenant has no such merchant.
pub fn update(
    conn: &mut DbConnection,
    viewer: &Viewer,
    mch_id: i64,
    f: &MerchantFields,
    now: i64,
) -> QueryResult<Option<Merchant>> {
    let n = diesel::update(
        merchants::table
            .find(mch_id)
            .filter(merchants::saas_id.eq(viewer.saas_id)),
    )
    .set((MerchantColumns::of(f), merchants::updated_at.eq(now)))
    .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    announce_changed(conn, mch_id).map(Some)
}

/// Whether another merchant of this type in the viewer's tenant has this name.
pub fn name_taken(
    conn: &mut DbConnection,
    viewer: &Viewer,
    mch_type: i32,
    name: &str,
    except: i64,
) -> QueryResult<bool> {
    let n: i64 = merchants::table
        .filter(merchants::saas_id.eq(viewer.saas_id))
        .filter(merchants::mch_type.eq(mch_type))
        .filter(merchants::mch_name.eq(name))
        .filter(merchants::mch_id.ne(except))
        .filter(merchants::state.ne(DELETED))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

/// Moves merchants of the viewer's tenant to price level `grade` (a deleted level's
/// distributors back to level 0), each announced.
pub fn set_grade(
    conn: &mut DbConnection,
    viewer: &Viewer,
    ids: &[i64],
    grade: i32,
    now: i64,
) -> QueryResult<()> {
    for &id in ids {
        let n = diesel::update(
            merchants::table
                .find(id)
                .filter(merchants::saas_id.eq(viewer.saas_id)),
        )
        .set((merchants::grade.eq(grade), merchants::updated_at.eq(now)))
        .execute(conn)?;
        if n > 0 {
            announce_changed(conn, id)?;
        }
    }
    Ok(())
}
