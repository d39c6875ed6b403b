//! `/api/docs/`: one API reference page over every service's `/openapi.json`, fetched live
//! through the gateway. Swagger UI's files are compiled into the binary (nothing is downloaded).

use actix_web::{HttpResponse, web};
use utoipa_swagger_ui::{Config, SwaggerUi, Url};

use crate::config::Upstream;

pub fn swagger(upstreams: &[Upstream]) -> SwaggerUi {
    let mut urls: Vec<Url<'static>> = vec![Url::new("gateway", "/openapi.json")];
    urls.extend(upstreams.iter().map(|u| {
        let name: &'static str = Box::leak(u.service.clone().into_boxed_str());
        let url: &'static str =
            Box::leak(format!("/api/{}/openapi.json", u.service).into_boxed_str());
        Url::new(name, url)
    }));
    SwaggerUi::new("/api/docs/{_:.*}").config(Config::new(urls))
}

/// `/api/docs` without the slash lands on the page.
pub async fn redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header(("location", "/api/docs/"))
        .finish()
}

pub fn config(cfg: &mut web::ServiceConfig, upstreams: &[Upstream]) {
    cfg.service(swagger(upstreams))
        .route("/api/docs", web::get().to(redirect));
}
