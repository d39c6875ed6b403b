#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actuator;
mod notifications;
mod websocket;
