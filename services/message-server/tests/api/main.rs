#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actuator;
mod dispatch;
mod helpers;
mod notifications;
mod support;
mod websocket;
