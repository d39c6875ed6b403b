//! hotel-app's own settings: the keys it reads under `TRADEWIND_HOTEL_APP__` besides the
//! platform's (database, port, workers, demo data: docs/configuration.md). A new one is added
//! here, read in [`OrderSettings::load`] or beside it, and documented in docs/configuration.md
//! (the fleet's test fails until it is).

use std::time::Duration;

use platform::config::ServiceConfig;

/// The keys read here, declared on the spec for the documentation check.
pub const VARIABLES: &[&str] = &["ORDERS__PAY_TIMEOUT_MINUTES", "ORDERS__EXPIRY_CHECK_SECS"];

/// Unpaid online-payment orders cancel themselves after this long (the spec's 24 × 60 minutes).
pub const DEFAULT_PAY_TIMEOUT_MINUTES: i64 = 24 * 60;

/// Settings the order endpoints and the unpaid-order job share.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderSettings {
    /// ms an unpaid online-payment order waits for its payment.
    pub pay_timeout_ms: i64,
    /// How often the unpaid orders past their time are looked for (at least a second).
    pub expiry_check: Duration,
}

impl OrderSettings {
    pub fn load(cfg: &ServiceConfig) -> anyhow::Result<Self> {
        let minutes: i64 = cfg.env.parse_or(
            &cfg.var("ORDERS__PAY_TIMEOUT_MINUTES"),
            DEFAULT_PAY_TIMEOUT_MINUTES,
        )?;
        anyhow::ensure!(
            minutes > 0,
            "TRADEWIND_HOTEL_APP__ORDERS__PAY_TIMEOUT_MINUTES must be at least 1"
        );
        let every: u64 = cfg
            .env
            .parse_or(&cfg.var("ORDERS__EXPIRY_CHECK_SECS"), 30)?;
        Ok(Self {
            pay_timeout_ms: minutes * 60_000,
            expiry_check: Duration::from_secs(every.max(1)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::config::{Defaults, Env};

    fn load(pairs: &[(&str, &str)]) -> anyhow::Result<OrderSettings> {
        let env = Env::from_pairs(pairs.iter().copied());
        let defaults = Defaults {
            port: 0,
            workers: 1,
            with_database: true,
        };
        OrderSettings::load(&ServiceConfig::load(&env, crate::NAME, defaults)?)
    }

    #[test]
    fn defaults_and_overrides() {
        let s = load(&[]).unwrap();
        assert_eq!(s.pay_timeout_ms, 24 * 60 * 60_000);
        assert_eq!(s.expiry_check, Duration::from_secs(30));
        let s = load(&[
            ("TRADEWIND_HOTEL_APP__ORDERS__PAY_TIMEOUT_MINUTES", "15"),
            ("TRADEWIND_HOTEL_APP__ORDERS__EXPIRY_CHECK_SECS", "0"),
        ])
        .unwrap();
        assert_eq!(s.pay_timeout_ms, 15 * 60_000);
        assert_eq!(s.expiry_check, Duration::from_secs(1));
    }

    #[test]
    fn a_payment_time_of_nothing_or_no_number_is_refused() {
        let err = load(&[("TRADEWIND_HOTEL_APP__ORDERS__PAY_TIMEOUT_MINUTES", "0")]).unwrap_err();
        assert!(err.to_string().contains("at least 1"), "{err}");
        let err = load(&[("TRADEWIND_HOTEL_APP__ORDERS__EXPIRY_CHECK_SECS", "soon")]).unwrap_err();
        assert!(
            err.to_string().contains("ORDERS__EXPIRY_CHECK_SECS"),
            "{err}"
        );
    }
}
