//! ticket-app's rules, with no I/O: what a valid scenic spot is. Plain functions with unit tests;
//! the store and the handlers call them.

pub mod scenic;
