//! Searching for a stay: hotels and products bookable for the dates and rooms, priced for the
//! booking distributor, with the reason when one is not.

use crate::helpers::*;
use platform::testing::Backend;
use serde_json::Value;

fn stay(from: i64, to: i64, rooms: i64) -> String {
    format!(
        "checkinDate={}&checkoutDate={}&roomNum={rooms}",
        day(from),
        day(to)
    )
}

async fn search_finds_bookable_hotels_priced_for_the_distributor(backend: Backend) {
    let env = start(backend).await;
    let cheap = env.seed(&Seed::default());
    let strict = env.seed(&Seed {
        serial_min: 3,
        ..Seed::default()
    });
    // The distributor has its own price on the first night of the cheap product.
    env.sql(&format!(
        "INSERT INTO price_distributor VALUES ({}, {DISTRIBUTOR}, '{}', {SAAS}, 20000, 1, 0, 0)",
        cheap.product_id,
        day(1)
    ));

    let (s, b) = env
        .call(
            "GET",
            &format!("/saas/booking/hotelBookings/list?{}", stay(1, 3, 1)),
            &env.distributor,
            None,
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let hotels = b["data"]["results"].as_array().unwrap();
    assert_eq!(
        hotels.len(),
        1,
        "the strict product needs three nights: {b}"
    );
    assert_eq!(hotels[0]["hotelId"], cheap.hotel_id);
    assert_eq!(hotels[0]["minPrice"], 20_000 + 28_800);

    // Another distributor pays the common prices.
    let (_, b) = env
        .call(
            "GET",
            &format!("/saas/booking/hotelBookings/list?{}", stay(1, 3, 1)),
            &env.distributor_2,
            None,
        )
        .await;
    assert_eq!(b["data"]["results"][0]["minPrice"], 45_000 + 28_800);

    // The products of a hotel, with availability and the reason when not bookable.
    let path = format!(
        "/saas/booking/hotelBookings/listHotelProduct?hotelId={}&{}",
        strict.hotel_id,
        stay(1, 3, 2)
    );
    let (s, b) = env.call("GET", &path, &env.distributor, None).await;
    assert_eq!(s, 200, "{b}");
    let p: &Value = &b["data"][0];
    assert_eq!(p["bookable"], false);
    assert!(
        p["reason"].as_str().unwrap().contains("at least 3 nights"),
        "{p}"
    );
    assert_eq!(p["totalPrice"], 2 * (45_000 + 28_800));
    assert_eq!(p["nightly"][0]["left"], 10);

    // The authorised stock of one room limits the first night for that distributor only.
    let path = format!(
        "/saas/booking/hotelBookings/hotelDetail?hotelId={}&{}",
        cheap.hotel_id,
        stay(1, 2, 2)
    );
    let (s, b) = env.call("GET", &path, &env.distributor, None).await;
    assert_eq!(s, 200, "{b}");
    assert!(b["data"]["name"].as_str().unwrap().starts_with("Seaside"));
    let p = &b["data"]["products"][0];
    assert_eq!(
        (p["bookable"].as_bool(), p["nightly"][0]["left"].as_i64()),
        (Some(false), Some(1))
    );
    assert_eq!(p["roomName"], "Deluxe Twin");
    assert_eq!(p["roomId"], cheap.room_id);
    let (_, b) = env.call("GET", &path, &env.distributor_2, None).await;
    assert_eq!(b["data"]["products"][0]["bookable"], true);

    // Rules of the query itself, and who may search.
    let (s, b) = env
        .call(
            "GET",
            "/saas/booking/hotelBookings/list?roomNum=1",
            &env.distributor,
            None,
        )
        .await;
    assert_eq!((s, field(&b)), (412, "checkinDate"));
    let (s, b) = env
        .call(
            "GET",
            &format!(
                "/saas/booking/hotelBookings/listHotelProduct?{}",
                stay(1, 2, 1)
            ),
            &env.distributor,
            None,
        )
        .await;
    assert_eq!((s, field(&b)), (412, "hotelId"));
    let (s, _) = env
        .call(
            "GET",
            &format!("/saas/booking/hotelBookings/list?{}", stay(1, 2, 1)),
            &env.supplier,
            None,
        )
        .await;
    assert_eq!(s, 403);
    let (_, b) = env
        .call(
            "GET",
            &format!("/saas/booking/hotelBookings/list?{}", stay(1, 2, 1)),
            &env.other_operator,
            None,
        )
        .await;
    assert_eq!(b["data"]["sizeAll"], 0, "another tenant's hotels");

    // Booking with the authorised stock takes from it, not from the common stock.
    let (s, b) = env
        .call(
            "POST",
            "/saas/booking/hotelBookings/order",
            &env.distributor,
            Some(booking(cheap.product_id, 1, 2, 1)),
        )
        .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["orderPrice"], 20_000);
    assert_eq!(env.stock(cheap.product_id, 1), 10);
    assert_eq!(
        env.number(&format!(
            "SELECT stock AS n FROM price_distributor WHERE product_id = {}",
            cheap.product_id
        )),
        0
    );
    env.shutdown().await;
}

async fn the_demo_hotel_is_on_sale_and_made_once(backend: Backend) {
    let env = start_with(backend, &[("TRADEWIND_HOTEL_APP__DEMO__ENABLED", "true")]).await;
    let (s, b) = env
        .call(
            "GET",
            &format!("/saas/booking/hotelBookings/list?{}", stay(1, 3, 2)),
            &env.distributor,
            None,
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let hotel = &b["data"]["results"][0];
    assert_eq!(hotel["name"], "Demo Seaside Hotel");
    assert_eq!(hotel["bookableProducts"], 2);
    assert_eq!(hotel["minPrice"], 2 * 2 * 45_000);
    let path = format!(
        "/saas/booking/hotelBookings/listHotelProduct?hotelId={}&{}",
        hotel["hotelId"],
        stay(1, 3, 2)
    );
    let (_, b) = env.call("GET", &path, &env.distributor, None).await;
    let king = b["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["roomName"] == "Sea-view King")
        .unwrap()
        .clone();
    let (s, b) = env
        .call(
            "POST",
            "/saas/booking/hotelBookings/order",
            &env.distributor,
            Some(booking(king["productId"].as_i64().unwrap(), 1, 3, 2)),
        )
        .await;
    assert_eq!((s, b["data"]["orderState"].as_i64()), (200, Some(1)), "{b}");
    assert_eq!(b["data"]["orderPrice"], 2 * 2 * 68_000);
    let mut conn = env.pool().get().unwrap();
    assert!(!hotel_app::demo::seed(&mut conn).unwrap());
    assert_eq!(
        env.number("SELECT CAST(COUNT(*) AS BIGINT) AS n FROM hotels"),
        1
    );
    env.shutdown().await;
}

platform::on_both_backends!(
    search_finds_bookable_hotels_priced_for_the_distributor,
    the_demo_hotel_is_on_sale_and_made_once,
);
