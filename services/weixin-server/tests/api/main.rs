#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actuator;
mod binding;
mod configs;
mod demo;
mod followers;
mod helpers;
mod logs;
mod ma_users;
mod messages;
mod tokens;
