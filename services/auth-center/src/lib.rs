//! auth-center: users, credentials, sessions and tokens, permission groups, applications, API users, login logs.
//!
//! The service's business endpoints arrive with their issues; until then it serves what the
//! platform gives every service (actuator, OpenAPI) over its own database.

use platform::ServiceSpec;

pub const NAME: &str = "auth-center";
pub const DEFAULT_PORT: u16 = 8081;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description("Users, credentials, sessions and tokens, permission groups, applications, API users, login logs")
        .migrations(platform::embed_migrations!())
}
