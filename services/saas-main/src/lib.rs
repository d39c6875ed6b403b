//! saas-main: tenants, merchants, notification settings, dashboards, paid services, enumerations.
//!
//! The service's business endpoints arrive with their issues; until then it serves what the
//! platform gives every service (actuator, OpenAPI) over its own database.

use platform::ServiceSpec;

pub const NAME: &str = "saas-main";
pub const DEFAULT_PORT: u16 = 8082;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description(
            "Tenants, merchants, notification settings, dashboards, paid services, enumerations",
        )
        .migrations(platform::embed_migrations!())
}
