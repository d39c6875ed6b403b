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
    let pool = ctx
        .resources
        .pool
        .clone()
        .ok_or_else(|| anyhow::anyhow!("auth-center needs its database"))?;
    refuse_misplaced_accounts(&mut *pool.get()?)?;
    let settings = settings::Settings::load(ctx.config)?;
    let keys =
        keys::KeyRing::load_or_create(&settings.signing_key_file, &settings.previous_key_files)?;
    // Every service declares its codes when it starts, but a declaration made before
    // auth-center's queue existed, or into a catalogue since wiped, is not in the catalogue:
    // ask every service to declare again (each answers with its permission.declared).
    platform::db::write_tx::<_, diesel::result::Error>(&mut *pool.get()?, |conn| {
        platform::bus::resync::ask(conn, NAME, platform::bus::resync::PERMISSIONS)
    })?;
    tracing::info!(kid = keys.signing.kid, "token signing key loaded");
    let sealer = platform::sealing::from_config(ctx.config)?;
    let shared = Arc::new(api::context::Ctx {
        pool,
        keys,
        settings,
        sealer,
    });
    let window_ms = ip_window_ms(&shared.settings);
    let data = web::Data::from(shared.clone());
    Ok(Prepared::new(move |cfg| {
        cfg.app_data(data.clone()).configure(api::routes);
    })
    .job(platform::jobs::Job::new(
        "ended login failure windows",
        std::time::Duration::from_secs(600),
        move |conn| {
            Ok(store::ip_failures::forget_ended(
                conn,
                platform::time::now_ms(),
                window_ms,
            )?)
        },
    ))
    .job(platform::jobs::Job::new(
        "expired nonces of signed requests",
        std::time::Duration::from_secs(60),
        |conn| {
            Ok(store::api_users::forget_nonces(
                conn,
                platform::time::now_ms(),
            )?)
        },
    ))
    .auth_backend(Arc::new(api::backend::LocalBackend(shared))))
}

/// The per-IP failure window, ms.
pub fn ip_window_ms(settings: &settings::Settings) -> i64 {
    i64::try_from(settings.ip_window.as_millis()).unwrap_or(i64::MAX)
}

/// saasId 0 holds platform administrators only, and they belong to no tenant
/// (`domain::accounts::check_tenant_type`). Accounts that break it (made before the rule, or by
/// hand) would let a tenant's type read the platform's accounts and logs and speak for the
/// platform. They are not changed behind the operator's back, since only the operator knows
/// which tenant each belongs to: auth-center does not start until they are put right, and says
/// which they are (docs/operations.md, "Accounts in the platform's tenant").
fn refuse_misplaced_accounts(conn: &mut platform::db::DbConnection) -> anyhow::Result<()> {
    const SHOWN: usize = 20;
    let found = store::users::misplaced_accounts(conn)?;
    if found.is_empty() {
        return Ok(());
    }
    let mut list: Vec<String> = found
        .iter()
        .take(SHOWN)
        .map(|m| {
            format!(
                "{} {} \"{}\" (saasId {}, mscType {})",
                m.kind, m.id, m.name, m.saas_id, m.msc_type
            )
        })
        .collect();
    if found.len() > SHOWN {
        list.push(format!("and {} more", found.len() - SHOWN));
    }
    anyhow::bail!(
        "saasId 0 is the platform's and holds platform administrators only, and platform \
         administrators belong to no tenant, but {} account(s) break this: {}. Move each to its \
         tenant, or delete it, before starting auth-center (docs/operations.md, \"Accounts in \
         the platform's tenant\")",
        found.len(),
        list.join("; ")
    )
}
