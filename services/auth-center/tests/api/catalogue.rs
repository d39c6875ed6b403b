//! The permission catalogue fills itself: auth-center asks every service for its codes whenever
//! it starts, so a service that declared them before auth-center's queue existed (or into a
//! catalogue since wiped) is in it all the same.

use platform::ServiceSpec;
use platform::bus::{Bus, MemoryBroker};
use platform::testing::{Backend, TestDb, eventually, spawn_on_bus, test_config};
use utoipa::OpenApi as _;

use crate::helpers::{catalogue_entry, start_on_bus, tokens};

/// Another service of the fleet, as small as one can be: one endpoint under `/saas/`, so one
/// permission code to declare.
mod widgets {
    use actix_web::{HttpResponse, get};

    pub const NAME: &str = "widget-app";
    pub const CODE: &str = "/saas/widget/widgets/list:GET";

    #[utoipa::path(responses((status = 200)), tag = "widget", summary = "List widgets")]
    #[get("/saas/widget/widgets/list")]
    pub async fn list() -> HttpResponse {
        HttpResponse::Ok().finish()
    }

    platform::endpoints!(list);
}

fn widget_app() -> platform::ServiceSpec {
    ServiceSpec::new(widgets::NAME, "0.1.0", 0)
        .app(platform::app::APP_TICKET)
        .openapi(widgets::Doc::openapi())
        .routes(|cfg, _| widgets::config(cfg))
}

async fn codes_declared_before_auth_center_started_reach_its_catalogue(backend: Backend) {
    // The test's broker holds no queue until a service declares its own: the other service's
    // declaration at its start reaches no auth-center and is gone once it left the outbox.
    let bus = Bus::Memory(MemoryBroker::default());
    let db = TestDb::new(backend);
    let cfg = test_config(widgets::NAME, Some(&db));
    let pool = platform::db::connect(&db.config()).unwrap();
    let other = spawn_on_bus(widget_app(), &cfg, Some(db), bus.clone()).await;
    eventually("the other service's declaration is published", || {
        let pool = pool.clone();
        async move {
            let mut conn = pool.get().ok()?;
            (platform::bus::backlog(&mut conn).ok()? == 0).then_some(())
        }
    })
    .await;

    // auth-center starts with an empty catalogue and asks again.
    let app = start_on_bus(backend, &[], &bus).await;
    let (admin, _) = tokens(&app, "demo", "demo123").await;
    let entry = eventually("the other service's code reaches the catalogue", || {
        catalogue_entry(&app, &admin, "en", widgets::CODE)
    })
    .await;
    assert_eq!(
        (
            entry["service"].as_str(),
            entry["appId"].as_i64(),
            entry["summary"].as_str()
        ),
        (
            Some(widgets::NAME),
            Some(i64::from(platform::app::APP_TICKET)),
            Some("List widgets")
        )
    );
    app.shutdown().await;
    other.shutdown().await;
}

platform::on_both_backends!(codes_declared_before_auth_center_started_reach_its_catalogue);
