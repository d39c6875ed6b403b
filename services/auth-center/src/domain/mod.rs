//! auth-center's rules, free of HTTP and SQL: who may manage which account, the forms of users,
//! groups and API users, the IP filters, the login lockout and refusals, passwords.

pub mod accounts;
pub mod api_users;
pub mod groups;
pub mod ip_filter;
pub mod login;
pub mod password;
pub mod users;
