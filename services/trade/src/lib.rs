//! What hotel-app and ticket-app both trade by, as plain rules without I/O: the order state
//! machines (`order_state`) and the rules of order actions beyond them (`order_rules`), the
//! product states (`product_state`), field rules of catalogues (`fields`), price and stock changes over a calendar (`pricing`), and a calendar date as a
//! distributor books it (`calendar`).
//! Each app keeps its own tables and store code and calls these, so a rule exists once.

pub mod calendar;
pub mod fields;
pub mod order_rules;
pub mod order_state;
pub mod pricing;
pub mod product_state;
