//! What message-server consumes from its queue `message-server.events`: order events become
//! notifications, and so does a work order assigned to a support agent (`support.assigned`);
//! users' notification settings and the tenants' licences are copies of saas-main's, rebuilt
//! from it when never filled.

use platform::bus::{Event, Subscriptions, resync, v1};

use crate::domain::dispatch::Channel;
use crate::domain::notify::{self, OrderChange, Reach};
use crate::store;

/// What message-server consumes: order events become notifications for the users whose
/// settings take their type; the settings and licences are copies of saas-main's, rebuilt from
/// it when never filled ([`platform::bus::resync`]).
pub fn subscriptions() -> Subscriptions {
    let subs = resync::keep_counted(Subscriptions::new(), NOTIFY_CONFIGS, store::config_rows);
    resync::keep_counted(subs, LICENCES, store::licence_rows)
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
        .on::<v1::VouchersIssued>("voucher.ticket.issued", |conn, e| send_vouchers(conn, &e))
        .on::<v1::SupportAssigned>("support.assigned", |conn, e| {
            let a = crate::domain::support::assignment(&e.payload);
            store::notify_assignee(conn, e.saas_id, e.payload.assignee_id, &a, e.occurred_at)?;
            Ok(())
        })
}

/// The copy of users' notification settings (owner: saas-main).
pub const NOTIFY_CONFIGS: &str = platform::bus::resync::NOTIFY_CONFIGS;
/// The copy of the tenants' licences (owner: saas-main).
pub const LICENCES: &str = platform::bus::resync::LICENCES;

/// Notifies the users whose settings take what happened to `order`: news on the web (and every
/// replica's sockets), through weixin-server, and in the SMS and mail queues; history of the last
/// days only in the users' lists, quietly; older history not at all ([`notify::reach`]).
fn notify_order<P>(
    conn: &mut platform::db::DbConnection,
    e: &Event<P>,
    change: OrderChange,
    order: Option<v1::OrderRef>,
) -> anyhow::Result<()> {
    let Some(order) = order else {
        return Ok(());
    };
    let now = platform::time::now_ms();
    let reach = notify::reach(e.occurred_at, notify::recorded_at(&e.event_id), now);
    if reach == Reach::Skip {
        return Ok(());
    }
    let notices = notify::notices(change, &order);
    let subs = store::subscribers(conn, e.saas_id, &notices)?;
    let quiet = reach == Reach::Quiet;
    let stored = store::notify_web(conn, e.saas_id, &subs, &notices, e.occurred_at, quiet)?;
    if quiet {
        return Ok(());
    }
    for n in stored {
        store::announce(conn, &n)?;
    }
    store::request_weixin(conn, e.saas_id, &subs, &notices)?;
    for channel in [Channel::Sms, Channel::Mail] {
        store::dispatch::enqueue(conn, channel, e.saas_id, &subs, &notices, now)?;
    }
    Ok(())
}

/// Sends a ticket order's voucher codes to its buyer by SMS and mail, once: live news only
/// (an event replayed from long ago sends nothing to a buyer).
fn send_vouchers(
    conn: &mut platform::db::DbConnection,
    e: &Event<v1::VouchersIssued>,
) -> anyhow::Result<()> {
    let now = platform::time::now_ms();
    if notify::reach(e.occurred_at, notify::recorded_at(&e.event_id), now) != Reach::Live {
        return Ok(());
    }
    let messages = crate::domain::buyer::voucher_messages(&e.payload);
    let order_id = e.payload.order.as_ref().map_or(0, |o| o.order_id);
    store::dispatch::enqueue_for_buyer(conn, e.saas_id, order_id, &messages, now)?;
    Ok(())
}
