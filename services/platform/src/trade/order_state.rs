//! The hotel order's state machines, as one table: which action may move an order from which
//! order state, to which, by whom, and what it does to the order's other states (real,
//! supplier, channel, payment, cancellation application). docs/hotel.md draws the same table.
//!
//! The values are the spec's. Values the table never reaches (order state 0 valid, real states
//! 11 audited, 19 failed and 76 offline, channel states 49 and 60-62) stay reserved for the
//! channel interfaces that will report them.

use crate::ApiError;
use crate::i18n::Text;

/// Order state (`orderState`).
pub mod state {
    pub const VALID: i32 = 0;
    pub const CONFIRMED: i32 = 1;
    pub const UNPAID: i32 = 2;
    pub const PAID: i32 = 3;
    pub const CANCELLED: i32 = 4;
    pub const COMPLETED: i32 = 5;
    pub const REFUNDED: i32 = 6;
    pub const CANCEL_REQUESTED: i32 = 7;
    pub const UNCONFIRMED: i32 = 8;
    pub const INVALID: i32 = 9;
    pub const ARRANGED: i32 = 10;
    pub const ALL: [i32; 11] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
}

/// Real, supplier and channel order states share these values (the channel adds 47, 48, 49,
/// 60, 61, 62).
pub mod progress {
    pub const NOT_PLACED: i32 = 0;
    pub const NEW: i32 = 10;
    pub const BOOKING: i32 = 30;
    pub const CONFIRMED: i32 = 31;
    pub const REFUSED: i32 = 39;
    pub const CANCELLING: i32 = 40;
    pub const CANCELLED: i32 = 42;
    pub const TIMEOUT_CANCEL: i32 = 47;
    pub const CHANNEL_CANCEL: i32 = 48;
    pub const COMPLETED: i32 = 71;
}

/// Payment state (`payState`).
pub mod pay {
    pub const UNPAID: i32 = 0;
    /// A credit payment asked of finance-app, not answered yet.
    pub const PAYING: i32 = 20;
    pub const SUCCESS: i32 = 21;
    /// finance-app refused the credit payment (the reason is kept on the order).
    pub const FAIL: i32 = 29;
    pub const REFUNDED: i32 = 51;
}

/// Cancellation application (`cancelApply`).
pub mod cancel_apply {
    pub const NONE: i32 = 0;
    pub const APPLIED: i32 = 40;
    pub const AGREED: i32 = 41;
}

/// The name of an order state, for messages.
pub fn state_name(s: i32) -> Text {
    let (zh, en) = match s {
        state::VALID => ("有效", "valid"),
        state::CONFIRMED => ("已确认", "confirmed"),
        state::UNPAID => ("未支付", "unpaid"),
        state::PAID => ("已支付", "paid"),
        state::CANCELLED => ("已取消", "cancelled"),
        state::COMPLETED => ("已完成", "completed"),
        state::REFUNDED => ("已退款", "refunded"),
        state::CANCEL_REQUESTED => ("退改申请中", "refund or change requested"),
        state::UNCONFIRMED => ("待确认", "unconfirmed"),
        state::INVALID => ("无效", "invalid"),
        state::ARRANGED => ("已安排", "arranged"),
        _ => ("未知", "unknown"),
    };
    Text::new(format!("{zh}({s})"), format!("{en} ({s})"))
}

/// Who acts on an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The tenant's staff (merchant id 0).
    Operator,
    /// The supplier of the order's product.
    Supplier,
    /// The distributor who booked it.
    Distributor,
    /// hotel-app itself (unpaid orders cancelling themselves).
    System,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Pay,
    Confirm,
    Refuse,
    Arrange,
    ApplyCancel,
    AgreeCancel,
    RefuseCancel,
    Cancel,
    TimeoutCancel,
    Complete,
}

impl Action {
    pub const ALL: [Action; 10] = [
        Action::Pay,
        Action::Confirm,
        Action::Refuse,
        Action::Arrange,
        Action::ApplyCancel,
        Action::AgreeCancel,
        Action::RefuseCancel,
        Action::Cancel,
        Action::TimeoutCancel,
        Action::Complete,
    ];

    /// The name in order logs.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Pay => "pay",
            Action::Confirm => "confirm",
            Action::Refuse => "refuse",
            Action::Arrange => "arrange",
            Action::ApplyCancel => "apply-cancel",
            Action::AgreeCancel => "agree-cancel",
            Action::RefuseCancel => "refuse-cancel",
            Action::Cancel => "cancel",
            Action::TimeoutCancel => "timeout-cancel",
            Action::Complete => "complete",
        }
    }

    fn text(self) -> Text {
        let (zh, en) = match self {
            Action::Pay => ("支付", "pay"),
            Action::Confirm => ("确认", "confirm"),
            Action::Refuse => ("拒绝", "refuse"),
            Action::Arrange => ("安排", "arrange"),
            Action::ApplyCancel => ("申请取消", "apply for cancellation"),
            Action::AgreeCancel => ("同意取消", "agree to the cancellation"),
            Action::RefuseCancel => ("拒绝取消", "refuse the cancellation"),
            Action::Cancel => ("取消", "cancel"),
            Action::TimeoutCancel => ("超时取消", "cancel for non-payment"),
            Action::Complete => ("完成", "complete"),
        };
        Text::fixed(zh, en)
    }

    /// Whether the order stops holding rooms: its stock goes back to the calendar.
    pub fn returns_stock(self) -> bool {
        matches!(
            self,
            Action::Refuse | Action::AgreeCancel | Action::Cancel | Action::TimeoutCancel
        )
    }
}

/// Where an action leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum To {
    State(i32),
    /// Confirmed at once for an instant-confirm order, else paid and waiting for the supplier.
    AfterPayment,
    /// Refunded when it was paid, else cancelled.
    Cancelled,
    /// Back to the state the cancellation application interrupted.
    Restore,
}

use Role::{Distributor as D, Operator as O, Supplier as S, System as Y};
use state::*;

/// The table: action, the states it may start from, where it leads, who may take it.
const TABLE: &[(Action, &[i32], To, &[Role])] = &[
    (Action::Pay, &[UNPAID], To::AfterPayment, &[D, O]),
    (
        Action::Confirm,
        &[PAID, UNCONFIRMED],
        To::State(CONFIRMED),
        &[S, O],
    ),
    (
        Action::Refuse,
        &[PAID, UNCONFIRMED],
        To::State(INVALID),
        &[S, O],
    ),
    (Action::Arrange, &[CONFIRMED], To::State(ARRANGED), &[S, O]),
    (
        Action::ApplyCancel,
        &[CONFIRMED, ARRANGED],
        To::State(CANCEL_REQUESTED),
        &[D, O],
    ),
    (
        Action::AgreeCancel,
        &[CANCEL_REQUESTED],
        To::Cancelled,
        &[S, O],
    ),
    (
        Action::RefuseCancel,
        &[CANCEL_REQUESTED],
        To::Restore,
        &[S, O],
    ),
    (
        Action::Cancel,
        &[UNPAID, PAID, UNCONFIRMED],
        To::Cancelled,
        &[D, O],
    ),
    (Action::TimeoutCancel, &[UNPAID], To::State(CANCELLED), &[Y]),
    (
        Action::Complete,
        &[CONFIRMED, ARRANGED],
        To::State(COMPLETED),
        &[S, O],
    ),
];

/// What the machine needs to know of an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderStates {
    pub order: i32,
    pub real: i32,
    pub supplier: i32,
    pub channel: i32,
    pub pay: i32,
    pub cancel_apply: i32,
    /// The order state a cancellation application interrupted.
    pub pre_cancel: i32,
    pub need_confirm: bool,
}

impl OrderStates {
    fn all(mut self, p: i32) -> Self {
        self.real = p;
        self.supplier = p;
        self.channel = p;
        self
    }

    fn paid(&self) -> bool {
        self.pay == pay::SUCCESS
    }
}

/// The states of a new order: unpaid when it is paid online before anything else happens,
/// else waiting for the supplier or, for an instant-confirm order, confirmed.
pub fn initial(pay_online: bool, need_confirm: bool) -> OrderStates {
    let base = OrderStates {
        order: UNPAID,
        real: progress::NEW,
        supplier: progress::NOT_PLACED,
        channel: progress::NEW,
        pay: pay::UNPAID,
        cancel_apply: cancel_apply::NONE,
        pre_cancel: VALID,
        need_confirm,
    };
    if pay_online {
        base
    } else if need_confirm {
        OrderStates {
            order: UNCONFIRMED,
            ..base.all(progress::BOOKING)
        }
    } else {
        OrderStates {
            order: CONFIRMED,
            ..base.all(progress::CONFIRMED)
        }
    }
}

/// A transition the table does not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TransitionError {
    #[error("cannot {action:?} an order in state {from}")]
    Forbidden { action: Action, from: i32, to: i32 },
    #[error("{role:?} may not {action:?}")]
    NotYours { action: Action, role: Role },
    /// A credit payment is under way: nothing happens to the order until finance-app answers.
    #[error("a credit payment of the order is under way")]
    Paying,
    /// An answer of finance-app for an order that is not waiting for one.
    #[error("the order is not waiting for a credit payment")]
    NotPaying,
}

impl From<TransitionError> for ApiError {
    fn from(e: TransitionError) -> Self {
        match e {
            TransitionError::Forbidden { action, from, to } => {
                let (f, t, a) = (state_name(from), state_name(to), action.text());
                ApiError::Rule {
                    code: "order-state",
                    msg: Text::new(
                        format!("订单状态为{}，不能{}（目标状态{}）", f.zh, a.zh, t.zh),
                        format!("The order is {}: it cannot {} (to {})", f.en, a.en, t.en),
                    ),
                }
            }
            TransitionError::NotYours { .. } => crate::auth::forbidden(),
            TransitionError::Paying => ApiError::Rule {
                code: "order-paying",
                msg: Text::fixed(
                    "订单正在授信支付中，请等待支付结果",
                    "A credit payment of this order is under way; wait for its outcome",
                ),
            },
            TransitionError::NotPaying => ApiError::Rule {
                code: "order-not-paying",
                msg: Text::fixed(
                    "订单不在授信支付中",
                    "The order is not being paid by credit",
                ),
            },
        }
    }
}

/// The state `action` aims at, whatever the order's state (for messages about forbidden moves).
pub fn aim(action: Action, s: &OrderStates) -> i32 {
    let to = TABLE
        .iter()
        .find(|(a, ..)| *a == action)
        .map_or(To::State(s.order), |(_, _, to, _)| *to);
    resolve(to, s)
}

fn resolve(to: To, s: &OrderStates) -> i32 {
    match to {
        To::State(x) => x,
        To::AfterPayment if s.need_confirm => PAID,
        To::AfterPayment => CONFIRMED,
        To::Cancelled if s.paid() => REFUNDED,
        To::Cancelled => CANCELLED,
        To::Restore if s.pre_cancel == ARRANGED => ARRANGED,
        To::Restore => CONFIRMED,
    }
}

/// The order's states after `action` by `role`, or why it may not happen. Nothing happens to an
/// order while a credit payment of it is under way ([`credit_settled`] ends it).
pub fn apply(action: Action, role: Role, s: &OrderStates) -> Result<OrderStates, TransitionError> {
    if s.pay == pay::PAYING {
        return Err(TransitionError::Paying);
    }
    let Some((_, from, to, roles)) = TABLE
        .iter()
        .find(|(a, from, ..)| *a == action && from.contains(&s.order))
    else {
        return Err(TransitionError::Forbidden {
            action,
            from: s.order,
            to: aim(action, s),
        });
    };
    debug_assert!(from.contains(&s.order));
    if !roles.contains(&role) {
        return Err(TransitionError::NotYours { action, role });
    }
    let order = resolve(*to, s);
    let mut n = OrderStates { order, ..*s };
    match action {
        Action::Pay => {
            n.pay = pay::SUCCESS;
            n = n.all(if order == CONFIRMED {
                progress::CONFIRMED
            } else {
                progress::BOOKING
            });
        }
        Action::Confirm | Action::RefuseCancel => {
            n = n.all(progress::CONFIRMED);
            n.cancel_apply = cancel_apply::NONE;
        }
        Action::Refuse => {
            n = n.all(progress::REFUSED);
            if s.paid() {
                n.pay = pay::REFUNDED;
            }
        }
        Action::Arrange => {}
        Action::ApplyCancel => {
            n = n.all(progress::CANCELLING);
            n.cancel_apply = cancel_apply::APPLIED;
            n.pre_cancel = s.order;
        }
        Action::AgreeCancel => {
            n = n.all(progress::CANCELLED);
            n.cancel_apply = cancel_apply::AGREED;
            if s.paid() {
                n.pay = pay::REFUNDED;
            }
        }
        Action::Cancel => {
            n.real = progress::CANCELLED;
            if s.supplier != progress::NOT_PLACED {
                n.supplier = progress::CANCELLED;
            }
            n.channel = progress::CHANNEL_CANCEL;
            if s.paid() {
                n.pay = pay::REFUNDED;
            }
        }
        Action::TimeoutCancel => {
            n.real = progress::CANCELLED;
            n.channel = progress::TIMEOUT_CANCEL;
        }
        Action::Complete => n = n.all(progress::COMPLETED),
    }
    Ok(n)
}

/// The distributor (or the tenant's staff) pays by credit: the order stays unpaid, its payment
/// state becomes paying (20) until finance-app answers ([`credit_settled`]). Whoever may pay may
/// do this, from the states paying may start from (a refused credit payment, 29, may be tried
/// again).
pub fn start_credit(role: Role, s: &OrderStates) -> Result<OrderStates, TransitionError> {
    let paid = apply(Action::Pay, role, s)?;
    debug_assert_eq!(paid.pay, pay::SUCCESS);
    Ok(OrderStates {
        pay: pay::PAYING,
        ..*s
    })
}

/// finance-app's answer to a credit payment: taken, the order moves as a payment moves it
/// (paid, or confirmed at once) with payment state 21; refused, it stays unpaid with payment
/// state 29.
pub fn credit_settled(s: &OrderStates, accepted: bool) -> Result<OrderStates, TransitionError> {
    if s.pay != pay::PAYING {
        return Err(TransitionError::NotPaying);
    }
    let before = OrderStates {
        pay: pay::UNPAID,
        ..*s
    };
    if accepted {
        apply(Action::Pay, Role::Distributor, &before)
    } else {
        Ok(OrderStates {
            pay: pay::FAIL,
            ..*s
        })
    }
}

/// Which event a change publishes: `cancelled` when the order ends cancelled or refunded,
/// otherwise `state-changed`.
pub fn event_kind(after: &OrderStates) -> &'static str {
    if matches!(after.order, CANCELLED | REFUNDED) {
        "cancelled"
    } else {
        "state-changed"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(order: i32) -> OrderStates {
        OrderStates {
            order,
            real: progress::BOOKING,
            supplier: progress::BOOKING,
            channel: progress::BOOKING,
            pay: pay::UNPAID,
            cancel_apply: cancel_apply::NONE,
            pre_cancel: VALID,
            need_confirm: true,
        }
    }

    /// Written out by hand, apart from the table: (action, from, to) for every allowed move of
    /// an unpaid order needing confirmation, with the role that may take it.
    const ALLOWED: &[(Action, i32, i32, Role)] = &[
        (Action::Pay, UNPAID, PAID, D),
        (Action::Confirm, PAID, CONFIRMED, S),
        (Action::Confirm, UNCONFIRMED, CONFIRMED, S),
        (Action::Refuse, PAID, INVALID, S),
        (Action::Refuse, UNCONFIRMED, INVALID, S),
        (Action::Arrange, CONFIRMED, ARRANGED, S),
        (Action::ApplyCancel, CONFIRMED, CANCEL_REQUESTED, D),
        (Action::ApplyCancel, ARRANGED, CANCEL_REQUESTED, D),
        (Action::AgreeCancel, CANCEL_REQUESTED, CANCELLED, S),
        (Action::RefuseCancel, CANCEL_REQUESTED, CONFIRMED, S),
        (Action::Cancel, UNPAID, CANCELLED, D),
        (Action::Cancel, PAID, CANCELLED, D),
        (Action::Cancel, UNCONFIRMED, CANCELLED, D),
        (Action::TimeoutCancel, UNPAID, CANCELLED, Y),
        (Action::Complete, CONFIRMED, COMPLETED, S),
        (Action::Complete, ARRANGED, COMPLETED, S),
    ];

    #[test]
    fn every_allowed_transition_leads_where_it_should() {
        for &(action, from, to, role) in ALLOWED {
            let after = apply(action, role, &at(from))
                .unwrap_or_else(|e| panic!("{action:?} from {from}: {e}"));
            assert_eq!(after.order, to, "{action:?} from {from}");
            if role != Y {
                assert!(apply(action, O, &at(from)).is_ok(), "operator {action:?}");
            }
        }
    }

    #[test]
    fn every_other_transition_is_forbidden_naming_both_states() {
        for action in Action::ALL {
            for from in state::ALL {
                if ALLOWED.iter().any(|(a, f, ..)| *a == action && *f == from) {
                    continue;
                }
                for role in [O, S, D, Y] {
                    match apply(action, role, &at(from)) {
                        Err(TransitionError::Forbidden { from: f, to, .. }) => {
                            assert_eq!(f, from);
                            let msg =
                                ApiError::from(TransitionError::Forbidden { action, from, to })
                                    .to_string();
                            assert!(msg.contains(&format!("({from})")), "{msg}");
                            assert!(msg.contains(&format!("({to})")), "{msg}");
                        }
                        other => panic!("{action:?} from {from} by {role:?}: {other:?}"),
                    }
                }
            }
        }
    }

    #[test]
    fn only_the_right_party_may_act() {
        assert_eq!(
            apply(Action::Confirm, D, &at(UNCONFIRMED)),
            Err(TransitionError::NotYours {
                action: Action::Confirm,
                role: D
            })
        );
        assert!(apply(Action::Pay, S, &at(UNPAID)).is_err());
        assert!(apply(Action::ApplyCancel, S, &at(CONFIRMED)).is_err());
        assert!(apply(Action::TimeoutCancel, O, &at(UNPAID)).is_err());
        assert!(apply(Action::Cancel, S, &at(UNCONFIRMED)).is_err());
    }

    #[test]
    fn payment_confirms_an_instant_order_at_once() {
        let mut s = initial(true, false);
        assert_eq!((s.order, s.supplier), (UNPAID, progress::NOT_PLACED));
        s = apply(Action::Pay, D, &s).unwrap();
        assert_eq!((s.order, s.pay, s.supplier), (CONFIRMED, pay::SUCCESS, 31));
        let s = apply(Action::Pay, D, &initial(true, true)).unwrap();
        assert_eq!((s.order, s.supplier), (PAID, progress::BOOKING));
    }

    #[test]
    fn new_orders_without_online_payment_wait_for_the_supplier_or_confirm() {
        assert_eq!(initial(false, true).order, UNCONFIRMED);
        assert_eq!(initial(false, false).order, CONFIRMED);
        assert_eq!(initial(false, false).real, progress::CONFIRMED);
    }

    #[test]
    fn a_paid_order_is_refunded_when_cancelled_or_refused() {
        let paid = apply(Action::Pay, D, &initial(true, true)).unwrap();
        let c = apply(Action::Cancel, D, &paid).unwrap();
        assert_eq!((c.order, c.pay, c.channel), (REFUNDED, pay::REFUNDED, 48));
        let r = apply(Action::Refuse, S, &paid).unwrap();
        assert_eq!((r.order, r.pay), (INVALID, pay::REFUNDED));
        assert_eq!(event_kind(&c), "cancelled");
        assert_eq!(event_kind(&r), "state-changed");
    }

    #[test]
    fn a_credit_payment_waits_for_finance_and_blocks_everything_meanwhile() {
        let unpaid = initial(true, true);
        let paying = start_credit(D, &unpaid).unwrap();
        assert_eq!((paying.order, paying.pay), (UNPAID, pay::PAYING));
        assert!(start_credit(S, &unpaid).is_err(), "a supplier cannot pay");
        for action in Action::ALL {
            for role in [O, S, D, Y] {
                assert_eq!(
                    apply(action, role, &paying),
                    Err(TransitionError::Paying),
                    "{action:?} by {role:?} while paying"
                );
            }
        }
        assert_eq!(start_credit(D, &paying), Err(TransitionError::Paying));
        let paid = credit_settled(&paying, true).unwrap();
        assert_eq!(
            (paid.order, paid.pay, paid.supplier),
            (PAID, pay::SUCCESS, 30)
        );
        let instant = credit_settled(&start_credit(D, &initial(true, false)).unwrap(), true);
        assert_eq!(instant.unwrap().order, CONFIRMED);
        let failed = credit_settled(&paying, false).unwrap();
        assert_eq!((failed.order, failed.pay), (UNPAID, pay::FAIL));
        assert_eq!(
            credit_settled(&failed, true),
            Err(TransitionError::NotPaying)
        );
        // A refused payment may be tried again, by credit or otherwise.
        assert_eq!(start_credit(D, &failed).unwrap().pay, pay::PAYING);
        assert_eq!(apply(Action::Pay, D, &failed).unwrap().pay, pay::SUCCESS);
        assert_eq!(apply(Action::Cancel, D, &failed).unwrap().order, CANCELLED);
    }

    #[test]
    fn a_refused_cancellation_restores_the_state_it_interrupted() {
        let arranged = apply(Action::Arrange, S, &initial(false, false)).unwrap();
        let applied = apply(Action::ApplyCancel, D, &arranged).unwrap();
        assert_eq!((applied.cancel_apply, applied.pre_cancel), (40, ARRANGED));
        let back = apply(Action::RefuseCancel, S, &applied).unwrap();
        assert_eq!((back.order, back.cancel_apply), (ARRANGED, 0));
        let agreed = apply(Action::AgreeCancel, S, &applied).unwrap();
        assert_eq!((agreed.order, agreed.cancel_apply), (CANCELLED, 41));
    }

    #[test]
    fn an_unpaid_order_times_out_without_being_placed() {
        let s = apply(Action::TimeoutCancel, Y, &initial(true, true)).unwrap();
        assert_eq!(
            (s.order, s.supplier, s.channel),
            (CANCELLED, progress::NOT_PLACED, progress::TIMEOUT_CANCEL)
        );
        assert!(Action::TimeoutCancel.returns_stock());
        assert!(!Action::Complete.returns_stock());
    }
}
