//! mall-app's own settings: the keys it reads under `TRADEWIND_MALL_APP__` besides the
//! platform's (database, port, workers, demo data: docs/configuration.md).

use std::time::Duration;

use platform::bus::saga::AnswerWait;
use platform::config::ServiceConfig;

/// The keys read here, declared on the spec for the documentation check.
pub const VARIABLES: &[&str] = &[
    "SNAPUP__PAY_TIMEOUT_MINUTES",
    "SNAPUP__EXPIRY_CHECK_SECS",
    "SNAPUP__MAX_IN_FLIGHT",
    "PAYMENT__ASK_AGAIN_SECS",
    "PAYMENT__GIVE_UP_SECS",
];

/// Unpaid snap-up orders give their stock back after this long.
pub const DEFAULT_PAY_TIMEOUT_MINUTES: i64 = 15;
/// Order attempts one process works on at once before it answers 429.
pub const DEFAULT_MAX_IN_FLIGHT: usize = 64;
/// A credit payment finance-app has not answered is asked again after this long (then twice as
/// long after each ask).
pub const DEFAULT_ASK_AGAIN_SECS: u64 = 60;
/// A credit payment finance-app has not answered this long after it was asked is given up: the
/// order is cancelled and the credit released.
pub const DEFAULT_GIVE_UP_SECS: u64 = 30 * 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SnapupSettings {
    /// ms an unpaid snap-up order holds its stock.
    pub pay_timeout_ms: i64,
    /// How often the unpaid orders past their time are looked for (at least a second).
    pub expiry_check: Duration,
    pub max_in_flight: usize,
    /// When an unanswered credit payment is asked again and given up (the job runs every
    /// `expiry_check`).
    pub credit_answer: AnswerWait,
}

impl SnapupSettings {
    pub fn load(cfg: &ServiceConfig) -> anyhow::Result<Self> {
        let minutes: i64 = cfg.env.parse_or(
            &cfg.var("SNAPUP__PAY_TIMEOUT_MINUTES"),
            DEFAULT_PAY_TIMEOUT_MINUTES,
        )?;
        anyhow::ensure!(
            minutes > 0,
            "TRADEWIND_MALL_APP__SNAPUP__PAY_TIMEOUT_MINUTES must be at least 1"
        );
        let every: u64 = cfg
            .env
            .parse_or(&cfg.var("SNAPUP__EXPIRY_CHECK_SECS"), 30)?;
        let max_in_flight: usize = cfg
            .env
            .parse_or(&cfg.var("SNAPUP__MAX_IN_FLIGHT"), DEFAULT_MAX_IN_FLIGHT)?;
        anyhow::ensure!(
            max_in_flight > 0,
            "TRADEWIND_MALL_APP__SNAPUP__MAX_IN_FLIGHT must be at least 1"
        );
        let ask_again: u64 = cfg
            .env
            .parse_or(&cfg.var("PAYMENT__ASK_AGAIN_SECS"), DEFAULT_ASK_AGAIN_SECS)?;
        let give_up: u64 = cfg
            .env
            .parse_or(&cfg.var("PAYMENT__GIVE_UP_SECS"), DEFAULT_GIVE_UP_SECS)?;
        anyhow::ensure!(
            ask_again > 0,
            "TRADEWIND_MALL_APP__PAYMENT__ASK_AGAIN_SECS must be at least 1"
        );
        anyhow::ensure!(
            give_up >= ask_again,
            "TRADEWIND_MALL_APP__PAYMENT__GIVE_UP_SECS must be at least PAYMENT__ASK_AGAIN_SECS"
        );
        Ok(Self {
            pay_timeout_ms: minutes * 60_000,
            expiry_check: Duration::from_secs(every.max(1)),
            max_in_flight,
            credit_answer: AnswerWait::new(
                Duration::from_secs(ask_again),
                Duration::from_secs(give_up),
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::config::{Defaults, Env};

    fn load(pairs: &[(&str, &str)]) -> anyhow::Result<SnapupSettings> {
        let env = Env::from_pairs(pairs.iter().copied());
        let defaults = Defaults {
            port: 0,
            workers: 1,
            with_database: true,
        };
        SnapupSettings::load(&ServiceConfig::load(&env, crate::NAME, defaults)?)
    }

    #[test]
    fn defaults_and_overrides() {
        let s = load(&[]).unwrap();
        assert_eq!(s.pay_timeout_ms, 15 * 60_000);
        assert_eq!(s.expiry_check, Duration::from_secs(30));
        assert_eq!(s.max_in_flight, 64);
        assert_eq!(
            (
                s.credit_answer.ask_again_after_ms,
                s.credit_answer.give_up_after_ms
            ),
            (60_000, 30 * 60_000)
        );
        let s = load(&[
            ("TRADEWIND_MALL_APP__SNAPUP__PAY_TIMEOUT_MINUTES", "5"),
            ("TRADEWIND_MALL_APP__SNAPUP__EXPIRY_CHECK_SECS", "0"),
            ("TRADEWIND_MALL_APP__SNAPUP__MAX_IN_FLIGHT", "8"),
            ("TRADEWIND_MALL_APP__PAYMENT__ASK_AGAIN_SECS", "10"),
            ("TRADEWIND_MALL_APP__PAYMENT__GIVE_UP_SECS", "120"),
        ])
        .unwrap();
        assert_eq!(s.pay_timeout_ms, 5 * 60_000);
        assert_eq!(s.expiry_check, Duration::from_secs(1));
        assert_eq!(s.max_in_flight, 8);
        assert_eq!(
            (
                s.credit_answer.ask_again_after_ms,
                s.credit_answer.give_up_after_ms
            ),
            (10_000, 120_000)
        );
    }

    #[test]
    fn nothing_or_no_number_is_refused() {
        assert!(load(&[("TRADEWIND_MALL_APP__SNAPUP__PAY_TIMEOUT_MINUTES", "0")]).is_err());
        assert!(load(&[("TRADEWIND_MALL_APP__SNAPUP__MAX_IN_FLIGHT", "0")]).is_err());
        assert!(load(&[("TRADEWIND_MALL_APP__SNAPUP__EXPIRY_CHECK_SECS", "soon")]).is_err());
        assert!(load(&[("TRADEWIND_MALL_APP__PAYMENT__ASK_AGAIN_SECS", "0")]).is_err());
        assert!(
            load(&[
                ("TRADEWIND_MALL_APP__PAYMENT__ASK_AGAIN_SECS", "120"),
                ("TRADEWIND_MALL_APP__PAYMENT__GIVE_UP_SECS", "60"),
            ])
            .is_err(),
            "giving up before the first ask again"
        );
    }
}
