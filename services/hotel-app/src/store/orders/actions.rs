//! Changing an order: the moves of the state machine (`act`, with the stock going back when
//! the order stops holding rooms), changes outside it (`modify`: remarks, amounts), and the
//! unpaid orders cancelling themselves. Each change is logged and published.

use diesel::prelude::*;
use platform::ApiError;
use platform::bus::v1;
use platform::db::DbConnection;
use platform::i18n::Text;

use super::events::{self, Change, reason};
use super::log::{self, Entry};
use super::queries::{find, nights};
use super::rows::states_of;
use super::{OrderCtx, OrderSummary, not_found};
use crate::domain::order_rules::pay_type;
use crate::domain::order_rules::{self, ActionFacts, Stamp};
use crate::domain::order_state::{self, Action, OrderStates, pay, state};
use crate::store::calendar::{self, Source};
use crate::store::schema::{hotel_orders, order_details};

/// What an action carries beyond itself.
#[derive(Debug, Clone, Default)]
pub struct ActionInput {
    pub remark: String,
    /// For `Pay`: 1 credit, 2 cash.
    pub pay_type: i32,
    /// For `Confirm`: the supplier's own order number.
    pub supplier_order_id: String,
    /// For `Pay` by credit: the payment was settled before finance-app kept credit (the demo
    /// history, told as of the past), so the order is paid at once and finance-app is not asked.
    /// A release of such an order finds nothing reserved there and changes nothing.
    pub credit_settled: bool,
}

/// The `updated_at` of a change: never the same as before, which the optimistic update of
/// `act` compares against.
fn touched(now: i64, before: i64) -> i64 {
    now.max(before + 1)
}

/// Applies `action` to an order the caller may see; answers the order as it now is. Paying by
/// credit (`Pay` with pay type 1) only asks finance-app (`credit.hotel.requested`): the order
/// waits in payment state 20 for [`credit_answered`]. A credit-paid order that is refunded asks
/// for its amount back (`credit.hotel.release-requested`).
pub fn act(
    conn: &mut DbConnection,
    ctx: &OrderCtx,
    order_id: i64,
    action: Action,
    input: &ActionInput,
) -> Result<OrderSummary, ApiError> {
    let now = ctx.now;
    let (o, d) = find(conn, &ctx.viewer, order_id)?.ok_or_else(not_found)?;
    let before = states_of(&o, &d);
    let by_credit =
        action == Action::Pay && input.pay_type == pay_type::CREDIT && !input.credit_settled;
    let after = if by_credit {
        order_state::start_credit(ctx.role, &before)?
    } else {
        order_state::apply(action, ctx.role, &before)?
    };
    order_rules::check_action(
        action,
        &ActionFacts {
            allowed_cancel: d.allowed_cancel,
            cancel_deadline: d.cancel_deadline,
            service_date: &o.checkin_date,
            pay_type: input.pay_type,
        },
        now,
    )?;
    write_states(conn, &o, &after, now)?;
    let details = || order_details::table.filter(order_details::order_id.eq(order_id));
    diesel::update(details())
        .set(order_details::pre_cancel_state.eq(after.pre_cancel))
        .execute(conn)?;
    match order_rules::stamp(action) {
        Some(Stamp::Paid) if by_credit => {
            // Stamped with the amount and date when finance-app has taken it.
            diesel::update(details())
                .set((
                    order_details::pay_type.eq(pay_type::CREDIT),
                    order_details::pay_fail_reason.eq(""),
                ))
                .execute(conn)?;
        }
        Some(Stamp::Paid) => {
            diesel::update(details())
                .set((
                    order_details::pay_type.eq(input.pay_type),
                    order_details::pay_price.eq(o.order_price),
                    order_details::pay_date.eq(now),
                    order_details::pay_fail_reason.eq(""),
                ))
                .execute(conn)?;
        }
        Some(Stamp::Confirmed) => {
            diesel::update(details())
                .set((
                    order_details::confirm_date.eq(now),
                    order_details::supplier_order_id.eq(&input.supplier_order_id),
                ))
                .execute(conn)?;
        }
        Some(Stamp::Finished) => {
            diesel::update(details())
                .set(order_details::finish_date.eq(now))
                .execute(conn)?;
        }
        None => {}
    }
    if action.returns_stock() {
        let taken: Vec<(String, Source)> = nights(conn, order_id)?
            .into_iter()
            .map(|n| (n.day, Source::from_i32(n.stock_source)))
            .collect();
        calendar::give_back(
            conn,
            o.product_id,
            o.distributor_id,
            &taken,
            i64::from(o.product_num),
        )?;
    }
    log::write(
        conn,
        ctx,
        order_id,
        Entry {
            action: if by_credit {
                "pay-credit"
            } else {
                action.as_str()
            },
            from: before.order,
            to: after.order,
            remark: &input.remark,
        },
    )?;
    let now_o = with_states(o, &after);
    if by_credit {
        let request = events::credit_requested(conn, ctx, &now_o, &d.currency)?;
        diesel::update(details())
            .set(order_details::pay_request_id.eq(request))
            .execute(conn)?;
        return Ok(now_o);
    }
    let change = Change {
        before,
        after,
        reason: reason(action.as_str(), &input.remark),
    };
    events::acted(conn, ctx, &now_o, &change, &d.currency)?;
    if before.pay == pay::SUCCESS && after.pay == pay::REFUNDED && d.pay_type == pay_type::CREDIT {
        events::credit_released(conn, ctx, &now_o, d.pay_price, &d.currency, &change.reason)?;
    }
    Ok(now_o)
}

/// `o` with the states `s`.
fn with_states(o: OrderSummary, s: &OrderStates) -> OrderSummary {
    OrderSummary {
        order_state: s.order,
        real_order_state: s.real,
        supplier_order_state: s.supplier,
        channel_order_state: s.channel,
        pay_state: s.pay,
        cancel_apply: s.cancel_apply,
        ..o
    }
}

/// Writes the states `after` into order `o`, as read: a concurrent change makes this a 412.
fn write_states(
    conn: &mut DbConnection,
    o: &OrderSummary,
    after: &OrderStates,
    now: i64,
) -> Result<(), ApiError> {
    // Only the state read above may change: a concurrent action makes this update miss.
    let changed = diesel::update(
        hotel_orders::table
            .filter(hotel_orders::order_id.eq(o.order_id))
            .filter(hotel_orders::order_state.eq(o.order_state))
            .filter(hotel_orders::pay_state.eq(o.pay_state))
            .filter(hotel_orders::updated_at.eq(o.updated_at)),
    )
    .set((
        hotel_orders::order_state.eq(after.order),
        hotel_orders::real_order_state.eq(after.real),
        hotel_orders::supplier_order_state.eq(after.supplier),
        hotel_orders::channel_order_state.eq(after.channel),
        hotel_orders::pay_state.eq(after.pay),
        hotel_orders::cancel_apply.eq(after.cancel_apply),
        hotel_orders::pay_deadline.eq(order_rules::pay_deadline(after.order, o.pay_deadline)),
        hotel_orders::updated_at.eq(touched(now, o.updated_at)),
    ))
    .execute(conn)?;
    if changed == 0 {
        return Err(ApiError::Rule {
            code: "order-changed",
            msg: Text::fixed(
                "订单已被他人修改，请刷新后重试",
                "The order was changed meanwhile; reload it and try again",
            ),
        });
    }
    Ok(())
}

/// finance-app's answer to a credit payment of order `answer.order_id` of tenant `saas_id`: taken,
/// the order is paid (payment state 21, the order state as a payment moves it, its payment
/// amount what was taken) and `order.hotel.state-changed` is published; refused, payment state
/// 29 with the reason kept on the order. An answer for an order that is not waiting for one (told
/// twice, an answer to an earlier attempt, or an unknown order) changes nothing. Answers the
/// order as it now is, if it changed.
pub fn credit_answered(
    conn: &mut DbConnection,
    saas_id: i64,
    answer: &v1::CreditPaymentAnswered,
    now: i64,
) -> Result<Option<OrderSummary>, ApiError> {
    let ctx = OrderCtx::system(saas_id, now);
    let order_id = answer.order_id;
    let Some((o, d)) = find(conn, &ctx.viewer, order_id)? else {
        return Ok(None);
    };
    // The answer to an earlier attempt (told again) is not this attempt's.
    if answer.request_id != d.pay_request_id {
        return Ok(None);
    }
    let before = states_of(&o, &d);
    let Ok(after) = order_state::credit_settled(&before, answer.accepted) else {
        return Ok(None);
    };
    write_states(conn, &o, &after, now)?;
    let details = || order_details::table.filter(order_details::order_id.eq(order_id));
    let why = if answer.accepted {
        diesel::update(details())
            .set((
                order_details::pay_price.eq(answer.amount),
                order_details::pay_date.eq(now),
                order_details::pay_fail_reason.eq(""),
            ))
            .execute(conn)?;
        String::new()
    } else {
        let why = format!("{} / {}", answer.reason_zh, answer.reason_en);
        diesel::update(details())
            .set(order_details::pay_fail_reason.eq(&why))
            .execute(conn)?;
        why
    };
    let action = if answer.accepted {
        "credit-paid"
    } else {
        "credit-refused"
    };
    log::write(
        conn,
        &ctx,
        order_id,
        Entry {
            action,
            from: before.order,
            to: after.order,
            remark: &why,
        },
    )?;
    let now_o = with_states(o, &after);
    if answer.accepted {
        let change = Change {
            before,
            after,
            reason: reason("pay", "credit"),
        };
        events::acted(conn, &ctx, &now_o, &change, &d.currency)?;
    }
    Ok(Some(now_o))
}

/// A change that is not a move of the state machine: remarks, or the operator's adjustment of
/// amounts. Logged, and published as `order.hotel.modified` (states unchanged).
#[derive(Debug, Clone, Default)]
pub struct Modification {
    pub order_memo: Option<String>,
    pub guest_memo: Option<String>,
    pub memo_inner: Option<String>,
    pub order_price: Option<i64>,
    pub supplier_price: Option<i64>,
    pub channel_price: Option<i64>,
    pub cancel_price: Option<i64>,
    pub remark: String,
}

/// Applies `m` to an order the caller may see, logged as `action` (`remark`, `adjust`);
/// answers the order as it now is.
pub fn modify(
    conn: &mut DbConnection,
    ctx: &OrderCtx,
    order_id: i64,
    action: &str,
    m: &Modification,
) -> Result<OrderSummary, ApiError> {
    let (o, d) = find(conn, &ctx.viewer, order_id)?.ok_or_else(not_found)?;
    let details = || order_details::table.filter(order_details::order_id.eq(order_id));
    if let Some(v) = &m.order_memo {
        diesel::update(details())
            .set(order_details::order_memo.eq(v))
            .execute(conn)?;
    }
    if let Some(v) = &m.guest_memo {
        diesel::update(details())
            .set(order_details::guest_memo.eq(v))
            .execute(conn)?;
    }
    if let Some(v) = &m.memo_inner {
        diesel::update(details())
            .set(order_details::memo_inner.eq(v))
            .execute(conn)?;
    }
    if let Some(v) = m.cancel_price {
        diesel::update(details())
            .set(order_details::cancel_price.eq(v))
            .execute(conn)?;
    }
    let o = OrderSummary {
        order_price: m.order_price.unwrap_or(o.order_price),
        supplier_price: m.supplier_price.unwrap_or(o.supplier_price),
        channel_price: m.channel_price.unwrap_or(o.channel_price),
        updated_at: touched(ctx.now, o.updated_at),
        ..o
    };
    diesel::update(hotel_orders::table.find(order_id))
        .set((
            hotel_orders::order_price.eq(o.order_price),
            hotel_orders::supplier_price.eq(o.supplier_price),
            hotel_orders::channel_price.eq(o.channel_price),
            hotel_orders::updated_at.eq(o.updated_at),
        ))
        .execute(conn)?;
    log::write(
        conn,
        ctx,
        order_id,
        Entry {
            action,
            from: o.order_state,
            to: o.order_state,
            remark: &m.remark,
        },
    )?;
    let s = states_of(&o, &d);
    let change = Change {
        before: s,
        after: s,
        reason: reason(action, &m.remark),
    };
    events::modified(conn, ctx, &o, &change)?;
    Ok(o)
}

/// Cancels the unpaid online-payment orders whose payment time has passed (stock returned,
/// logged, `order.hotel.cancelled`); answers how many. Each in its own transaction, so one
/// failure does not hold the others back.
pub fn cancel_unpaid(conn: &mut DbConnection, now: i64) -> anyhow::Result<usize> {
    let due: Vec<(i64, i64)> = hotel_orders::table
        .filter(hotel_orders::pay_deadline.gt(0))
        .filter(hotel_orders::pay_deadline.le(now))
        .filter(hotel_orders::order_state.eq(state::UNPAID))
        // A credit payment under way waits for finance-app's answer, whatever the deadline.
        .filter(hotel_orders::pay_state.ne(pay::PAYING))
        .select((hotel_orders::saas_id, hotel_orders::order_id))
        .limit(500)
        .load(conn)?;
    let mut done = 0;
    for (saas_id, order_id) in due {
        let input = ActionInput {
            remark: "未在支付时限内支付 / not paid in time".into(),
            ..ActionInput::default()
        };
        let ctx = OrderCtx::system(saas_id, now);
        let r = platform::db::write_tx::<_, ApiError>(conn, |c| {
            act(c, &ctx, order_id, Action::TimeoutCancel, &input)
        });
        match r {
            Ok(_) => done += 1,
            // Paid or cancelled meanwhile: nothing left to do.
            Err(ApiError::Rule { .. }) => {}
            Err(e) => return Err(anyhow::anyhow!("cancelling unpaid order {order_id}: {e}")),
        }
    }
    Ok(done)
}
