//! auth-center's tables and queries. Every function takes the connection of the caller's
//! transaction; changes other services hear of publish their event in that transaction
//! (`platform::bus::publish_in_tx`).

pub mod api_users;
pub mod groups;
pub mod ip_failures;
pub mod logs;
pub mod permissions;
pub mod schema;
pub mod sessions;
pub mod tenants;
pub mod users;
