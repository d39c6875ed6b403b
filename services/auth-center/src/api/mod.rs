//! auth-center's HTTP endpoints.

pub mod api_users;
pub mod auth;
pub mod client;
pub mod groups;
pub mod logs;
pub mod users;

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
        .service(client::menu)
        .service(users::list)
        .service(users::load)
        .service(users::save)
        .service(users::update)
        .service(users::lock)
        .service(users::unlock)
        .service(users::disable)
        .service(groups::list)
        .service(groups::load)
        .service(groups::save)
        .service(groups::update)
        .service(groups::catalogue)
        .service(api_users::list)
        .service(api_users::load)
        .service(api_users::save)
        .service(api_users::update)
        .service(logs::login_logs)
        .service(logs::action_logs);
}
