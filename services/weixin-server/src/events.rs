//! What weixin-server consumes from its queue `weixin-server.events`: the tenants and merchants
//! of saas-main, kept in the platform's local copy, from which each request's
//! [`platform::Viewer`] learns whether a merchant's user is a supplier's or a distributor's
//! (merchants' users bind their own WeChat).

use platform::bus::Subscriptions;

pub fn subscriptions() -> Subscriptions {
    platform::replica::follow(Subscriptions::new())
}
