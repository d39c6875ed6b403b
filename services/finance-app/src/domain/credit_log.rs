//! The credit log (the spec's `saasMchCreditLog`): one row per order, its state read from the
//! order's, what it leaves to settle, and the list's filters (the date filter and the
//! collection and payment progress).

use platform::ApiError;

/// Credit log states (the spec's reading with numbers).
pub mod state {
    /// Waiting for the supplier's confirmation (paid or not).
    pub const PENDING_CONFIRM: i32 = 1;
    /// Confirmed: the order's amount stands against the distributor.
    pub const DEDUCTED: i32 = 2;
    /// Refused, cancelled or refunded: nothing to settle.
    pub const FAILED: i32 = 3;
    /// A cancellation asked for, not decided yet.
    pub const PENDING_CANCEL: i32 = 4;
    /// Waiting for its online payment.
    pub const UNPAID: i32 = 5;
    /// Deducted, and the tenant has paid the supplier in full for it.
    pub const PAID: i32 = 6;
    /// Deducted and in a receipt, not received in full yet.
    pub const NOT_RECEIVED: i32 = 7;
    /// Deducted and received in full from the distributor.
    pub const RECEIVED: i32 = 8;
    /// Every value of the spec's reading.
    pub const ALL: &[i32] = &[1, 2, 3, 4, 5, 6, 7, 8];
}

/// Collection and payment progress: none 1, partial 2, full 3.
pub mod progress {
    pub const NONE: i32 = 1;
    pub const PARTIAL: i32 = 2;
    pub const FULL: i32 = 3;
    pub const ALL: &[i32] = &[NONE, PARTIAL, FULL];
}

// Order states of the spec (`orderState`), as the order events tell them: the trading apps'
// one list.
use platform::trade::order_state::state as order;

/// The order state an `order.*.cancelled` event stands for (it says cancelled or refunded
/// without the number: either ends the order).
pub const ORDER_CANCELLED: i32 = order::CANCELLED;

/// The credit log state of an order in `order_state`.
pub fn state_of(order_state: i32) -> i32 {
    match order_state {
        order::UNPAID => state::UNPAID,
        order::PAID | order::UNCONFIRMED | order::VALID => state::PENDING_CONFIRM,
        order::CONFIRMED | order::ARRANGED | order::COMPLETED => state::DEDUCTED,
        order::CANCEL_REQUESTED => state::PENDING_CANCEL,
        order::CANCELLED | order::REFUNDED | order::INVALID => state::FAILED,
        _ => state::PENDING_CONFIRM,
    }
}

/// Where an order stands in its settlement: whether it is in a live receipt, and how far its
/// receipt (from the distributor) and payment (to the supplier) have come (`progress`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settling {
    pub in_receipt: bool,
    pub receipt_progress: i32,
    pub payment_progress: i32,
}

/// The credit log state shown for an order: the order's own ([`state_of`]), and for a deducted
/// order how its settlement stands, money from the distributor first (received in full 8, in a
/// receipt and not yet in full 7), then money to the supplier (paid in full 6). The spec lists
/// 6 to 8 without saying when each applies: this is our reading (docs/finance.md).
pub fn shown_state(order_state: i32, settling: Settling) -> i32 {
    let base = state_of(order_state);
    if base != state::DEDUCTED {
        return base;
    }
    if settling.receipt_progress == progress::FULL {
        state::RECEIVED
    } else if settling.in_receipt {
        state::NOT_RECEIVED
    } else if settling.payment_progress == progress::FULL {
        state::PAID
    } else {
        base
    }
}

/// What an order in credit log state `state` leaves to settle, fen: its price, or nothing once
/// it failed.
pub fn statement_price(state: i32, order_price: i64) -> i64 {
    if state == state::FAILED {
        0
    } else {
        order_price
    }
}

/// Which date the list's date range applies to (`dateType`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateFilter {
    /// 0: the supplier's payment date.
    PayDate,
    /// 1: the order date.
    OrderDate,
    /// 2: the check-in (travel) date.
    CheckIn,
    /// 3: the end (check-out) date.
    EndDate,
}

impl DateFilter {
    pub fn parse(v: Option<i32>) -> Result<Self, ApiError> {
        match v {
            None | Some(1) => Ok(Self::OrderDate),
            Some(0) => Ok(Self::PayDate),
            Some(2) => Ok(Self::CheckIn),
            Some(3) => Ok(Self::EndDate),
            Some(_) => Err(ApiError::invalid_field(
                "dateType",
                "日期类型为 0 付款日期、1 下单日期、2 入住日期、3 离店日期",
                "is 0 pay date, 1 order date, 2 check-in date or 3 end date",
            )),
        }
    }
}

/// A checked range of days (China calendar), either end open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DayRange {
    pub from: Option<i64>,
    pub to: Option<i64>,
}

impl DayRange {
    pub fn parse(start: Option<&str>, end: Option<&str>) -> Result<Self, ApiError> {
        let day = |field: &str, v: Option<&str>| -> Result<Option<i64>, ApiError> {
            match v.map(str::trim).filter(|s| !s.is_empty()) {
                Some(s) => Ok(Some(platform::time::parse_date(field, s)?)),
                None => Ok(None),
            }
        };
        let r = Self {
            from: day("startDate", start)?,
            to: day("endDate", end)?,
        };
        if let (Some(f), Some(t)) = (r.from, r.to)
            && t < f
        {
            return Err(ApiError::invalid_field(
                "endDate",
                "结束日期不能早于开始日期",
                "must not be before the start date",
            ));
        }
        Ok(r)
    }

    /// Whether either end is set.
    pub fn is_set(&self) -> bool {
        self.from.is_some() || self.to.is_some()
    }
}

/// The date the credit log list is ordered by, newest first: the one its range is on, when a
/// range is given, otherwise the order date. Over a million rows a page is then read from an
/// index of that date in order, never sorted out of every row the range holds (a month of
/// check-ins is spread over a year of order dates).
pub fn ordered_by(date_type: DateFilter, days: DayRange) -> DateFilter {
    if days.is_set() {
        date_type
    } else {
        DateFilter::OrderDate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(e: ApiError) -> String {
        match e {
            ApiError::Invalid { field, .. } => field,
            other => panic!("expected a 412, got {other:?}"),
        }
    }

    #[test]
    fn the_list_is_ordered_by_the_date_its_range_is_on() {
        let month = DayRange {
            from: Some(100),
            to: Some(130),
        };
        for d in [
            DateFilter::PayDate,
            DateFilter::OrderDate,
            DateFilter::CheckIn,
            DateFilter::EndDate,
        ] {
            assert_eq!(ordered_by(d, month), d);
            assert_eq!(ordered_by(d, DayRange::default()), DateFilter::OrderDate);
        }
        let open_start = DayRange {
            from: None,
            to: Some(5),
        };
        assert_eq!(
            ordered_by(DateFilter::CheckIn, open_start),
            DateFilter::CheckIn
        );
    }

    #[test]
    fn every_order_state_has_its_credit_log_state() {
        for (o, s) in [
            (2, state::UNPAID),
            (3, state::PENDING_CONFIRM),
            (8, state::PENDING_CONFIRM),
            (1, state::DEDUCTED),
            (10, state::DEDUCTED),
            (5, state::DEDUCTED),
            (7, state::PENDING_CANCEL),
            (4, state::FAILED),
            (6, state::FAILED),
            (9, state::FAILED),
        ] {
            assert_eq!(state_of(o), s, "order state {o}");
        }
        assert_eq!(statement_price(state::FAILED, 500), 0);
        assert_eq!(statement_price(state::DEDUCTED, 500), 500);
    }

    #[test]
    fn a_deducted_order_shows_how_its_settlement_stands() {
        let at = |in_receipt, receipt_progress, payment_progress| Settling {
            in_receipt,
            receipt_progress,
            payment_progress,
        };
        let none = progress::NONE;
        let (partial, full) = (progress::PARTIAL, progress::FULL);
        assert_eq!(shown_state(1, at(false, none, none)), state::DEDUCTED);
        assert_eq!(shown_state(1, at(true, none, none)), state::NOT_RECEIVED);
        assert_eq!(shown_state(1, at(true, partial, full)), state::NOT_RECEIVED);
        assert_eq!(shown_state(5, at(true, full, none)), state::RECEIVED);
        assert_eq!(shown_state(10, at(false, none, full)), state::PAID);
        assert_eq!(shown_state(1, at(false, none, partial)), state::DEDUCTED);
        // Only a deducted order: one cancelled or waiting keeps its own state.
        assert_eq!(shown_state(4, at(true, full, full)), state::FAILED);
        assert_eq!(shown_state(7, at(true, full, none)), state::PENDING_CANCEL);
        assert_eq!(shown_state(2, at(false, none, full)), state::UNPAID);
        for s in [state::PAID, state::NOT_RECEIVED, state::RECEIVED] {
            assert_eq!(statement_price(s, 500), 500);
        }
    }

    #[test]
    fn the_date_filter_and_range_are_checked() {
        assert_eq!(DateFilter::parse(None).unwrap(), DateFilter::OrderDate);
        assert_eq!(DateFilter::parse(Some(0)).unwrap(), DateFilter::PayDate);
        assert_eq!(DateFilter::parse(Some(3)).unwrap(), DateFilter::EndDate);
        assert_eq!(
            field_of(DateFilter::parse(Some(4)).unwrap_err()),
            "dateType"
        );
        assert_eq!(
            DayRange::parse(Some("1970-01-02"), None).unwrap(),
            DayRange {
                from: Some(1),
                to: None
            }
        );
        assert_eq!(
            field_of(DayRange::parse(Some("x"), None).unwrap_err()),
            "startDate"
        );
        assert_eq!(
            field_of(DayRange::parse(Some("1970-01-03"), Some("1970-01-02")).unwrap_err()),
            "endDate"
        );
    }
}
