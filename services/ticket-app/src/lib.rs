//! ticket-app: scenic spots, ticket products, calendars, ticket orders, channel mappings.
//!
//! The service's business endpoints arrive with their issues; until then it serves what the
//! platform gives every service (actuator, OpenAPI) over its own database.

use platform::ServiceSpec;

pub const NAME: &str = "ticket-app";
pub const DEFAULT_PORT: u16 = 8084;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description("Scenic spots, ticket products, calendars, ticket orders, channel mappings")
        .migrations(platform::embed_migrations!())
}
