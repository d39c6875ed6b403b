//! auth-center: users, credentials, sessions and tokens, permission groups, applications, API
//! users, login logs. `api` parses, scopes and answers; `domain` decides; `store` persists and
//! publishes.

pub mod api;
pub mod demo;
pub mod domain;
pub mod events;
pub mod keys;
pub mod permission_texts;
pub mod settings;
pub mod store;

use std::sync::Arc;

use actix_web::web;
use platform::{Prepared, ServiceSpec, SetupContext};

pub const NAME: &str = "auth-center";
pub const DEFAULT_PORT: u16 = 8081;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .permission_texts(permission_texts::TEXTS)
        .description("Users, credentials, sessions and tokens, permission groups, applications, API users, login logs")
        .migrations(platform::embed_migrations!())
        .openapi(api::openapi())
        .variables(settings::VARIABLES)
        .consumer(events::subscriptions().into())
        .demo(demo::seed)
        .setup(setup)
}

fn setup(ctx: &SetupContext<'_>) -> anyhow::Result<Prepared> {
    let settings = settings::Settings::load(ctx.config)?;
    let keys =
        keys::KeyRing::load_or_create(&settings.signing_key_file, &settings.previous_key_files)?;
    let pool = ctx
        .resources
        .pool
        .clone()
        .ok_or_else(|| anyhow::anyhow!("auth-center needs its database"))?;
    // Every service declares its codes when it starts, but a declaration made before
    // auth-center's queue existed, or into a catalogue since wiped, is not in the catalogue:
    // ask every service to declare again (each answers with its permission.declared).
    platform::db::write_tx::<_, diesel::result::Error>(&mut *pool.get()?, |conn| {
        platform::bus::resync::ask(conn, NAME, platform::bus::resync::PERMISSIONS)
    })?;
    tracing::info!(kid = keys.signing.kid, "token signing key loaded");
    let shared = Arc::new(api::context::Ctx {
        pool,
        keys,
        settings,
        ip_failures: api::context::IpFailures::default(),
    });
    let data = web::Data::from(shared.clone());
    Ok(Prepared::new(move |cfg| {
        cfg.app_data(data.clone()).configure(api::routes);
    })
    .auth_backend(Arc::new(api::backend::LocalBackend(shared))))
}
