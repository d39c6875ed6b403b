//! finance-app's rules without I/O: credit accounts (limits, what is available, whether a
//! credit payment may be taken) and the tenant's bank accounts, as plain functions with unit
//! tests (docs/adding-a-service.md).

pub mod bank;
pub mod credit;
pub mod credit_log;
pub mod ledger_line;
pub mod settlement;
