//! A simulator of a sales channel (an online travel agency, or a distributor's system) speaking
//! the generic channel protocol of `platform::channel`, for tests and `make run`. The named
//! channels' real APIs are proprietary and not reachable from here; docs/channels.md says which
//! parts of the protocol are real and which are our assumption.
//!
//! Under `/{channel}/v1/` ([`api::channel`]) it answers as a channel would: calendar pushes,
//! checked (account, signature, clock, nonce) and read through the channel's field map, and the
//! account's catalogue of spots and products. Under `/sim/` ([`api::sim`]) are its controls:
//! register an account with its catalogue, read what it holds and every push it received, make
//! the next calls fail, and place a channel order toward our side. [`domain`] holds the
//! channel's rules; [`store`] the accounts in memory.

pub mod api;
pub mod domain;
pub mod store;

pub use api::{Running, routes, start};
pub use store::{Push, Registration, Sim};
