//! What ticket-app consumes from its queue `ticket-app.events`: the tenants and merchants of
//! saas-main, and its provinces and cities (which scenic spots' `areaId` is checked against),
//! kept in the platform's local copies; the tenants' ticket interface configurations (the
//! channels it pushes to, `interface-config.updated`) and the price rules of the distributors'
//! levels (`price-rule.updated`, which quotes follow, docs/price-policy.md); from which each request's [`platform::Viewer`]
//! learns whether a merchant's user is a supplier's or a distributor's; and finance-app's
//! answers to the credit payments of ticket orders (docs/finance.md).

use platform::bus::{Subscriptions, v1};

use crate::store;

/// Interface configurations of this product type (20 ticket) are the ones copied.
pub const PRODUCT_TYPE: i32 = 20;

pub fn subscriptions() -> Subscriptions {
    let copies = platform::replica::follow_areas(platform::replica::follow(Subscriptions::new()));
    let copies = platform::replica::follow_price_rules(copies);
    platform::replica::follow_interface_configs(copies, PRODUCT_TYPE)
        .on::<v1::CreditPaymentAnswered>("finance.ticket.credit-answered", |conn, e| {
            store::orders::credit_answered(conn, e.saas_id, &e.payload, platform::time::now_ms())?;
            Ok(())
        })
}
