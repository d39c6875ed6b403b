//! The gateway: the only public entry. `/api/<service>/...` goes to that service (prefix
//! stripped, bodies streamed, websockets relayed), `/api/docs/` shows every service's API, and
//! every other path is the web console.
//!
//! The usual layers: `api` takes the HTTP side (admission at the edge, forwarding, the console's
//! files), `domain` decides (rate limits), and `store` is what the gateway sends on the bus (user
//! actions, the rate-limit counts replicas share). It owns no database.

mod api;
pub mod config;
pub mod domain;
mod store;

pub use domain::ratelimit;

use std::sync::Arc;
use std::time::Duration;

use actix_web::web;
use platform::ServiceSpec;
use utoipa::OpenApi;

pub use config::GatewayConfig;

pub const NAME: &str = "gateway";
pub const DEFAULT_PORT: u16 = 8080;

#[derive(OpenApi)]
#[openapi(
    paths(api::proxy::forward),
    tags((name = "gateway", description = "Routing to the services"))
)]
struct ApiDoc;

pub fn service(cfg: GatewayConfig) -> ServiceSpec {
    let auth = platform::auth::remote::RemoteBackend::new(&cfg.auth_url(), Duration::from_secs(5));
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description("The public entry: routing, websocket proxy, web console, API reference")
        .openapi(ApiDoc::openapi())
        // Callers are checked at the edge (`edge`), per upstream path, not by the platform's
        // guard, which knows only a service's own paths.
        .unguarded()
        .auth_backend(Arc::new(auth))
        .setup(move |ctx| {
            // One sender of user actions for the whole process, on the service's bus.
            let recorder =
                web::Data::new(store::activity::Recorder::start(ctx.resources.bus.clone()));
            let shared = prometheus::IntCounter::new(
                "gateway_rate_limit_shared_total",
                "Requests other gateway replicas let through, counted here against the same limits",
            )?;
            ctx.metrics.registry().register(Box::new(shared.clone()))?;
            // Made at each start, so two replicas built from one spec (tests) count apart.
            let limiter = web::Data::new(domain::ratelimit::Limiter::new(cfg.rate_limits.clone()));
            let (bus, counts) = (ctx.resources.bus.clone(), limiter.clone().into_inner());
            let cfg = cfg.clone();
            Ok(platform::Prepared::new(move |c| {
                c.app_data(recorder.clone());
                api::routes(c, &cfg, &limiter);
            })
            .task(move || Box::pin(store::counts::share(counts, bus, shared))))
        })
}
