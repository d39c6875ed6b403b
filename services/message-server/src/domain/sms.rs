//! SMS rules: the body's length, retries, and when a licence lets texts go out.

/// A text message carries at most this many characters (the spec's 60).
pub const MAX_CHARS: usize = 60;
/// Attempts before a text is marked failed.
pub const MAX_ATTEMPTS: i32 = 5;

/// The parts a body is sent in: itself when it fits, otherwise two, the second cut (with an
/// ellipsis) when even two would not hold it.
pub fn split(body: &str) -> Vec<String> {
    let chars: Vec<char> = body.chars().collect();
    if chars.len() <= MAX_CHARS {
        return vec![body.to_owned()];
    }
    let first: String = chars[..MAX_CHARS].iter().collect();
    let rest = &chars[MAX_CHARS..];
    let second: String = if rest.len() <= MAX_CHARS {
        rest.iter().collect()
    } else {
        rest[..MAX_CHARS - 1].iter().chain(['…'].iter()).collect()
    };
    vec![first, second]
}

/// How long to wait after the `attempts`-th failure: 2 s doubling, at most 10 minutes.
pub fn backoff_ms(attempts: i32) -> i64 {
    let exp = attempts.clamp(1, 20) - 1;
    (2_000_i64 << exp).min(600_000)
}

/// Whether a licence (as `licence.updated` left it) lets texts go out now: normal, not
/// expired, and for a count, something left.
pub fn live(state: i32, value: i64, expire_date: i64, now: i64) -> bool {
    state == 1 && value > 0 && (expire_date == 0 || expire_date > now)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_body_goes_in_two_parts_of_sixty() {
        assert_eq!(split("short"), ["short"]);
        let sixty = "字".repeat(60);
        assert_eq!(split(&sixty), std::slice::from_ref(&sixty));
        let parts = split(&format!("{sixty}abc"));
        assert_eq!(parts, [sixty.clone(), "abc".to_owned()]);
        let parts = split(&"x".repeat(150));
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[1].chars().count(), 60);
        assert!(parts[1].ends_with('…'));
    }

    #[test]
    fn retries_back_off_up_to_ten_minutes() {
        assert_eq!(backoff_ms(1), 2_000);
        assert_eq!(backoff_ms(2), 4_000);
        assert_eq!(backoff_ms(30), 600_000);
    }

    #[test]
    fn a_licence_is_live_while_normal_unexpired_and_not_used_up() {
        assert!(live(1, 10, 0, 5));
        assert!(live(1, 10, 6, 5));
        assert!(!live(1, 10, 5, 5), "expired");
        assert!(!live(0, 10, 0, 5), "state 0");
        assert!(!live(1, 0, 0, 5), "used up");
    }
}
