//! When a cached access token may be used, and which WeChat answers call for a new one.

/// Whether a token expiring at `expires_at` (ms) may still be handed out at `now` (ms), given
/// that tokens are refreshed `ahead_ms` before they expire.
pub fn usable(expires_at: i64, now: i64, ahead_ms: i64) -> bool {
    expires_at - ahead_ms > now
}

/// WeChat's codes that mean the token used is no good: invalid credential (40001), expired
/// (42001), and invalid access_token (40014).
pub fn stale_token(errcode: i64) -> bool {
    matches!(errcode, 40001 | 40014 | 42001)
}

/// Codes worth retrying later: WeChat busy (-1), quota and frequency limits (45009 daily quota,
/// 45011 minute frequency, 45047 too many).
pub fn transient(errcode: i64) -> bool {
    matches!(errcode, -1 | 45009 | 45011 | 45047)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_refreshed_ahead_of_its_expiry() {
        assert!(usable(10_000, 4_999, 5_000));
        assert!(!usable(10_000, 5_000, 5_000));
        assert!(!usable(0, 0, 0));
    }

    #[test]
    fn codes_are_classified() {
        assert!(stale_token(40001) && stale_token(42001));
        assert!(!stale_token(45009));
        assert!(transient(45009) && transient(-1));
        assert!(!transient(43004) && !transient(40003));
    }
}
