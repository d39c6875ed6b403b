//! message-server's HTTP endpoints, one module per resource. Each module ends with
//! `platform::endpoints!(...)`, which makes its routes and OpenAPI paths from one list;
//! [`MODULES`] lists the modules once for both.

pub mod dispatch;
pub mod messages;
pub mod websocket;

use actix_web::web;
use platform::http::endpoints::{self, Module};
use utoipa::OpenApi;

const MODULES: &[Module] = &[messages::MODULE, websocket::MODULE, dispatch::MODULE];

#[derive(OpenApi)]
#[openapi(tags((name = "message", description = "The caller's web notifications")))]
struct ApiDoc;

pub fn routes(cfg: &mut web::ServiceConfig) {
    endpoints::serve(MODULES, cfg);
}

pub fn openapi() -> utoipa::openapi::OpenApi {
    endpoints::document(ApiDoc::openapi(), MODULES)
}
