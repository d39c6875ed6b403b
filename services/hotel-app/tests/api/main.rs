#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actuator;
mod booking;
mod channels;
mod demo;
mod helpers;
mod hotels;
mod open;
mod orders;
mod products;
mod webhooks;
