//! saas-main's HTTP endpoints, one module per resource. Each module ends with
//! `platform::endpoints!(...)`, which makes its routes and its OpenAPI paths from one list;
//! [`MODULES`] lists the modules once for both. Handlers take the caller as a
//! [`platform::Viewer`], resolved through saas-main's own merchants (see `crate::service`);
//! figures of the whole tenant are its staff's (`Viewer::require_tenant_staff`), a merchant's
//! own come with the supplier and distributor overviews.

pub mod activity;
pub mod approvals;
pub mod areas;
pub mod boss;
pub mod currency_rates;
pub mod dashboard;
pub mod enums;
pub mod interface_counts;
pub mod interfaces;
pub mod invoices;
pub mod merchants;
pub mod notices;
pub mod notify;
pub mod price_policy;
pub mod stats;
pub mod support;
pub mod tenants;

use actix_web::web;
use platform::ApiError;
use platform::http::endpoints::{self, Module};
use utoipa::OpenApi;

use crate::domain::stats::parse_date;

/// Served and documented in this order (the document lists paths as they are merged).
const MODULES: &[Module] = &[
    enums::MODULE,
    tenants::MODULE,
    merchants::suppliers::MODULE,
    merchants::distributors::MODULE,
    merchants::MODULE,
    boss::MODULE,
    invoices::MODULE,
    notify::MODULE,
    notices::MODULE,
    price_policy::MODULE,
    currency_rates::MODULE,
    approvals::MODULE,
    support::MODULE,
    areas::MODULE,
    interfaces::MODULE,
    interface_counts::MODULE,
    stats::MODULE,
    dashboard::MODULE,
    activity::MODULE,
];

#[derive(OpenApi)]
#[openapi(tags(
    (name = "enum", description = "Enumerations for forms and filters (no login)"),
    (name = "tenant", description = "Tenants (SaaS info)"),
    (name = "merchant", description = "Suppliers and distributors of a tenant"),
    (name = "boss", description = "Paid services: catalogue, balance, licences"),
    (name = "notify", description = "The caller's notification settings"),
    (name = "notice", description = "Notices and the dashboard's latest ones"),
    (name = "pricePolicy", description = "Price levels and price rules of distributors"),
    (name = "approval", description = "Approval requests and their decisions"),
    (name = "area", description = "Countries, provinces and cities shared by every tenant"),
    (name = "support", description = "Support tickets (work orders) and their replies"),
    (name = "interface", description = "Sales channels and vendors: the catalogue and the tenant's configurations"),
    (name = "stats", description = "Order statistics from order events"),
))]
struct ApiDoc;

pub fn routes(cfg: &mut web::ServiceConfig) {
    endpoints::serve(MODULES, cfg);
}

pub fn openapi() -> utoipa::openapi::OpenApi {
    endpoints::document(ApiDoc::openapi(), MODULES)
}

/// The first and last day of a range the query must give both ends of (`startDate`, `endDate`).
fn required_dates(start: Option<&str>, end: Option<&str>) -> Result<(i64, i64), ApiError> {
    let need = |field: &str| ApiError::invalid_field(field, "请输入日期", "please enter date");
    let first = parse_date("startDate", start.ok_or_else(|| need("startDate"))?)?;
    let last = parse_date("endDate", end.ok_or_else(|| need("endDate"))?)?;
    Ok((first, last))
}
