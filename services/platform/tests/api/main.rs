#![allow(clippy::unwrap_used, clippy::expect_used)]

mod auth;
mod bus;
mod convergence;
mod envelope;
mod health;
mod helpers;
mod migrations;
mod node;
mod replica;
mod transactions;
mod wake;
