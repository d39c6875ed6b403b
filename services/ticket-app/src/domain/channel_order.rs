//! Orders a channel places with us (docs/channels.md), the rules without I/O: what an order of
//! the channel must be to be taken, what a cancellation asked by the channel does to an order in
//! each state, the channel order state an action leaves, and what the channel is told of it.

use platform::ApiError;
use platform::channel::{ChannelOrder, OrderOutcome, code};
use platform::trade::order_state::{Action, progress, state};

use super::channel::MAX_CHANNEL_ID;

/// The channel order states the spec adds to the shared progress values.
pub mod channel_state {
    /// The channel's cancellation of the order was refused (the order stands).
    pub const CANCEL_FAILED: i32 = 49;
    /// Tickets of the order were used at the gate.
    pub const CHECKED_IN: i32 = 61;
}

/// Why a channel's call is not taken: the protocol's code, the HTTP status it goes with, a
/// short reason code for the channel's programs and a message for its operators.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: i64,
    pub reason: &'static str,
    pub message: String,
    /// Our price per ticket when the channel's differs (the channel's view is stale).
    pub price: Option<i64>,
}

impl Refusal {
    pub fn new(code: i64, reason: &'static str, message: impl Into<String>) -> Self {
        Self {
            code,
            reason,
            message: message.into(),
            price: None,
        }
    }

    /// The HTTP status of the answer.
    pub fn status(&self) -> u16 {
        u16::try_from(self.code).unwrap_or(500)
    }

    /// A refusal of ours as the channel is told it: a rule (sold out, closed, the buyer's
    /// details, the cancellation terms) is the order's fault, 422 with our code; anything else
    /// is ours, 500.
    pub fn of(e: &ApiError) -> Self {
        match e {
            ApiError::Rule { code: c, msg } => Self::new(code::REFUSED, c, msg.en.clone()),
            ApiError::Invalid { field, reason } => {
                Self::new(code::REFUSED, "invalid", format!("{field}: {}", reason.en))
            }
            ApiError::NotFound { .. } => Self::new(
                code::NOT_FOUND,
                "not-sold",
                "the product is not on sale".to_owned(),
            ),
            other => {
                tracing::error!(error = %other, "a channel order failed on our side");
                Self::new(code::FAULT, "fault", "our side failed; try again later")
            }
        }
    }
}

/// The channel's order as it must be to be looked at: an order id of at most 64 printable
/// characters, at most 99 tickets.
pub fn check(o: &ChannelOrder) -> Result<(), Refusal> {
    if o.order_id.chars().count() > MAX_CHANNEL_ID || o.order_id.chars().any(char::is_control) {
        return Err(Refusal::new(
            code::BAD_REQUEST,
            "orderId",
            "orderId: at most 64 printable characters",
        ));
    }
    if o.quantity > 99 {
        return Err(Refusal::new(
            code::BAD_REQUEST,
            "quantity",
            "quantity: at most 99",
        ));
    }
    Ok(())
}

/// The channel sells at the price it was pushed; a different one means its view is stale (the
/// day is pushed again) and the order is refused rather than sold at a price nobody agreed.
pub fn check_price(channel_price: i64, ours: i64) -> Result<(), Refusal> {
    if channel_price == ours {
        Ok(())
    } else {
        Err(Refusal {
            price: Some(ours),
            ..Refusal::new(
                code::REFUSED,
                "price-changed",
                format!("the price is {ours} fen, not {channel_price}"),
            )
        })
    }
}

/// An order id the channel used before names the same order only with the same product, day
/// and quantity.
pub fn same_order(o: &ChannelOrder, product_id: i64, kept: (i64, &str, i64)) -> bool {
    kept == (product_id, o.date.as_str(), o.quantity)
}

/// What the channel asking to cancel does to an order in `order_state`: an action to take, or
/// the answer without one (already cancelled or asked), or a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CancelStep {
    Act(Action),
    Already(OrderOutcome),
    /// Already asked: the supplier has yet to agree.
    Asked,
    Refuse(&'static str),
}

pub fn cancel_step(order_state: i32) -> CancelStep {
    match order_state {
        state::UNPAID | state::PAID | state::UNCONFIRMED => CancelStep::Act(Action::Cancel),
        state::CONFIRMED | state::ARRANGED => CancelStep::Act(Action::ApplyCancel),
        state::CANCEL_REQUESTED => CancelStep::Asked,
        state::CANCELLED | state::REFUNDED => CancelStep::Already(OrderOutcome::Cancelled),
        state::INVALID => CancelStep::Already(OrderOutcome::Refused),
        _ => CancelStep::Refuse("order-completed"),
    }
}

/// The state the channel is told an order is in.
pub fn outcome_of(order_state: i32) -> &'static str {
    match order_state {
        state::CONFIRMED | state::ARRANGED | state::COMPLETED => OrderOutcome::Confirmed.as_str(),
        state::CANCELLED | state::REFUNDED => OrderOutcome::Cancelled.as_str(),
        state::INVALID => OrderOutcome::Refused.as_str(),
        state::CANCEL_REQUESTED => "cancelling",
        _ => OrderOutcome::Pending.as_str(),
    }
}

/// The channel order state `action` leaves a channel's order in, where it differs from what the
/// state machine gives every order: a cancellation agreed is the channel's cancel (48), one
/// refused is "cancel failed" (49).
pub fn channel_state_after(action: Action, channel: i32) -> i32 {
    match action {
        Action::AgreeCancel => progress::CHANNEL_CANCEL,
        Action::RefuseCancel => channel_state::CANCEL_FAILED,
        _ => channel,
    }
}

/// What the channel is told after `action` on one of its orders (nothing for the others: a
/// payment or a placement is answered in the call itself).
pub fn notice_of(action: Action) -> Option<OrderOutcome> {
    match action {
        Action::Confirm => Some(OrderOutcome::Confirmed),
        Action::Refuse => Some(OrderOutcome::Refused),
        Action::Cancel | Action::AgreeCancel => Some(OrderOutcome::Cancelled),
        Action::RefuseCancel => Some(OrderOutcome::CancelRefused),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order() -> ChannelOrder {
        ChannelOrder {
            order_id: "M-1".into(),
            product: "deal-1".into(),
            date: "2026-12-01".into(),
            quantity: 2,
            price: 9900,
            contact_name: String::new(),
            contact_mobile: String::new(),
        }
    }

    #[test]
    fn an_order_is_looked_at_only_when_well_formed() {
        assert_eq!(check(&order()), Ok(()));
        let long = ChannelOrder {
            order_id: "x".repeat(65),
            ..order()
        };
        assert_eq!(check(&long).map_err(|r| r.reason), Err("orderId"));
        let many = ChannelOrder {
            quantity: 100,
            ..order()
        };
        assert_eq!(check(&many).map_err(|r| r.code), Err(code::BAD_REQUEST));
    }

    #[test]
    fn a_price_other_than_ours_is_refused_with_ours() {
        assert_eq!(check_price(9900, 9900), Ok(()));
        let r = check_price(9000, 9900).unwrap_err();
        assert_eq!(
            (r.code, r.reason, r.price),
            (422, "price-changed", Some(9900))
        );
        assert_eq!(r.status(), 422);
    }

    #[test]
    fn an_order_id_used_again_must_name_the_same_order() {
        assert!(same_order(&order(), 7, (7, "2026-12-01", 2)));
        assert!(!same_order(&order(), 7, (7, "2026-12-02", 2)));
        assert!(!same_order(&order(), 8, (7, "2026-12-01", 2)));
    }

    #[test]
    fn a_cancellation_follows_the_order_state() {
        assert_eq!(cancel_step(state::PAID), CancelStep::Act(Action::Cancel));
        assert_eq!(
            cancel_step(state::UNCONFIRMED),
            CancelStep::Act(Action::Cancel)
        );
        assert_eq!(
            cancel_step(state::CONFIRMED),
            CancelStep::Act(Action::ApplyCancel)
        );
        assert_eq!(cancel_step(state::CANCEL_REQUESTED), CancelStep::Asked);
        assert_eq!(
            cancel_step(state::REFUNDED),
            CancelStep::Already(OrderOutcome::Cancelled)
        );
        assert_eq!(
            cancel_step(state::COMPLETED),
            CancelStep::Refuse("order-completed")
        );
    }

    #[test]
    fn the_channel_hears_of_decisions_and_sees_its_states() {
        assert_eq!(notice_of(Action::Confirm), Some(OrderOutcome::Confirmed));
        assert_eq!(
            notice_of(Action::RefuseCancel),
            Some(OrderOutcome::CancelRefused)
        );
        assert_eq!(notice_of(Action::Pay), None);
        assert_eq!(notice_of(Action::ApplyCancel), None);
        assert_eq!(channel_state_after(Action::AgreeCancel, 42), 48);
        assert_eq!(channel_state_after(Action::RefuseCancel, 31), 49);
        assert_eq!(channel_state_after(Action::Confirm, 31), 31);
        assert_eq!(outcome_of(state::UNCONFIRMED), "pending");
        assert_eq!(outcome_of(state::CONFIRMED), "confirmed");
        assert_eq!(outcome_of(state::REFUNDED), "cancelled");
    }
}
