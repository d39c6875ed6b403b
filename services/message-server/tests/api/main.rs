#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actuator;
mod demo_hotel;
mod dispatch;
mod end_to_end;
mod helpers;
mod notifications;
mod websocket;
