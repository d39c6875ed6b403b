//! hotel-app's queries. Changes that other services hear of publish their event in the same
//! transaction (`platform::bus::publish_in_tx`).

pub mod bookable;
pub mod calendar;
pub mod hotels;
pub mod logs;
pub mod open;
pub mod orders;
pub mod prices;
pub mod products;
pub mod rooms;
pub mod schema;
pub mod webhooks;
pub mod zones;
