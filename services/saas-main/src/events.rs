//! What saas-main hears on its queue `saas-main.events`, each routing key bound with its
//! handler: order events feed the statistics (summed per delivered batch), product events the
//! product counts, the gateway's user actions the activity counts, usage events the quantity
//! licences. And, as the owner of the tenants and merchants, the notification settings, the
//! licences, the areas, the interface configurations and the price rules that other services
//! copy, the requests to announce each copy again
//! (`resync.<copy>.requested`, docs/events.md): every row through the outbox, then
//! `resync.<copy>.completed` in the same transaction, so the answer reaches each queue after
//! the rows. Its one copy of another's data is finance-app's credit figures of each distributor
//! (`credit-account.updated`), rebuilt from finance-app when never filled.

use std::sync::{Arc, OnceLock};

use platform::bus::{EventEnvelope, Subscriptions, resync, v1};
use platform::db::DbConnection;
use prost::Message as _;

use crate::domain::activity;
use crate::domain::stats::{Change, OrderFacts, Outcome, hour_of, order_key};
use crate::store::interfaces::CredentialKeys;
use crate::{NAME, store};

/// The copy of tenants and merchants (`tenant.updated`, `merchant.updated`).
pub const TENANTS: &str = platform::replica::COPY;
/// The copy of users' notification settings (`notify-config.updated`).
pub const NOTIFY_CONFIGS: &str = platform::bus::resync::NOTIFY_CONFIGS;
/// The copy of the tenants' licences (`licence.updated`).
pub const LICENCES: &str = platform::bus::resync::LICENCES;
/// saas-main's own copy of finance-app's credit accounts, shown on the distributors
/// (`credit-account.updated`; the owner is finance-app).
pub const CREDIT_ACCOUNTS: &str = platform::bus::resync::CREDIT_ACCOUNTS;
/// The provinces and cities hotel-app and ticket-app copy (`area.updated`).
pub const AREAS: &str = platform::bus::resync::AREAS;
/// The interface configurations hotel-app and ticket-app copy (`interface-config.updated`).
pub const INTERFACE_CONFIGS: &str = platform::bus::resync::INTERFACE_CONFIGS;
/// The price rules hotel-app and ticket-app copy (`price-rule.updated`).
pub const PRICE_RULES: &str = platform::bus::resync::PRICE_RULES;

/// The credentials' keys, known once the set-up has read the configuration (the subscriptions
/// are made before it, with the service's spec). One cell per spec, so two saas-mains of one
/// process (tests) keep their own keys.
pub type KeysCell = Arc<OnceLock<CredentialKeys>>;

pub fn subscriptions(keys: KeysCell) -> Subscriptions {
    resync::keep_counted(
        Subscriptions::new(),
        CREDIT_ACCOUNTS,
        store::merchants::credit_rows,
    )
    .on::<v1::CreditAccountUpdated>("credit-account.updated", |conn, e| {
        store::merchants::copy_credit(conn, e.saas_id, &e.payload)?;
        Ok(())
    })
    .on_batch("order.#", count_orders)
    .on::<v1::ProductUpdated>("product.#", |conn, e| {
        store::stats::product_updated(conn, e.saas_id, &e.payload, e.occurred_at)?;
        Ok(())
    })
    .on::<v1::UserActionsRecorded>("user-action.recorded", |conn, e| {
        let per_day = activity::per_day(e.payload.actions.iter().map(|a| a.at));
        store::activity::add(conn, e.saas_id, &per_day)?;
        Ok(())
    })
    .on::<v1::UsageRecorded>("usage.recorded", |conn, e| {
        let u = &e.payload;
        store::boss::use_licence(conn, e.saas_id, &u.license_name, u.quantity, e.occurred_at)?;
        Ok(())
    })
    .on::<v1::InterfaceImported>("interface.imported", |conn, e| {
        store::interfaces::record_import(conn, e.saas_id, &e.payload, e.occurred_at)?;
        Ok(())
    })
    .on::<v1::ResyncRequested>(&resync::requested_key(TENANTS), |conn, e| {
        let rows = store::announce_all(conn)?;
        answer(conn, TENANTS, &e.payload, rows)
    })
    .on::<v1::ResyncRequested>(&resync::requested_key(NOTIFY_CONFIGS), |conn, e| {
        let rows = store::notify::announce_all(conn)?;
        answer(conn, NOTIFY_CONFIGS, &e.payload, rows)
    })
    .on::<v1::ResyncRequested>(&resync::requested_key(LICENCES), |conn, e| {
        let rows = store::boss::announce_all(conn, platform::time::now_ms())?;
        answer(conn, LICENCES, &e.payload, rows)
    })
    .on::<v1::ResyncRequested>(&resync::requested_key(AREAS), |conn, e| {
        let rows = store::areas::announce_all(conn)?;
        answer(conn, AREAS, &e.payload, rows)
    })
    .on::<v1::ResyncRequested>(&resync::requested_key(PRICE_RULES), |conn, e| {
        let rows = store::price_policy::announce_all(conn, platform::time::now_ms())?;
        answer(conn, PRICE_RULES, &e.payload, rows)
    })
    .on::<v1::ResyncRequested>(&resync::requested_key(INTERFACE_CONFIGS), move |conn, e| {
        let keys = keys
            .get()
            .ok_or_else(|| anyhow::anyhow!("the credentials' keys are not loaded yet"))?;
        let rows = store::interfaces::announce_all(conn, keys)?;
        answer(conn, INTERFACE_CONFIGS, &e.payload, rows)
    })
}

/// Tells whoever keeps `copy` that its `rows` rows were announced again.
fn answer(
    conn: &mut DbConnection,
    copy: &str,
    asked: &v1::ResyncRequested,
    rows: usize,
) -> anyhow::Result<()> {
    tracing::info!(copy, requester = %asked.requester, rows, "copy announced again");
    let rows = i64::try_from(rows)?;
    resync::answer(conn, NAME, copy, &asked.requester, rows)?;
    Ok(())
}

/// The order events of a delivered batch, summed up together: the statistics read and write
/// each order and sum they touch once (`store::stats::apply_batch`).
fn count_orders(conn: &mut DbConnection, events: &[&EventEnvelope]) -> anyhow::Result<()> {
    let mut changes = Vec::with_capacity(events.len());
    for e in events {
        changes.extend(order_change(e)?);
    }
    store::stats::apply_batch(conn, changes)?;
    Ok(())
}

fn key(order: &v1::OrderRef) -> String {
    order_key(order.product_type, order.order_id)
}
/// The facts an event tells of its order (amounts when it carries them).
fn seen(saas_id: i64, order: &v1::OrderRef, amounts: Option<&v1::OrderAmounts>) -> OrderFacts {
    let a = amounts.cloned().unwrap_or_default();
    OrderFacts {
        saas_id,
        product_type: order.product_type,
        supplier_interface_id: order.supplier_interface_id,
        distributor_interface_id: order.distributor_interface_id,
        supplier_mch_id: order.supplier_mch_id,
        distributor_mch_id: order.distributor_mch_id,
        created_hour: None,
        amount: a.order_price,
        profit: a.profit,
        supplier_amount: a.supplier_price,
        distributor_amount: a.channel_price,
        outcome: Outcome::Open,
        outcome_at: 0,
    }
}

/// The change an order event makes to its order, by the order's key; None for an event the
/// statistics do not count.
fn order_change(event: &EventEnvelope) -> anyhow::Result<Option<(String, Change)>> {
    let body = event.payload.as_slice();
    let at = event.occurred_at;
    let kind = event.event_type.rsplit('.').next().unwrap_or("");
    Ok(match kind {
        "created" => {
            let e = v1::OrderCreated::decode(body)?;
            e.order.as_ref().map(|o| {
                let mut f = seen(event.saas_id, o, e.amounts.as_ref());
                f.created_hour = Some(hour_of(at));
                f.outcome = Outcome::of_order_state(e.order_state);
                f.outcome_at = at;
                (key(o), Change::Created(f))
            })
        }
        "state-changed" => {
            let e = v1::OrderStateChanged::decode(body)?;
            e.order.as_ref().map(|o| {
                let outcome = Outcome::of_order_state(e.new_order_state);
                (
                    key(o),
                    Change::Moved(seen(event.saas_id, o, None), outcome, at),
                )
            })
        }
        "cancelled" => {
            let e = v1::OrderCancelled::decode(body)?;
            e.order.as_ref().map(|o| {
                let f = seen(event.saas_id, o, e.amounts.as_ref());
                (key(o), Change::Moved(f, Outcome::Cancel, at))
            })
        }
        other => {
            tracing::debug!(event_type = other, "order event not counted");
            None
        }
    })
}
