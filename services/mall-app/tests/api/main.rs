#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actuator;
mod credit_answers;
mod helpers;
mod orders;
mod payment;
mod products;
mod snapups;
mod themes;
