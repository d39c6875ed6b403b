//! What saas-main hears from the other services: order events feed the statistics, product
//! events the product counts, the gateway's user actions the activity counts, usage events the
//! quantity licences. Payloads are decoded here; the store applies them in the consumer's
//! transaction.

use platform::bus::{ConsumerSpec, EventEnvelope, Handler, v1};
use platform::db::DbConnection;
use prost::Message as _;

use crate::domain::activity;
use crate::domain::stats::{Change, OrderFacts, Outcome, hour_of, order_key};
use crate::store;

/// The routing keys saas-main's queue is bound to.
pub const SUBSCRIPTIONS: &[&str] = &[
    "order.#",
    "product.#",
    "user-action.recorded",
    "usage.recorded",
];

pub fn consumer() -> ConsumerSpec {
    ConsumerSpec::new(SUBSCRIPTIONS, Consumer)
}

struct Consumer;

fn is_order(e: &EventEnvelope) -> bool {
    e.event_type.starts_with("order.")
}

impl Handler for Consumer {
    fn handle(&self, conn: &mut DbConnection, e: &EventEnvelope) -> anyhow::Result<()> {
        self.handle_batch(conn, &[e])
    }

    /// Order events of a batch are summed up together; the others, which touch other tables,
    /// one by one in their order.
    fn handle_batch(
        &self,
        conn: &mut DbConnection,
        events: &[&EventEnvelope],
    ) -> anyhow::Result<()> {
        let (orders, others): (Vec<_>, Vec<_>) = events.iter().copied().partition(|e| is_order(e));
        let mut changes = Vec::with_capacity(orders.len());
        for e in orders {
            changes.extend(order_change(e)?);
        }
        store::stats::apply_batch(conn, changes)?;
        for e in others {
            match e.event_type.as_str() {
                "user-action.recorded" => {
                    let batch = v1::UserActionsRecorded::decode(e.payload.as_slice())?;
                    let per_day = activity::per_day(batch.actions.iter().map(|a| a.at));
                    store::activity::add(conn, e.saas_id, &per_day)?;
                }
                "usage.recorded" => {
                    let usage = v1::UsageRecorded::decode(e.payload.as_slice())?;
                    store::boss::use_licence(
                        conn,
                        e.saas_id,
                        &usage.license_name,
                        usage.quantity,
                        e.occurred_at,
                    )?;
                }
                t if t.starts_with("product.") => {
                    let p = v1::ProductUpdated::decode(e.payload.as_slice())?;
                    store::stats::product_updated(conn, e.saas_id, &p, e.occurred_at)?;
                }
                other => tracing::debug!(event_type = other, "event not used"),
            }
        }
        Ok(())
    }
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
