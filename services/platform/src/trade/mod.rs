//! What hotel-app and ticket-app both trade by, as plain rules without I/O: the order state
//! machines (`order_state`) and the rules of order actions beyond them (`order_rules`), the
//! product states (`product_state`), field rules of catalogues (`fields`), price and stock changes
//! over a calendar (`pricing`), a calendar date as a distributor books it (`calendar`), what a
//! caller is on an order (`viewer`: its role, the costs it may read), the order report per
//! product (`report`), and the price rules of distributors' levels (`formula`, `price_rule`).
//!
//! Each app keeps its own tables and store code and calls these from its domain, api and store
//! layers, so a rule exists once. Like `validate` and `time`, these are rules shared by services,
//! which is what platform holds: no HTTP, no table, only functions and their unit tests.

pub mod calendar;
pub mod fields;
pub mod formula;
pub mod order_rules;
pub mod order_state;
pub mod price_rule;
pub mod pricing;
pub mod product_state;
pub mod report;
pub mod viewer;
