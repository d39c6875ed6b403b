//! ticket-app's own settings: the keys it reads under `TRADEWIND_TICKET_APP__` besides the
//! platform's (database, port, workers, demo data: docs/configuration.md). A new one is added
//! here, read in [`OrderSettings::load`], and documented in docs/configuration.md (the fleet's
//! test fails until it is).

use std::time::Duration;

use platform::config::ServiceConfig;

/// The keys read here, declared on the spec for the documentation check.
pub const VARIABLES: &[&str] = &[
    "ORDERS__PAY_TIMEOUT_MINUTES",
    "ORDERS__EXPIRY_CHECK_SECS",
    // The key channel credentials arrive sealed with (`platform::sealing::transport_from_config`).
    "CHANNEL__TRANSPORT_KEY",
    "CHANNEL__TRANSPORT_KEY_FILE",
];

/// Unpaid online-payment orders cancel themselves after this long (as hotel orders do).
pub const DEFAULT_PAY_TIMEOUT_MINUTES: i64 = 24 * 60;

/// Settings the booking endpoint and the unpaid-order job share.
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
            "TRADEWIND_TICKET_APP__ORDERS__PAY_TIMEOUT_MINUTES must be at least 1"
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
