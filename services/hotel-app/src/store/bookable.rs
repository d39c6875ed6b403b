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
use platform::replica::PriceRuleCopy;
use platform::trade::price_rule::{self, Scope};
use serde::Serialize;
use utoipa::ToSchema;

use super::calendar::{self, Source};
use super::schema::{hotel_products, hotels, product_terms, replica_merchants, rooms};
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

/// A [`Bookable`] as read: the product with its terms, hotel and room.
#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = hotel_products)]
struct BookableRow {
    id: i64,
    supplier_id: i64,
    hotel_id: i64,
    room_id: i64,
    product_name: String,
    confirm_type: i32,
    is_online_pay: i32,
    #[diesel(embed)]
    terms: TermsRow,
    #[diesel(select_expression = hotels::name)]
    hotel_name: String,
    #[diesel(select_expression = rooms::name)]
    room_name: String,
    #[diesel(select_expression = rooms::max_guests)]
    max_guests: i32,
}

/// The terms booking applies (`product_terms`).
#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = product_terms)]
struct TermsRow {
    earliest_booking_days: i32,
    earliest_booking_hours: i32,
    latest_booking_days: i32,
    latest_booking_hours: i32,
    serial_checkin_min: i32,
    serial_checkin_max: i32,
    room_count_min: i32,
    room_count_max: i32,
    cancel_type: i32,
    moveup_cancel_days: i32,
    moveup_cancel_hours: i32,
}

impl From<BookableRow> for Bookable {
    fn from(r: BookableRow) -> Self {
        let t = r.terms;
        Bookable {
            product_id: r.id,
            supplier_id: r.supplier_id,
            hotel_id: r.hotel_id,
            room_id: r.room_id,
            hotel_name: r.hotel_name,
            product_name: r.product_name,
            confirm_type: r.confirm_type,
            is_online_pay: r.is_online_pay,
            room_name: r.room_name,
            max_guests: r.max_guests,
            terms: Terms {
                earliest_booking_days: t.earliest_booking_days,
                earliest_booking_hours: t.earliest_booking_hours,
                latest_booking_days: t.latest_booking_days,
                latest_booking_hours: t.latest_booking_hours,
                serial_checkin_min: t.serial_checkin_min,
                serial_checkin_max: t.serial_checkin_max,
                room_count_min: t.room_count_min,
                room_count_max: t.room_count_max,
                cancel_type: t.cancel_type,
                moveup_cancel_days: t.moveup_cancel_days,
                moveup_cancel_hours: t.moveup_cancel_hours,
            },
        }
    }
}

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
        .select(BookableRow::as_select())
        .load(conn)?;
    Ok(rows.into_iter().map(Bookable::from).collect())
}

/// What a booking needs before its nights: the product on sale, and the booking distributor's
/// currency as the copy of merchants has it (None when the copy does not have it).
#[derive(Debug, Clone)]
pub struct ForBooking {
    pub product: Bookable,
    pub currency: Option<String>,
}

/// The tenant's product on sale for a booking by `distributor_id`, with that distributor's
/// currency, in one statement; the 412 on `productId` when there is no such product.
pub fn for_booking(
    conn: &mut DbConnection,
    viewer: &Viewer,
    product_id: i64,
    distributor_id: i64,
) -> Result<ForBooking, ApiError> {
    let found: Option<(BookableRow, Option<String>)> = hotel_products::table
        .inner_join(product_terms::table.on(product_terms::product_id.eq(hotel_products::id)))
        .inner_join(hotels::table.on(hotels::id.eq(hotel_products::hotel_id)))
        .inner_join(rooms::table.on(rooms::id.eq(hotel_products::room_id)))
        .left_join(
            replica_merchants::table.on(replica_merchants::mch_id
                .eq(distributor_id)
                .and(replica_merchants::saas_id.eq(viewer.saas_id))),
        )
        .filter(hotel_products::id.eq(product_id))
        .filter(hotel_products::saas_id.eq(viewer.saas_id))
        .filter(hotel_products::state.eq(1))
        .filter(hotels::state.eq(1))
        .select((
            BookableRow::as_select(),
            replica_merchants::mch_currency.nullable(),
        ))
        .first(conn)
        .optional()?;
    let (row, currency) = found.ok_or_else(no_such_product)?;
    Ok(ForBooking {
        product: row.into(),
        currency,
    })
}

fn no_such_product() -> ApiError {
    ApiError::invalid_field("productId", "产品不存在或未上架", "no such product on sale")
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

/// Prices `stay` of `p` for `distributor_id` at `now`, applying the booking rules and the
/// price rules of the distributor's level (`rules`, `platform::replica::price_rules_for`): a
/// night without the distributor's own price costs what its level's rule makes of it.
pub fn quote(
    conn: &mut DbConnection,
    p: &Bookable,
    rules: &[PriceRuleCopy],
    distributor_id: i64,
    stay: &Stay,
    now: i64,
) -> QueryResult<Quote> {
    let rule = platform::replica::rule_for(
        rules,
        Scope::of_product(p.supplier_id, price_rule::HOTEL, p.product_id),
    );
    let offers = calendar::offers(
        conn,
        p.product_id,
        Some(distributor_id),
        stay.checkin,
        stay.checkout,
    )?
    .into_iter()
    .map(|o| o.map(|o| o.ruled(rule.as_ref())))
    .collect();
    Ok(priced(p, offers, stay, now))
}

/// The quote of `stay` of `p` at `now` from the offers of its nights (`calendar::offers`).
pub fn priced(p: &Bookable, offers: Vec<Option<calendar::Offer>>, stay: &Stay, now: i64) -> Quote {
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
    Quote {
        price: booking::stay_price(&priced, stay.rooms),
        nights,
        priced,
        refusal,
        need_confirm,
    }
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
    let rules = platform::replica::price_rules_for(conn, viewer.saas_id, distributor_id)?;
    let mut out = Vec::with_capacity(products.len());
    for p in products {
        let q = quote(conn, &p, &rules, distributor_id, stay, now)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use calendar::Offer;

    fn product(confirm_type: i32) -> Bookable {
        Bookable {
            product_id: 1,
            supplier_id: 2,
            hotel_id: 3,
            room_id: 4,
            hotel_name: "Seaside".into(),
            product_name: "Twin".into(),
            confirm_type,
            is_online_pay: 0,
            room_name: "Deluxe Twin".into(),
            max_guests: 2,
            terms: Terms::default(),
        }
    }

    fn offer(day: &str, price: i64, source: Source, left: Option<i64>) -> Option<Offer> {
        Some(Offer {
            day: day.into(),
            price,
            purchase_price: price - 1_000,
            retail_price: price + 1_000,
            closed: false,
            source,
            left,
            own_price: false,
        })
    }

    fn stay(nights: i64, rooms: i64) -> Stay {
        let checkin = platform::time::parse_date("d", "2026-12-01").unwrap_or_default();
        Stay {
            checkin,
            checkout: checkin + nights,
            rooms,
        }
    }

    fn refusal_code(q: &Quote) -> Option<&'static str> {
        match q.refusal {
            Some(ApiError::Rule { code, .. }) => Some(code),
            _ => None,
        }
    }

    #[test]
    fn a_stay_is_priced_night_by_night_for_every_room() {
        let s = stay(2, 2);
        let now = platform::time::day_start_ms(s.checkin);
        let offers = vec![
            offer("2026-12-01", 10_000, Source::Common, Some(5)),
            offer("2026-12-02", 12_000, Source::Authorized, Some(2)),
        ];
        let q = priced(&product(1), offers, &s, now);
        assert!(q.refusal.is_none(), "{:?}", q.refusal);
        assert_eq!(q.price.order_price, 2 * (10_000 + 12_000));
        assert_eq!(q.price.supplier_price, 2 * (9_000 + 11_000));
        assert_eq!(q.priced.len(), 2);
        assert!(!q.need_confirm, "instant confirmation, limited stock");
    }

    #[test]
    fn the_first_night_that_cannot_be_had_says_why() {
        let s = stay(3, 2);
        let now = platform::time::day_start_ms(s.checkin);
        let offers = vec![
            offer("2026-12-01", 10_000, Source::Common, Some(1)),
            None,
            offer("2026-12-03", 10_000, Source::Common, Some(5)),
        ];
        let q = priced(&product(1), offers, &s, now);
        assert_eq!(refusal_code(&q), Some("sold-out"));
        let offers = vec![
            offer("2026-12-01", 10_000, Source::Common, Some(5)),
            None,
            offer("2026-12-03", 10_000, Source::Common, Some(5)),
        ];
        let q = priced(&product(1), offers, &s, now);
        assert_eq!(refusal_code(&q), Some("no-price"));
    }

    #[test]
    fn a_night_without_a_stock_limit_waits_for_the_supplier() {
        let s = stay(1, 1);
        let now = platform::time::day_start_ms(s.checkin);
        let q = priced(
            &product(1),
            vec![offer("2026-12-01", 10_000, Source::Unlimited, None)],
            &s,
            now,
        );
        assert!(q.refusal.is_none() && q.need_confirm);
    }
}
