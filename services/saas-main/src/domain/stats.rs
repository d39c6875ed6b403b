//! The order statistics read model, as plain functions: which outcome an order state counts
//! as, how one order's contribution to its hour moves when its outcome changes, what a batch of
//! order events does to the stored facts and sums, the time buckets (China time, UTC+8, where
//! the tenants' business days are), and the dashboards' periods and merchant rankings.

use platform::ApiError;
use platform::i18n::Text;

pub use platform::time::{
    CHINA_OFFSET_MS as OFFSET_MS, DAY_MS, HOUR_MS, civil_from_days, day_of_ms, day_start_ms,
    days_from_civil, parse_date,
};

/// Where an order stands for the statistics.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Open = 0,
    Success = 1,
    Cancel = 2,
    Fail = 3,
}

impl Outcome {
    pub fn from_i32(v: i32) -> Self {
        match v {
            1 => Self::Success,
            2 => Self::Cancel,
            3 => Self::Fail,
            _ => Self::Open,
        }
    }

    /// The order state of the spec (valid 0, confirmed 1, unpaid 2, paid 3, cancelled 4,
    /// completed 5, refunded 6, refund or change request 7, unconfirmed 8, invalid 9,
    /// arranged 10): confirmed, completed and arranged count as success, cancelled and refunded
    /// as cancel, invalid as fail, the rest as still open.
    pub fn of_order_state(state: i32) -> Self {
        match state {
            1 | 5 | 10 => Self::Success,
            4 | 6 => Self::Cancel,
            9 => Self::Fail,
            _ => Self::Open,
        }
    }
}

/// What one order adds to its hour's counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counters {
    pub order_num: i64,
    pub order_money: i64,
    pub success_num: i64,
    pub success_money: i64,
    pub success_profit: i64,
    pub cancel_num: i64,
    pub cancel_money: i64,
    pub fail_num: i64,
    pub fail_money: i64,
}

impl Counters {
    /// The contribution of an order of `amount` and `profit` standing at `outcome`, counted in
    /// its hour's order total when `counted` (its creation has been seen).
    pub fn of(outcome: Outcome, amount: i64, profit: i64, counted: bool) -> Self {
        let mut c = Self::default();
        if counted {
            c.order_num = 1;
            c.order_money = amount;
        }
        match outcome {
            Outcome::Success => {
                c.success_num = 1;
                c.success_money = amount;
                c.success_profit = profit;
            }
            Outcome::Cancel => {
                c.cancel_num = 1;
                c.cancel_money = amount;
            }
            Outcome::Fail => {
                c.fail_num = 1;
                c.fail_money = amount;
            }
            Outcome::Open => {}
        }
        c
    }

    pub fn minus(self, o: Self) -> Self {
        Self {
            order_num: self.order_num - o.order_num,
            order_money: self.order_money - o.order_money,
            success_num: self.success_num - o.success_num,
            success_money: self.success_money - o.success_money,
            success_profit: self.success_profit - o.success_profit,
            cancel_num: self.cancel_num - o.cancel_num,
            cancel_money: self.cancel_money - o.cancel_money,
            fail_num: self.fail_num - o.fail_num,
            fail_money: self.fail_money - o.fail_money,
        }
    }

    pub fn plus(self, o: Self) -> Self {
        self.minus(Self::default().minus(o))
    }

    pub fn is_zero(&self) -> bool {
        *self == Self::default()
    }
}

/// The start (UTC ms) of the hour holding `ms`.
pub fn hour_of(ms: i64) -> i64 {
    ms.div_euclid(HOUR_MS) * HOUR_MS
}

/// 1 hourly, 2 daily, 3 monthly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Display {
    Hourly = 1,
    Daily = 2,
    Monthly = 3,
}

/// The display type for a range of `days` days: the one asked if the rules allow it, else the
/// default (hourly up to 7 days, daily up to 90, monthly beyond; at most 12 months).
pub fn display_for(days: i64, months: i64, asked: Option<i32>) -> Result<Display, ApiError> {
    let refuse =
        |zh: &'static str, en: &'static str| ApiError::invalid("displayType", Text::fixed(zh, en));
    let chosen = match asked {
        None => {
            if days <= 7 {
                Display::Hourly
            } else if days <= 90 {
                Display::Daily
            } else {
                Display::Monthly
            }
        }
        Some(1) => Display::Hourly,
        Some(2) => Display::Daily,
        Some(3) => Display::Monthly,
        Some(_) => {
            return Err(refuse(
                "只能是 1（按小时）、2（按天）或 3（按月）",
                "must be 1 (hourly), 2 (daily) or 3 (monthly)",
            ));
        }
    };
    match chosen {
        Display::Hourly if days > 7 => Err(refuse(
            "按小时统计的范围不能超过 7 天",
            "hourly figures cover at most 7 days",
        )),
        Display::Daily if days > 90 => Err(refuse(
            "按天统计的范围不能超过 90 天",
            "daily figures cover at most 90 days",
        )),
        Display::Monthly if months > 12 => Err(refuse(
            "按月统计最多 12 个月",
            "monthly figures cover at most 12 months",
        )),
        Display::Monthly if days <= 7 => Err(refuse(
            "7 天以内只能按小时或按天统计",
            "a range of up to 7 days is shown hourly or daily",
        )),
        _ => Ok(chosen),
    }
}

/// The label of the bucket starting at `start_ms`.
pub fn label(display: Display, start_ms: i64) -> String {
    let day = day_of_ms(start_ms);
    let (y, m, d) = civil_from_days(day);
    match display {
        Display::Hourly => {
            let hour = (start_ms + OFFSET_MS).rem_euclid(DAY_MS) / HOUR_MS;
            format!("{y:04}-{m:02}-{d:02} {hour:02}:00")
        }
        Display::Daily => format!("{y:04}-{m:02}-{d:02}"),
        Display::Monthly => format!("{y:04}-{m:02}"),
    }
}

/// The bucket starts (UTC ms) covering days `first..=last`, and for each its end.
pub fn buckets(display: Display, first: i64, last: i64) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    match display {
        Display::Hourly => {
            let mut t = day_start_ms(first);
            while t < day_start_ms(last + 1) {
                out.push((t, t + HOUR_MS));
                t += HOUR_MS;
            }
        }
        Display::Daily => {
            for day in first..=last {
                out.push((day_start_ms(day), day_start_ms(day + 1)));
            }
        }
        Display::Monthly => {
            let (mut y, mut m, _) = civil_from_days(first);
            loop {
                let start_day = days_from_civil(y, m, 1).max(first);
                if start_day > last {
                    break;
                }
                let (ny, nm) = if m == 12 { (y + 1, 1) } else { (y, m + 1) };
                let end_day = days_from_civil(ny, nm, 1).min(last + 1);
                out.push((day_start_ms(start_day), day_start_ms(end_day)));
                (y, m) = (ny, nm);
            }
        }
    }
    out
}

/// Months touched by days `first..=last`.
pub fn months_between(first: i64, last: i64) -> i64 {
    let (y1, m1, _) = civil_from_days(first);
    let (y2, m2, _) = civil_from_days(last);
    (y2 - y1) * 12 + (m2 - m1) + 1
}

/// The buckets sums are kept in: hours (UTC ms at the hour's start), China calendar days (days
/// since 1970-01-01) and China calendar months (months since 1970-01). A query reads the
/// coarsest grain that fits, so its cost follows the number of buckets shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Grain {
    Hour = 1,
    Day = 2,
    Month = 3,
}

/// Months since 1970-01 of a day.
pub fn month_of_day(day: i64) -> i64 {
    let (y, m, _) = civil_from_days(day);
    (y - 1970) * 12 + m - 1
}

/// The first day of a month counted since 1970-01.
pub fn month_start_day(month: i64) -> i64 {
    days_from_civil(1970 + month.div_euclid(12), month.rem_euclid(12) + 1, 1)
}

impl Grain {
    /// The bucket holding the hour starting at `hour_ms`.
    pub fn bucket_of(self, hour_ms: i64) -> i64 {
        match self {
            Self::Hour => hour_ms,
            Self::Day => day_of_ms(hour_ms),
            Self::Month => month_of_day(day_of_ms(hour_ms)),
        }
    }

    /// When a bucket starts, UTC ms.
    pub fn start_ms(self, bucket: i64) -> i64 {
        match self {
            Self::Hour => bucket,
            Self::Day => day_start_ms(bucket),
            Self::Month => day_start_ms(month_start_day(bucket)),
        }
    }
}

/// The days `first..=last` a dashboard call covers: the dates given (both or neither), or the
/// last `default_days` up to `today`; at most `max_days` long.
pub fn period(
    start: Option<&str>,
    end: Option<&str>,
    today: i64,
    default_days: i64,
    max_days: i64,
) -> Result<(i64, i64), ApiError> {
    let need =
        |field: &str| ApiError::invalid(field, Text::fixed("请输入日期", "please enter date"));
    let (first, last) = match (start, end) {
        (None, None) => return Ok((today - default_days + 1, today)),
        (Some(s), Some(e)) => (parse_date("startDate", s)?, parse_date("endDate", e)?),
        (None, Some(_)) => return Err(need("startDate")),
        (Some(_), None) => return Err(need("endDate")),
    };
    if last < first {
        return Err(ApiError::invalid(
            "endDate",
            Text::fixed("结束日期不能早于开始日期", "cannot be before startDate"),
        ));
    }
    if last - first + 1 > max_days {
        return Err(ApiError::invalid(
            "endDate",
            Text::new(
                format!("统计范围不能超过 {max_days} 天"),
                format!("the range covers at most {max_days} days"),
            ),
        ));
    }
    Ok((first, last))
}

/// The `limit` merchants with the largest successful amount; ties go to more orders, then to
/// the smaller (older) id, so the order is stable.
pub fn rank(
    by_mch: std::collections::HashMap<i64, Counters>,
    limit: usize,
) -> Vec<(i64, Counters)> {
    let mut all: Vec<(i64, Counters)> = by_mch.into_iter().collect();
    all.sort_by(|(ma, a), (mb, b)| {
        b.success_money
            .cmp(&a.success_money)
            .then(b.order_num.cmp(&a.order_num))
            .then(ma.cmp(mb))
    });
    all.truncate(limit);
    all
}

/// Each merchant's counters summed over its sums.
pub fn per_merchant<'a>(
    sums: impl IntoIterator<Item = (i64, &'a Counters)>,
) -> std::collections::HashMap<i64, Counters> {
    let mut by_mch: std::collections::HashMap<i64, Counters> = std::collections::HashMap::new();
    for (mch_id, c) in sums {
        let e = by_mch.entry(mch_id).or_default();
        *e = e.plus(*c);
    }
    by_mch
}

/// How many merchants are active: those with an order in one of their sums at least.
pub fn active_merchants<'a>(sums: impl IntoIterator<Item = (i64, &'a Counters)>) -> i64 {
    let mut ids: Vec<i64> = sums
        .into_iter()
        .filter(|(_, c)| c.order_num > 0)
        .map(|(mch_id, _)| mch_id)
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids.len() as i64
}

/// The whole months inside days `first..=last`, as months since 1970-01 `[from, to)` (empty
/// when none is whole).
pub fn whole_months(first: i64, last: i64) -> (i64, i64) {
    let mut from = month_of_day(first);
    if month_start_day(from) < first {
        from += 1;
    }
    let mut to = month_of_day(last) + 1;
    if month_start_day(to) > last + 1 {
        to -= 1;
    }
    (from, to.max(from))
}

/// Whose sums a row holds: the whole tenant's, or one supplier's or distributor's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Tenant = 0,
    Supplier = 1,
    Distributor = 2,
}

/// Where one set of counters is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SumKey {
    pub saas_id: i64,
    pub grain: Grain,
    pub bucket: i64,
    pub product_type: i32,
    pub supplier_interface_id: i64,
    pub distributor_interface_id: i64,
    pub side: Side,
    pub mch_id: i64,
}

/// What the statistics know of one order: its dimensions, when it was created (once its
/// `created` event is seen), its amounts, and the outcome of its latest change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderFacts {
    pub saas_id: i64,
    pub product_type: i32,
    pub supplier_interface_id: i64,
    pub distributor_interface_id: i64,
    pub supplier_mch_id: i64,
    pub distributor_mch_id: i64,
    pub created_hour: Option<i64>,
    /// What the guest pays, fen.
    pub amount: i64,
    pub profit: i64,
    /// What the supplier is paid and what the distributor pays, fen.
    pub supplier_amount: i64,
    pub distributor_amount: i64,
    pub outcome: Outcome,
    /// When the outcome was decided: an older change arriving later changes nothing.
    pub outcome_at: i64,
}

impl OrderFacts {
    /// What the order adds to the sums: the tenant's in each grain, and each merchant's per day
    /// (in the merchant's own amount). Nothing before its creation is seen.
    pub fn sums(&self) -> Vec<(SumKey, Counters)> {
        let Some(hour) = self.created_hour else {
            return Vec::new();
        };
        let key = |grain: Grain, side: Side, mch_id: i64| SumKey {
            saas_id: self.saas_id,
            grain,
            bucket: grain.bucket_of(hour),
            product_type: self.product_type,
            supplier_interface_id: self.supplier_interface_id,
            distributor_interface_id: self.distributor_interface_id,
            side,
            mch_id,
        };
        let tenant = Counters::of(self.outcome, self.amount, self.profit, true);
        let mut out = vec![
            (key(Grain::Hour, Side::Tenant, 0), tenant),
            (key(Grain::Day, Side::Tenant, 0), tenant),
            (key(Grain::Month, Side::Tenant, 0), tenant),
        ];
        if self.supplier_mch_id != 0 {
            out.push((
                key(Grain::Day, Side::Supplier, self.supplier_mch_id),
                Counters::of(self.outcome, self.supplier_amount, self.profit, true),
            ));
        }
        if self.distributor_mch_id != 0 {
            out.push((
                key(Grain::Day, Side::Distributor, self.distributor_mch_id),
                Counters::of(self.outcome, self.distributor_amount, self.profit, true),
            ));
        }
        out
    }

    /// The order's creation was seen (`seen` as the event tells it). A second sighting changes
    /// nothing; a change seen before it keeps its outcome when it is the newer.
    pub fn on_created(prev: Option<&Self>, seen: Self) -> Option<Self> {
        match prev {
            Some(p) if p.created_hour.is_some() => None,
            Some(p) if p.outcome_at >= seen.outcome_at => Some(Self {
                outcome: p.outcome,
                outcome_at: p.outcome_at,
                ..seen
            }),
            _ => Some(seen),
        }
    }

    /// The order moved to `outcome` at `at` (`seen` holds the event's dimensions, for an order
    /// whose creation is not seen yet). An older change than the one applied changes nothing.
    pub fn on_moved(prev: Option<&Self>, seen: Self, outcome: Outcome, at: i64) -> Option<Self> {
        match prev {
            Some(p) if at < p.outcome_at => None,
            Some(p) => Some(Self {
                outcome,
                outcome_at: at,
                ..p.clone()
            }),
            None => Some(Self {
                created_hour: None,
                amount: 0,
                profit: 0,
                supplier_amount: 0,
                distributor_amount: 0,
                outcome,
                outcome_at: at,
                ..seen
            }),
        }
    }
}

/// How the statistics name an order: ids are unique within a product type only.
pub fn order_key(product_type: i32, order_id: i64) -> String {
    format!("{product_type}:{order_id}")
}

/// What one order event does to its order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The order was created, with the facts its event tells.
    Created(OrderFacts),
    /// The order moved to an outcome at a time; the facts are the event's, for an order whose
    /// creation is not seen yet.
    Moved(OrderFacts, Outcome, i64),
}

/// What a batch of changes does to the stored facts.
#[derive(Debug, Default)]
pub struct BatchEffect {
    /// The facts of each order the batch changed, by key.
    pub orders: std::collections::HashMap<String, OrderFacts>,
    /// How each sum moves; sums that do not move are left out.
    pub sums: std::collections::HashMap<SumKey, Counters>,
}

/// Applies `changes` in their order to the facts `stored` (the orders they name that are
/// known): each order's latest facts, and the net move of every sum they count in.
pub fn apply_changes(
    stored: &std::collections::HashMap<String, OrderFacts>,
    changes: Vec<(String, Change)>,
) -> BatchEffect {
    let mut effect = BatchEffect::default();
    for (key, change) in changes {
        let prev = effect.orders.get(&key).or_else(|| stored.get(&key));
        let next = match change {
            Change::Created(seen) => OrderFacts::on_created(prev, seen),
            Change::Moved(seen, outcome, at) => OrderFacts::on_moved(prev, seen, outcome, at),
        };
        if let Some(next) = next {
            if let Some(prev) = prev {
                accumulate(&mut effect.sums, prev, -1);
            }
            accumulate(&mut effect.sums, &next, 1);
            effect.orders.insert(key, next);
        }
    }
    effect.sums.retain(|_, c| !c.is_zero());
    effect
}

/// Adds `by`'s sums, or takes them away (`sign` -1), into `into`.
pub fn accumulate(
    into: &mut std::collections::HashMap<SumKey, Counters>,
    by: &OrderFacts,
    sign: i64,
) {
    for (key, c) in by.sums() {
        let entry = into.entry(key).or_default();
        *entry = if sign < 0 {
            entry.minus(c)
        } else {
            entry.plus(c)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(outcome: Outcome, at: i64, created: Option<i64>) -> OrderFacts {
        OrderFacts {
            saas_id: 1,
            product_type: 10,
            supplier_interface_id: 0,
            distributor_interface_id: 3,
            supplier_mch_id: 7,
            distributor_mch_id: 8,
            created_hour: created,
            amount: 100,
            profit: 10,
            supplier_amount: 90,
            distributor_amount: 95,
            outcome,
            outcome_at: at,
        }
    }

    #[test]
    fn an_order_counts_for_the_tenant_in_every_grain_and_for_each_merchant_by_day() {
        let hour = day_start_ms(days_from_civil(2026, 11, 22)) + 3 * HOUR_MS;
        let f = facts(Outcome::Success, hour, Some(hour));
        let sums = f.sums();
        assert_eq!(sums.len(), 5);
        let supplier = sums.iter().find(|(k, _)| k.side == Side::Supplier).unwrap();
        assert_eq!((supplier.0.mch_id, supplier.0.grain), (7, Grain::Day));
        assert_eq!(supplier.1.success_money, 90);
        let month = sums.iter().find(|(k, _)| k.grain == Grain::Month).unwrap();
        assert_eq!(month.0.bucket, month_of_day(days_from_civil(2026, 11, 22)));
        assert_eq!(
            Grain::Month.start_ms(month.0.bucket),
            day_start_ms(days_from_civil(2026, 11, 1))
        );
        // Before its creation is seen an order adds nothing.
        assert!(facts(Outcome::Success, hour, None).sums().is_empty());
    }

    #[test]
    fn the_newest_change_wins_in_any_delivery_order() {
        let created = facts(Outcome::Open, 1_000, Some(0));
        // Creation, then confirmation, then a late, older invalidation.
        let a = OrderFacts::on_created(None, created.clone()).unwrap();
        let b = OrderFacts::on_moved(Some(&a), created.clone(), Outcome::Success, 5_000).unwrap();
        assert_eq!(
            OrderFacts::on_moved(Some(&b), created.clone(), Outcome::Fail, 2_000),
            None
        );
        // Confirmation first, creation after: the confirmation stands.
        let c = OrderFacts::on_moved(None, created.clone(), Outcome::Success, 5_000).unwrap();
        assert!(c.sums().is_empty());
        let d = OrderFacts::on_created(Some(&c), created.clone()).unwrap();
        assert_eq!((d.outcome, d.amount), (Outcome::Success, 100));
        assert_eq!(OrderFacts::on_created(Some(&d), created), None);
    }

    #[test]
    fn periods_default_and_stay_bounded() {
        let today = days_from_civil(2026, 11, 22);
        assert_eq!(
            period(None, None, today, 30, 366).unwrap(),
            (today - 29, today)
        );
        let p = period(Some("2026-11-01"), Some("2026-11-22"), today, 30, 366).unwrap();
        assert_eq!(p, (days_from_civil(2026, 11, 1), today));
        assert!(period(Some("2026-11-01"), None, today, 30, 366).is_err());
        assert!(period(Some("2026-11-02"), Some("2026-11-01"), today, 30, 366).is_err());
        assert!(period(Some("2024-01-01"), Some("2026-11-01"), today, 30, 366).is_err());
    }

    #[test]
    fn ranking_is_by_successful_amount_then_orders_then_id() {
        let c = |money, orders| Counters {
            success_money: money,
            order_num: orders,
            ..Counters::default()
        };
        let by = std::collections::HashMap::from([
            (5, c(100, 1)),
            (3, c(300, 1)),
            (4, c(100, 2)),
            (2, c(100, 2)),
        ]);
        let ids: Vec<i64> = rank(by, 3).into_iter().map(|(m, _)| m).collect();
        assert_eq!(ids, vec![3, 2, 4]);
    }

    #[test]
    fn merchants_are_summed_and_counted_active_once() {
        let c = |orders| Counters {
            order_num: orders,
            success_money: 10,
            ..Counters::default()
        };
        let (a, b, idle) = (c(1), c(2), c(0));
        let sums = [(7, &a), (8, &idle), (7, &b)];
        let by = per_merchant(sums);
        assert_eq!((by[&7].order_num, by[&7].success_money), (3, 20));
        assert_eq!(by[&8].order_num, 0);
        assert_eq!(active_merchants(sums), 1);
    }

    #[test]
    fn whole_months_leave_partial_edges_to_days() {
        let d = |m, day| days_from_civil(2026, m, day);
        let nov = month_of_day(d(11, 1));
        assert_eq!(whole_months(d(11, 1), d(11, 30)), (nov, nov + 1));
        assert_eq!(whole_months(d(10, 15), d(12, 31)), (nov, nov + 2));
        assert_eq!(
            whole_months(d(11, 2), d(11, 29)).0,
            whole_months(d(11, 2), d(11, 29)).1
        );
        assert_eq!(month_start_day(month_of_day(d(2, 14))), d(2, 1));
    }

    #[test]
    fn moving_sums_nets_to_the_new_outcome() {
        let mut sums = std::collections::HashMap::new();
        let a = facts(Outcome::Open, 0, Some(0));
        accumulate(&mut sums, &a, 1);
        let b = OrderFacts::on_moved(Some(&a), a.clone(), Outcome::Cancel, 1).unwrap();
        accumulate(&mut sums, &a, -1);
        accumulate(&mut sums, &b, 1);
        for (key, c) in &sums {
            assert_eq!(
                (c.order_num, c.cancel_num, c.success_num),
                (1, 1, 0),
                "{key:?}"
            );
        }
    }

    #[test]
    fn a_batch_keeps_each_orders_latest_facts_and_the_net_moves() {
        let created = facts(Outcome::Open, 1_000, Some(0));
        let key = order_key(10, 1);
        let batch = vec![
            (key.clone(), Change::Created(created.clone())),
            (
                key.clone(),
                Change::Moved(created.clone(), Outcome::Success, 5_000),
            ),
            // Older than the confirmation: changes nothing.
            (
                key.clone(),
                Change::Moved(created.clone(), Outcome::Fail, 2_000),
            ),
        ];
        let effect = apply_changes(&std::collections::HashMap::new(), batch);
        assert_eq!(effect.orders.len(), 1);
        assert_eq!(effect.orders[&key].outcome, Outcome::Success);
        assert_eq!(effect.sums.len(), 5);
        assert!(
            effect
                .sums
                .values()
                .all(|c| (c.order_num, c.success_num) == (1, 1))
        );

        // The same creation again over the stored order: nothing moves.
        let stored = effect.orders;
        let again = apply_changes(&stored, vec![(key, Change::Created(created))]);
        assert!(again.orders.is_empty() && again.sums.is_empty());
    }

    #[test]
    fn order_states_map_to_outcomes() {
        assert_eq!(Outcome::of_order_state(1), Outcome::Success);
        assert_eq!(Outcome::of_order_state(4), Outcome::Cancel);
        assert_eq!(Outcome::of_order_state(9), Outcome::Fail);
        assert_eq!(Outcome::of_order_state(2), Outcome::Open);
    }

    #[test]
    fn moving_an_order_between_outcomes_keeps_the_totals() {
        let before = Counters::of(Outcome::Success, 100, 10, true);
        let after = Counters::of(Outcome::Cancel, 100, 10, true);
        let delta = after.minus(before);
        assert_eq!(delta.order_num, 0);
        assert_eq!(
            (delta.success_num, delta.cancel_num, delta.cancel_money),
            (-1, 1, 100)
        );
        assert_eq!(before.plus(delta), after);
    }

    #[test]
    fn dates_round_trip() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(
            civil_from_days(days_from_civil(2026, 11, 22)),
            (2026, 11, 22)
        );
        assert_eq!(civil_from_days(days_from_civil(2024, 2, 29)), (2024, 2, 29));
        assert!(parse_date("startDate", "2026-02-30").is_err());
        assert!(parse_date("startDate", "2026-1-5").is_ok());
        assert!(parse_date("startDate", "yesterday").is_err());
    }

    #[test]
    fn display_rules() {
        assert_eq!(display_for(7, 1, None).unwrap(), Display::Hourly);
        assert_eq!(display_for(8, 1, None).unwrap(), Display::Daily);
        assert_eq!(display_for(91, 4, None).unwrap(), Display::Monthly);
        assert!(display_for(8, 1, Some(1)).is_err());
        assert!(display_for(91, 4, Some(2)).is_err());
        assert!(display_for(400, 14, Some(3)).is_err());
        assert!(display_for(3, 1, Some(3)).is_err());
        assert_eq!(display_for(3, 1, Some(2)).unwrap(), Display::Daily);
        assert_eq!(display_for(30, 2, Some(3)).unwrap(), Display::Monthly);
    }

    #[test]
    fn buckets_cover_the_range_in_china_time() {
        let first = days_from_civil(2026, 11, 20);
        let hours = buckets(Display::Hourly, first, first + 1);
        assert_eq!(hours.len(), 48);
        assert_eq!(label(Display::Hourly, hours[0].0), "2026-11-20 00:00");
        let months = buckets(
            Display::Monthly,
            days_from_civil(2026, 1, 15),
            days_from_civil(2026, 3, 2),
        );
        let labels: Vec<String> = months
            .iter()
            .map(|(s, _)| label(Display::Monthly, *s))
            .collect();
        assert_eq!(labels, ["2026-01", "2026-02", "2026-03"]);
        assert_eq!(
            months_between(days_from_civil(2026, 1, 15), days_from_civil(2026, 12, 1)),
            12
        );
    }
}
