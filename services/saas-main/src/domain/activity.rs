//! The activity dashboard's figures: user actions counted per China calendar day, and the
//! change between two periods.

use std::collections::BTreeMap;

use super::stats::day_of_ms;

/// How many of the actions, taken at the given times (ms), fall on each day.
pub fn per_day(times: impl IntoIterator<Item = i64>) -> BTreeMap<i64, i64> {
    let mut out: BTreeMap<i64, i64> = BTreeMap::new();
    for at in times {
        *out.entry(day_of_ms(at)).or_default() += 1;
    }
    out
}

/// The change from `before` to `now` in percent, rounded to two places; 0 without a base.
pub fn ratio(now: i64, before: i64) -> f64 {
    if before == 0 {
        return 0.0;
    }
    ((now - before) as f64 * 10_000.0 / before as f64).round() / 100.0
}

#[cfg(test)]
mod tests {
    #[test]
    fn ratios() {
        assert_eq!(super::ratio(15, 10), 50.0);
        assert_eq!(super::ratio(5, 10), -50.0);
        assert_eq!(super::ratio(5, 0), 0.0);
        assert_eq!(super::ratio(1, 3), -66.67);
    }
}
