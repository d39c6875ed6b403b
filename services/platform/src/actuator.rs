//! `/actuator/info`, `/actuator/health`, `/actuator/prometheus` and `/openapi.json`: served by
//! every service without authentication.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use serde::Serialize;
use serde_json::{Map, Value, json};
use utoipa::{OpenApi, ToSchema};

use crate::app::ServiceState;
use crate::build_info::Info;

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `UP` or `DOWN`.
    pub status: String,
    /// One entry per checked part: `{status, details}` or `{status, error}`.
    #[schema(value_type = Object)]
    pub components: Map<String, Value>,
}

#[utoipa::path(
    get,
    path = "/actuator/info",
    tag = "actuator",
    extensions(("x-envelope" = json!(false))),
    responses((status = 200, description = "Build facts", body = Info))
)]
pub async fn info(state: web::Data<ServiceState>) -> HttpResponse {
    HttpResponse::Ok().json(&state.info)
}

#[utoipa::path(
    get,
    path = "/actuator/health",
    tag = "actuator",
    extensions(("x-envelope" = json!(false))),
    responses(
        (status = 200, description = "Every part is up", body = Health),
        (status = 503, description = "A part is down; it is named in components", body = Health)
    )
)]
pub async fn health(state: web::Data<ServiceState>) -> HttpResponse {
    evaluate(&state, false).await
}

/// Runs every check. A check that gates readiness only (copies being rebuilt) shows as
/// `OUT_OF_SERVICE` in the health document without making the service unhealthy.
async fn evaluate(state: &ServiceState, readiness: bool) -> HttpResponse {
    let mut components = Map::new();
    let mut up = true;
    for check in &state.health {
        let entry = match check.check().await {
            Ok(details) => json!({ "status": "UP", "details": details }),
            Err(error) if check.readiness_only() && !readiness => {
                json!({ "status": "OUT_OF_SERVICE", "error": error })
            }
            Err(error) => {
                up = false;
                if check.readiness_only() {
                    tracing::debug!(part = check.name(), %error, "not ready");
                } else {
                    tracing::warn!(part = check.name(), %error, "health check failed");
                }
                json!({ "status": "DOWN", "error": error })
            }
        };
        components.insert(check.name().to_owned(), entry);
    }
    let status = if up {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    HttpResponse::build(status).json(Health {
        status: if up { "UP" } else { "DOWN" }.to_owned(),
        components,
    })
}

#[utoipa::path(
    get,
    path = "/actuator/health/readiness",
    tag = "actuator",
    extensions(("x-envelope" = json!(false))),
    responses(
        (status = 200, description = "Ready for traffic: every part is up and every copy of another service's data has been filled", body = Health),
        (status = 503, description = "Not ready: a part is down, or a copy waits for its owner's snapshot", body = Health)
    )
)]
pub async fn readiness(state: web::Data<ServiceState>) -> HttpResponse {
    evaluate(&state, true).await
}

/// Liveness checks nothing but that the process answers: restarting a service never fixes its
/// database or broker, so an outage of either must not restart the fleet.
#[utoipa::path(
    get,
    path = "/actuator/health/liveness",
    tag = "actuator",
    extensions(("x-envelope" = json!(false))),
    responses((status = 200, description = "The process serves requests", body = Health))
)]
pub async fn liveness() -> HttpResponse {
    HttpResponse::Ok().json(Health {
        status: "UP".to_owned(),
        components: Map::new(),
    })
}

#[utoipa::path(
    get,
    path = "/actuator/prometheus",
    tag = "actuator",
    extensions(("x-envelope" = json!(false))),
    responses((status = 200, description = "Prometheus text exposition", content_type = "text/plain"))
)]
pub async fn prometheus(state: web::Data<ServiceState>) -> HttpResponse {
    if let Some(pool) = state.pool.clone() {
        let backlog = web::block(move || {
            let mut conn = pool.get_timeout(std::time::Duration::from_secs(2)).ok()?;
            crate::bus::backlog(&mut conn).ok()
        })
        .await;
        if let Ok(Some(n)) = backlog {
            state.metrics.outbox_pending.set(n);
        }
    }
    match state.metrics.render(state.pool.as_ref()) {
        Ok(text) => HttpResponse::Ok()
            .content_type("text/plain; version=0.0.4; charset=utf-8")
            .body(text),
        Err(e) => {
            use actix_web::ResponseError as _;
            crate::error::ApiError::Internal(anyhow::anyhow!("rendering metrics: {e}"))
                .error_response()
        }
    }
}

#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "actuator",
    extensions(("x-envelope" = json!(false))),
    responses((status = 200, description = "This service's OpenAPI document", content_type = "application/json"))
)]
pub async fn openapi(state: web::Data<ServiceState>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(state.openapi_json.clone())
}

/// The actuator's part of every service's OpenAPI document.
#[derive(OpenApi)]
#[openapi(
    paths(info, health, liveness, readiness, prometheus, openapi),
    components(schemas(Info, Health)),
    tags((name = "actuator", description = "Build facts, health, metrics and this document"))
)]
pub struct ActuatorApi;

pub fn config(cfg: &mut web::ServiceConfig) {
    cfg.route("/actuator/info", web::get().to(info))
        .route("/actuator/health", web::get().to(health))
        .route("/actuator/health/liveness", web::get().to(liveness))
        .route("/actuator/health/readiness", web::get().to(readiness))
        .route("/actuator/prometheus", web::get().to(prometheus))
        .route("/openapi.json", web::get().to(openapi));
}
