#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actuator;
mod booking;
mod demo;
mod helpers;
mod hotels;
mod orders;
mod products;
