//! Times as the JSON carries them: milliseconds since the Unix epoch; calendar days as day
//! numbers since 1970-01-01, in China time (UTC+8), where the tenants do business.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::error::ApiError;
use crate::i18n::Text;

pub const HOUR_MS: i64 = 3600 * 1000;
pub const DAY_MS: i64 = 24 * HOUR_MS;
/// China time (UTC+8) has no daylight saving.
pub const CHINA_OFFSET_MS: i64 = 8 * HOUR_MS;

pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
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
    day * DAY_MS - CHINA_OFFSET_MS
}

/// The China calendar day holding `ms`.
pub fn day_of_ms(ms: i64) -> i64 {
    (ms + CHINA_OFFSET_MS).div_euclid(DAY_MS)
}

/// A day number as `YYYY-MM-DD`.
pub fn format_day(day: i64) -> String {
    let (y, m, d) = civil_from_days(day);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The weekday of a day number: 1 Monday .. 7 Sunday (1970-01-01 was a Thursday).
pub fn weekday(day: i64) -> i64 {
    (day + 3).rem_euclid(7) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_and_dates_agree() {
        for day in [-1, 0, 59, 365 * 30 + 7, 20_000, 20_415] {
            assert_eq!(parse_date("d", &format_day(day)).ok(), Some(day));
        }
        assert_eq!(format_day(0), "1970-01-01");
        assert_eq!(weekday(0), 4);
        assert_eq!(weekday(parse_date("d", "2026-11-23").ok().unwrap_or(0)), 1);
        assert!(parse_date("d", "2026-02-30").is_err());
        assert!(parse_date("d", "2026-13-01").is_err());
        assert!(parse_date("d", "26-1").is_err());
    }

    #[test]
    fn china_days_start_at_utc_four_pm() {
        let day = 20_000;
        assert_eq!(day_of_ms(day_start_ms(day)), day);
        assert_eq!(day_of_ms(day_start_ms(day) - 1), day - 1);
        assert_eq!(day_start_ms(day) + CHINA_OFFSET_MS, day * DAY_MS);
    }
}
