//! message-server: notifications for the people who asked for them. Order events become web
//! notifications for the users whose settings (copied from saas-main's `notify-config.updated`)
//! take their type; licences are copied from `licence.updated` for the SMS and mail queues.
//! Each stored web notification is announced on `notification.requested`; every replica hears
//! it on its own broadcast queue and pushes it to the sockets it holds (`hub`). SMS and mail go
//! through the dispatch queue (`store::dispatch`, `sender`); WeChat is asked of weixin-server with
//! `notification.requested` on channel `weixin`.

pub mod api;
pub mod domain;
pub mod hub;
pub mod permission_texts;
pub mod sender;
pub mod store;

use std::sync::Arc;
use std::time::Duration;

use platform::bus::{Event, EventEnvelope, Subscriptions, resync, v1};
use platform::{Prepared, ServiceSpec, SetupContext};
use prost::Message as _;

use crate::domain::dispatch::Channel;
use crate::domain::notify::{self, OrderChange};

pub const NAME: &str = "message-server";
pub const DEFAULT_PORT: u16 = 8087;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .permission_texts(permission_texts::TEXTS)
        .description("Notifications: web (websocket), mail and SMS queues and logs")
        .migrations(platform::embed_migrations!())
        .openapi(api::openapi())
        .variables(VARIABLES)
        .consumer(subscriptions().into())
        .setup(setup)
}

/// The keys read under `TRADEWIND_MESSAGE_SERVER__`, for docs/configuration.md.
pub const VARIABLES: &[&str] = &[
    "WEBSOCKET__IDLE_SECS",
    "SMS__PROVIDER_URL",
    "SMS__API_KEY",
    "SMS__POLL_MS",
    "MAIL__SMTP_HOST",
    "MAIL__SMTP_PORT",
    "MAIL__TLS",
    "MAIL__ACCEPT_INVALID_CERTS",
    "MAIL__USERNAME",
    "MAIL__PASSWORD",
    "MAIL__FROM",
    "MAIL__POLL_MS",
];

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
        for (transport, poll) in transports(cfg)? {
            let every: u64 = cfg.env.parse_or(&cfg.var(poll), 1000)?;
            let every = Duration::from_millis(every.max(10));
            let pool = pool.clone();
            prepared = prepared.task(move || Box::pin(sender::run(pool, transport, every)));
        }
    }
    Ok(prepared)
}

/// The configured dispatch transports, each with the variable of its polling period.
fn transports(
    cfg: &platform::config::ServiceConfig,
) -> anyhow::Result<Vec<(sender::Transport, &'static str)>> {
    let get = |k: &str| {
        cfg.env
            .get(&cfg.var(k))
            .unwrap_or_default()
            .trim()
            .to_owned()
    };
    let mut out = Vec::new();
    let url = get("SMS__PROVIDER_URL");
    if !url.is_empty() {
        anyhow::ensure!(
            url.starts_with("http://") || url.starts_with("https://"),
            "TRADEWIND_MESSAGE_SERVER__SMS__PROVIDER_URL must be an http:// or https:// URL"
        );
        let provider = sender::sms::SmsProvider {
            url,
            key: platform::secret::Secret::new(get("SMS__API_KEY")),
        };
        out.push((sender::Transport::Sms(provider), "SMS__POLL_MS"));
    }
    let host = get("MAIL__SMTP_HOST");
    if !host.is_empty() {
        let tls = get("MAIL__TLS");
        let tls = if tls.is_empty() {
            sender::mail::TlsMode::StartTls
        } else {
            sender::mail::TlsMode::parse(&tls).ok_or_else(|| {
                anyhow::anyhow!(
                    "TRADEWIND_MESSAGE_SERVER__MAIL__TLS is none, starttls or tls, not {tls:?}"
                )
            })?
        };
        let port: u16 = cfg
            .env
            .parse_or(&cfg.var("MAIL__SMTP_PORT"), tls.default_port())?;
        let from = get("MAIL__FROM");
        let relay = sender::mail::MailRelay {
            host,
            port,
            tls,
            accept_invalid_certs: cfg
                .env
                .parse_or(&cfg.var("MAIL__ACCEPT_INVALID_CERTS"), false)?,
            username: get("MAIL__USERNAME"),
            password: platform::secret::Secret::new(get("MAIL__PASSWORD")),
            from: if from.is_empty() {
                "Tradewind <no-reply@tradewind.local>".to_owned()
            } else {
                from
            },
        };
        // A bad sender address stops the start, not the first mail.
        sender::mail::Mailer::new(&relay)?;
        out.push((sender::Transport::Mail(relay), "MAIL__POLL_MS"));
    }
    Ok(out)
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

/// What message-server consumes: order events become notifications for the users whose
/// settings take their type; the settings and licences are copies of saas-main's, rebuilt from
/// it when never filled ([`platform::bus::resync`]).
pub fn subscriptions() -> Subscriptions {
    let subs = resync::keep(Subscriptions::new(), NOTIFY_CONFIGS);
    resync::keep(subs, LICENCES)
        .on::<v1::NotifyConfigUpdated>("notify-config.updated", |conn, e| {
            store::save_config(conn, e.saas_id, &e.payload, e.occurred_at)?;
            Ok(())
        })
        .on::<v1::LicenceUpdated>("licence.updated", |conn, e| {
            store::save_licence(conn, e.saas_id, &e.payload, e.occurred_at)?;
            Ok(())
        })
        .on::<v1::OrderCreated>("order.*.created", |conn, e| {
            notify_order(conn, &e, OrderChange::Created, e.payload.order.clone())
        })
        .on::<v1::OrderCancelled>("order.*.cancelled", |conn, e| {
            notify_order(conn, &e, OrderChange::Cancelled, e.payload.order.clone())
        })
        .on::<v1::OrderStateChanged>("order.*.modified", |conn, e| {
            notify_order(conn, &e, OrderChange::Modified, e.payload.order.clone())
        })
        .on::<v1::OrderStateChanged>("order.*.state-changed", |conn, e| {
            let change = OrderChange::Moved(e.payload.new_order_state);
            notify_order(conn, &e, change, e.payload.order.clone())
        })
}

/// The copy of users' notification settings (owner: saas-main).
pub const NOTIFY_CONFIGS: &str = platform::bus::resync::NOTIFY_CONFIGS;
/// The copy of the tenants' licences (owner: saas-main).
pub const LICENCES: &str = platform::bus::resync::LICENCES;

/// Notifies the users whose settings take what happened to `order`: on the web (and every
/// replica's sockets), through weixin-server, and in the SMS and mail queues.
fn notify_order<P>(
    conn: &mut platform::db::DbConnection,
    e: &Event<P>,
    change: OrderChange,
    order: Option<v1::OrderRef>,
) -> anyhow::Result<()> {
    let Some(order) = order else {
        return Ok(());
    };
    let notices = notify::notices(change, &order);
    let subs = store::subscribers(conn, e.saas_id, &notices)?;
    for n in store::notify_web(conn, e.saas_id, &subs, &notices, e.occurred_at)? {
        store::announce(conn, &n)?;
    }
    store::request_weixin(conn, e.saas_id, &subs, &notices)?;
    let now = platform::time::now_ms();
    for channel in [Channel::Sms, Channel::Mail] {
        store::dispatch::enqueue(conn, channel, e.saas_id, &subs, &notices, now)?;
    }
    Ok(())
}
