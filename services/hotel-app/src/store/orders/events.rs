//! The `order.hotel.*` events an order change writes to the outbox, in the change's
//! transaction: `created`, `state-changed` or `cancelled` (as `order_state::event_kind`
//! says), and `modified` for changes outside the state machine. The first three also queue
//! the distributor's webhook delivery (`store::webhooks`), in the same transaction.

use diesel::QueryResult;
use platform::bus::{Outgoing, publish_in_tx, v1};
use platform::db::DbConnection;

use super::{OrderCtx, OrderSummary};
use crate::NAME;
use crate::domain::order_state::{self, OrderStates};

/// A change of an order's states as its event reports it.
#[derive(Debug, Clone)]
pub(super) struct Change {
    pub before: OrderStates,
    pub after: OrderStates,
    /// `reason(..)` of the change.
    pub reason: String,
}

/// The reason an event gives: the action's name, with the remark when there is one.
pub(super) fn reason(action: &str, remark: &str) -> String {
    if remark.is_empty() {
        action.to_owned()
    } else {
        format!("{action}: {remark}")
    }
}

fn order_ref(o: &OrderSummary) -> v1::OrderRef {
    v1::OrderRef {
        order_id: o.order_id,
        order_no: o.order_id.to_string(),
        product_type: v1::ProductType::Hotel as i32,
        supplier_mch_id: o.supplier_id,
        distributor_mch_id: o.distributor_id,
        product_id: o.product_id,
        product_name: o.product_name.clone(),
        start_date: o.checkin_date.clone(),
        end_date: o.checkout_date.clone(),
        supplier_interface_id: 0,
        distributor_interface_id: 0,
    }
}

fn amounts(o: &OrderSummary, currency: &str) -> v1::OrderAmounts {
    v1::OrderAmounts {
        order_price: o.order_price,
        supplier_price: o.supplier_price,
        channel_price: o.channel_price,
        profit: o.order_price - o.supplier_price,
        currency: currency.to_owned(),
    }
}

fn contact(o: &OrderSummary) -> v1::Contact {
    v1::Contact {
        name: o.contact_name.clone(),
        mobile: o.contact_phone.clone(),
        email: String::new(),
    }
}

/// The event happened when the change did (`ctx.now`, also written into the order and its
/// log entry), so a change made as of another time is counted on its own day.
fn publish(conn: &mut DbConnection, ctx: &OrderCtx, out: Outgoing) -> QueryResult<()> {
    publish_in_tx(conn, out.at(ctx.now)).map(|_| ())
}

fn state_changed(o: &OrderSummary, c: &Change, ctx: &OrderCtx) -> v1::OrderStateChanged {
    v1::OrderStateChanged {
        order: Some(order_ref(o)),
        old_order_state: c.before.order,
        new_order_state: c.after.order,
        old_supplier_state: c.before.supplier,
        new_supplier_state: c.after.supplier,
        old_channel_state: c.before.channel,
        new_channel_state: c.after.channel,
        reason: c.reason.clone(),
        changed_by: ctx.actor.user_id,
    }
}

/// `order.hotel.created` for a new order `o`.
pub(super) fn created(
    conn: &mut DbConnection,
    ctx: &OrderCtx,
    o: &OrderSummary,
    currency: &str,
) -> QueryResult<()> {
    let created = v1::OrderCreated {
        order: Some(order_ref(o)),
        amounts: Some(amounts(o, currency)),
        contact: Some(contact(o)),
        quantity: o.product_num,
        order_state: o.order_state,
        created_by: ctx.actor.user_id,
    };
    crate::store::webhooks::order_changed(
        conn,
        o,
        "order.created",
        o.order_state,
        "create",
        ctx.now,
    )?;
    publish(
        conn,
        ctx,
        Outgoing::new(NAME, "order.hotel.created", ctx.viewer.saas_id, &created),
    )
}

/// `order.hotel.cancelled` or `order.hotel.state-changed` for a move of the state machine;
/// `o` is the order after it.
pub(super) fn acted(
    conn: &mut DbConnection,
    ctx: &OrderCtx,
    o: &OrderSummary,
    c: &Change,
    currency: &str,
) -> QueryResult<()> {
    let kind = order_state::event_kind(&c.after);
    let key = format!("order.hotel.{kind}");
    crate::store::webhooks::order_changed(
        conn,
        o,
        &format!("order.{kind}"),
        c.before.order,
        &c.reason,
        ctx.now,
    )?;
    let out = if kind == "cancelled" {
        Outgoing::new(
            NAME,
            &key,
            ctx.viewer.saas_id,
            &v1::OrderCancelled {
                order: Some(order_ref(o)),
                amounts: Some(amounts(o, currency)),
                contact: Some(contact(o)),
                reason: c.reason.clone(),
                cancelled_by: ctx.actor.user_id,
            },
        )
    } else {
        Outgoing::new(NAME, &key, ctx.viewer.saas_id, &state_changed(o, c, ctx))
    };
    publish(conn, ctx, out)
}

/// `order.hotel.modified` for a change that leaves the states as they were.
pub(super) fn modified(
    conn: &mut DbConnection,
    ctx: &OrderCtx,
    o: &OrderSummary,
    c: &Change,
) -> QueryResult<()> {
    publish(
        conn,
        ctx,
        Outgoing::new(
            NAME,
            "order.hotel.modified",
            ctx.viewer.saas_id,
            &state_changed(o, c, ctx),
        ),
    )
}

/// `credit.hotel.requested`: the distributor pays `o` by credit; finance-app answers with
/// `finance.hotel.credit-answered`. Answers the request's event id.
pub(super) fn credit_requested(
    conn: &mut DbConnection,
    ctx: &OrderCtx,
    o: &OrderSummary,
    currency: &str,
) -> QueryResult<String> {
    let asked = v1::CreditPaymentRequested {
        order: Some(order_ref(o)),
        amount: o.order_price,
        currency: currency.to_owned(),
        requested_by: ctx.actor.user_id,
    };
    let out = Outgoing::new(NAME, "credit.hotel.requested", ctx.viewer.saas_id, &asked);
    publish_in_tx(conn, out.at(ctx.now))
}

/// `credit.hotel.release-requested`: the credit-paid order `o` was refunded; the `amount` its
/// payment took goes back to the distributor's credit.
pub(super) fn credit_released(
    conn: &mut DbConnection,
    ctx: &OrderCtx,
    o: &OrderSummary,
    amount: i64,
    currency: &str,
    reason: &str,
) -> QueryResult<()> {
    let released = v1::CreditReleaseRequested {
        order: Some(order_ref(o)),
        amount,
        currency: currency.to_owned(),
        reason: reason.to_owned(),
    };
    publish(
        conn,
        ctx,
        Outgoing::new(
            NAME,
            "credit.hotel.release-requested",
            ctx.viewer.saas_id,
            &released,
        ),
    )
}
