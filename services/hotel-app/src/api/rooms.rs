//! (being written)

use actix_web::web;

#[derive(utoipa::OpenApi)]
#[openapi()]
pub struct Doc;

pub fn config(_cfg: &mut web::ServiceConfig) {}
