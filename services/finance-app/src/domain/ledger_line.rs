//! The reconciliation summaries' read model: one line per tenant, side, merchant and currency
//! holding what the ledger's rows of that merchant add up to (orders, due, received or paid,
//! outstanding, abnormal orders). The store keeps the lines in the transaction that changes the
//! rows, by the difference between what the changed rows counted before and after
//! ([`changes`]), so a summary reads a few lines instead of grouping every row.

use std::collections::BTreeMap;

/// A row's ledger figures on one side, or a line's sums of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Figures {
    pub order_count: i64,
    pub due: i64,
    pub done: i64,
    pub outstanding: i64,
    pub abnormal_count: i64,
}

impl Figures {
    /// What one row counts for on a side: nothing unless it owes or has received something
    /// (the rows the ledger lists), else one order, its due, what it has received, the
    /// difference, and whether it is abnormal (verify state -1).
    pub fn of_row(due: i64, done: i64, verify: i32) -> Self {
        if due <= 0 && done <= 0 {
            return Self::default();
        }
        Self {
            order_count: 1,
            due,
            done,
            outstanding: due - done,
            abnormal_count: i64::from(verify == super::settlement::verify::ABNORMAL),
        }
    }

    pub fn is_zero(&self) -> bool {
        *self == Self::default()
    }

    fn add(&mut self, o: &Self, sign: i64) {
        self.order_count += sign * o.order_count;
        self.due += sign * o.due;
        self.done += sign * o.done;
        self.outstanding += sign * o.outstanding;
        self.abnormal_count += sign * o.abnormal_count;
    }
}

/// Which line a row counts in: the side's `kind`, the merchant of that side and the currency.
pub type LineKey = (i32, i64, String);

/// What the lines must change by when rows that counted `before` count `after`: per line, the
/// sum after minus the sum before, lines that do not change left out. In key order, so that
/// concurrent writers touch lines in one order.
pub fn changes(
    before: &[(LineKey, Figures)],
    after: &[(LineKey, Figures)],
) -> BTreeMap<LineKey, Figures> {
    let mut out: BTreeMap<LineKey, Figures> = BTreeMap::new();
    for (k, f) in before {
        out.entry(k.clone()).or_default().add(f, -1);
    }
    for (k, f) in after {
        out.entry(k.clone()).or_default().add(f, 1);
    }
    out.retain(|_, f| !f.is_zero());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(mch: i64) -> LineKey {
        (1, mch, "CNY".into())
    }

    #[test]
    fn a_row_that_owes_nothing_and_received_nothing_counts_for_nothing() {
        assert!(Figures::of_row(0, 0, 0).is_zero());
        assert!(Figures::of_row(0, 0, -1).is_zero());
    }

    #[test]
    fn a_row_counts_one_order_with_its_outstanding_and_its_abnormal_mark() {
        let f = Figures::of_row(10_000, 4_000, -1);
        assert_eq!(
            f,
            Figures {
                order_count: 1,
                due: 10_000,
                done: 4_000,
                outstanding: 6_000,
                abnormal_count: 1
            }
        );
        assert_eq!(Figures::of_row(10_000, 0, 2).abnormal_count, 0);
        // A failed order that had received money still counts (due 0, received > 0).
        assert_eq!(Figures::of_row(0, 500, 0).order_count, 1);
    }

    #[test]
    fn money_received_moves_due_to_received_and_leaves_the_count() {
        let before = [(key(7), Figures::of_row(10_000, 0, 0))];
        let after = [(key(7), Figures::of_row(10_000, 10_000, 2))];
        let c = changes(&before, &after);
        assert_eq!(
            c.get(&key(7)),
            Some(&Figures {
                order_count: 0,
                due: 0,
                done: 10_000,
                outstanding: -10_000,
                abnormal_count: 0
            })
        );
    }

    #[test]
    fn unchanged_rows_change_no_line_and_new_rows_add_theirs() {
        let same = [(key(7), Figures::of_row(300, 100, 1))];
        assert!(changes(&same, &same).is_empty());
        let c = changes(&[], &[(key(8), Figures::of_row(300, 0, 0))]);
        assert_eq!(c.len(), 1);
        assert_eq!(c[&key(8)].order_count, 1);
    }

    #[test]
    fn a_row_moving_to_another_line_leaves_one_and_joins_the_other_in_key_order() {
        let before = [(key(9), Figures::of_row(300, 0, 0))];
        let after = [((1, 9, "USD".into()), Figures::of_row(300, 0, 0))];
        let c = changes(&before, &after);
        let keys: Vec<&LineKey> = c.keys().collect();
        assert_eq!(
            keys,
            [&(1, 9, "CNY".to_string()), &(1, 9, "USD".to_string())]
        );
        assert_eq!(c[&key(9)].order_count, -1);
        assert_eq!(c[&(1, 9, "USD".to_string())].due, 300);
    }
}
