//! The demo tenant's hotel (docs/demo-data.md): one hotel with two rooms, two products of
//! "Demo Supplier" on sale, priced for the next 90 nights, so `make run` can be booked at once;
//! and its past year of orders ([`history`]), so there is something to look at. Made once,
//! through the same checks and store functions as the API: no hotel is made when the tenant has
//! one already, no history when the database holds an order.

pub mod history;

use platform::db::DbConnection;
use platform::demo::{SAAS_ID, SUPPLIER_ID};
use platform::http::PageRequest;
use platform::trade_store::CalendarTables as _;
use platform::{ApiError, Viewer};
use serde_json::json;

use crate::domain::hotel::{HotelFields, RoomFields};
use crate::domain::pricing::{Change, CommonChange, PriceChanges, StockChange};
use crate::domain::product::ProductFields;
use crate::store::calendar::Calendar;
use crate::store::hotels::{self as hotel_store, HotelFilter};
use crate::store::{products, rooms};

/// How many nights from today get prices.
const NIGHTS: i64 = 90;

fn form<T: serde::de::DeserializeOwned>(v: serde_json::Value) -> anyhow::Result<T> {
    Ok(serde_json::from_value(v)?)
}

fn checked(e: ApiError) -> anyhow::Error {
    anyhow::anyhow!("demo data breaks a rule: {e}")
}

/// When the demo hotel is listed: before the history's first order.
const LISTED_DAYS_AGO: i64 = history::DAYS + 30;

/// Creates the demo hotel and its history; answers whether it made anything. The platform
/// runs it in one transaction, so a start that fails half-way leaves nothing.
pub fn seed(conn: &mut DbConnection) -> anyhow::Result<bool> {
    let now = platform::time::now_ms();
    let listed = now - LISTED_DAYS_AGO * platform::time::DAY_MS;
    let hotel = hotel(conn, now, listed)?;
    let started = std::time::Instant::now();
    let made = history::make(conn, now, listed)?;
    if let Some(m) = made {
        tracing::info!(
            orders = m.orders,
            steps = m.steps,
            refused = m.refused,
            ms = started.elapsed().as_millis() as u64,
            "demo order history made"
        );
    }
    Ok(hotel || made.is_some())
}

/// The hotel, its rooms and products (listed at `listed`, priced from today at `now`);
/// answers whether it made them.
fn hotel(conn: &mut DbConnection, now: i64, listed: i64) -> anyhow::Result<bool> {
    let viewer = Viewer::tenant(SAAS_ID);
    let one = PageRequest { page: 1, size: 1 };
    if hotel_store::list(conn, &viewer, &HotelFilter::default(), one)?.1 > 0 {
        return Ok(false);
    }
    let mut hotel: HotelFields = form(json!({
        "name": "Demo Seaside Hotel",
        "nameEn": "Demo Seaside Hotel",
        "star": 5,
        "areaId": "CN-HI",
        "zoneId": 0,
        "address": "88 Haitang Bay Road, Sanya",
        "postCode": "572000",
        "phone": "0898-88886666",
        "fax": "",
        "images": [],
        "roomNum": 320,
        "openDate": "2018-06-01",
        "checkinTime": "14:00",
        "checkoutTime": "12:00",
        "longitude": 109.6512,
        "latitude": 18.2533,
        "timeZone": "Asia/Shanghai",
        "serviceDesc": "Beach, pool, spa, airport shuttle",
        "state": 1
    }))?;
    hotel.check().map_err(checked)?;
    let hotel_id = platform::id::next_id();
    hotel_store::insert(conn, &viewer, hotel_id, &hotel, listed)?;

    let offers = [
        (
            "Sea-view King",
            1,
            "Sea-view King, breakfast for two",
            1,
            0,
            (68_000, 58_000, 88_000),
        ),
        (
            "Garden Twin",
            2,
            "Garden Twin, pay online",
            2,
            1,
            (45_000, 38_000, 59_900),
        ),
    ];
    for (room_name, bed_type, product_name, confirm_type, online, (dist, purchase, retail)) in
        offers
    {
        let mut room: RoomFields = form(json!({
            "name": room_name,
            "bedType": bed_type,
            "roomType": 1,
            "area": "42",
            "floor": "3-12",
            "maxGuests": 2,
            "addBed": 1,
            "broadband": "1",
            "window": 1,
            "state": 1
        }))?;
        room.check().map_err(checked)?;
        let room_id = platform::id::next_id();
        rooms::insert(conn, &viewer, hotel_id, room_id, &room, listed)?;

        let mut product: ProductFields = form(json!({
            "productName": product_name,
            "productShortName": room_name,
            "hotelId": hotel_id,
            "roomId": room_id,
            "supplierId": SUPPLIER_ID,
            "cancelPolicy": "Free cancellation until the day of arrival",
            "confirmType": confirm_type,
            "cancelType": 1,
            "paymentTypes": "1,2",
            "isOnlinePay": online,
            "breakfastNum": 2,
            "serialCheckinMin": 1,
            "roomCountMin": 1,
            "roomCountMax": 5,
            "guestType": 1
        }))?;
        product.check().map_err(checked)?;
        let product_id = platform::id::next_id();
        products::insert(
            conn,
            &viewer,
            products::NewProduct {
                id: product_id,
                supplier_id: SUPPLIER_ID,
                zone_id: 0,
                now: listed,
            },
            &product,
        )?;
        // Published and on the shelf: bookable.
        products::set_state(conn, product_id, 0, 1, listed)?;
        let today = platform::time::day_of_ms(now);
        let days: Vec<i64> = (today..today + NIGHTS).collect();
        let change = CommonChange {
            prices: PriceChanges {
                purchase: Change::Fixed(purchase),
                distribution: Change::Fixed(dist),
                retail: Change::Fixed(retail),
            },
            stock: StockChange::Limited(20),
            closed: Some(false),
        };
        Calendar::save_common(conn, &viewer, product_id, &days, &change, now).map_err(checked)?;
    }
    Ok(true)
}
