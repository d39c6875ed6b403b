//! The rules of pushing calendar changes to a channel, without I/O: when a product's changes are
//! due (debounced: a calendar edit of 90 days is one push, not 90), how the due calendars are cut
//! into calls, and when a failed call is tried again (backoff, then given up).

use std::collections::BTreeMap;
use std::time::Duration;

use super::Calendar;

/// How pushes are paced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pacing {
    /// A product's changes wait this long after its last change, so the days of one edit (and
    /// of edits in quick succession) go in one push.
    pub quiet: Duration,
    /// ... but never longer than this after its first unsent change, so a product edited
    /// without pause still reaches the channel.
    pub max_wait: Duration,
    /// Days in one call at most; more are cut into several calls.
    pub max_days_per_call: usize,
    /// Calls of a batch before it is given up (the first included).
    pub max_attempts: u32,
    /// The wait before the second attempt; doubled for each further one.
    pub first_retry: Duration,
    /// The longest wait between attempts.
    pub max_retry: Duration,
}

impl Default for Pacing {
    fn default() -> Self {
        Self {
            quiet: Duration::from_secs(2),
            max_wait: Duration::from_secs(30),
            max_days_per_call: 2000,
            max_attempts: 6,
            first_retry: Duration::from_secs(2),
            max_retry: Duration::from_secs(300),
        }
    }
}

fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl Pacing {
    /// Whether changes first made at `first_ms` and last at `last_ms` are due at `now_ms`.
    pub fn due(&self, first_ms: i64, last_ms: i64, now_ms: i64) -> bool {
        now_ms.saturating_sub(last_ms) >= ms(self.quiet)
            || now_ms.saturating_sub(first_ms) >= ms(self.max_wait)
    }

    /// After `attempts` failed calls, the wait before the next, or None: given up.
    pub fn retry_after(&self, attempts: u32) -> Option<Duration> {
        if attempts == 0 {
            return Some(Duration::ZERO);
        }
        if attempts >= self.max_attempts {
            return None;
        }
        let factor = 2u32.saturating_pow(attempts - 1);
        Some(self.first_retry.saturating_mul(factor).min(self.max_retry))
    }

    /// The calls that carry `calendars`: the days of one product together, in date order, its
    /// repeated dates once (the last value wins: the newest state is what the channel must
    /// hold), products in order, each call at most `max_days_per_call` days (a product with
    /// more is split across calls).
    pub fn calls(&self, calendars: Vec<Calendar>) -> Vec<Vec<Calendar>> {
        let mut merged: BTreeMap<String, BTreeMap<String, super::Day>> = BTreeMap::new();
        for c in calendars {
            let days = merged.entry(c.product).or_default();
            for d in c.days {
                days.insert(d.date.clone(), d);
            }
        }
        let cap = self.max_days_per_call.max(1);
        let mut calls: Vec<Vec<Calendar>> = Vec::new();
        let mut current: Vec<Calendar> = Vec::new();
        let mut size = 0;
        for (product, days) in merged {
            let mut days: Vec<super::Day> = days.into_values().collect();
            while !days.is_empty() {
                let room = cap - size;
                let rest = days.split_off(room.min(days.len()));
                size += days.len();
                current.push(Calendar {
                    product: product.clone(),
                    days,
                });
                days = rest;
                if size == cap {
                    calls.push(std::mem::take(&mut current));
                    size = 0;
                }
            }
        }
        if !current.is_empty() {
            calls.push(current);
        }
        calls
    }
}

#[cfg(test)]
mod tests {
    use super::super::Day;
    use super::*;

    fn cal(product: &str, dates: &[&str], price: i64) -> Calendar {
        Calendar {
            product: product.into(),
            days: dates
                .iter()
                .map(|d| Day {
                    date: (*d).into(),
                    price,
                    retail_price: price,
                    stock: None,
                    closed: false,
                })
                .collect(),
        }
    }

    #[test]
    fn changes_are_due_after_a_quiet_spell_or_the_longest_wait() {
        let p = Pacing::default();
        assert!(!p.due(0, 0, 1_999));
        assert!(p.due(0, 0, 2_000));
        // Edited every second: still held, until half a minute after the first change.
        assert!(!p.due(0, 28_500, 29_999));
        assert!(p.due(0, 29_500, 30_000));
    }

    #[test]
    fn retries_back_off_doubling_to_a_ceiling_then_give_up() {
        let p = Pacing {
            max_attempts: 10,
            ..Pacing::default()
        };
        let waits: Vec<_> = (0..11).map(|a| p.retry_after(a)).collect();
        assert_eq!(waits[0], Some(Duration::ZERO));
        assert_eq!(waits[1], Some(Duration::from_secs(2)));
        assert_eq!(waits[2], Some(Duration::from_secs(4)));
        assert_eq!(waits[4], Some(Duration::from_secs(16)));
        assert_eq!(waits[9], Some(Duration::from_secs(300)));
        assert_eq!(waits[10], None);
    }

    #[test]
    fn a_ninety_day_edit_is_one_call_and_repeated_dates_keep_the_newest() {
        let p = Pacing::default();
        let dates: Vec<String> = (1..=90)
            .map(|i| crate::time::format_day(20_000 + i))
            .collect();
        let refs: Vec<&str> = dates.iter().map(String::as_str).collect();
        let calls = p.calls(vec![
            cal("A", &refs, 100),
            cal("A", &refs[..1], 120),
            cal("B", &refs[..3], 90),
        ]);
        assert_eq!(calls.len(), 1);
        assert_eq!(calls[0].len(), 2);
        assert_eq!(calls[0][0].days.len(), 90);
        assert_eq!(calls[0][0].days[0].price, 120);
        assert_eq!(calls[0][0].days[1].price, 100);
        assert!(calls[0][0].days.windows(2).all(|w| w[0].date < w[1].date));
    }

    #[test]
    fn calls_hold_at_most_the_cap_splitting_a_product() {
        let p = Pacing {
            max_days_per_call: 4,
            ..Pacing::default()
        };
        let calls = p.calls(vec![
            cal("A", &["2026-01-01", "2026-01-02", "2026-01-03"], 1),
            cal("B", &["2026-01-01", "2026-01-02", "2026-01-03"], 1),
        ]);
        let sizes: Vec<Vec<(String, usize)>> = calls
            .iter()
            .map(|c| {
                c.iter()
                    .map(|x| (x.product.clone(), x.days.len()))
                    .collect()
            })
            .collect();
        assert_eq!(
            sizes,
            vec![
                vec![("A".to_owned(), 3), ("B".to_owned(), 1)],
                vec![("B".to_owned(), 2)]
            ]
        );
        assert!(p.calls(Vec::new()).is_empty());
    }
}
