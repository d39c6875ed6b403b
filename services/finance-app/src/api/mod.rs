//! finance-app's HTTP endpoints (credit, receipts, payments, reconciliation): one module per resource, each ending with
//! `platform::endpoints!(...)` and listed once in [`MODULES`] for its routes and OpenAPI paths
//! (services/ticket-app is the reference). None are served yet: they arrive with the service's
//! issue.

use actix_web::web;
use platform::http::endpoints::{self, Module};

const MODULES: &[Module] = &[];

pub fn routes(cfg: &mut web::ServiceConfig) {
    endpoints::serve(MODULES, cfg);
}

pub fn openapi() -> utoipa::openapi::OpenApi {
    endpoints::document(utoipa::openapi::OpenApiBuilder::new().build(), MODULES)
}
