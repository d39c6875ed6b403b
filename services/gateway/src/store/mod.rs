//! What the gateway sends on the bus; it owns no database.

pub mod activity;
pub mod counts;
