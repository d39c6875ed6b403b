//! auth-center's rules, free of HTTP and SQL: who may manage which account, the IP filters, the
//! login lockout and refusals, passwords.

pub mod accounts;
pub mod ip_filter;
pub mod login;
pub mod password;
