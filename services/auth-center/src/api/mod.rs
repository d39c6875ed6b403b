//! auth-center's HTTP endpoints, one module per resource; each has `config` (its routes) and
//! `Doc` (its OpenAPI paths), combined here. `context` is what the handlers share, `backend`
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
use utoipa::OpenApi;

pub fn routes(cfg: &mut web::ServiceConfig) {
    auth::config(cfg);
    client::config(cfg);
    users::config(cfg);
    groups::config(cfg);
    api_users::config(cfg);
    logs::config(cfg);
}

#[derive(OpenApi)]
#[openapi(tags(
    (name = "auth", description = "Logging in and out, tokens, public keys"),
    (name = "client", description = "The logged-in user's own calls"),
    (name = "account", description = "Users, permission groups and API users of a tenant"),
    (name = "log", description = "Login and user action logs"),
))]
struct ApiDoc;

pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    for part in [
        auth::Doc::openapi(),
        client::Doc::openapi(),
        users::Doc::openapi(),
        groups::Doc::openapi(),
        api_users::Doc::openapi(),
        logs::Doc::openapi(),
    ] {
        doc.merge(part);
    }
    doc
}
