//! hotel-app's HTTP endpoints, one module per resource. Each module ends with
//! `platform::endpoints!(...)`, which makes its routes and its OpenAPI paths from one list;
//! [`MODULES`] lists the modules once for both.

pub mod booking;
pub mod hotels;
pub mod logs;
pub mod open;
pub mod orders;
pub mod prices;
pub mod products;
pub mod reports;
pub mod rooms;
pub mod webhooks;
pub mod zones;

use actix_web::web;
use platform::http::endpoints::{self, Module};
use utoipa::OpenApi;

const MODULES: &[Module] = &[
    zones::MODULE,
    hotels::MODULE,
    rooms::MODULE,
    products::MODULE,
    prices::MODULE,
    booking::MODULE,
    orders::MODULE,
    reports::MODULE,
    logs::MODULE,
];

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

pub fn routes(cfg: &mut web::ServiceConfig) {
    endpoints::serve(MODULES, cfg);
    // The open API is served beside the console's endpoints but documented apart
    // (`open::openapi`, at /openapi/open-v1.json).
    open::config(cfg);
    webhooks::config(cfg);
}

pub fn openapi() -> utoipa::openapi::OpenApi {
    endpoints::document(ApiDoc::openapi(), MODULES)
}
