//! hotel-app: hotels, rooms, hotel products, the price and stock calendar, bookings and hotel
//! orders. Every order change writes its log entry and its `order.hotel.*` event in the
//! transaction of the change; product changes publish `product.hotel.updated`.

pub mod api;
pub mod demo;
pub mod domain;
pub mod events;
pub mod permission_texts;
pub mod store;

use platform::{Prepared, ServiceSpec, SetupContext};

pub const NAME: &str = "hotel-app";
pub const DEFAULT_PORT: u16 = 8083;

/// The keys read under `TRADEWIND_HOTEL_APP__`, for docs/configuration.md.
pub const VARIABLES: &[&str] = &[
    "DEMO__ENABLED",
    "ORDERS__PAY_TIMEOUT_MINUTES",
    "ORDERS__EXPIRY_CHECK_SECS",
];

/// Unpaid online-payment orders cancel themselves after this long (the spec's 24 × 60 minutes).
pub const DEFAULT_PAY_TIMEOUT_MINUTES: i64 = 24 * 60;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .permission_texts(permission_texts::TEXTS)
        .description(
            "Hotels, rooms, hotel products, price and stock calendar, bookings, hotel orders",
        )
        .app(platform::app::APP_HOTEL)
        .migrations(platform::embed_migrations!())
        .openapi(api::openapi())
        .consumer(events::subscriptions().into())
        .setup(setup)
}

/// Settings the order endpoints and the expiry job share.
#[derive(Debug, Clone, Copy)]
pub struct OrderSettings {
    /// ms an unpaid online-payment order waits for its payment.
    pub pay_timeout_ms: i64,
}

fn setup(ctx: &SetupContext<'_>) -> anyhow::Result<Prepared> {
    let cfg = ctx.config;
    let demo: bool = cfg.env.parse_or(&cfg.var("DEMO__ENABLED"), false)?;
    if demo && let Some(pool) = &ctx.resources.pool {
        let mut conn = pool.get()?;
        if demo::seed(&mut conn)? {
            tracing::info!("demo hotel and products created");
        }
    }
    let minutes: i64 = cfg.env.parse_or(
        &cfg.var("ORDERS__PAY_TIMEOUT_MINUTES"),
        DEFAULT_PAY_TIMEOUT_MINUTES,
    )?;
    anyhow::ensure!(
        minutes > 0,
        "TRADEWIND_HOTEL_APP__ORDERS__PAY_TIMEOUT_MINUTES must be at least 1"
    );
    let every: u64 = cfg
        .env
        .parse_or(&cfg.var("ORDERS__EXPIRY_CHECK_SECS"), 30)?;
    let settings = OrderSettings {
        pay_timeout_ms: minutes * 60_000,
    };
    Ok(Prepared::new(move |c| {
        c.app_data(actix_web::web::Data::new(settings));
        api::routes(c);
    })
    .job(platform::jobs::Job::new(
        "unpaid-orders",
        std::time::Duration::from_secs(every.max(1)),
        |conn| store::orders::cancel_unpaid(conn, platform::time::now_ms()),
    )))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_variable_is_documented() {
        let names = super::VARIABLES
            .iter()
            .map(|k| format!("TRADEWIND_HOTEL_APP__{k}"));
        assert_eq!(platform::config::undocumented(names), Vec::<String>::new());
    }
}
