//! hotel-app's HTTP endpoints, one module per resource; each has `config` (its routes) and
//! `Doc` (its OpenAPI paths), combined here.

pub mod booking;
pub mod hotels;
pub mod logs;
pub mod orders;
pub mod prices;
pub mod products;
pub mod reports;
pub mod rooms;
pub mod zones;

use actix_web::web;
use utoipa::OpenApi;

pub fn routes(cfg: &mut web::ServiceConfig) {
    zones::config(cfg);
    hotels::config(cfg);
    rooms::config(cfg);
    products::config(cfg);
    prices::config(cfg);
    booking::config(cfg);
    orders::config(cfg);
    reports::config(cfg);
    logs::config(cfg);
}

#[derive(OpenApi)]
#[openapi(tags(
    (name = "zone", description = "Zones and areas"),
    (name = "hotel", description = "The tenant's hotels and suppliers' requests to change them"),
    (name = "room", description = "Rooms of a hotel"),
    (name = "product", description = "Hotel products"),
    (name = "price", description = "The price and stock calendar"),
    (name = "booking", description = "Searching and booking"),
    (name = "order", description = "Hotel orders and their actions"),
    (name = "report", description = "Order reports"),
    (name = "log", description = "Order and interface logs"),
))]
struct ApiDoc;

pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    for part in [
        zones::Doc::openapi(),
        hotels::Doc::openapi(),
        rooms::Doc::openapi(),
        products::Doc::openapi(),
        prices::Doc::openapi(),
        booking::Doc::openapi(),
        orders::Doc::openapi(),
        reports::Doc::openapi(),
        logs::Doc::openapi(),
    ] {
        doc.merge(part);
    }
    doc
}
