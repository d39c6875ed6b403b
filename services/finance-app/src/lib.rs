//! finance-app: credit logs, receipts, payments, reconciliation, balances, bank accounts.
//!
//! The service's business endpoints arrive with their issues; until then it serves what the
//! platform gives every service (actuator, OpenAPI) over its own database.

pub mod api;
pub mod domain;
pub mod store;

use platform::{Prepared, ServiceSpec};

pub const NAME: &str = "finance-app";
pub const DEFAULT_PORT: u16 = 8088;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description("Credit logs, receipts, payments, reconciliation, balances, bank accounts")
        .migrations(platform::embed_migrations!())
        .openapi(api::openapi())
        .setup(|_| Ok(Prepared::new(api::routes)))
}
