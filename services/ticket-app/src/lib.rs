//! ticket-app: scenic spots, ticket products, calendars, ticket orders, channel mappings.
//!
//! The reference shape of a service (docs/adding-a-service.md): `api/` parses, scopes and
//! serialises; `domain/` decides; `store/` persists and publishes; `settings.rs`, `events.rs`,
//! `permission_texts.rs` and `demo.rs` beside them.

pub mod api;
pub mod demo;
pub mod domain;
pub mod events;
pub mod permission_texts;
pub mod pushes;
pub mod settings;
pub mod store;

use platform::{Prepared, ServiceSpec, SetupContext};
use settings::OrderSettings;

pub const NAME: &str = "ticket-app";
pub const DEFAULT_PORT: u16 = 8084;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description("Scenic spots, ticket products, calendars, ticket orders, channel mappings")
        .app(platform::app::APP_TICKET)
        .migrations(platform::embed_migrations!())
        .openapi(api::openapi())
        .permission_texts(permission_texts::TEXTS)
        .variables(settings::VARIABLES)
        .consumer(events::subscriptions().into())
        .demo(demo::seed)
        .setup(setup)
}

fn setup(ctx: &SetupContext<'_>) -> anyhow::Result<Prepared> {
    let settings = OrderSettings::load(ctx.config)?;
    // The channel configurations' credentials are kept as they arrive, sealed with the key
    // shared with saas-main; read at start so a wrong key stops the service, not a push.
    let transport = platform::sealing::transport_from_config(ctx.config)?;
    let outbound = platform::outbound::Outbound::from_config(ctx.config)?;
    let (transport_data, outbound_data) = (
        actix_web::web::Data::new(transport.clone()),
        actix_web::web::Data::new(outbound.clone()),
    );
    let mut prepared = Prepared::new(move |c| {
        c.app_data(actix_web::web::Data::new(settings));
        c.app_data(transport_data.clone());
        c.app_data(outbound_data.clone());
        api::routes(c);
    })
    .job(platform::jobs::Job::new(
        "unpaid-ticket-orders",
        settings.expiry_check,
        |conn| store::orders::cancel_unpaid(conn, platform::time::now_ms()),
    ));
    if let Some(pool) = ctx.resources.pool.clone() {
        let pacing = platform::channel::push::Pacing::default();
        prepared = prepared.task(move || {
            Box::pin(pushes::run(
                pool,
                transport,
                outbound,
                pacing,
                pushes::EVERY,
            ))
        });
    }
    Ok(prepared)
}
