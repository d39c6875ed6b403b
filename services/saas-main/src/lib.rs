//! saas-main: tenants, merchants, notification settings, dashboards, paid services, enumerations.

pub mod api;
pub mod demo;
pub mod domain;
pub mod events;
pub mod permission_texts;
pub mod settings;
pub mod store;

use std::sync::Arc;

use actix_web::web;
use platform::tenancy::Directory;
use platform::{Prepared, ServiceSpec, SetupContext};

pub const NAME: &str = "saas-main";
pub const DEFAULT_PORT: u16 = 8082;

pub fn service() -> ServiceSpec {
    let keys = events::KeysCell::default();
    let keys_of_setup = keys.clone();
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .permission_texts(permission_texts::TEXTS)
        .description(
            "Tenants, merchants, notification settings, dashboards, paid services, enumerations",
        )
        .migrations(platform::embed_migrations!())
        .openapi(api::openapi())
        .variables(settings::VARIABLES)
        .consumer(events::subscriptions(keys).into())
        .demo_sealed(demo::seed)
        .setup(move |ctx| setup(ctx, &keys_of_setup))
}

fn setup(ctx: &SetupContext<'_>, cell: &events::KeysCell) -> anyhow::Result<Prepared> {
    let settings = settings::Settings::load(ctx.config)?;
    // Interface credentials are sealed at rest with the service's key, and travel to the
    // services that sign channel calls under the transport key.
    let keys = store::interfaces::CredentialKeys {
        at_rest: platform::sealing::from_config(ctx.config)?,
        transport: platform::sealing::transport_from_config(ctx.config)?,
    };
    // A spec set up a second time keeps the keys of its first set-up.
    let _ = cell.set(keys.clone());
    let keys = web::Data::new(keys);
    if let Some(pool) = &ctx.resources.pool {
        let mut conn = pool.get()?;
        let n = platform::db::write_tx::<_, diesel::result::Error>(&mut conn, store::announce_all)?;
        tracing::info!(published = n, "tenants and merchants announced");
    }
    Ok(Prepared::new(move |c| {
        // saas-main owns merchants: a merchant's user is resolved from its own table, not from
        // a copy (which saas-main does not keep).
        let directory = Directory(Arc::new(store::merchants::merchant_type));
        c.app_data(web::Data::new(directory));
        c.app_data(keys.clone());
        api::routes(c);
    })
    .job(platform::jobs::Job::new(
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
