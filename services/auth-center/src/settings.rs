//! auth-center's own settings, the keys it reads under `TRADEWIND_AUTH_CENTER__` besides the
//! platform's (database, port, workers, demo data: docs/configuration.md, where each of these is
//! documented too: the fleet's test fails until it is).

use std::path::PathBuf;
use std::time::Duration;

use platform::config::{ConfigError, ServiceConfig};

use crate::domain::login::Lockout;

/// The keys read here, given to the spec (`ServiceSpec::variables`).
pub const VARIABLES: &[&str] = &[
    "TOKEN__ACCESS_TTL_SECS",
    "TOKEN__REFRESH_TTL_SECS",
    "LOCKOUT__MAX_FAILURES",
    "LOCKOUT__WINDOW_SECS",
    "LOCKOUT__DURATION_SECS",
    "LOGIN__IP_MAX_FAILURES",
    "LOGIN__IP_WINDOW_SECS",
    "KEYS__SIGNING_KEY_FILE",
    "KEYS__PREVIOUS_KEY_FILES",
    // The key API users' secrets are sealed with (`platform::sealing::from_config`).
    "SECRETS__KEY",
    "SECRETS__KEY_FILE",
];

#[derive(Debug, Clone)]
pub struct Settings {
    pub access_ttl_secs: i64,
    pub refresh_ttl_secs: i64,
    pub lockout: Lockout,
    /// Failed logins from one IP within the window before it is refused for the window.
    pub ip_max_failures: u32,
    pub ip_window: Duration,
    pub signing_key_file: PathBuf,
    pub previous_key_files: Vec<PathBuf>,
}

impl Settings {
    pub fn load(cfg: &ServiceConfig) -> Result<Self, ConfigError> {
        let env = &cfg.env;
        let secs = |key: &str, default: u64| -> Result<i64, ConfigError> {
            let d = env.seconds_or(&cfg.var(key), Duration::from_secs(default))?;
            Ok(i64::try_from(d.as_secs()).unwrap_or(i64::MAX).max(1))
        };
        let default_key = env.data_dir().join("auth-center").join("signing-key.pem");
        Ok(Self {
            access_ttl_secs: secs("TOKEN__ACCESS_TTL_SECS", 3600)?,
            refresh_ttl_secs: secs("TOKEN__REFRESH_TTL_SECS", 7 * 24 * 3600)?,
            lockout: Lockout {
                max_failures: env.parse_or(&cfg.var("LOCKOUT__MAX_FAILURES"), 5)?,
                window_ms: secs("LOCKOUT__WINDOW_SECS", 600)? * 1000,
                duration_ms: secs("LOCKOUT__DURATION_SECS", 600)? * 1000,
            },
            ip_max_failures: env.parse_or(&cfg.var("LOGIN__IP_MAX_FAILURES"), 20)?,
            ip_window: env
                .seconds_or(&cfg.var("LOGIN__IP_WINDOW_SECS"), Duration::from_secs(600))?,
            signing_key_file: env
                .get(&cfg.var("KEYS__SIGNING_KEY_FILE"))
                .map_or(default_key, |p| PathBuf::from(p.trim())),
            previous_key_files: env
                .get(&cfg.var("KEYS__PREVIOUS_KEY_FILES"))
                .map(|v| {
                    v.split(',')
                        .map(str::trim)
                        .filter(|p| !p.is_empty())
                        .map(PathBuf::from)
                        .collect()
                })
                .unwrap_or_default(),
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
    fn defaults_follow_the_issue() {
        let s = load(&[]).unwrap();
        assert_eq!((s.access_ttl_secs, s.refresh_ttl_secs), (3600, 604_800));
        assert_eq!(
            s.lockout,
            Lockout {
                max_failures: 5,
                window_ms: 600_000,
                duration_ms: 600_000
            }
        );
        assert_eq!(
            s.signing_key_file,
            PathBuf::from("data/auth-center/signing-key.pem")
        );
    }

    #[test]
    fn variables_override_and_bad_values_are_named() {
        let s = load(&[
            ("TRADEWIND_AUTH_CENTER__LOCKOUT__MAX_FAILURES", "3"),
            (
                "TRADEWIND_AUTH_CENTER__KEYS__PREVIOUS_KEY_FILES",
                "/k/a.pem, /k/b.pem",
            ),
            ("TRADEWIND_AUTH_CENTER__LOGIN__IP_WINDOW_SECS", "60"),
        ])
        .unwrap();
        assert_eq!(s.lockout.max_failures, 3);
        assert_eq!(s.previous_key_files.len(), 2);
        assert_eq!(s.ip_window, Duration::from_secs(60));
        let err = load(&[("TRADEWIND_AUTH_CENTER__LOCKOUT__MAX_FAILURES", "many")]).unwrap_err();
        assert!(err.to_string().contains("LOCKOUT__MAX_FAILURES"), "{err}");
    }
}
