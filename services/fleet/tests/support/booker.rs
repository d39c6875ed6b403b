//! The demo distributor booking the demo hotel through the gateway, one night at a time.

use serde_json::Value;

use super::{call, day, login};

/// What the distributor books with.
pub struct Booker {
    base: String,
    token: String,
    pub products: Vec<Value>,
    next: usize,
    /// How many nights from the day after tomorrow the bookings spread over.
    nights: i64,
}

impl Booker {
    /// The demo distributor, booking the demo hotel through the gateway at `base`; the
    /// bookings spread over the next 80 nights.
    pub async fn new(base: &str) -> Self {
        Self::spread(base, 80).await
    }

    /// The same, spread over `nights` nights (the demo prices reach a year ahead).
    pub async fn spread(base: &str, nights: i64) -> Self {
        let token = login(base, "distributor", "distributor123")
            .await
            .expect("the distributor logs in");
        let stay = format!("checkinDate={}&checkoutDate={}&roomNum=1", day(2), day(3));
        let (_, found) = call(
            "GET",
            &format!("{base}/api/hotel-app/saas/booking/hotelBookings/list?{stay}"),
            Some(&token),
            None,
        )
        .await;
        let hotel = found["data"]["results"][0]["hotelId"].clone();
        let (_, products) = call(
            "GET",
            &format!(
                "{base}/api/hotel-app/saas/booking/hotelBookings/listHotelProduct?hotelId={hotel}&{stay}"
            ),
            Some(&token),
            None,
        )
        .await;
        let products: Vec<Value> = products["data"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .map(|p| p["productId"].clone())
            .collect();
        assert!(!products.is_empty(), "the demo hotel has products");
        Self {
            base: base.to_owned(),
            token,
            products,
            next: 0,
            nights,
        }
    }

    /// One booking of one night, spread over the products and the nights so no night runs
    /// out of rooms. The order's id, or the failed answer.
    pub async fn book(&mut self) -> Result<String, String> {
        let n = self.next;
        self.next += 1;
        let product = &self.products[n % self.products.len()];
        let night = 2 + (n / self.products.len()) as i64 % self.nights;
        let (status, body) = call(
            "POST",
            &format!(
                "{}/api/hotel-app/saas/booking/hotelBookings/order",
                self.base
            ),
            Some(&self.token),
            Some(super::demo_hotel::order_form(product, night)),
        )
        .await;
        match (status, body["data"]["orderId"].as_i64()) {
            (200, Some(id)) => Ok(id.to_string()),
            _ => Err(format!("{status} {body}")),
        }
    }
}
