//! What mall-app consumes from its queue `mall-app.events`: saas-main's tenants and merchants,
//! kept in the platform's local copy (the Viewer's merchant kinds, supplier names, the tenant's
//! currency in order events), and the hotel and ticket products their services announce, which
//! mall products of sale type 10 and 20 sell (`store::linked`); and finance-app's answers to
//! the credit payments of mall orders (`store::orders::credit_answered`, docs/finance.md).

use platform::bus::{Subscriptions, v1};

use crate::store::{linked, orders};

pub fn subscriptions() -> Subscriptions {
    platform::replica::follow(Subscriptions::new())
        .on::<v1::ProductUpdated>("product.hotel.updated", |conn, e| linked::apply(conn, &e))
        .on::<v1::ProductUpdated>("product.ticket.updated", |conn, e| linked::apply(conn, &e))
        .on::<v1::CreditPaymentAnswered>("finance.mall.credit-answered", |conn, e| {
            orders::credit_answered(conn, e.saas_id, &e.payload, platform::time::now_ms())?;
            Ok(())
        })
}
