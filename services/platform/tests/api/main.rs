#![allow(clippy::unwrap_used, clippy::expect_used)]

mod envelope;
mod health;
mod helpers;
mod migrations;
