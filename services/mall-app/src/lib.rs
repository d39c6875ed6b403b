//! mall-app: mall products, themes, snap-up sessions and their stock, mall orders
//! (docs/mall.md). A snap-up order takes the session's stock and the buyer's limit by
//! conditional UPDATEs in one transaction; each process keeps in memory the sessions it saw
//! sold out and a bound on the order attempts it works on at once (`rush`); orders are paid by
//! credit through finance-app's saga (`credit.mall.*`), asked again when no answer comes and
//! given up in time (`platform::bus::saga`); unpaid orders give their stock back by a job;
//! orders publish `order.mall.*`.

pub mod api;
pub mod demo;
pub mod domain;
pub mod events;
pub mod permission_texts;
pub mod rush;
pub mod settings;
pub mod store;

use actix_web::web;
use platform::{Prepared, ServiceSpec, SetupContext};

use settings::SnapupSettings;

pub const NAME: &str = "mall-app";
pub const DEFAULT_PORT: u16 = 8086;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description("Mall products, themes, snap-up sessions and stock, mall orders")
        .app(platform::app::APP_MALL)
        .migrations(platform::embed_migrations!())
        .openapi(api::openapi())
        .permission_texts(permission_texts::TEXTS)
        .variables(settings::VARIABLES)
        .consumer(events::subscriptions().into())
        .demo(demo::seed)
        .setup(setup)
}

fn setup(ctx: &SetupContext<'_>) -> anyhow::Result<Prepared> {
    let settings = SnapupSettings::load(ctx.config)?;
    // One per process, shared by its workers: what it knows of sold-out sessions and the
    // attempts it works on.
    let rush = web::Data::new(rush::Rush::new(settings.max_in_flight));
    let for_job = rush.clone();
    let for_chase = rush.clone();
    Ok(Prepared::new(move |c| {
        c.app_data(web::Data::new(settings));
        c.app_data(rush.clone());
        api::routes(c);
    })
    .job(platform::jobs::Job::new(
        "unpaid-snapup-orders",
        settings.expiry_check,
        move |conn| {
            let (n, given) = store::orders::expire_unpaid(conn, platform::time::now_ms())?;
            for g in given {
                for_job.forget_product(g.saas_id, g.mall_product_id);
            }
            Ok(n)
        },
    ))
    .job(platform::jobs::Job::new(
        "unanswered-credit-payments",
        settings.expiry_check,
        move |conn| {
            let wait = settings.credit_answer;
            let chased =
                store::orders::chase_credit_answers(conn, &wait, platform::time::now_ms())?;
            for g in chased.given_back {
                for_chase.forget_product(g.saas_id, g.mall_product_id);
            }
            Ok(chased.asked_again + chased.given_up)
        },
    )))
}
