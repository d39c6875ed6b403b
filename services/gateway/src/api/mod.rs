//! The gateway's HTTP side: each service's `/api/<service>/` scope forwarded after the edge's
//! checks, the API reference, and every other path the web console.

mod cors;
mod docs;
mod edge;
mod headers;
pub mod proxy;
mod signed;
mod spa;
mod websocket;

use actix_web::web;
use awc::Client;

use crate::config::GatewayConfig;
use crate::domain::ratelimit;

pub fn routes(
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
        .app_data(web::Data::new(cors::Origins(cfg.cors_origins.clone())))
        .app_data(web::Data::new(signed::Verifier(
            platform::auth::remote::RemoteBackend::new(
                &cfg.auth_url(),
                std::time::Duration::from_secs(5),
            ),
        )));
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
