//! The order statistics read model, as plain functions: which outcome an order state counts
//! as, how one order's contribution to its hour moves when its outcome changes, and the time
//! buckets (China time, UTC+8, where the tenants' business days are).

use platform::ApiError;
use platform::i18n::Text;

pub const HOUR_MS: i64 = 3600 * 1000;
pub const DAY_MS: i64 = 24 * HOUR_MS;
const OFFSET_MS: i64 = 8 * HOUR_MS;

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

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (
        if m <= 2 {
            yoe + era * 400 + 1
        } else {
            yoe + era * 400
        },
        m,
        d,
    )
}

/// A `YYYY-MM-DD` date as its day number, or the field's 412.
pub fn parse_date(field: &str, s: &str) -> Result<i64, ApiError> {
    let bad = || {
        ApiError::invalid(
            field,
            Text::fixed("日期格式为 YYYY-MM-DD", "a date as YYYY-MM-DD"),
        )
    };
    let mut parts = s.trim().split('-');
    let (Some(y), Some(m), Some(d), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad());
    };
    let (y, m, d): (i64, i64, i64) = (
        y.parse().map_err(|_| bad())?,
        m.parse().map_err(|_| bad())?,
        d.parse().map_err(|_| bad())?,
    );
    let days = days_from_civil(y, m, d);
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) || civil_from_days(days) != (y, m, d) {
        return Err(bad());
    }
    Ok(days)
}

/// The UTC ms at which a China calendar day starts.
pub fn day_start_ms(day: i64) -> i64 {
    day * DAY_MS - OFFSET_MS
}

/// The China calendar day holding `ms`.
pub fn day_of_ms(ms: i64) -> i64 {
    (ms + OFFSET_MS).div_euclid(DAY_MS)
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

#[cfg(test)]
mod tests {
    use super::*;

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
