//! The rules themselves, each a module of plain functions with its unit tests.

pub mod calendar;
pub mod fields;
pub mod order_rules;
pub mod order_state;
pub mod pricing;
pub mod product_state;
