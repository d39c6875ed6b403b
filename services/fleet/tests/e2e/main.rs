#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Tests that span services, with each service started from its own crate: the fleet's crate is
//! the one crate that may depend on several services (`layering.rs` checks that no other does).

mod credit;
mod demo_hotel;
mod demo_notifications;
mod mall;
mod mall_lost_credit;
// message-server's own test helpers (its socket, client and bus publishing), used as they are.
#[path = "../../../message-server/tests/api/helpers.rs"]
#[allow(dead_code)]
mod helpers;
mod notify;
mod saga;
mod ticket_credit;
