//! The gateway: the only public entry. `/api/<service>/...` goes to that service (prefix
//! stripped, bodies streamed, websockets relayed), `/api/docs/` shows every service's API, and
//! every other path is the web console.

pub mod config;
mod docs;
mod headers;
pub mod proxy;
mod spa;
mod websocket;

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
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description("The public entry: routing, websocket proxy, web console, API reference")
        .openapi(ApiDoc::openapi())
        .routes(move |c, _| routes(c, &cfg))
}

fn routes(c: &mut web::ServiceConfig, cfg: &GatewayConfig) {
    // One client per worker (awc clients are not shareable across threads); each keeps its own
    // pool of upstream connections.
    let client = Client::builder().disable_redirects().finish();
    c.app_data(web::Data::new(client));
    docs::config(c, &cfg.upstreams);
    for upstream in &cfg.upstreams {
        c.service(
            web::scope(&format!("/api/{}", upstream.service))
                .app_data(web::Data::new(upstream.clone()))
                .default_service(web::to(proxy::forward)),
        );
    }
    c.app_data(web::Data::new(spa::StaticDir(cfg.static_dir.clone())))
        .route("/{path:.*}", web::route().to(spa::serve));
}
