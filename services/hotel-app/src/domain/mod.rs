//! hotel-app's business rules, free of HTTP and SQL: the order state machines and what each
//! action needs beyond them, the booking rules and stay prices, price changes over the
//! calendar, the product states, validation, and what the caller is on an order (`viewer`).

pub mod booking;
pub mod hotel;
pub mod open;
pub mod product;
pub mod webhook;

// What hotel and ticket orders and products share lives in `platform::trade`, once.
pub use platform::trade::{order_rules, order_state, pricing, product_state, viewer};
