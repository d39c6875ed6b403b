//! What finance-app consumes from its queue `finance-app.events`: saas-main's tenants and
//! merchants, kept in the platform's local copy, from which each request's [`platform::Viewer`]
//! learns whether a merchant's user is a distributor's (who sees its own credit account) and the
//! lists take the distributors' names and currencies; the order services' order events, from
//! which the credit log is kept (`store::credit_logs`); and their credit payments and releases
//! (the saga of docs/finance.md, `store::saga`). As the owner of the credit accounts, it answers
//! saas-main's request to announce them all again (`resync.credit-accounts.requested`).

use platform::bus::{Subscriptions, resync, v1};

use crate::store::{accounts, credit_logs, saga};

pub fn subscriptions() -> Subscriptions {
    platform::replica::follow(Subscriptions::new())
        .on::<v1::OrderCreated>("order.*.created", |conn, e| credit_logs::created(conn, &e))
        .on::<v1::OrderStateChanged>("order.*.state-changed", |conn, e| {
            credit_logs::state_changed(conn, &e)
        })
        .on::<v1::OrderCancelled>("order.*.cancelled", |conn, e| {
            credit_logs::cancelled(conn, &e)
        })
        .on::<v1::CreditPaymentRequested>("credit.*.requested", |conn, e| saga::reserve(conn, &e))
        .after_batch::<v1::CreditPaymentRequested>("credit.*.requested", |conn, events| {
            saga::mark_accounts(conn, &events)
        })
        .on::<v1::CreditReleaseRequested>("credit.*.release-requested", |conn, e| {
            saga::release(conn, &e)
        })
        .on::<v1::ResyncRequested>(&resync::requested_key(accounts::COPY), |conn, e| {
            let rows = i64::try_from(accounts::announce_all(conn)?)?;
            resync::answer(
                conn,
                crate::NAME,
                accounts::COPY,
                &e.payload.requester,
                rows,
            )?;
            Ok(())
        })
}
