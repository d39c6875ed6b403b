//! auth-center's HTTP endpoints, one module per resource. Each resource module ends with
//! `platform::endpoints!(...)`, which makes its routes and its OpenAPI paths from one list;
//! [`MODULES`] lists the modules once for both. `context` is what the handlers share, `backend`
//! answers the platform's token guard from auth-center's own keys and sessions.

pub mod api_users;
pub mod auth;
pub mod backend;
pub mod client;
pub mod context;
pub mod groups;
pub mod logs;
pub mod users;

use actix_web::web;
use platform::http::endpoints::{self, Module};
use utoipa::OpenApi;

const MODULES: &[Module] = &[
    auth::MODULE,
    client::MODULE,
    users::MODULE,
    groups::MODULE,
    api_users::MODULE,
    logs::MODULE,
];

#[derive(OpenApi)]
#[openapi(tags(
    (name = "auth", description = "Logging in and out, tokens, public keys"),
    (name = "client", description = "The logged-in user's own calls"),
    (name = "account", description = "Users, permission groups and API users of a tenant"),
    (name = "log", description = "Login and user action logs"),
))]
struct ApiDoc;

pub fn routes(cfg: &mut web::ServiceConfig) {
    endpoints::serve(MODULES, cfg);
}

pub fn openapi() -> utoipa::openapi::OpenApi {
    endpoints::document(ApiDoc::openapi(), MODULES)
}
