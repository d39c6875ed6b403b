//! ticket-app's persistence: the diesel schema, rows and queries. Every function that reads or
//! writes tenant data takes the caller's [`platform::Viewer`] (or its tenant id).

pub mod calendar;
pub mod channel_orders;
pub mod channels;
pub mod orders;
pub mod products;
pub mod reports;
pub mod scenic_requests;
pub mod scenic_suppliers;
pub mod scenics;
pub mod schema;
pub mod vouchers;
