//! Searching for a stay: hotels and products bookable for the dates and rooms, priced for the
//! booking distributor, with the reason when one is not.

use crate::helpers::*;
use platform::bus::v1::PriceRuleUpdated;
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

/// The total price of `hotel`'s only product for nights 1-2, one room, as `token` is quoted it.
async fn quoted_total(env: &Env, token: &str, hotel_id: i64) -> i64 {
    let path = format!(
        "/saas/booking/hotelBookings/listHotelProduct?hotelId={hotel_id}&{}",
        stay(1, 3, 1)
    );
    let (s, b) = env.call("GET", &path, token, None).await;
    assert_eq!(s, 200, "{b}");
    b["data"][0]["totalPrice"].as_i64().unwrap()
}

fn rule(
    rule_id: i64,
    grade: i32,
    product_id: i64,
    formula: &str,
    enabled: bool,
) -> PriceRuleUpdated {
    PriceRuleUpdated {
        rule_id,
        grade,
        supplier_id: 0,
        product_type: if product_id > 0 { 10 } else { 0 },
        product_id,
        formula: formula.into(),
        enabled,
        deleted: false,
        updated_at: 0,
    }
}

/// A distributor of a level with a price rule is quoted, and orders, at what the rule makes of
/// each night's prices (saas-main's `price-rule.updated` and the level in `merchant.updated`);
/// the most specific rule wins, its own price for a night wins over any rule, a disabled rule
/// prices nothing, and a distributor of another level pays the common prices.
async fn a_distributors_level_prices_its_quotes_and_orders(backend: Backend) {
    let env = start(backend).await;
    // Nights 1 and 2: distribution 45,000 and 28,800, purchase 40,000 and 20,000.
    let p = env.seed(&Seed::default());
    let common = 45_000 + 28_800;
    env.publish_distributor_grade(2).await;
    env.publish_price_rule(SAAS, rule(71, 2, 0, "distribution * 0.8", true))
        .await;
    env.publish_price_rule(SAAS, rule(72, 3, 0, "purchase", true))
        .await;
    assert_eq!(
        quoted_total(&env, &env.distributor, p.hotel_id).await,
        36_000 + 23_040
    );
    assert_eq!(
        quoted_total(&env, &env.distributor_2, p.hotel_id).await,
        common
    );
    // The supplier's distributor price page shows what the rule makes it pay.
    let (s, b) = env
        .call(
            "GET",
            &format!(
                "/saas/price/priceStoreDistributor/list?productId={}&startDate={}&endDate={}&distributorId={DISTRIBUTOR}",
                p.product_id,
                day(1),
                day(2)
            ),
            &env.supplier,
            None,
        )
        .await;
    assert_eq!(s, 200, "{b}");
    let paid: Vec<(i64, bool)> = b["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["effectivePrice"].as_i64().unwrap(),
                r["byRule"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(paid, [(36_000, true), (23_040, true)], "{b}");
    // The order is priced as quoted.
    let (s, b) = env
        .call(
            "POST",
            "/saas/booking/hotelBookings/order",
            &env.distributor,
            Some(booking(p.product_id, 1, 3, 1)),
        )
        .await;
    assert_eq!(
        (s, b["data"]["orderPrice"].as_i64()),
        (200, Some(59_040)),
        "{b}"
    );
    // A rule for this very product is more specific than the level's.
    env.publish_price_rule(SAAS, rule(73, 2, p.product_id, "purchase + 1000", true))
        .await;
    assert_eq!(
        quoted_total(&env, &env.distributor, p.hotel_id).await,
        41_000 + 21_000
    );
    // The distributor's own price for night 1 wins over any rule.
    env.sql(&format!(
        "INSERT INTO price_distributor VALUES ({}, {DISTRIBUTOR}, '{}', {SAAS}, 20000, NULL, 0, 0)",
        p.product_id,
        day(1)
    ));
    assert_eq!(
        quoted_total(&env, &env.distributor, p.hotel_id).await,
        20_000 + 21_000
    );
    // Disabled, the product's rule gives way to the level's; both disabled, the common prices.
    env.publish_price_rule(SAAS, rule(73, 2, p.product_id, "purchase + 1000", false))
        .await;
    assert_eq!(
        quoted_total(&env, &env.distributor, p.hotel_id).await,
        20_000 + 23_040
    );
    env.publish_price_rule(SAAS, rule(71, 2, 0, "distribution * 0.8", false))
        .await;
    assert_eq!(
        quoted_total(&env, &env.distributor, p.hotel_id).await,
        20_000 + 28_800
    );
    env.shutdown().await;
}

platform::on_both_backends!(
    search_finds_bookable_hotels_priced_for_the_distributor,
    a_distributors_level_prices_its_quotes_and_orders,
    the_demo_hotel_is_on_sale_and_made_once,
);
