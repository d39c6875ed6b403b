//! mall-app: mall products, themes, snap-up sessions and stock, mall orders.
//!
//! The service's business endpoints arrive with their issues; until then it serves what the
//! platform gives every service (actuator, OpenAPI) over its own database.

pub mod api;
pub mod domain;
pub mod store;

use platform::{Prepared, ServiceSpec};

pub const NAME: &str = "mall-app";
pub const DEFAULT_PORT: u16 = 8086;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description("Mall products, themes, snap-up sessions and stock, mall orders")
        .migrations(platform::embed_migrations!())
        .openapi(api::openapi())
        .setup(|_| Ok(Prepared::new(api::routes)))
}
