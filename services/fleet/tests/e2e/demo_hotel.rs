//! Booking hotel-app's demo hotel as its distributor, for these tests, the notify benchmark
//! (`benches/notify.rs`) and the multi-process tests (`tests/support`), which include this file.

use platform::testing::{TestApp, eventually};
use serde_json::{Value, json};

pub use platform::testing::day;

/// The demo hotel's first product as the distributor finds it, once hotel-app knows the
/// merchants (their events arrive a moment after the start).
pub async fn demo_product(hotel: &TestApp, token: &str) -> Value {
    let stay = format!("checkinDate={}&checkoutDate={}&roomNum=1", day(1), day(2));
    let path = format!("/saas/booking/hotelBookings/list?{stay}");
    let (path, stay) = (path.as_str(), stay.as_str());
    let hotel_id = eventually("hotel-app offering the demo hotel", || async move {
        let (s, b) = hotel.call("GET", path, token, "en", None).await;
        (s == 200 && b["data"]["sizeAll"] == 1).then(|| b["data"]["results"][0]["hotelId"].clone())
    })
    .await;
    let path = format!("/saas/booking/hotelBookings/listHotelProduct?hotelId={hotel_id}&{stay}");
    let (_, p) = hotel.call("GET", &path, token, "en", None).await;
    let product = p["data"][0]["productId"].clone();
    assert!(product.is_i64(), "no product in {p}");
    product
}

/// The order form of one room of `product` for the night `night` days from today.
pub fn order_form(product: &Value, night: i64) -> Value {
    json!({
        "productId": product,
        "checkinDate": day(night),
        "checkoutDate": day(night + 1),
        "roomNum": 1,
        "contactName": "Li Lei",
        "contactPhone": "13812345678",
        "guests": [{"name": "Li Lei"}]
    })
}

/// Books one room of `product` for the night `night` days from today.
pub async fn book(hotel: &TestApp, token: &str, product: &Value, night: i64) -> (u16, Value) {
    let body = order_form(product, night);
    hotel
        .call(
            "POST",
            "/saas/booking/hotelBookings/order",
            token,
            "en",
            Some(body),
        )
        .await
}
