//! What can be booked for a stay: the tenant's products on sale with their terms, a stay
//! priced night by night for the booking distributor (with the reason when it cannot be
//! booked), and the search for hotels with something bookable.

use std::collections::HashMap;

use diesel::prelude::*;
use platform::ApiError;
use platform::Viewer;
use platform::db::SearchText as _;
use platform::db::{Backend as Db, DbConnection};
use platform::http::PageRequest;
use serde::Serialize;
use utoipa::ToSchema;

use super::calendar::{self, Source};
use super::schema::{hotel_products, hotels, product_terms, rooms};
use crate::domain::booking::{self, Night, NightRefusal, Stay, Terms};

/// A product as booking needs it: on sale, with its terms and hotel.
#[derive(Debug, Clone)]
pub struct Bookable {
    pub product_id: i64,
    pub supplier_id: i64,
    pub hotel_id: i64,
    pub room_id: i64,
    pub hotel_name: String,
    pub product_name: String,
    pub confirm_type: i32,
    pub is_online_pay: i32,
    pub room_name: String,
    /// Guests one room of the product takes.
    pub max_guests: i32,
    pub terms: Terms,
}

type BookableRow = (
    (i64, i64, i64, i64, String, i32, i32),
    (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32),
    (String, String, i32),
);

/// The tenant's on-sale products of `hotel_id` (all hotels when None) with their terms.
pub fn bookable_products(
    conn: &mut DbConnection,
    viewer: &Viewer,
    hotel_id: Option<i64>,
    product_id: Option<i64>,
) -> QueryResult<Vec<Bookable>> {
    let mut q = hotel_products::table
        .inner_join(product_terms::table.on(product_terms::product_id.eq(hotel_products::id)))
        .inner_join(hotels::table.on(hotels::id.eq(hotel_products::hotel_id)))
        .inner_join(rooms::table.on(rooms::id.eq(hotel_products::room_id)))
        .filter(hotel_products::saas_id.eq(viewer.saas_id))
        .filter(hotel_products::state.eq(1))
        .filter(hotels::state.eq(1))
        .into_boxed::<Db>();
    if let Some(h) = hotel_id {
        q = q.filter(hotel_products::hotel_id.eq(h));
    }
    if let Some(p) = product_id {
        q = q.filter(hotel_products::id.eq(p));
    }
    let rows: Vec<BookableRow> = q
        .order(hotel_products::id)
        .select((
            (
                hotel_products::id,
                hotel_products::supplier_id,
                hotel_products::hotel_id,
                hotel_products::room_id,
                hotel_products::product_name,
                hotel_products::confirm_type,
                hotel_products::is_online_pay,
            ),
            (
                product_terms::earliest_booking_days,
                product_terms::earliest_booking_hours,
                product_terms::latest_booking_days,
                product_terms::latest_booking_hours,
                product_terms::serial_checkin_min,
                product_terms::serial_checkin_max,
                product_terms::room_count_min,
                product_terms::room_count_max,
                product_terms::cancel_type,
                product_terms::moveup_cancel_days,
                product_terms::moveup_cancel_hours,
            ),
            (hotels::name, rooms::name, rooms::max_guests),
        ))
        .load(conn)?;
    Ok(rows
        .into_iter()
        .map(|(p, t, (hotel_name, room_name, max_guests))| Bookable {
            product_id: p.0,
            supplier_id: p.1,
            hotel_id: p.2,
            room_id: p.3,
            product_name: p.4,
            confirm_type: p.5,
            is_online_pay: p.6,
            max_guests,
            room_name,
            hotel_name,
            terms: Terms {
                earliest_booking_days: t.0,
                earliest_booking_hours: t.1,
                latest_booking_days: t.2,
                latest_booking_hours: t.3,
                serial_checkin_min: t.4,
                serial_checkin_max: t.5,
                room_count_min: t.6,
                room_count_max: t.7,
                cancel_type: t.8,
                moveup_cancel_days: t.9,
                moveup_cancel_hours: t.10,
            },
        })
        .collect())
}

/// A stay priced for a distributor: each night's offer, or why it cannot be booked.
#[derive(Debug)]
pub struct Quote {
    pub nights: Vec<calendar::Offer>,
    /// The same nights as the booking rules price them.
    pub priced: Vec<Night>,
    pub price: booking::StayPrice,
    /// None when bookable; else the reason.
    pub refusal: Option<ApiError>,
    /// Some night has no stock limit, or the product is not instant-confirm.
    pub need_confirm: bool,
}

/// Prices `stay` of `p` for `distributor_id` at `now`, applying the booking rules.
pub fn quote(
    conn: &mut DbConnection,
    p: &Bookable,
    distributor_id: i64,
    stay: &Stay,
    now: i64,
) -> QueryResult<Quote> {
    let offers = calendar::offers(
        conn,
        p.product_id,
        Some(distributor_id),
        stay.checkin,
        stay.checkout,
    )?;
    let mut refusal = booking::check_terms(&p.terms, stay, now).err();
    let mut nights = Vec::with_capacity(offers.len());
    for (i, o) in offers.into_iter().enumerate() {
        let why = match &o {
            None => Some(NightRefusal::NoPrice),
            Some(o) => NightRefusal::of(o.closed, o.left, stay.rooms),
        };
        if let Some(why) = why {
            let day = platform::time::format_day(stay.checkin + i as i64);
            refusal.get_or_insert_with(|| why.error(&day));
        }
        nights.extend(o);
    }
    let priced: Vec<Night> = nights
        .iter()
        .enumerate()
        .map(|(i, o)| Night {
            day: stay.checkin + i as i64,
            price: o.price,
            purchase_price: o.purchase_price,
        })
        .collect();
    let need_confirm = booking::needs_confirmation(
        p.confirm_type,
        nights.iter().any(|o| o.source == Source::Unlimited),
    );
    Ok(Quote {
        price: booking::stay_price(&priced, stay.rooms),
        nights,
        priced,
        refusal,
        need_confirm,
    })
}

/// The tenant's product on sale, for booking; the 412 on `productId` otherwise.
pub fn bookable(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product_id: i64,
) -> Result<Bookable, ApiError> {
    bookable_products(conn, viewer, None, Some(product_id))?
        .into_iter()
        .next()
        .ok_or_else(|| {
            ApiError::invalid_field("productId", "产品不存在或未上架", "no such product on sale")
        })
}

/// The tenant's products on sale (a hotel's, when given), each priced for `stay` by
/// `distributor_id` at `now`.
pub fn quoted_products(
    conn: &mut DbConnection,
    viewer: &Viewer,
    hotel_id: Option<i64>,
    distributor_id: i64,
    stay: &Stay,
    now: i64,
) -> QueryResult<Vec<(Bookable, Quote)>> {
    let products = bookable_products(conn, viewer, hotel_id, None)?;
    let mut out = Vec::with_capacity(products.len());
    for p in products {
        let q = quote(conn, &p, distributor_id, stay, now)?;
        out.push((p, q));
    }
    Ok(out)
}

/// A search for hotels to book: the stay, whose prices, and which of the tenant's hotels.
#[derive(Debug, Clone)]
pub struct HotelSearch {
    /// 0: the common prices.
    pub distributor_id: i64,
    pub stay: Stay,
    pub hotel_id: Option<i64>,
    /// Part of the hotel's name.
    pub hotel_name: Option<String>,
    pub star: Option<i32>,
    pub zone_id: Option<i64>,
}

/// A hotel in the search results.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookableHotel {
    pub hotel_id: i64,
    pub name: String,
    pub name_en: String,
    pub star: i32,
    pub zone_id: i64,
    pub address: String,
    /// The lowest total price of a bookable product for the stay, fen.
    pub min_price: i64,
    pub bookable_products: i64,
}

type HotelRow = (i64, String, String, i32, i64, String);

fn hotel_rows(
    conn: &mut DbConnection,
    viewer: &Viewer,
    s: &HotelSearch,
) -> QueryResult<Vec<HotelRow>> {
    let mut h = hotels::table
        .filter(hotels::saas_id.eq(viewer.saas_id))
        .filter(hotels::state.eq(1))
        .into_boxed::<Db>();
    if let Some(id) = s.hotel_id {
        h = h.filter(hotels::id.eq(id));
    }
    if let Some(n) = &s.hotel_name {
        h = h.filter(hotels::name.contains_text(n));
    }
    if let Some(star) = s.star {
        h = h.filter(hotels::hotel_star.eq(star));
    }
    if let Some(z) = s.zone_id {
        h = h.filter(hotels::zone_id.eq(z));
    }
    h.order(hotels::id)
        .select((
            hotels::id,
            hotels::name,
            hotels::name_en,
            hotels::hotel_star,
            hotels::zone_id,
            hotels::address,
        ))
        .load(conn)
}

/// A page of the hotels `s` finds with at least one product bookable for the stay at `now`,
/// each with its lowest total price, and how many there are.
pub fn bookable_hotels(
    conn: &mut DbConnection,
    viewer: &Viewer,
    s: &HotelSearch,
    now: i64,
    page: PageRequest,
) -> QueryResult<(Vec<BookableHotel>, i64)> {
    // Per hotel: the lowest price and how many products are bookable.
    let mut best: HashMap<i64, (i64, i64)> = HashMap::new();
    for (p, q) in quoted_products(conn, viewer, None, s.distributor_id, &s.stay, now)? {
        if q.refusal.is_none() {
            let e = best.entry(p.hotel_id).or_insert((i64::MAX, 0));
            e.0 = e.0.min(q.price.order_price);
            e.1 += 1;
        }
    }
    let found: Vec<BookableHotel> = hotel_rows(conn, viewer, s)?
        .into_iter()
        .filter_map(|(id, name, name_en, star, zone_id, address)| {
            best.get(&id).map(|(min, n)| BookableHotel {
                hotel_id: id,
                name,
                name_en,
                star,
                zone_id,
                address,
                min_price: *min,
                bookable_products: *n,
            })
        })
        .collect();
    let total = found.len() as i64;
    let rows = found
        .into_iter()
        .skip(page.offset() as usize)
        .take(page.limit() as usize)
        .collect();
    Ok((rows, total))
}
