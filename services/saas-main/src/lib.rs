//! saas-main: tenants, merchants, notification settings, dashboards, paid services, enumerations.

pub mod api;
pub mod demo;
pub mod domain;
pub mod permission_texts;
pub mod store;

use platform::{Prepared, ServiceSpec, SetupContext};
use utoipa::OpenApi;

pub const NAME: &str = "saas-main";
pub const DEFAULT_PORT: u16 = 8082;

/// The keys read under `TRADEWIND_SAAS_MAIN__`, for docs/configuration.md.
pub const VARIABLES: &[&str] = &["DEMO__ENABLED", "LICENCES__EXPIRY_CHECK_SECS"];

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
        .consumer(platform::bus::ConsumerSpec::new(
            &[
                "order.#",
                "product.#",
                "user-action.recorded",
                "usage.recorded",
            ],
            Consumer,
        ))
        .setup(setup)
}

/// Order events feed the statistics, the gateway's user actions the activity counts, usage
/// events the quantity licences.
struct Consumer;

impl Consumer {
    fn is_order(e: &platform::bus::EventEnvelope) -> bool {
        e.event_type.starts_with("order.")
    }
}

impl platform::bus::Handler for Consumer {
    fn handle(
        &self,
        conn: &mut platform::db::DbConnection,
        e: &platform::bus::EventEnvelope,
    ) -> anyhow::Result<()> {
        self.handle_batch(conn, &[e])
    }

    /// Order events of a batch are summed up together; the others, which touch other tables,
    /// one by one in their order.
    fn handle_batch(
        &self,
        conn: &mut platform::db::DbConnection,
        events: &[&platform::bus::EventEnvelope],
    ) -> anyhow::Result<()> {
        use prost::Message as _;
        let (orders, others): (Vec<_>, Vec<_>) =
            events.iter().copied().partition(|e| Self::is_order(e));
        store::stats::apply_batch(conn, &orders)?;
        for e in others {
            match e.event_type.as_str() {
                "user-action.recorded" => {
                    let batch =
                        platform::bus::v1::UserActionsRecorded::decode(e.payload.as_slice())?;
                    let per_day = domain::activity::per_day(batch.actions.iter().map(|a| a.at));
                    store::activity::add(conn, e.saas_id, &per_day)?;
                }
                "usage.recorded" => {
                    let usage = platform::bus::v1::UsageRecorded::decode(e.payload.as_slice())?;
                    store::boss::use_licence(
                        conn,
                        e.saas_id,
                        &usage.license_name,
                        usage.quantity,
                        e.occurred_at,
                    )?;
                }
                t if t.starts_with("product.") => {
                    let p = platform::bus::v1::ProductUpdated::decode(e.payload.as_slice())?;
                    store::stats::product_updated(conn, e.saas_id, &p, e.occurred_at)?;
                }
                other => tracing::debug!(event_type = other, "event not used"),
            }
        }
        Ok(())
    }
}

fn setup(ctx: &SetupContext<'_>) -> anyhow::Result<Prepared> {
    let cfg = ctx.config;
    let demo: bool = cfg.env.parse_or(&cfg.var("DEMO__ENABLED"), false)?;
    if demo && let Some(pool) = &ctx.resources.pool {
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
    let every: u64 = cfg
        .env
        .parse_or(&cfg.var("LICENCES__EXPIRY_CHECK_SECS"), 60)?;
    Ok(Prepared::new(api::routes).job(platform::jobs::Job::new(
        "licence-expiry",
        std::time::Duration::from_secs(every.max(1)),
        |conn| {
            Ok(store::boss::announce_expired(
                conn,
                platform::time::now_ms(),
            )?)
        },
    )))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_variable_is_documented() {
        let names = super::VARIABLES
            .iter()
            .map(|k| format!("TRADEWIND_SAAS_MAIN__{k}"));
        assert_eq!(platform::config::undocumented(names), Vec::<String>::new());
    }
}
