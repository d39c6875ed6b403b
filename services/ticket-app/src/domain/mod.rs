//! ticket-app's rules, with no I/O: what a valid scenic spot is, and who moves a supplier's
//! relationship with a spot where. Plain functions with unit tests; the store and the
//! handlers call them. What hotel orders and products share with tickets is
//! `platform::trade`'s.

pub mod booking;
pub mod channel;
pub mod channel_order;
pub mod product;
pub mod scenic;
pub mod scenic_supplier;
pub mod voucher;
pub mod voucher_doc;
