//! saas-main's own settings, under `TRADEWIND_SAAS_MAIN__`.

use std::time::Duration;

use platform::config::{ConfigError, ServiceConfig};

/// The keys read here, for docs/configuration.md.
pub const VARIABLES: &[&str] = &["DEMO__ENABLED", "LICENCES__EXPIRY_CHECK_SECS"];

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// Create the demo tenant and its merchants on first start.
    pub demo: bool,
    /// How often the licences whose expiry passed are announced (at least a second).
    pub licence_expiry_check: Duration,
}

impl Settings {
    pub fn load(cfg: &ServiceConfig) -> Result<Self, ConfigError> {
        let env = &cfg.env;
        let every: u64 = env.parse_or(&cfg.var("LICENCES__EXPIRY_CHECK_SECS"), 60)?;
        Ok(Self {
            demo: env.parse_or(&cfg.var("DEMO__ENABLED"), false)?,
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
        assert!(!s.demo);
        assert_eq!(s.licence_expiry_check, Duration::from_secs(60));
        let s = load(&[
            ("TRADEWIND_SAAS_MAIN__DEMO__ENABLED", "true"),
            ("TRADEWIND_SAAS_MAIN__LICENCES__EXPIRY_CHECK_SECS", "0"),
        ])
        .unwrap();
        assert!(s.demo);
        assert_eq!(s.licence_expiry_check, Duration::from_secs(1));
        let err =
            load(&[("TRADEWIND_SAAS_MAIN__LICENCES__EXPIRY_CHECK_SECS", "soon")]).unwrap_err();
        assert!(
            err.to_string().contains("LICENCES__EXPIRY_CHECK_SECS"),
            "{err}"
        );
    }

    #[test]
    fn every_variable_is_documented() {
        let names = VARIABLES
            .iter()
            .map(|k| format!("TRADEWIND_SAAS_MAIN__{k}"));
        assert_eq!(platform::config::undocumented(names), Vec::<String>::new());
    }
}
