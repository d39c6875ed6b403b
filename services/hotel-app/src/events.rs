//! What hotel-app consumes from its queue `hotel-app.events`: saas-main's tenants and
//! merchants, and its provinces and cities (which hotels and zones' `areaId` is checked against),
//! and the tenants' hotel interface configurations (`interface-config.updated`, with their
//! credentials sealed as they travelled: the hotel channels will sign with them,
//! docs/channels.md), and the price rules of the distributors' levels (`price-rule.updated`,
//! which quotes follow, docs/price-policy.md), kept in the platform's local copies; from which each request's [`platform::Viewer`]
//! learns whether a merchant's user books as a distributor or supplies as a supplier, and the
//! lists take the merchants' names; and finance-app's answers to the credit payments of hotel
//! orders (docs/finance.md).

use platform::bus::{Subscriptions, v1};

use crate::store;

/// Interface configurations of this product type (10 hotel) are the ones copied.
pub const PRODUCT_TYPE: i32 = 10;

pub fn subscriptions() -> Subscriptions {
    let copies = platform::replica::follow_areas(platform::replica::follow(Subscriptions::new()));
    let copies = platform::replica::follow_price_rules(copies);
    platform::replica::follow_interface_configs(copies, PRODUCT_TYPE)
        .on::<v1::CreditPaymentAnswered>("finance.hotel.credit-answered", |conn, e| {
            store::orders::credit_answered(conn, e.saas_id, &e.payload, platform::time::now_ms())?;
            Ok(())
        })
}
