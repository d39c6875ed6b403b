//! auth-center's HTTP endpoints.

pub mod auth;
pub mod client;

use actix_web::web;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(auth::login)
        .service(auth::refresh)
        .service(auth::check)
        .service(auth::logout)
        .service(auth::jwks)
        .service(client::user_info)
        .service(client::reset)
        .service(client::app_list)
        .service(client::menu);
}
