#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actuator;
mod channel_orders;
mod channels;
mod helpers;
mod orders;
mod prices;
mod products;
mod reports;
mod requests;
mod scenics;
mod vouchers;
