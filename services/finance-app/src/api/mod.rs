//! finance-app's HTTP endpoints, one module per resource. Each module ends with
//! `platform::endpoints!(...)`, which makes its routes and its OpenAPI paths from one list;
//! [`MODULES`] lists the modules once for both.

pub mod balance;
pub mod banks;
pub mod cash;
pub mod credit;
pub mod credit_logs;
pub mod payments;
pub mod receipts;
mod settlement;
pub mod verify;

use actix_web::web;
use platform::http::endpoints::{self, Module};
use utoipa::OpenApi;

const MODULES: &[Module] = &[
    credit::MODULE,
    credit_logs::MODULE,
    balance::MODULE,
    cash::MODULE,
    banks::MODULE,
    receipts::MODULE,
    payments::MODULE,
    verify::MODULE,
];

#[derive(OpenApi)]
#[openapi(tags(
    (name = "credit", description = "Distributors' credit limits and the credit check"),
    (name = "balance", description = "Balances, their chart and the cash log (prepaid money)"),
    (name = "bank", description = "The tenant's bank accounts"),
    (name = "receipt", description = "Receipts from distributors and their logs"),
    (name = "payment", description = "Payments to suppliers and their logs"),
    (name = "verify", description = "Reconciliation: the ledger per distributor and supplier")
))]
struct ApiDoc;

pub fn routes(cfg: &mut web::ServiceConfig) {
    endpoints::serve(MODULES, cfg);
}

pub fn openapi() -> utoipa::openapi::OpenApi {
    endpoints::document(ApiDoc::openapi(), MODULES)
}
