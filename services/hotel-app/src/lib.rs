//! hotel-app: hotels, rooms, hotel products, price and stock calendar, bookings, hotel orders.
//!
//! The service's business endpoints arrive with their issues; until then it serves what the
//! platform gives every service (actuator, OpenAPI) over its own database.

use platform::ServiceSpec;

pub const NAME: &str = "hotel-app";
pub const DEFAULT_PORT: u16 = 8083;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description(
            "Hotels, rooms, hotel products, price and stock calendar, bookings, hotel orders",
        )
        .migrations(platform::embed_migrations!())
}
