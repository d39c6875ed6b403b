//! message-server: notifications for the people who asked for them. Order events become web
//! notifications for the users whose settings (copied from saas-main's `notify-config.updated`)
//! take their type; licences are copied from `licence.updated` for the SMS and mail queues.
//! The websocket, mail and SMS deliveries arrive with the rest of their issue.

pub mod api;
pub mod domain;
pub mod store;

use platform::ServiceSpec;
use platform::bus::{EventEnvelope, v1};
use prost::Message as _;

use crate::domain::notify::{self, OrderChange};

pub const NAME: &str = "message-server";
pub const DEFAULT_PORT: u16 = 8087;

pub fn service() -> ServiceSpec {
    ServiceSpec::new(NAME, env!("CARGO_PKG_VERSION"), DEFAULT_PORT)
        .description("Notifications: web (websocket), mail and SMS queues and logs")
        .migrations(platform::embed_migrations!())
        .openapi(api::openapi())
        .consumer(platform::bus::ConsumerSpec::new(
            &["order.#", "notify-config.updated", "licence.updated"],
            Consumer,
        ))
        .routes(|cfg, _| api::routes(cfg))
}

struct Consumer;

/// The order and what happened to it, from any order event.
fn order_change(e: &EventEnvelope) -> anyhow::Result<Option<(OrderChange, v1::OrderRef)>> {
    let b = e.payload.as_slice();
    Ok(match e.event_type.rsplit('.').next().unwrap_or("") {
        "created" => v1::OrderCreated::decode(b)?
            .order
            .map(|o| (OrderChange::Created, o)),
        "cancelled" => v1::OrderCancelled::decode(b)?
            .order
            .map(|o| (OrderChange::Cancelled, o)),
        "modified" => v1::OrderStateChanged::decode(b)?
            .order
            .map(|o| (OrderChange::Modified, o)),
        "state-changed" => {
            let c = v1::OrderStateChanged::decode(b)?;
            c.order.map(|o| (OrderChange::Moved(c.new_order_state), o))
        }
        _ => None,
    })
}

impl platform::bus::Handler for Consumer {
    fn handle(
        &self,
        conn: &mut platform::db::DbConnection,
        e: &EventEnvelope,
    ) -> anyhow::Result<()> {
        match e.event_type.as_str() {
            "notify-config.updated" => {
                let c = v1::NotifyConfigUpdated::decode(e.payload.as_slice())?;
                store::save_config(conn, e.saas_id, &c, e.occurred_at)?;
            }
            "licence.updated" => {
                let l = v1::LicenceUpdated::decode(e.payload.as_slice())?;
                store::save_licence(conn, e.saas_id, &l, e.occurred_at)?;
            }
            t if t.starts_with("order.") => {
                if let Some((change, order)) = order_change(e)? {
                    let notices = notify::notices(change, &order);
                    store::notify_web(conn, e.saas_id, &notices, e.occurred_at)?;
                }
            }
            other => tracing::debug!(event_type = other, "event not used"),
        }
        Ok(())
    }
}
