//! An order's rules beyond its state machine (`order_state`): what an action needs of the
//! order (the cancellation policy, the day it is used, a pay type), which of the order's dates
//! it stamps, and how long an order waits for its payment. A hotel order is used from its
//! check-in day, a ticket order on its visit day.

use crate::ApiError;
use crate::i18n::Text;

use super::order_state::{Action, state};

/// Ways of paying an order (`payType`).
pub mod pay_type {
    pub const CREDIT: i32 = 1;
    pub const CASH: i32 = 2;
}

/// What an action is checked against: the order's cancellation terms and check-in date, and
/// the pay type a payment names.
#[derive(Debug, Clone, Copy)]
pub struct ActionFacts<'a> {
    /// Whether the product's policy lets the order be cancelled at all.
    pub allowed_cancel: bool,
    /// ms after which no cancellation is accepted; 0 for none.
    pub cancel_deadline: i64,
    /// The day the order is used (a hotel's check-in, a ticket's visit), YYYY-MM-DD.
    pub service_date: &'a str,
    pub pay_type: i32,
}

/// Whether `action` may be taken at `now` (ms), once the state machine allows it.
pub fn check_action(action: Action, f: &ActionFacts<'_>, now: i64) -> Result<(), ApiError> {
    match action {
        Action::ApplyCancel => check_cancel_policy(f.allowed_cancel, f.cancel_deadline, now),
        Action::Complete => check_completion(f.service_date, now),
        Action::Pay => check_pay_type(f.pay_type),
        _ => Ok(()),
    }
}

fn policy_refusal(zh: &'static str, en: &'static str) -> ApiError {
    ApiError::Rule {
        code: "cancel-policy",
        msg: Text::fixed(zh, en),
    }
}

/// A distributor may apply to cancel only where the product's policy allows it, and not past
/// the order's deadline.
pub fn check_cancel_policy(allowed: bool, deadline: i64, now: i64) -> Result<(), ApiError> {
    if !allowed {
        return Err(policy_refusal(
            "该订单不可取消",
            "This order cannot be cancelled under its product's policy",
        ));
    }
    if deadline > 0 && now > deadline {
        return Err(policy_refusal(
            "已过该订单的最晚取消时间",
            "The latest cancellation time of this order has passed",
        ));
    }
    Ok(())
}

/// An order completes from the day it is used on (China calendar days), never before.
pub fn check_completion(service_date: &str, now: i64) -> Result<(), ApiError> {
    let checkin = crate::time::parse_date("serviceDate", service_date)?;
    if crate::time::day_of_ms(now) < checkin {
        return Err(ApiError::Rule {
            code: "too-early",
            msg: Text::fixed(
                "使用日期（入住日或游玩日）之前不能完成订单",
                "An order cannot be completed before the day it is used (check-in or visit)",
            ),
        });
    }
    Ok(())
}

pub fn check_pay_type(v: i32) -> Result<(), ApiError> {
    if matches!(v, pay_type::CREDIT | pay_type::CASH) {
        Ok(())
    } else {
        Err(ApiError::invalid_field(
            "payType",
            "支付方式为 1 授信或 2 现金",
            "pay type is 1 credit or 2 cash",
        ))
    }
}

/// Which of the order's dates an action sets to its time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stamp {
    /// The payment (with its type and amount).
    Paid,
    /// The supplier's confirmation (with its own order number).
    Confirmed,
    /// The end of the order: completed, refused or cancelled.
    Finished,
}

pub fn stamp(action: Action) -> Option<Stamp> {
    match action {
        Action::Pay => Some(Stamp::Paid),
        Action::Confirm => Some(Stamp::Confirmed),
        Action::Complete
        | Action::Refuse
        | Action::Cancel
        | Action::TimeoutCancel
        | Action::AgreeCancel => Some(Stamp::Finished),
        Action::Arrange | Action::ApplyCancel | Action::RefuseCancel => None,
    }
}

/// The confirmation date of a new order: its creation when it starts confirmed, else none (0).
pub fn initial_confirm_date(order_state: i32, now: i64) -> i64 {
    if order_state == state::CONFIRMED {
        now
    } else {
        0
    }
}

/// The payment deadline an order in `order_state` has: `deadline` while it is unpaid, none (0)
/// otherwise, so the unpaid-order job never cancels an order that moved on.
pub fn pay_deadline(order_state: i32, deadline: i64) -> i64 {
    if order_state == state::UNPAID {
        deadline
    } else {
        0
    }
}

/// The remark of an order action, trimmed: at most 500 characters, and given when the action
/// needs a reason (a refusal, an adjustment).
pub fn remark(remark: &str, required: bool) -> Result<String, ApiError> {
    let r = remark.trim();
    if required && r.is_empty() {
        return Err(ApiError::invalid_field(
            "remark",
            "请填写原因",
            "please give the reason",
        ));
    }
    crate::validate::text("remark", r, 0, 500)?;
    Ok(r.to_owned())
}

/// The most an adjusted amount may be, in fen (a thousand million yuan).
pub const ADJUSTED_MAX: i64 = 100_000_000_000;

/// The amounts the tenant's staff adjust an order to (`(field, fen)`, None: kept): each from 0
/// to [`ADJUSTED_MAX`], and at least one given (the first field is named otherwise).
pub fn adjusted_amounts(amounts: &[(&str, Option<i64>)]) -> Result<(), ApiError> {
    for (field, amount) in amounts {
        if let Some(v) = amount
            && !(0..=ADJUSTED_MAX).contains(v)
        {
            return Err(ApiError::invalid_field(
                *field,
                "金额须为 0 到 10 亿元（以分计）",
                "an amount in fen from 0 to 10^11",
            ));
        }
    }
    if amounts.iter().all(|(_, v)| v.is_none()) {
        return Err(ApiError::invalid_field(
            amounts.first().map_or("orderPrice", |(f, _)| *f),
            "请输入要调整的金额",
            "please enter an amount to adjust",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(r: Result<impl std::fmt::Debug, ApiError>) -> String {
        match r {
            Err(ApiError::Invalid { field, .. }) => field,
            other => panic!("not a 412: {other:?}"),
        }
    }

    #[test]
    fn a_remark_is_trimmed_bounded_and_required_where_a_reason_is() {
        assert_eq!(remark("  late  ", true).unwrap(), "late");
        assert_eq!(remark("   ", false).unwrap(), "");
        assert_eq!(field_of(remark("   ", true)), "remark");
        assert_eq!(field_of(remark(&"x".repeat(501), false)), "remark");
        assert_eq!(remark(&"x".repeat(500), false).unwrap().len(), 500);
    }

    #[test]
    fn adjusted_amounts_are_bounded_and_at_least_one_is_given() {
        assert!(adjusted_amounts(&[("orderPrice", Some(0)), ("supplierPrice", None)]).is_ok());
        assert!(
            adjusted_amounts(&[("orderPrice", None), ("supplierPrice", Some(ADJUSTED_MAX))])
                .is_ok()
        );
        assert_eq!(
            field_of(adjusted_amounts(&[
                ("orderPrice", None),
                ("supplierPrice", Some(-1))
            ])),
            "supplierPrice"
        );
        assert_eq!(
            field_of(adjusted_amounts(&[("orderPrice", Some(ADJUSTED_MAX + 1))])),
            "orderPrice"
        );
        assert_eq!(
            field_of(adjusted_amounts(&[
                ("orderPrice", None),
                ("supplierPrice", None)
            ])),
            "orderPrice"
        );
    }
    use crate::time::{HOUR_MS, day_start_ms, parse_date};

    fn code(r: Result<(), ApiError>) -> String {
        match r {
            Ok(()) => "ok".into(),
            Err(ApiError::Rule { code, .. }) => code.into(),
            Err(ApiError::Invalid { field, .. }) => format!("invalid {field}"),
            Err(other) => panic!("{other}"),
        }
    }

    fn facts(service_date: &str) -> ActionFacts<'_> {
        ActionFacts {
            allowed_cancel: true,
            cancel_deadline: 0,
            service_date,
            pay_type: 0,
        }
    }

    #[test]
    fn a_cancellation_needs_the_policy_and_its_deadline() {
        let deadline = day_start_ms(parse_date("d", "2026-12-08").unwrap()) + 12 * HOUR_MS;
        assert_eq!(code(check_cancel_policy(true, deadline, deadline)), "ok");
        assert_eq!(
            code(check_cancel_policy(true, deadline, deadline + 1)),
            "cancel-policy"
        );
        // No deadline: until whenever the state machine allows.
        assert_eq!(code(check_cancel_policy(true, 0, i64::MAX)), "ok");
        assert_eq!(code(check_cancel_policy(false, 0, 0)), "cancel-policy");
    }

    #[test]
    fn an_order_completes_from_its_checkin_day_on() {
        let checkin = day_start_ms(parse_date("d", "2026-12-10").unwrap());
        assert_eq!(
            code(check_completion("2026-12-10", checkin - 1)),
            "too-early"
        );
        assert_eq!(code(check_completion("2026-12-10", checkin)), "ok");
        assert_eq!(
            code(check_completion("2026-12-10", checkin + 30 * HOUR_MS)),
            "ok"
        );
    }

    #[test]
    fn a_payment_is_by_credit_or_cash() {
        assert_eq!(code(check_pay_type(pay_type::CREDIT)), "ok");
        assert_eq!(code(check_pay_type(pay_type::CASH)), "ok");
        assert_eq!(code(check_pay_type(0)), "invalid payType");
        assert_eq!(code(check_pay_type(3)), "invalid payType");
    }

    #[test]
    fn each_action_is_checked_by_its_own_rule_only() {
        let checkin = day_start_ms(parse_date("d", "2026-12-10").unwrap());
        let closed = ActionFacts {
            allowed_cancel: false,
            ..facts("2026-12-10")
        };
        let early = checkin - 1;
        assert_eq!(
            code(check_action(Action::ApplyCancel, &closed, early)),
            "cancel-policy"
        );
        assert_eq!(
            code(check_action(Action::Complete, &closed, early)),
            "too-early"
        );
        assert_eq!(
            code(check_action(Action::Pay, &closed, early)),
            "invalid payType"
        );
        for a in [Action::Cancel, Action::Confirm, Action::Arrange] {
            assert_eq!(code(check_action(a, &closed, early)), "ok", "{a:?}");
        }
    }

    #[test]
    fn actions_stamp_the_payment_the_confirmation_or_the_end() {
        assert_eq!(stamp(Action::Pay), Some(Stamp::Paid));
        assert_eq!(stamp(Action::Confirm), Some(Stamp::Confirmed));
        for a in [
            Action::Complete,
            Action::Refuse,
            Action::Cancel,
            Action::TimeoutCancel,
            Action::AgreeCancel,
        ] {
            assert_eq!(stamp(a), Some(Stamp::Finished), "{a:?}");
        }
        for a in [Action::Arrange, Action::ApplyCancel, Action::RefuseCancel] {
            assert_eq!(stamp(a), None, "{a:?}");
        }
    }

    #[test]
    fn only_an_unpaid_order_has_a_payment_deadline() {
        assert_eq!(pay_deadline(state::UNPAID, 5_000), 5_000);
        for s in state::ALL.into_iter().filter(|s| *s != state::UNPAID) {
            assert_eq!(pay_deadline(s, 5_000), 0, "state {s}");
        }
        assert_eq!(initial_confirm_date(state::CONFIRMED, 7), 7);
        assert_eq!(initial_confirm_date(state::UNCONFIRMED, 7), 0);
        assert_eq!(initial_confirm_date(state::UNPAID, 7), 0);
    }
}
