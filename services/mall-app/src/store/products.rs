//! Mall products. The tenant's staff see and keep every one; a supplier's users see the ones
//! it supplies; a distributor's users see the published ones (what they may buy).

use diesel::prelude::*;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection, lower};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::mall_products;
use crate::domain::product::{ProductFields, STATE_PUBLISHED};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = mall_products)]
struct Row {
    id: i64,
    product_name: String,
    keywords: String,
    product_id: i64,
    sale_type: i32,
    supplier_id: i64,
    sale_start: i64,
    sale_end: i64,
    images: String,
    description: String,
    price: i64,
    stock: i32,
    sale_num: i32,
    rank_num: i32,
    state: i32,
    created_at: i64,
    updated_at: i64,
}

/// A mall product as the API shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MallProduct {
    /// The mall product's own id.
    pub id: i64,
    pub product_name: String,
    pub keywords: String,
    /// The hotel or ticket product sold (sale types 10, 20); for 60 the mall product's own id.
    pub product_id: i64,
    /// `saleType`: 10 hotel, 20 ticket, 60 general product.
    pub sale_type: i32,
    /// Units sold (orders not cancelled).
    pub sale_num: i32,
    /// The supplier merchant (0: the tenant itself).
    pub supplier_id: i64,
    /// The supplier's name, empty for the tenant.
    pub supplier_name: String,
    /// [start, end) in ms.
    pub sale_time_range: [i64; 2],
    pub images: Vec<String>,
    pub description: String,
    /// Price in fen.
    pub price: i64,
    pub stock: i32,
    pub rank_num: i32,
    /// 0 draft, 1 published, 2 withdrawn.
    pub state: i32,
    #[serde(rename = "createDate")]
    pub created_at: i64,
    #[serde(rename = "modifyDate")]
    pub updated_at: i64,
}

impl MallProduct {
    fn from_row(r: Row, supplier_name: String) -> Self {
        Self {
            product_id: if r.product_id == 0 {
                r.id
            } else {
                r.product_id
            },
            id: r.id,
            product_name: r.product_name,
            keywords: r.keywords,
            sale_type: r.sale_type,
            sale_num: r.sale_num,
            supplier_id: r.supplier_id,
            supplier_name,
            sale_time_range: [r.sale_start, r.sale_end],
            images: r
                .images
                .lines()
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect(),
            description: r.description,
            price: r.price,
            stock: r.stock,
            rank_num: r.rank_num,
            state: r.state,
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}

/// What a list may be narrowed to.
#[derive(Debug, Default, Clone)]
pub struct ProductFilter {
    pub state: Option<i32>,
    /// Part of the name.
    pub name: Option<String>,
    /// Part of the keywords.
    pub keywords: Option<String>,
    pub supplier_id: Option<i64>,
    pub sale_type: Option<i32>,
    /// On sale at this ms (inside the sale time range).
    pub sale_time: Option<i64>,
}

/// The products `viewer` may see.
fn visible(viewer: &Viewer) -> mall_products::BoxedQuery<'static, Db> {
    let mut q = mall_products::table
        .filter(mall_products::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(s) = viewer.supplier() {
        q = q.filter(mall_products::supplier_id.eq(s));
    } else if !viewer.is_tenant_staff() {
        q = q.filter(mall_products::state.eq(STATE_PUBLISHED));
    }
    q
}

fn filtered(viewer: &Viewer, f: &ProductFilter) -> mall_products::BoxedQuery<'static, Db> {
    let mut q = visible(viewer);
    if let Some(name) = f.name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        q = q.filter(lower(mall_products::product_name).contains_text(&name.to_lowercase()));
    }
    if let Some(k) = f
        .keywords
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        q = q.filter(lower(mall_products::keywords).contains_text(&k.to_lowercase()));
    }
    if let Some(s) = f.state {
        q = q.filter(mall_products::state.eq(s));
    }
    if let Some(s) = f.supplier_id {
        q = q.filter(mall_products::supplier_id.eq(s));
    }
    if let Some(t) = f.sale_type {
        q = q.filter(mall_products::sale_type.eq(t));
    }
    if let Some(t) = f.sale_time {
        q = q
            .filter(mall_products::sale_start.le(t))
            .filter(mall_products::sale_end.gt(t));
    }
    q
}

fn with_names(
    conn: &mut DbConnection,
    viewer: &Viewer,
    rows: Vec<Row>,
) -> QueryResult<Vec<MallProduct>> {
    let ids: Vec<i64> = rows
        .iter()
        .map(|r| r.supplier_id)
        .filter(|id| *id > 0)
        .collect();
    let names = platform::replica::merchant_names(conn, viewer.saas_id, &ids)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let name = names.get(&r.supplier_id).cloned().unwrap_or_default();
            MallProduct::from_row(r, name)
        })
        .collect())
}

/// A page of the products `viewer` sees, by rank (lower first), then newest first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &ProductFilter,
    page: PageRequest,
) -> QueryResult<(Vec<MallProduct>, i64)> {
    let total = filtered(viewer, f).count().get_result(conn)?;
    let rows = filtered(viewer, f)
        .order((mall_products::rank_num.asc(), mall_products::id.desc()))
        .offset(page.offset())
        .limit(page.limit())
        .select(Row::as_select())
        .load(conn)?;
    Ok((with_names(conn, viewer, rows)?, total))
}

/// One product `viewer` may see.
pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<MallProduct>> {
    let row = visible(viewer)
        .filter(mall_products::id.eq(id))
        .select(Row::as_select())
        .first(conn)
        .optional()?;
    Ok(with_names(conn, viewer, row.into_iter().collect())?.pop())
}

/// The named products of the viewer's tenant that exist, in the order asked.
pub fn existing(conn: &mut DbConnection, viewer: &Viewer, ids: &[i64]) -> QueryResult<Vec<i64>> {
    let found: Vec<i64> = mall_products::table
        .filter(mall_products::saas_id.eq(viewer.saas_id))
        .filter(mall_products::id.eq_any(ids))
        .select(mall_products::id)
        .load(conn)?;
    Ok(ids
        .iter()
        .copied()
        .filter(|id| found.contains(id))
        .collect())
}

/// Adds a product to the viewer's tenant (a draft); answers its id.
pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    by_user: i64,
    f: &ProductFields,
    now: i64,
) -> QueryResult<i64> {
    let id = platform::id::next_id();
    diesel::insert_into(mall_products::table)
        .values((
            mall_products::id.eq(id),
            mall_products::saas_id.eq(viewer.saas_id),
            mall_products::sale_num.eq(0),
            mall_products::state.eq(crate::domain::product::STATE_DRAFT),
            mall_products::created_by.eq(by_user),
            mall_products::created_at.eq(now),
            fields(f, now),
        ))
        .execute(conn)?;
    Ok(id)
}

/// Rewrites a product of the viewer's tenant (its state and sales stay).
pub fn update(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    f: &ProductFields,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        mall_products::table
            .filter(mall_products::id.eq(id))
            .filter(mall_products::saas_id.eq(viewer.saas_id)),
    )
    .set(fields(f, now))
    .execute(conn)?;
    Ok(n > 0)
}

/// Sets a product's rank.
pub fn set_rank(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    rank: i32,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        mall_products::table
            .filter(mall_products::id.eq(id))
            .filter(mall_products::saas_id.eq(viewer.saas_id)),
    )
    .set((
        mall_products::rank_num.eq(rank),
        mall_products::updated_at.eq(now),
    ))
    .execute(conn)?;
    Ok(n > 0)
}

/// Moves a product from state `from` to `to`; answers false when it was not in `from`
/// (changed meanwhile).
pub fn move_state(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
    from: i32,
    to: i32,
    now: i64,
) -> QueryResult<bool> {
    let n = diesel::update(
        mall_products::table
            .filter(mall_products::id.eq(id))
            .filter(mall_products::saas_id.eq(viewer.saas_id))
            .filter(mall_products::state.eq(from)),
    )
    .set((
        mall_products::state.eq(to),
        mall_products::updated_at.eq(now),
    ))
    .execute(conn)?;
    Ok(n > 0)
}

#[allow(clippy::type_complexity)]
fn fields(
    f: &ProductFields,
    now: i64,
) -> (
    (
        diesel::dsl::Eq<mall_products::product_name, String>,
        diesel::dsl::Eq<mall_products::keywords, String>,
        diesel::dsl::Eq<mall_products::product_id, i64>,
        diesel::dsl::Eq<mall_products::sale_type, i32>,
        diesel::dsl::Eq<mall_products::supplier_id, i64>,
        diesel::dsl::Eq<mall_products::sale_start, i64>,
    ),
    (
        diesel::dsl::Eq<mall_products::sale_end, i64>,
        diesel::dsl::Eq<mall_products::images, String>,
        diesel::dsl::Eq<mall_products::description, String>,
        diesel::dsl::Eq<mall_products::price, i64>,
        diesel::dsl::Eq<mall_products::stock, i32>,
        diesel::dsl::Eq<mall_products::rank_num, i32>,
        diesel::dsl::Eq<mall_products::updated_at, i64>,
    ),
) {
    (
        (
            mall_products::product_name.eq(f.product_name.clone()),
            mall_products::keywords.eq(f.keywords.clone()),
            mall_products::product_id.eq(f.product_id),
            mall_products::sale_type.eq(f.sale_type),
            mall_products::supplier_id.eq(f.supplier_id),
            mall_products::sale_start.eq(f.sale_time_range[0]),
        ),
        (
            mall_products::sale_end.eq(f.sale_time_range[1]),
            mall_products::images.eq(f.images.join("\n")),
            mall_products::description.eq(f.description.clone()),
            mall_products::price.eq(f.price),
            mall_products::stock.eq(f.stock),
            mall_products::rank_num.eq(f.rank_num),
            mall_products::updated_at.eq(now),
        ),
    )
}
