//! message-server: notifications: web (websocket), mail and SMS queues and logs.
//!
//! The service's business endpoints arrive with their issues; until then it serves what the
//! platform gives every service (actuator, OpenAPI) over its own database.

use platform::ServiceSpec;

pub const NAME: &str = "message-server";
pub const DEFAULT_PORT: u16 = 8087;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description("Notifications: web (websocket), mail and SMS queues and logs")
        .migrations(platform::embed_migrations!())
}
