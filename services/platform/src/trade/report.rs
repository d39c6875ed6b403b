//! The order report per product that hotel and ticket orders share: the period it covers (at
//! most a year of order dates), and what one product's orders of it add up to. An order counts
//! once; only those still standing (not cancelled, refunded or invalid) count in the units and
//! amounts, and the supplier's price and the profit are kept only where the caller may read
//! costs ([`super::viewer::cost`]).

use crate::{ApiError, Viewer};

use super::order_state::state;
use super::viewer::cost;

/// A report covers at most a year.
pub const MAX_DAYS: i64 = 366;

/// The report's first and last order day (day numbers, both included) from `startDate` and
/// `endDate` (YYYY-MM-DD).
pub fn period(start_date: &str, end_date: &str) -> Result<(i64, i64), ApiError> {
    let first = crate::time::parse_date("startDate", start_date)?;
    let last = crate::time::parse_date("endDate", end_date)?;
    if last < first {
        return Err(ApiError::invalid_field(
            "endDate",
            "结束日期不能早于开始日期",
            "the end date is before the start date",
        ));
    }
    if last - first >= MAX_DAYS {
        return Err(ApiError::invalid_field(
            "endDate",
            "统计区间最长一年",
            "the period is at most a year",
        ));
    }
    Ok((first, last))
}

/// What one product's orders of the period add up to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    pub order_num: i64,
    /// Rooms × nights for hotels, tickets for scenic spots.
    pub units: i64,
    pub order_price: i64,
    pub supplier_price: Option<i64>,
    pub profit: Option<i64>,
    /// Orders that ended cancelled, refunded or invalid.
    pub cancel_num: i64,
}

impl Tally {
    /// An empty tally, with costs where `viewer` may read them.
    pub fn new(viewer: &Viewer) -> Self {
        Self {
            order_num: 0,
            units: 0,
            order_price: 0,
            supplier_price: cost(viewer, 0),
            profit: cost(viewer, 0),
            cancel_num: 0,
        }
    }

    /// Counts one order in its `order_state`.
    pub fn add(&mut self, order_state: i32, units: i64, order_price: i64, supplier_price: i64) {
        self.order_num += 1;
        if matches!(
            order_state,
            state::CANCELLED | state::REFUNDED | state::INVALID
        ) {
            self.cancel_num += 1;
            return;
        }
        self.units += units;
        self.order_price += order_price;
        if let Some(c) = self.supplier_price.as_mut() {
            *c += supplier_price;
        }
        if let Some(p) = self.profit.as_mut() {
            *p += order_price - supplier_price;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tenancy::MerchantKind;

    #[test]
    fn a_period_is_ordered_and_at_most_a_year() {
        let (first, last) = period("2026-01-01", "2026-12-31").unwrap();
        assert_eq!(last - first, 364);
        assert!(period("2026-01-01", "2026-01-01").is_ok());
        for (start, end, field) in [
            ("2026-02-01", "2026-01-31", "endDate"),
            ("2026-01-01", "2027-01-02", "endDate"),
            ("2026-13-01", "2026-12-01", "startDate"),
            ("2026-01-01", "", "endDate"),
        ] {
            match period(start, end) {
                Err(ApiError::Invalid { field: f, .. }) => assert_eq!(f, field, "{start}..{end}"),
                other => panic!("{start}..{end}: {other:?}"),
            }
        }
    }

    #[test]
    fn standing_orders_count_in_the_amounts_and_ended_ones_only_in_the_number() {
        let mut t = Tally::new(&Viewer::tenant(1));
        t.add(state::CONFIRMED, 2, 20_000, 16_000);
        t.add(state::COMPLETED, 1, 10_000, 8_000);
        t.add(state::CANCELLED, 5, 50_000, 40_000);
        t.add(state::REFUNDED, 1, 10_000, 8_000);
        assert_eq!(
            t,
            Tally {
                order_num: 4,
                units: 3,
                order_price: 30_000,
                supplier_price: Some(24_000),
                profit: Some(6_000),
                cancel_num: 2,
            }
        );
    }

    #[test]
    fn a_distributors_tally_has_no_costs() {
        let mut t = Tally::new(&Viewer::merchant(1, 9, MerchantKind::Distributor));
        t.add(state::CONFIRMED, 2, 20_000, 16_000);
        assert_eq!((t.supplier_price, t.profit), (None, None));
        assert_eq!((t.order_num, t.units, t.order_price), (1, 2, 20_000));
    }
}
