//! ticket-app's HTTP endpoints, one module per resource. Each module ends with
//! `platform::endpoints!(...)`, which makes its routes and its OpenAPI paths from one list;
//! [`MODULES`] lists the modules once for both.

pub mod channel_orders;
pub mod channels;
pub mod orders;
pub mod prices;
pub mod products;
pub mod reports;
pub mod scenic_suppliers;
pub mod scenics;
pub mod vouchers;

use actix_web::web;
use platform::http::endpoints::{self, Module};
use utoipa::OpenApi;

const MODULES: &[Module] = &[
    scenics::MODULE,
    scenic_suppliers::MODULE,
    products::MODULE,
    prices::MODULE,
    orders::MODULE,
    reports::MODULE,
    vouchers::MODULE,
    channels::MODULE,
    channel_orders::MODULE,
];

#[derive(OpenApi)]
#[openapi(tags(
    (name = "scenic", description = "The tenant's scenic spots, requests and suppliers"),
    (name = "product", description = "Ticket products"),
    (name = "price", description = "Ticket prices and stock per day"),
    (name = "booking", description = "Booking tickets"),
    (name = "order", description = "Ticket orders"),
    (name = "report", description = "Ticket order reports"),
    (name = "voucher", description = "Vouchers of ticket orders and the gate"),
    (name = "channel", description = "Selling tickets through channels: catalogues, mappings, the interface log")
))]
struct ApiDoc;

pub fn routes(cfg: &mut web::ServiceConfig) {
    endpoints::serve(MODULES, cfg);
}

pub fn openapi() -> utoipa::openapi::OpenApi {
    endpoints::document(ApiDoc::openapi(), MODULES)
}
