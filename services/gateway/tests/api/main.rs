#![allow(clippy::unwrap_used, clippy::expect_used)]

mod edge;
mod helpers;
mod proxy;
mod signed;
mod spa;
mod tokens;
mod websocket;
