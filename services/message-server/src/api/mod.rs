//! message-server's HTTP endpoints.

pub mod dispatch;
pub mod messages;
pub mod websocket;

use actix_web::web;
use utoipa::OpenApi;

pub fn routes(cfg: &mut web::ServiceConfig) {
    messages::config(cfg);
    dispatch::config(cfg);
    websocket::config(cfg);
}

pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = messages::Doc::openapi();
    doc.merge(websocket::Doc::openapi());
    doc.merge(dispatch::Doc::openapi());
    doc
}
