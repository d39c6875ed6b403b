//! What finance-app consumes from its queue `finance-app.events`: saas-main's tenants and
//! merchants, kept in the platform's local copy, from which each request's [`platform::Viewer`]
//! learns whether a merchant's user is a distributor's (who sees its own credit account) and the
//! lists take the distributors' names and currencies.

use platform::bus::Subscriptions;

pub fn subscriptions() -> Subscriptions {
    platform::replica::follow(Subscriptions::new())
}
