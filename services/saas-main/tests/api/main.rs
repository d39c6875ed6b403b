#![allow(clippy::unwrap_used, clippy::expect_used)]

mod activity;
mod actuator;
mod approvals;
mod boss;
mod currency_rates;
mod dashboard;
mod enums;
mod helpers;
mod interfaces;
mod notices;
mod notify;
mod price_policy;
mod resync;
mod stats;
mod support;
mod tenants;
