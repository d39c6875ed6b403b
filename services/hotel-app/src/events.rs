//! What hotel-app consumes from its queue `hotel-app.events`: saas-main's tenants and
//! merchants, kept in the platform's local copy, from which each request's [`platform::Viewer`]
//! learns whether a merchant's user books as a distributor or supplies as a supplier, and the
//! lists take the merchants' names.

use platform::bus::Subscriptions;

pub fn subscriptions() -> Subscriptions {
    platform::replica::follow(Subscriptions::new())
}
