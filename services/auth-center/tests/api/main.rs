#![allow(clippy::unwrap_used, clippy::expect_used)]

mod accounts;
mod actuator;
mod catalogue;
mod helpers;
mod login;
mod provisioning;
mod signed;
mod tokens;
