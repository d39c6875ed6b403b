//! What mall-app consumes from its queue `mall-app.events`: saas-main's tenants and merchants,
//! kept in the platform's local copy (the Viewer's merchant kinds, supplier names, the tenant's
//! currency in order events), and the hotel and ticket products their services announce, which
//! mall products of sale type 10 and 20 sell (`store::linked`).

use platform::bus::{Subscriptions, v1};

use crate::store::linked;

pub fn subscriptions() -> Subscriptions {
    platform::replica::follow(Subscriptions::new())
        .on::<v1::ProductUpdated>("product.hotel.updated", |conn, e| linked::apply(conn, &e))
        .on::<v1::ProductUpdated>("product.ticket.updated", |conn, e| linked::apply(conn, &e))
}
