//! The line a benchmark prints for `make bench`'s closing table (scripts/bench.sh collects every
//! line starting `summary|` from every part, whatever language printed it).

use std::fmt::Display;

/// The `p` quantile (0 to 1) of `sorted` (ascending), by the nearest rank: the smallest value
/// with at least `p` of the values at or below it. The default (zero) when there are none.
pub fn percentile<T: Copy + Default>(sorted: &[T], p: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    let rank = (sorted.len() as f64 * p.clamp(0.0, 1.0)).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// A benchmark's size from the variable `key` (`BENCH_...`), else `default`.
pub fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Whether a figure meets its target; `None` when the figure has no target of its own.
pub fn summary(part: &str, figure: &str, value: impl Display, target: &str, met: Option<bool>) {
    println!("{}", summary_line(part, figure, value, target, met));
}

fn summary_line(
    part: &str,
    figure: &str,
    value: impl Display,
    target: &str,
    met: Option<bool>,
) -> String {
    // `|` separates the columns: a value that held one would shift them.
    let clean = |s: String| s.replace('|', "/");
    let met = match met {
        Some(true) => "met",
        Some(false) => "MISSED",
        None => "-",
    };
    format!(
        "summary|{}|{}|{}|{}|{met}",
        clean(part.to_owned()),
        clean(figure.to_owned()),
        clean(value.to_string()),
        clean(target.to_owned()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_ranks() {
        let v: Vec<i64> = (1..=100).collect();
        assert_eq!(percentile(&v, 0.5), 50);
        assert_eq!(percentile(&v, 0.99), 99);
        assert_eq!(percentile(&v, 1.0), 100);
        assert_eq!(percentile(&v, 0.0), 1);
        assert_eq!(percentile(&[7.5], 0.99), 7.5);
        assert_eq!(percentile::<u64>(&[], 0.5), 0);
    }

    #[test]
    fn a_line_has_six_columns_whatever_the_value_holds() {
        let line = summary_line("bus", "p99 a|b", "4 ms", "< 50 ms", Some(true));
        assert_eq!(line, "summary|bus|p99 a/b|4 ms|< 50 ms|met");
        let line = summary_line("bus", "x", 3, "", Some(false));
        assert_eq!(line.split('|').count(), 6);
        assert!(line.ends_with("|MISSED"));
    }
}
