//! weixin-server: WeChat official-account (mp) and mini-program (ma) configurations, their
//! access tokens, followers, and staff users' bindings by QR code, against WeChat's API at a
//! configured base URL (the simulator `services/wechat-sim` in tests and `make run`).
//! docs/weixin.md describes what it does and which parts follow WeChat's protocol.

pub mod access;
pub mod api;
pub mod demo;
pub mod domain;
pub mod events;
pub mod permission_texts;
pub mod sender;
pub mod settings;
pub mod store;
pub mod wechat;

use std::time::Duration;

use platform::jobs::Job;
use platform::{Prepared, ServiceSpec, SetupContext};

pub const NAME: &str = "weixin-server";
pub const DEFAULT_PORT: u16 = 8085;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description("WeChat official-account and mini-program configs, followers, staff bindings")
        .app(platform::app::APP_WEIXIN)
        .migrations(platform::embed_migrations!())
        .openapi(api::openapi())
        .permission_texts(permission_texts::TEXTS)
        .variables(settings::VARIABLES)
        .consumer(events::subscriptions().into())
        .demo_sealed(demo::seed)
        .setup(setup)
}

fn setup(ctx: &SetupContext<'_>) -> anyhow::Result<Prepared> {
    let cfg = ctx.config;
    let settings = settings::Settings::load(cfg)?;
    let sealer = settings::sealer(cfg)?;
    let pool = ctx
        .resources
        .pool
        .clone()
        .ok_or_else(|| anyhow::anyhow!("weixin-server needs its database"))?;
    let wechat = wechat::Wechat::new(
        &settings.wechat_base_url,
        platform::outbound::Outbound::from_config(cfg)?,
    );
    let sender = settings.sender;
    let shared = api::Ctx {
        wx: access::Wx {
            wechat,
            pool,
            sealer,
            refresh_ahead_ms: settings.refresh_ahead_ms,
        },
        settings,
    };
    let wx = shared.wx.clone();
    Ok(Prepared::new(move |c| {
        c.app_data(actix_web::web::Data::new(shared.clone()));
        api::routes(c);
    })
    .task(move || Box::pin(sender::run(wx.clone(), sender)))
    .job(Job::new(
        "forget-spent-nonces-and-scenes",
        Duration::from_secs(60),
        |conn| {
            let now = platform::time::now_ms();
            let stale = now / 1000 - domain::callback::MAX_SKEW_SECS - 60;
            Ok(store::nonces::forget_before(conn, stale)?
                + store::bindings::forget_scenes_before(conn, now)?)
        },
    )))
}
