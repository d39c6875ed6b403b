#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actuator;
mod banks;
mod cash;
mod credit;
mod credit_logs;
mod helpers;
mod ledger_lines;
mod payments;
mod receipts;
mod saga;
mod verify;
