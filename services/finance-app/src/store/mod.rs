//! finance-app's persistence: the diesel schema, rows and queries. Every function that reads or
//! writes tenant data for a caller takes the caller's [`platform::Viewer`]; the saga's handlers
//! take the tenant the event names.

pub mod accounts;
pub mod banks;
pub mod credit_logs;
pub mod ledger_lines;
pub mod saga;
pub mod schema;
pub mod settlements;
