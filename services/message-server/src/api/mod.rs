//! message-server's HTTP endpoints.

pub mod messages;

use actix_web::web;
use utoipa::OpenApi;

pub fn routes(cfg: &mut web::ServiceConfig) {
    messages::config(cfg);
}

pub fn openapi() -> utoipa::openapi::OpenApi {
    messages::Doc::openapi()
}
