//! saas-main's own settings: the keys it reads under `TRADEWIND_SAAS_MAIN__` besides the
//! platform's (database, port, workers, demo data: docs/configuration.md). A new one is added
//! here, read in [`Settings::load`], and documented in docs/configuration.md (the fleet's test
//! fails until it is).

use std::time::Duration;

use platform::config::{ConfigError, ServiceConfig};

/// The keys read here, declared on the spec for the documentation check.
pub const VARIABLES: &[&str] = &[
    "LICENCES__EXPIRY_CHECK_SECS",
    // The key interface credentials are sealed with (`platform::sealing::from_config`).
    "SECRETS__KEY",
    "SECRETS__KEY_FILE",
    // The key they travel to hotel-app and ticket-app under
    // (`platform::sealing::transport_from_config`).
    "CHANNEL__TRANSPORT_KEY",
    "CHANNEL__TRANSPORT_KEY_FILE",
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// How often the licences whose expiry passed are announced (at least a second).
    pub licence_expiry_check: Duration,
}

impl Settings {
    pub fn load(cfg: &ServiceConfig) -> Result<Self, ConfigError> {
        let every: u64 = cfg
            .env
            .parse_or(&cfg.var("LICENCES__EXPIRY_CHECK_SECS"), 60)?;
        Ok(Self {
            licence_expiry_check: Duration::from_secs(every.max(1)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::config::{Defaults, Env};

    fn load(pairs: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        let env = Env::from_pairs(pairs.iter().copied());
        let defaults = Defaults {
            port: 0,
            workers: 1,
            with_database: true,
        };
        Settings::load(&ServiceConfig::load(&env, crate::NAME, defaults)?)
    }

    #[test]
    fn defaults_and_overrides() {
        let s = load(&[]).unwrap();
        assert_eq!(s.licence_expiry_check, Duration::from_secs(60));
        let s = load(&[("TRADEWIND_SAAS_MAIN__LICENCES__EXPIRY_CHECK_SECS", "0")]).unwrap();
        assert_eq!(s.licence_expiry_check, Duration::from_secs(1));
        let err =
            load(&[("TRADEWIND_SAAS_MAIN__LICENCES__EXPIRY_CHECK_SECS", "soon")]).unwrap_err();
        assert!(
            err.to_string().contains("LICENCES__EXPIRY_CHECK_SECS"),
            "{err}"
        );
    }
}
