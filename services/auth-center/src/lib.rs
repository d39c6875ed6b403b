//! auth-center: users, credentials, sessions and tokens, permission groups, applications, API
//! users, login logs.

pub mod api;
mod backend;
pub mod context;
pub mod demo;
pub mod domain;
mod events;
pub mod keys;
pub mod permission_texts;
pub mod settings;
pub mod store;

use std::sync::Arc;

use actix_web::web;
use platform::{Prepared, ServiceSpec, SetupContext};
use utoipa::OpenApi;

pub const NAME: &str = "auth-center";
pub const DEFAULT_PORT: u16 = 8081;

#[derive(OpenApi)]
#[openapi(
    paths(
        api::auth::login,
        api::auth::refresh,
        api::auth::check,
        api::auth::logout,
        api::auth::jwks,
        api::client::user_info,
        api::client::reset,
        api::client::app_list,
        api::client::menu,
        api::users::list,
        api::users::load,
        api::users::save,
        api::users::update,
        api::users::lock,
        api::users::unlock,
        api::users::disable,
        api::groups::list,
        api::groups::load,
        api::groups::save,
        api::groups::update,
        api::groups::catalogue,
        api::api_users::list,
        api::api_users::load,
        api::api_users::save,
        api::api_users::update,
        api::logs::login_logs,
        api::logs::action_logs,
    ),
    tags(
        (name = "auth", description = "Logging in and out, tokens, public keys"),
        (name = "client", description = "The logged-in user's own calls"),
        (name = "account", description = "Users, permission groups and API users of a tenant"),
        (name = "log", description = "Login and user action logs"),
    )
)]
struct ApiDoc;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .permission_texts(permission_texts::TEXTS)
        .description("Users, credentials, sessions and tokens, permission groups, applications, API users, login logs")
        .migrations(platform::embed_migrations!())
        .openapi(ApiDoc::openapi())
        .consumer(events::consumer())
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
    if settings.demo {
        let mut conn = pool.get()?;
        if demo::seed(&mut conn)? {
            tracing::info!("demo tenant and logins created");
        }
    }
    tracing::info!(kid = keys.signing.kid, "token signing key loaded");
    let shared = Arc::new(context::Ctx {
        pool,
        keys,
        settings,
        ip_failures: context::IpFailures::default(),
    });
    let data = web::Data::from(shared.clone());
    Ok(Prepared::new(move |cfg| {
        cfg.app_data(data.clone()).configure(api::routes);
    })
    .auth_backend(Arc::new(backend::LocalBackend(shared))))
}
