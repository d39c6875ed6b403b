//! What weixin-server consumes from its queue `weixin-server.events`: the tenants and merchants
//! of saas-main, kept in the platform's local copy, from which each request's
//! [`platform::Viewer`] learns whether a merchant's user is a supplier's or a distributor's
//! (merchants' users bind their own WeChat); and message-server's `notification.requested`,
//! whose channel `weixin` ones become template messages to the user's bound WeChat.

use platform::bus::{Subscriptions, v1};

pub fn subscriptions() -> Subscriptions {
    platform::replica::follow(Subscriptions::new()).on::<v1::NotificationRequested>(
        "notification.requested",
        |conn, e| {
            let now = platform::time::now_ms();
            crate::store::messages::enqueue(conn, &e.event_id, e.saas_id, &e.payload, now)?;
            Ok(())
        },
    )
}
