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
    /// Every value of the spec's reading (6 paid, 7 not received, 8 received come with receipts
    /// and payments).
    pub const ALL: &[i32] = &[1, 2, 3, 4, 5, 6, 7, 8];
}

/// Collection and payment progress: none 1, partial 2, full 3.
pub mod progress {
    pub const NONE: i32 = 1;
    pub const PARTIAL: i32 = 2;
    pub const FULL: i32 = 3;
    pub const ALL: &[i32] = &[NONE, PARTIAL, FULL];
}

/// Order states of the spec (`orderState`), as the order events tell them.
mod order {
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
}

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
