#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actuator;
mod channels;
mod helpers;
mod orders;
mod prices;
mod products;
mod reports;
mod requests;
mod scenics;
mod vouchers;
