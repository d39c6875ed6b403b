#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actuator;
mod binding;
mod configs;
mod followers;
mod helpers;
mod logs;
mod messages;
mod tokens;
