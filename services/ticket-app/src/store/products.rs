//! Ticket products. The tenant's staff see the tenant's, a supplier only its own (another
//! supplier's is not found). Every create, change and state change publishes
//! `product.ticket.updated` in its transaction (saas-main counts products, mall-app links them).

use std::collections::HashMap;

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection, lower};
use platform::http::PageRequest;
use platform::trade_store::CalendarTables as _;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{scenic_infos, ticket_products};
use crate::NAME;
use crate::domain::product::{TicketProductFields, on_sale, sms_parts, state};

pub const EVENT: &str = "product.ticket.updated";

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = ticket_products)]
pub struct ProductRow {
    pub id: i64,
    pub saas_id: i64,
    pub supplier_id: i64,
    pub scenic_id: i64,
    pub product_name: String,
    pub state: i32,
    pub fields: String,
    pub created_at: i64,
    pub updated_at: i64,
}

impl ProductRow {
    /// The product's form as it was saved (checked then; unreadable only if the table was
    /// edited by hand, which is a fault).
    pub fn form(&self) -> QueryResult<TicketProductFields> {
        serde_json::from_str(&self.fields)
            .map_err(|e| diesel::result::Error::DeserializationError(Box::new(e)))
    }
}

/// A ticket product as the pages show it: its form plus who, where and its state.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketProduct {
    pub product_id: i64,
    pub supplier_id: i64,
    pub supplier_name: String,
    pub scenic_name: String,
    /// 0 unpublished, 1 on sale, 2 off the shelf, 3 disabled, -1 deleted.
    pub state: i32,
    #[serde(flatten)]
    pub fields: TicketProductFields,
    /// The confirmation SMS as it is sent (one or two messages of at most 60 characters).
    pub sms_parts: Vec<String>,
    pub create_date: i64,
    pub modify_date: i64,
}

/// Products of one scenic spot (`listScenic`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScenicGroup {
    pub scenic_id: i64,
    pub scenic_name: String,
    pub products: Vec<TicketProduct>,
}

#[derive(Debug, Default, Clone)]
pub struct ProductFilter {
    pub product_name: Option<String>,
    pub scenic_id: Option<i64>,
    pub supplier_id: Option<i64>,
    /// None: every state but deleted.
    pub state: Option<i32>,
    pub product_type: Option<i32>,
    pub confirm_type: Option<i32>,
}

/// The products `viewer` keeps: the tenant's for its staff, a supplier's own.
fn visible(viewer: &Viewer) -> ticket_products::BoxedQuery<'static, Db> {
    let mut q = ticket_products::table
        .filter(ticket_products::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(mch) = viewer.mch_id() {
        q = q.filter(ticket_products::supplier_id.eq(mch));
    }
    q
}

fn filtered(viewer: &Viewer, f: &ProductFilter) -> ticket_products::BoxedQuery<'static, Db> {
    let mut q = visible(viewer);
    if let Some(name) = f
        .product_name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        q = q.filter(lower(ticket_products::product_name).contains_text(&name.to_lowercase()));
    }
    if let Some(s) = f.scenic_id {
        q = q.filter(ticket_products::scenic_id.eq(s));
    }
    // A supplier sees its own whatever the filter says.
    if let Some(s) = f.supplier_id.filter(|_| viewer.is_tenant_staff()) {
        q = q.filter(ticket_products::supplier_id.eq(s));
    }
    q = match f.state {
        Some(s) => q.filter(ticket_products::state.eq(s)),
        None => q.filter(ticket_products::state.ne(state::DELETED)),
    };
    if let Some(t) = f.product_type {
        q = q.filter(ticket_products::product_type.eq(t));
    }
    if let Some(c) = f.confirm_type {
        q = q.filter(ticket_products::confirm_type.eq(c));
    }
    q
}

fn scenic_names(
    conn: &mut DbConnection,
    saas_id: i64,
    ids: &[i64],
) -> QueryResult<HashMap<i64, String>> {
    let rows: Vec<(i64, String)> = scenic_infos::table
        .filter(scenic_infos::saas_id.eq(saas_id))
        .filter(scenic_infos::id.eq_any(ids))
        .select((scenic_infos::id, scenic_infos::scenic_name))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// Rows as the pages show them, with supplier and spot names.
pub fn decorate(
    conn: &mut DbConnection,
    saas_id: i64,
    rows: Vec<ProductRow>,
) -> QueryResult<Vec<TicketProduct>> {
    let mchs: Vec<i64> = rows.iter().map(|r| r.supplier_id).collect();
    let spots: Vec<i64> = rows.iter().map(|r| r.scenic_id).collect();
    let mch_names = platform::replica::merchant_names(conn, saas_id, &mchs)?;
    let spot_names = scenic_names(conn, saas_id, &spots)?;
    rows.into_iter()
        .map(|r| {
            let fields = r.form()?;
            Ok(TicketProduct {
                product_id: r.id,
                supplier_id: r.supplier_id,
                supplier_name: mch_names.get(&r.supplier_id).cloned().unwrap_or_default(),
                scenic_name: spot_names.get(&r.scenic_id).cloned().unwrap_or_default(),
                state: r.state,
                sms_parts: sms_parts(&fields.sms_text).unwrap_or_default(),
                fields,
                create_date: r.created_at,
                modify_date: r.updated_at,
            })
        })
        .collect()
}

pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &ProductFilter,
    page: PageRequest,
) -> QueryResult<(Vec<TicketProduct>, i64)> {
    let total = filtered(viewer, f).count().get_result(conn)?;
    let rows = filtered(viewer, f)
        .order(ticket_products::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(ProductRow::as_select())
        .load(conn)?;
    Ok((decorate(conn, viewer.saas_id, rows)?, total))
}

/// The same products grouped by scenic spot: a page of spots (newest first), each with its
/// matching products; the total counts spots.
pub fn list_by_scenic(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &ProductFilter,
    page: PageRequest,
) -> QueryResult<(Vec<ScenicGroup>, i64)> {
    let total: i64 = filtered(viewer, f)
        .select(diesel::dsl::count(ticket_products::scenic_id).aggregate_distinct())
        .first(conn)?;
    let scenic_ids: Vec<i64> = filtered(viewer, f)
        .select(ticket_products::scenic_id)
        .distinct()
        .order(ticket_products::scenic_id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .load(conn)?;
    let rows = filtered(viewer, f)
        .filter(ticket_products::scenic_id.eq_any(&scenic_ids))
        .order(ticket_products::id.desc())
        .select(ProductRow::as_select())
        .load(conn)?;
    let names = scenic_names(conn, viewer.saas_id, &scenic_ids)?;
    let mut by_spot: HashMap<i64, Vec<TicketProduct>> = HashMap::new();
    for p in decorate(conn, viewer.saas_id, rows)? {
        by_spot.entry(p.fields.scenic_id).or_default().push(p);
    }
    let groups = scenic_ids
        .into_iter()
        .map(|id| ScenicGroup {
            scenic_id: id,
            scenic_name: names.get(&id).cloned().unwrap_or_default(),
            products: by_spot.remove(&id).unwrap_or_default(),
        })
        .collect();
    Ok((groups, total))
}

/// A product `viewer` keeps (another supplier's or tenant's is none).
pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<ProductRow>> {
    visible(viewer)
        .filter(ticket_products::id.eq(id))
        .select(ProductRow::as_select())
        .first(conn)
        .optional()
}

/// A product of the tenant, whoever the caller (booking reads products it does not keep).
pub fn of_tenant(
    conn: &mut DbConnection,
    saas_id: i64,
    id: i64,
) -> QueryResult<Option<ProductRow>> {
    ticket_products::table
        .filter(ticket_products::saas_id.eq(saas_id))
        .filter(ticket_products::id.eq(id))
        .select(ProductRow::as_select())
        .first(conn)
        .optional()
}

/// A product on sale that `viewer` may book: the tenant's, of a spot the viewer sees (a hidden
/// spot's products are not bookable but by the tenant's staff). One statement: a booking starts
/// here.
pub fn for_booking(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<ProductRow>> {
    let mut q = ticket_products::table
        .inner_join(
            scenic_infos::table.on(scenic_infos::id
                .eq(ticket_products::scenic_id)
                .and(scenic_infos::saas_id.eq(ticket_products::saas_id))),
        )
        .filter(ticket_products::saas_id.eq(viewer.saas_id))
        .filter(ticket_products::id.eq(id))
        .filter(ticket_products::state.eq(state::ON_SALE))
        .into_boxed::<Db>();
    if !viewer.is_tenant_staff() {
        q = q.filter(scenic_infos::state.eq(crate::domain::scenic::STATE_NORMAL));
    }
    q.select(ProductRow::as_select()).first(conn).optional()
}

/// The suppliers of the given products of tenant `saas_id`, by product.
pub fn suppliers_of(
    conn: &mut DbConnection,
    saas_id: i64,
    ids: &[i64],
) -> QueryResult<HashMap<i64, i64>> {
    let rows: Vec<(i64, i64)> = ticket_products::table
        .filter(ticket_products::saas_id.eq(saas_id))
        .filter(ticket_products::id.eq_any(ids))
        .select((ticket_products::id, ticket_products::supplier_id))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

pub fn load(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<TicketProduct>> {
    let Some(row) = find(conn, viewer, id)? else {
        return Ok(None);
    };
    Ok(decorate(conn, viewer.saas_id, vec![row])?.pop())
}

fn publish(conn: &mut DbConnection, id: i64) -> QueryResult<()> {
    let p: ProductRow = ticket_products::table
        .find(id)
        .select(ProductRow::as_select())
        .first(conn)?;
    let payload = v1::ProductUpdated {
        product_id: p.id,
        product_type: v1::ProductType::Ticket as i32,
        supplier_mch_id: p.supplier_id,
        product_name: p.product_name.clone(),
        on_sale: on_sale(p.state),
        deleted: p.state == state::DELETED,
    };
    publish_in_tx(conn, Outgoing::new(NAME, EVENT, p.saas_id, &payload)).map(|_| ())
}

fn json(f: &TicketProductFields) -> QueryResult<String> {
    serde_json::to_string(f).map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))
}

/// Creates an unpublished product of `supplier_id` in the viewer's tenant.
pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    supplier_id: i64,
    f: &TicketProductFields,
    now: i64,
) -> QueryResult<()> {
    let mut f = f.clone();
    f.supplier_id = Some(supplier_id);
    diesel::insert_into(ticket_products::table)
        .values((
            ticket_products::id.eq(id),
            ticket_products::saas_id.eq(viewer.saas_id),
            ticket_products::supplier_id.eq(supplier_id),
            ticket_products::scenic_id.eq(f.scenic_id),
            ticket_products::product_name.eq(&f.product_name),
            ticket_products::product_type.eq(f.product_type),
            ticket_products::confirm_type.eq(f.confirm_type),
            ticket_products::pay_online.eq(f.pay_online),
            ticket_products::fields.eq(json(&f)?),
            ticket_products::state.eq(state::UNPUBLISHED),
            ticket_products::created_at.eq(now),
            ticket_products::updated_at.eq(now),
        ))
        .execute(conn)?;
    publish(conn, id)
}

/// Rewrites a product's form (its supplier and state stay).
pub fn update(
    conn: &mut DbConnection,
    row: &ProductRow,
    f: &TicketProductFields,
    now: i64,
) -> QueryResult<()> {
    let mut f = f.clone();
    f.supplier_id = Some(row.supplier_id);
    diesel::update(ticket_products::table.filter(ticket_products::id.eq(row.id)))
        .set((
            ticket_products::scenic_id.eq(f.scenic_id),
            ticket_products::product_name.eq(&f.product_name),
            ticket_products::product_type.eq(f.product_type),
            ticket_products::confirm_type.eq(f.confirm_type),
            ticket_products::pay_online.eq(f.pay_online),
            ticket_products::fields.eq(json(&f)?),
            ticket_products::updated_at.eq(now),
        ))
        .execute(conn)?;
    publish(conn, row.id)
}

/// Moves a product from `from` to `to` when it is still in `from` (of two concurrent changes
/// only one applies); None when it moved meanwhile.
pub fn set_state(
    conn: &mut DbConnection,
    id: i64,
    from: i32,
    to: i32,
    now: i64,
) -> QueryResult<Option<()>> {
    let n = diesel::update(
        ticket_products::table
            .filter(ticket_products::id.eq(id))
            .filter(ticket_products::state.eq(from)),
    )
    .set((
        ticket_products::state.eq(to),
        ticket_products::updated_at.eq(now),
    ))
    .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    publish(conn, id)?;
    Ok(Some(()))
}

/// How many products (not deleted) each spot has among those `viewer` keeps; counted here
/// because a boxed query (the viewer's scope) cannot be grouped.
pub fn count_by_scenic(
    conn: &mut DbConnection,
    viewer: &Viewer,
    scenic_ids: &[i64],
) -> QueryResult<HashMap<i64, i64>> {
    let spots: Vec<i64> = visible(viewer)
        .filter(ticket_products::state.ne(state::DELETED))
        .filter(ticket_products::scenic_id.eq_any(scenic_ids.to_vec()))
        .select(ticket_products::scenic_id)
        .load(conn)?;
    let mut counts = HashMap::new();
    for s in spots {
        *counts.entry(s).or_insert(0) += 1;
    }
    Ok(counts)
}

/// A product a distributor may book for a visit day, with its price for it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookableProduct {
    #[serde(flatten)]
    pub product: TicketProduct,
    /// YYYY-MM-DD.
    pub visit_date: String,
    /// What the distributor pays per ticket, fen; null when the day has no price.
    pub price: Option<i64>,
    pub retail_price: Option<i64>,
    /// Tickets left for it; null for no limit (or no price).
    pub left: Option<i64>,
    /// Whether the quantity asked for can be booked that day.
    pub bookable: bool,
    /// Why not (`no-price`, `closed`, `sold-out`), empty when bookable.
    pub reason: String,
}

/// The tenant's products on sale (on normal spots) that `distributor_id` may book on `day`
/// (YYYY-MM-DD), newest first, each with its offer for `quantity` tickets.
pub fn bookable(
    conn: &mut DbConnection,
    viewer: &Viewer,
    distributor_id: i64,
    f: &ProductFilter,
    day: &str,
    quantity: i64,
    page: PageRequest,
) -> QueryResult<(Vec<BookableProduct>, i64)> {
    let on_sale_here = || {
        let mut q = ticket_products::table
            .filter(ticket_products::saas_id.eq(viewer.saas_id))
            .filter(ticket_products::state.eq(state::ON_SALE))
            .filter(
                ticket_products::scenic_id.eq_any(
                    scenic_infos::table
                        .filter(scenic_infos::saas_id.eq(viewer.saas_id))
                        .filter(scenic_infos::state.eq(crate::domain::scenic::STATE_NORMAL))
                        .select(scenic_infos::id),
                ),
            )
            .into_boxed();
        if let Some(name) = f
            .product_name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            q = q.filter(lower(ticket_products::product_name).contains_text(&name.to_lowercase()));
        }
        if let Some(s) = f.scenic_id {
            q = q.filter(ticket_products::scenic_id.eq(s));
        }
        if let Some(t) = f.product_type {
            q = q.filter(ticket_products::product_type.eq(t));
        }
        q
    };
    let total = on_sale_here().count().get_result(conn)?;
    let rows = on_sale_here()
        .order(ticket_products::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(ProductRow::as_select())
        .load(conn)?;
    let mut out = Vec::with_capacity(rows.len());
    let rules = platform::replica::price_rules_for(conn, viewer.saas_id, distributor_id)?;
    for product in decorate(conn, viewer.saas_id, rows)? {
        let rule = super::calendar::rule_of(&rules, product.supplier_id, product.product_id);
        let offer =
            super::calendar::Calendar::offer(conn, product.product_id, distributor_id, day)?
                .map(|o| o.ruled(rule.as_ref()));
        let refusal = match &offer {
            None => Some(platform::trade::calendar::Refusal::NoPrice),
            Some(o) => platform::trade::calendar::Refusal::of(o.closed, o.left, quantity),
        };
        out.push(BookableProduct {
            visit_date: day.to_owned(),
            price: offer.as_ref().map(|o| o.price),
            retail_price: offer.as_ref().map(|o| o.retail_price),
            left: offer.as_ref().and_then(|o| o.left),
            bookable: refusal.is_none(),
            reason: match refusal {
                None => String::new(),
                Some(platform::trade::calendar::Refusal::NoPrice) => "no-price".into(),
                Some(platform::trade::calendar::Refusal::Closed) => "closed".into(),
                Some(platform::trade::calendar::Refusal::SoldOut) => "sold-out".into(),
            },
            product,
        });
    }
    Ok((out, total))
}
