//! The gateway: the only public entry. `/api/<service>/...` goes to that service (prefix
//! stripped, bodies streamed, websockets relayed), `/api/docs/` shows every service's API, and
//! every other path is the web console.

pub mod activity;
pub mod config;
mod cors;
mod docs;
mod edge;
mod headers;
pub mod proxy;
pub mod ratelimit;
mod spa;
mod websocket;

use std::sync::Arc;
use std::time::Duration;

use actix_web::web;
use awc::Client;
use platform::ServiceSpec;
use utoipa::OpenApi;

pub use config::GatewayConfig;

pub const NAME: &str = "gateway";
pub const DEFAULT_PORT: u16 = 8080;

#[derive(OpenApi)]
#[openapi(
    paths(proxy::forward),
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
            let recorder = web::Data::new(activity::Recorder::start(ctx.resources.bus.clone()));
            let shared = prometheus::IntCounter::new(
                "gateway_rate_limit_shared_total",
                "Requests other gateway replicas let through, counted here against the same limits",
            )?;
            ctx.metrics.registry().register(Box::new(shared.clone()))?;
            // Made at each start, so two replicas built from one spec (tests) count apart.
            let limiter = web::Data::new(ratelimit::Limiter::new(cfg.rate_limits.clone()));
            let (bus, counts) = (ctx.resources.bus.clone(), limiter.clone().into_inner());
            let cfg = cfg.clone();
            Ok(platform::Prepared::new(move |c| {
                c.app_data(recorder.clone());
                routes(c, &cfg, &limiter);
            })
            .task(move || Box::pin(ratelimit::share(counts, bus, shared))))
        })
}

fn routes(
    c: &mut web::ServiceConfig,
    cfg: &GatewayConfig,
    limiter: &web::Data<ratelimit::Limiter>,
) {
    // One client per worker (awc clients are not shareable across threads); each keeps its own
    // pool of upstream connections.
    let client = Client::builder().disable_redirects().finish();
    c.app_data(web::Data::new(client));
    c.app_data(limiter.clone())
        .app_data(web::Data::new(edge::TrustedProxies(cfg.trusted_proxy_hops)))
        .app_data(web::Data::new(cors::Origins(cfg.cors_origins.clone())));
    for upstream in &cfg.upstreams {
        c.service(
            web::scope(&upstream.prefix)
                .wrap(actix_web::middleware::from_fn(cors::cors))
                .app_data(web::Data::new(upstream.clone()))
                .default_service(web::to(proxy::forward)),
        );
    }
    // After the services' scopes: the reference's pattern is a regex, and routes are tried in
    // the order they are registered, so every proxied request would pay for matching it.
    docs::config(c, &cfg.upstreams);
    c.app_data(web::Data::new(spa::StaticDir(cfg.static_dir.clone())))
        .route("/{path:.*}", web::route().to(spa::serve));
}
