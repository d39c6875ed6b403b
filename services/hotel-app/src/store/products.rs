//! Hotel products (`hotel_products` with their booking terms in `product_terms`). Every
//! create, change and state change publishes `product.hotel.updated` in its transaction, from
//! which saas-main counts products.

use std::collections::HashMap;

use diesel::prelude::*;
use platform::Viewer;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection, lower};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::schema::{hotel_products, hotels, product_terms, rooms};
use crate::NAME;
use crate::domain::product::{ProductFields, on_sale, state};

pub const EVENT: &str = "product.hotel.updated";

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = hotel_products)]
pub struct ProductRow {
    pub id: i64,
    pub saas_id: i64,
    pub supplier_id: i64,
    pub hotel_id: i64,
    pub room_id: i64,
    pub zone_id: i64,
    pub product_name: String,
    pub product_short_name: String,
    pub product_desc: String,
    pub confirm_type: i32,
    pub share_type: i32,
    pub payment_types: String,
    pub is_online_pay: i32,
    pub guest_type: i32,
    pub supplier_hotel_id: String,
    pub supplier_product_id: String,
    pub supplier_room_id: String,
    pub state: i32,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone, Default, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = product_terms, primary_key(product_id))]
pub struct TermsRow {
    pub product_id: i64,
    pub cancel_policy: String,
    pub cancel_type: i32,
    pub earliest_booking_days: i32,
    pub earliest_booking_hours: i32,
    pub latest_booking_days: i32,
    pub latest_booking_hours: i32,
    pub breakfast_num: i32,
    pub lunch_num: i32,
    pub dinner_num: i32,
    pub serial_checkin_min: i32,
    pub serial_checkin_max: i32,
    pub room_count_min: i32,
    pub room_count_max: i32,
    pub moveup_cancel_days: i32,
    pub moveup_cancel_hours: i32,
}

impl TermsRow {
    fn of(product_id: i64, f: &ProductFields) -> Self {
        Self {
            product_id,
            cancel_policy: f.cancel_policy.clone(),
            cancel_type: f.cancel_type,
            earliest_booking_days: f.earliest_booking_days,
            earliest_booking_hours: f.earliest_booking_hours,
            latest_booking_days: f.latest_booking_days,
            latest_booking_hours: f.latest_booking_hours,
            breakfast_num: f.breakfast_num,
            lunch_num: f.lunch_num,
            dinner_num: f.dinner_num,
            serial_checkin_min: f.serial_checkin_min,
            serial_checkin_max: f.serial_checkin_max,
            room_count_min: f.room_count_min,
            room_count_max: f.room_count_max,
            moveup_cancel_days: f.moveup_cancel_days,
            moveup_cancel_hours: f.moveup_cancel_hours,
        }
    }
}

/// A product as the pages show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HotelProduct {
    pub product_id: i64,
    pub product_name: String,
    pub product_short_name: String,
    pub product_desc: String,
    pub zone_id: i64,
    pub hotel_id: i64,
    pub hotel_name: String,
    pub room_id: i64,
    pub room_name: String,
    pub supplier_id: i64,
    pub supplier_name: String,
    pub cancel_policy: String,
    /// 0 not sure, 1 instant, 2 delayed.
    pub confirm_type: i32,
    pub share_type: i32,
    /// 0 non-cancellable, 1 free, 2 until a deadline, 3 with a fee.
    pub cancel_type: i32,
    /// Comma list of 1 (credit) and 2 (cash).
    pub payment_types: String,
    pub is_online_pay: i32,
    pub earliest_booking_days: i32,
    pub earliest_booking_hours: i32,
    pub latest_booking_days: i32,
    pub latest_booking_hours: i32,
    pub breakfast_num: i32,
    pub lunch_num: i32,
    pub dinner_num: i32,
    pub serial_checkin_min: i32,
    pub serial_checkin_max: i32,
    pub room_count_min: i32,
    pub room_count_max: i32,
    pub moveup_cancel_days: i32,
    pub moveup_cancel_hours: i32,
    pub guest_type: i32,
    pub supplier_hotel_id: String,
    pub supplier_product_id: String,
    pub supplier_room_id: String,
    /// 0 unpublished, 1 on sale, 2 off the shelf, 3 disabled, -1 deleted.
    pub state: i32,
    /// ms.
    pub create_date: i64,
    pub modify_date: i64,
}

/// A hotel with its products, for `listHotel`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HotelGroup {
    pub hotel_id: i64,
    pub hotel_name: String,
    pub products: Vec<HotelProduct>,
}

#[derive(Debug, Default, Clone)]
pub struct ProductFilter {
    pub product_name: Option<String>,
    pub hotel_id: Option<i64>,
    pub supplier_id: Option<i64>,
    /// None: every state but deleted.
    pub state: Option<i32>,
    pub confirm_type: Option<i32>,
}

/// The products `viewer` sees: the tenant's, or a merchant's user only its own (a
/// distributor supplies none).
fn visible(viewer: &Viewer) -> hotel_products::BoxedQuery<'static, Db> {
    let mut q = hotel_products::table
        .filter(hotel_products::saas_id.eq(viewer.saas_id))
        .into_boxed();
    if let Some(own) = viewer.mch_id() {
        q = q.filter(hotel_products::supplier_id.eq(own));
    }
    q
}

fn products_in(viewer: &Viewer, f: &ProductFilter) -> hotel_products::BoxedQuery<'static, Db> {
    let mut q = visible(viewer);
    match f.state {
        Some(s) => q = q.filter(hotel_products::state.eq(s)),
        None => q = q.filter(hotel_products::state.ne(state::DELETED)),
    }
    if let Some(n) = f
        .product_name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        // Case-insensitive on both backends (PostgreSQL's LIKE is not, SQLite's is).
        q = q.filter(lower(hotel_products::product_name).contains_text(&n.to_lowercase()));
    }
    if let Some(h) = f.hotel_id {
        q = q.filter(hotel_products::hotel_id.eq(h));
    }
    if let Some(s) = f.supplier_id {
        q = q.filter(hotel_products::supplier_id.eq(s));
    }
    if let Some(c) = f.confirm_type {
        q = q.filter(hotel_products::confirm_type.eq(c));
    }
    q
}

/// A product `viewer` sees (any state).
pub fn find(conn: &mut DbConnection, viewer: &Viewer, id: i64) -> QueryResult<Option<ProductRow>> {
    visible(viewer)
        .filter(hotel_products::id.eq(id))
        .select(ProductRow::as_select())
        .first(conn)
        .optional()
}

/// The product as the pages show it.
pub fn load(
    conn: &mut DbConnection,
    viewer: &Viewer,
    id: i64,
) -> QueryResult<Option<HotelProduct>> {
    let Some(row) = find(conn, viewer, id)? else {
        return Ok(None);
    };
    Ok(decorate(conn, viewer, vec![row])?.pop())
}

fn publish(conn: &mut DbConnection, p: &ProductRow) -> QueryResult<()> {
    let payload = v1::ProductUpdated {
        product_id: p.id,
        product_type: v1::ProductType::Hotel as i32,
        supplier_mch_id: p.supplier_id,
        product_name: p.product_name.clone(),
        on_sale: on_sale(p.state),
        deleted: p.state == state::DELETED,
    };
    publish_in_tx(conn, Outgoing::new(NAME, EVENT, p.saas_id, &payload)).map(|_| ())
}

fn reload(conn: &mut DbConnection, id: i64) -> QueryResult<ProductRow> {
    hotel_products::table
        .find(id)
        .select(ProductRow::as_select())
        .first(conn)
}

/// What a new product of the viewer's tenant is made of, besides its checked fields.
#[derive(Debug, Clone, Copy)]
pub struct NewProduct {
    pub id: i64,
    pub supplier_id: i64,
    pub zone_id: i64,
    pub now: i64,
}

/// Creates an unpublished product.
pub fn insert(
    conn: &mut DbConnection,
    viewer: &Viewer,
    n: NewProduct,
    f: &ProductFields,
) -> QueryResult<ProductRow> {
    diesel::insert_into(hotel_products::table)
        .values((
            hotel_products::id.eq(n.id),
            hotel_products::saas_id.eq(viewer.saas_id),
            hotel_products::supplier_id.eq(n.supplier_id),
            hotel_products::hotel_id.eq(f.hotel_id),
            hotel_products::room_id.eq(f.room_id),
            hotel_products::zone_id.eq(n.zone_id),
            hotel_products::product_name.eq(&f.product_name),
            hotel_products::product_short_name.eq(&f.product_short_name),
            hotel_products::product_desc.eq(&f.product_desc),
            hotel_products::confirm_type.eq(f.confirm_type),
            hotel_products::share_type.eq(f.share_type),
            hotel_products::payment_types.eq(&f.payment_types),
            hotel_products::is_online_pay.eq(f.is_online_pay),
            hotel_products::guest_type.eq(f.guest_type),
            hotel_products::supplier_hotel_id.eq(&f.supplier_hotel_id),
            hotel_products::supplier_product_id.eq(&f.supplier_product_id),
            hotel_products::supplier_room_id.eq(&f.supplier_room_id),
            hotel_products::state.eq(state::UNPUBLISHED),
            hotel_products::created_at.eq(n.now),
            hotel_products::updated_at.eq(n.now),
        ))
        .execute(conn)?;
    diesel::insert_into(product_terms::table)
        .values(TermsRow::of(n.id, f))
        .execute(conn)?;
    let row = reload(conn, n.id)?;
    publish(conn, &row)?;
    Ok(row)
}

/// Changes a product's fields (its supplier and state stay).
pub fn update(
    conn: &mut DbConnection,
    id: i64,
    zone_id: i64,
    f: &ProductFields,
    now: i64,
) -> QueryResult<ProductRow> {
    diesel::update(hotel_products::table.find(id))
        .set((
            hotel_products::hotel_id.eq(f.hotel_id),
            hotel_products::room_id.eq(f.room_id),
            hotel_products::zone_id.eq(zone_id),
            hotel_products::product_name.eq(&f.product_name),
            hotel_products::product_short_name.eq(&f.product_short_name),
            hotel_products::product_desc.eq(&f.product_desc),
            hotel_products::confirm_type.eq(f.confirm_type),
            hotel_products::share_type.eq(f.share_type),
            hotel_products::payment_types.eq(&f.payment_types),
            hotel_products::is_online_pay.eq(f.is_online_pay),
            hotel_products::guest_type.eq(f.guest_type),
            hotel_products::supplier_hotel_id.eq(&f.supplier_hotel_id),
            hotel_products::supplier_product_id.eq(&f.supplier_product_id),
            hotel_products::supplier_room_id.eq(&f.supplier_room_id),
            hotel_products::updated_at.eq(now),
        ))
        .execute(conn)?;
    let terms = TermsRow::of(id, f);
    // A product written before its terms existed would have none: write them either way.
    let n = diesel::update(product_terms::table.find(id))
        .set(&terms)
        .execute(conn)?;
    if n == 0 {
        diesel::insert_into(product_terms::table)
            .values(&terms)
            .execute(conn)?;
    }
    let row = reload(conn, id)?;
    publish(conn, &row)?;
    Ok(row)
}

/// Moves a product from state `from` to `to`; None when another request moved it first.
pub fn set_state(
    conn: &mut DbConnection,
    id: i64,
    from: i32,
    to: i32,
    now: i64,
) -> QueryResult<Option<ProductRow>> {
    let n = diesel::update(
        hotel_products::table
            .find(id)
            .filter(hotel_products::state.eq(from)),
    )
    .set((
        hotel_products::state.eq(to),
        hotel_products::updated_at.eq(now),
    ))
    .execute(conn)?;
    if n == 0 {
        return Ok(None);
    }
    let row = reload(conn, id)?;
    publish(conn, &row)?;
    Ok(Some(row))
}

/// The products `viewer` sees matching the filter, newest first.
pub fn list(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &ProductFilter,
    page: PageRequest,
) -> QueryResult<(Vec<HotelProduct>, i64)> {
    let total = products_in(viewer, f).count().get_result(conn)?;
    let rows = products_in(viewer, f)
        .order(hotel_products::id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .select(ProductRow::as_select())
        .load(conn)?;
    Ok((decorate(conn, viewer, rows)?, total))
}

/// A page of the hotels that have matching products (newest hotel first), each with those
/// products; the total counts hotels.
pub fn list_by_hotel(
    conn: &mut DbConnection,
    viewer: &Viewer,
    f: &ProductFilter,
    page: PageRequest,
) -> QueryResult<(Vec<HotelGroup>, i64)> {
    let total: i64 = products_in(viewer, f)
        .select(diesel::dsl::count(hotel_products::hotel_id).aggregate_distinct())
        .first(conn)?;
    let hotel_ids: Vec<i64> = products_in(viewer, f)
        .select(hotel_products::hotel_id)
        .distinct()
        .order(hotel_products::hotel_id.desc())
        .offset(page.offset())
        .limit(page.limit())
        .load(conn)?;
    let rows = products_in(viewer, f)
        .filter(hotel_products::hotel_id.eq_any(&hotel_ids))
        .order(hotel_products::id.desc())
        .select(ProductRow::as_select())
        .load(conn)?;
    let names = hotel_names(conn, viewer, &hotel_ids)?;
    let mut by_hotel: HashMap<i64, Vec<HotelProduct>> = HashMap::new();
    for p in decorate(conn, viewer, rows)? {
        by_hotel.entry(p.hotel_id).or_default().push(p);
    }
    let groups = hotel_ids
        .into_iter()
        .map(|id| HotelGroup {
            hotel_id: id,
            hotel_name: names.get(&id).cloned().unwrap_or_default(),
            products: by_hotel.remove(&id).unwrap_or_default(),
        })
        .collect();
    Ok((groups, total))
}

fn hotel_names(
    conn: &mut DbConnection,
    viewer: &Viewer,
    ids: &[i64],
) -> QueryResult<HashMap<i64, String>> {
    let rows: Vec<(i64, String)> = hotels::table
        .filter(hotels::saas_id.eq(viewer.saas_id))
        .filter(hotels::id.eq_any(ids))
        .select((hotels::id, hotels::name))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

fn room_names(
    conn: &mut DbConnection,
    viewer: &Viewer,
    ids: &[i64],
) -> QueryResult<HashMap<i64, String>> {
    let rows: Vec<(i64, String)> = rooms::table
        .filter(rooms::saas_id.eq(viewer.saas_id))
        .filter(rooms::id.eq_any(ids))
        .select((rooms::id, rooms::name))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

fn unique(ids: impl Iterator<Item = i64>) -> Vec<i64> {
    let mut v: Vec<i64> = ids.collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Adds the terms and the hotel, room and supplier names to product rows (a page at most, so
/// each lookup is one `IN` query).
fn decorate(
    conn: &mut DbConnection,
    viewer: &Viewer,
    rows: Vec<ProductRow>,
) -> QueryResult<Vec<HotelProduct>> {
    let ids = unique(rows.iter().map(|r| r.id));
    let terms: HashMap<i64, TermsRow> = product_terms::table
        .filter(product_terms::product_id.eq_any(&ids))
        .select(TermsRow::as_select())
        .load(conn)?
        .into_iter()
        .map(|t| (t.product_id, t))
        .collect();
    let hotels = hotel_names(conn, viewer, &unique(rows.iter().map(|r| r.hotel_id)))?;
    let rooms = room_names(conn, viewer, &unique(rows.iter().map(|r| r.room_id)))?;
    let suppliers = platform::replica::merchant_names(
        conn,
        viewer.saas_id,
        &unique(rows.iter().map(|r| r.supplier_id)),
    )?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let t = terms.get(&r.id).cloned().unwrap_or_default();
            HotelProduct {
                product_id: r.id,
                hotel_name: hotels.get(&r.hotel_id).cloned().unwrap_or_default(),
                room_name: rooms.get(&r.room_id).cloned().unwrap_or_default(),
                supplier_name: suppliers.get(&r.supplier_id).cloned().unwrap_or_default(),
                product_name: r.product_name,
                product_short_name: r.product_short_name,
                product_desc: r.product_desc,
                zone_id: r.zone_id,
                hotel_id: r.hotel_id,
                room_id: r.room_id,
                supplier_id: r.supplier_id,
                cancel_policy: t.cancel_policy,
                confirm_type: r.confirm_type,
                share_type: r.share_type,
                cancel_type: t.cancel_type,
                payment_types: r.payment_types,
                is_online_pay: r.is_online_pay,
                earliest_booking_days: t.earliest_booking_days,
                earliest_booking_hours: t.earliest_booking_hours,
                latest_booking_days: t.latest_booking_days,
                latest_booking_hours: t.latest_booking_hours,
                breakfast_num: t.breakfast_num,
                lunch_num: t.lunch_num,
                dinner_num: t.dinner_num,
                serial_checkin_min: t.serial_checkin_min,
                serial_checkin_max: t.serial_checkin_max,
                room_count_min: t.room_count_min,
                room_count_max: t.room_count_max,
                moveup_cancel_days: t.moveup_cancel_days,
                moveup_cancel_hours: t.moveup_cancel_hours,
                guest_type: r.guest_type,
                supplier_hotel_id: r.supplier_hotel_id,
                supplier_product_id: r.supplier_product_id,
                supplier_room_id: r.supplier_room_id,
                state: r.state,
                create_date: r.created_at,
                modify_date: r.updated_at,
            }
        })
        .collect())
}
