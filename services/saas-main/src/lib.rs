//! saas-main: tenants, merchants, notification settings, dashboards, paid services, enumerations.

pub mod api;
pub mod demo;
pub mod domain;
pub mod events;
pub mod permission_texts;
pub mod settings;
pub mod store;

use platform::{Prepared, ServiceSpec, SetupContext};
use utoipa::OpenApi;

pub const NAME: &str = "saas-main";
pub const DEFAULT_PORT: u16 = 8082;

#[derive(OpenApi)]
#[openapi(
    paths(
        api::enums::load,
        api::tenants::list,
        api::tenants::load,
        api::tenants::save,
        api::tenants::update,
        api::tenants::stop,
        api::tenants::mine,
        api::merchants::suppliers::list,
        api::merchants::suppliers::load,
        api::merchants::suppliers::save,
        api::merchants::suppliers::update,
        api::merchants::suppliers::load_for_select,
        api::merchants::distributors::list,
        api::merchants::distributors::load,
        api::merchants::distributors::save,
        api::merchants::distributors::update,
        api::merchants::distributors::load_for_select,
        api::merchants::mine,
        api::boss::services,
        api::boss::by_tag,
        api::boss::recharge,
        api::boss::consume,
        api::boss::logs,
        api::boss::balance_info,
        api::boss::licences,
        api::boss::licence,
        api::notify::load,
        api::notify::save,
        api::notices::list,
        api::notices::save,
        api::notices::update,
        api::notices::publish,
        api::notices::withdraw,
        api::notices::latest,
        api::stats::list,
        api::stats::count,
        api::stats::product_count,
        api::stats::interface_list,
        api::dashboard::saas_overview,
        api::dashboard::supplier_overview,
        api::dashboard::distributor_overview,
        api::dashboard::mch_rank,
        api::activity::overview,
        api::activity::per_day,
    ),
    tags(
        (name = "enum", description = "Enumerations for forms and filters (no login)"),
        (name = "tenant", description = "Tenants (SaaS info)"),
        (name = "merchant", description = "Suppliers and distributors of a tenant"),
        (name = "boss", description = "Paid services: catalogue, balance, licences"),
        (name = "notify", description = "The caller's notification settings"),
        (name = "notice", description = "Notices and the dashboard's latest ones"),
        (name = "stats", description = "Order statistics from order events"),
    )
)]
struct ApiDoc;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .permission_texts(permission_texts::TEXTS)
        .description(
            "Tenants, merchants, notification settings, dashboards, paid services, enumerations",
        )
        .migrations(platform::embed_migrations!())
        .openapi(ApiDoc::openapi())
        .consumer(events::consumer())
        .setup(setup)
}

fn setup(ctx: &SetupContext<'_>) -> anyhow::Result<Prepared> {
    let settings = settings::Settings::load(ctx.config)?;
    if settings.demo
        && let Some(pool) = &ctx.resources.pool
    {
        let mut conn = pool.get()?;
        if demo::seed(&mut conn)? {
            tracing::info!("demo tenant and merchants created");
        }
    }
    if let Some(pool) = &ctx.resources.pool {
        let mut conn = pool.get()?;
        let n = platform::db::write_tx::<_, diesel::result::Error>(&mut conn, store::announce_all)?;
        tracing::info!(published = n, "tenants and merchants announced");
    }
    Ok(Prepared::new(api::routes).job(platform::jobs::Job::new(
        "licence-expiry",
        settings.licence_expiry_check,
        |conn| {
            Ok(store::boss::announce_expired(
                conn,
                platform::time::now_ms(),
            )?)
        },
    )))
}
