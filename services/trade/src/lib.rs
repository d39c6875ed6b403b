//! What hotel-app and ticket-app both trade by, as plain rules without I/O: the order state
//! machines (`order_state`) and the rules of order actions beyond them (`order_rules`), the
//! product states (`product_state`), field rules of catalogues (`fields`), price and stock changes over a calendar (`pricing`), and a calendar date as a
//! distributor books it (`calendar`).
//! Each app keeps its own tables and store code and calls these, so a rule exists once.
//!
//! A library of the services' domain layer, not a service: it has `domain/` only. It serves no
//! HTTP (no `api/`) and owns no table (no `store/`); each app's api and store call into it.

pub mod domain;

pub use domain::{calendar, fields, order_rules, order_state, pricing, product_state};
