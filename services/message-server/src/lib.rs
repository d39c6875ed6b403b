//! message-server: notifications for the people who asked for them. Order events become web
//! notifications for the users whose settings (copied from saas-main's `notify-config.updated`)
//! take their type; licences are copied from `licence.updated` for the SMS and mail queues.
//! Each stored web notification is announced on `notification.requested`; every replica hears
//! it on its own broadcast queue and pushes it to the sockets it holds (`hub`). SMS and mail go
//! through the dispatch queue (`store::dispatch`, `sender`); WeChat is asked of weixin-server with
//! `notification.requested` on channel `weixin`.

pub mod api;
pub mod demo;
pub mod domain;
pub mod events;
pub mod hub;
pub mod permission_texts;
pub mod sender;
pub mod settings;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use platform::bus::{EventEnvelope, v1};
use platform::{Prepared, ServiceSpec, SetupContext};
use prost::Message as _;

pub const NAME: &str = "message-server";
pub const DEFAULT_PORT: u16 = 8087;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .permission_texts(permission_texts::TEXTS)
        .description("Notifications: web (websocket), mail and SMS queues and logs")
        .migrations(platform::embed_migrations!())
        .openapi(api::openapi())
        .variables(settings::VARIABLES)
        .consumer(events::subscriptions().into())
        .demo(demo::seed)
        .setup(setup)
}

fn setup(ctx: &SetupContext<'_>) -> anyhow::Result<Prepared> {
    let cfg = ctx.config;
    // Two keep-alive periods of the console (54 s) and some slack.
    let idle: u64 = cfg.env.parse_or(&cfg.var("WEBSOCKET__IDLE_SECS"), 120)?;
    let idle = api::websocket::Idle(Duration::from_secs(idle.max(1)));
    let hub = Arc::new(hub::Hub::default());
    let bus = ctx.resources.bus.clone();
    let fan_out = hub.clone();
    let mut prepared = Prepared::new(move |c| {
        c.app_data(actix_web::web::Data::new(hub.clone()))
            .app_data(actix_web::web::Data::new(idle));
        api::routes(c);
    })
    .task(move || Box::pin(fan_out_loop(bus, fan_out)));
    // Without a provider (or relay) messages stay queued, and are listed so, until one is
    // configured.
    if let Some(pool) = ctx.resources.pool.clone() {
        for (transport, poll) in settings::transports(cfg)? {
            let every: u64 = cfg.env.parse_or(&cfg.var(poll), 1000)?;
            let every = Duration::from_millis(every.max(10));
            let pool = pool.clone();
            prepared = prepared.task(move || Box::pin(sender::run(pool, transport, every)));
        }
    }
    Ok(prepared)
}

/// This replica's share of the fan-out: every web notification to the sockets it holds, and
/// ended sessions' sockets closed.
async fn fan_out_loop(bus: platform::bus::Bus, hub: Arc<hub::Hub>) {
    let mut events = bus.broadcast(NAME, &["notification.requested", "session.ended"]);
    while let Some(delivery) = events.recv().await {
        let Ok(e) = EventEnvelope::decode(delivery.body.as_slice()) else {
            continue;
        };
        match e.event_type.as_str() {
            "notification.requested" => {
                if let Ok(n) = v1::NotificationRequested::decode(e.payload.as_slice())
                    && n.channel == "web"
                {
                    api::websocket::deliver(&hub, &store::from_event(e.saas_id, &n));
                }
            }
            "session.ended" => {
                if let Ok(s) = v1::SessionEnded::decode(e.payload.as_slice()) {
                    hub.close_session(&s.session_id);
                }
            }
            _ => {}
        }
    }
}
