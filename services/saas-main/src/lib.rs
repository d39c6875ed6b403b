//! saas-main: tenants, merchants, notification settings, dashboards, paid services, enumerations.

pub mod api;
pub mod enums;

use platform::ServiceSpec;
use utoipa::OpenApi;

pub const NAME: &str = "saas-main";
pub const DEFAULT_PORT: u16 = 8082;

#[derive(OpenApi)]
#[openapi(
    paths(api::enums::load),
    tags((name = "enum", description = "Enumerations for forms and filters (no login)"))
)]
struct ApiDoc;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description(
            "Tenants, merchants, notification settings, dashboards, paid services, enumerations",
        )
        .migrations(platform::embed_migrations!())
        .openapi(ApiDoc::openapi())
        .routes(|c, _| api::routes(c))
}
