//! mall-app's HTTP endpoints, one module per resource. Each module ends with
//! `platform::endpoints!(...)`, which makes its routes and its OpenAPI paths from one list;
//! [`MODULES`] lists the modules once for both.

pub mod orders;
pub mod products;
pub mod snapups;
pub mod themes;

use actix_web::web;
use platform::http::endpoints::{self, Module};
use utoipa::OpenApi;

const MODULES: &[Module] = &[
    products::MODULE,
    themes::MODULE,
    snapups::MODULE,
    orders::MODULE,
];

#[derive(OpenApi)]
#[openapi(tags((name = "mall", description = "Mall products, themes, snap-up sessions and orders")))]
struct ApiDoc;

pub fn routes(cfg: &mut web::ServiceConfig) {
    endpoints::serve(MODULES, cfg);
}

pub fn openapi() -> utoipa::openapi::OpenApi {
    endpoints::document(ApiDoc::openapi(), MODULES)
}
