//! saas-main's HTTP endpoints.

pub mod enums;

use actix_web::web;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(enums::load);
}
