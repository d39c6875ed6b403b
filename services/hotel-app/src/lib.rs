//! hotel-app: hotels, rooms, hotel products, the price and stock calendar, bookings and hotel
//! orders. Every order change writes its log entry and its `order.hotel.*` event in the
//! transaction of the change; product changes publish `product.hotel.updated`.

pub mod api;
pub mod demo;
pub mod domain;
pub mod events;
pub mod permission_texts;
pub mod settings;
pub mod store;
pub mod webhooks;

use platform::{Prepared, ServiceSpec, SetupContext};

use settings::OrderSettings;

pub const NAME: &str = "hotel-app";
pub const DEFAULT_PORT: u16 = 8083;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description(
            "Hotels, rooms, hotel products, price and stock calendar, bookings, hotel orders",
        )
        .app(platform::app::APP_HOTEL)
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
    // The webhooks' secrets are sealed with hotel-app's key; read at start so a wrong key
    // stops the service, not a delivery.
    let sealer = platform::sealing::from_config(ctx.config)?;
    let outbound = platform::outbound::Outbound::from_config(ctx.config)?;
    let sealer_data = actix_web::web::Data::new(sealer.clone());
    let mut prepared = Prepared::new(move |c| {
        c.app_data(actix_web::web::Data::new(settings));
        c.app_data(sealer_data.clone());
        api::routes(c);
    })
    .job(platform::jobs::Job::new(
        "unpaid-orders",
        settings.expiry_check,
        |conn| store::orders::cancel_unpaid(conn, platform::time::now_ms()),
    ))
    .job(platform::jobs::Job::new(
        "open-idempotency-keys",
        std::time::Duration::from_secs(3600),
        |conn| {
            let now = platform::time::now_ms();
            Ok(store::open::purge(
                conn,
                now,
                domain::open::KEY_RETENTION_MS,
            )?)
        },
    ));
    if let Some(pool) = ctx.resources.pool.clone() {
        prepared =
            prepared.task(move || Box::pin(webhooks::run(pool, sealer, outbound, webhooks::EVERY)));
    }
    Ok(prepared)
}
