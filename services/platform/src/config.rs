//! Configuration: defaults that run the embedded mode, overridden by environment variables.
//!
//! Per-service variables are `TRADEWIND_<SERVICE>__<SECTION>__<KEY>` where `<SERVICE>` is the
//! service name upper-cased with `-` turned into `_` (`TRADEWIND_HOTEL_APP__DATABASE__URL`), so
//! the fleet process, which runs every service, can still configure each one apart.
//! Every variable read here is listed in [`SERVICE_VARIABLES`] or [`GLOBAL_VARIABLES`], and a test
//! keeps `docs/configuration.md` in step with those lists.

use std::collections::HashMap;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Duration;

use crate::secret::Secret;

/// Keys every service reads under its own `TRADEWIND_<SERVICE>__` prefix.
pub const SERVICE_VARIABLES: &[&str] = &[
    "HTTP__HOST",
    "HTTP__PORT",
    "HTTP__WORKERS",
    "HTTP__SHUTDOWN_TIMEOUT_SECS",
    "HTTP__DRAIN_SECS",
    "DATABASE__URL",
    "DATABASE__POOL_SIZE",
    "DATABASE__CONNECT_TIMEOUT_SECS",
    crate::bus::relay::POLL_VARIABLE,
];

/// Variables shared by every service of a process.
pub const GLOBAL_VARIABLES: &[&str] = &[
    "TRADEWIND_AMQP_URL",
    "TRADEWIND_NODE_ID",
    "TRADEWIND_DATA_DIR",
    "TRADEWIND_AUTH_URL",
    "TRADEWIND_AUTH_SESSION_CACHE_SECS",
    "TRADEWIND_AUTH_PERMISSION_CACHE_SECS",
    "TRADEWIND_FLEET_SECRET",
    "TRADEWIND_LOG",
    "TRADEWIND_LOG_FORMAT",
    "TRADEWIND_TRACE",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
];

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error("environment variable {var}={value:?} is invalid: {reason}")]
    Invalid {
        var: String,
        value: String,
        reason: String,
    },
}

/// A snapshot of the environment, so configuration can be built from a map in tests.
#[derive(Debug, Clone, Default)]
pub struct Env {
    vars: HashMap<String, String>,
}

impl Env {
    pub fn from_process() -> Self {
        Self {
            vars: std::env::vars().collect(),
        }
    }

    pub fn from_pairs<K: Into<String>, V: Into<String>>(
        pairs: impl IntoIterator<Item = (K, V)>,
    ) -> Self {
        Self {
            vars: pairs
                .into_iter()
                .map(|(k, v)| (k.into(), v.into()))
                .collect(),
        }
    }

    pub fn set(&mut self, key: impl Into<String>, value: impl Into<String>) {
        self.vars.insert(key.into(), value.into());
    }

    /// The value of a variable; an empty value counts as unset.
    pub fn get(&self, var: &str) -> Option<&str> {
        self.vars
            .get(var)
            .map(String::as_str)
            .filter(|v| !v.trim().is_empty())
    }

    /// Parses a variable, falling back to `default` when unset.
    pub fn parse_or<T>(&self, var: &str, default: T) -> Result<T, ConfigError>
    where
        T: FromStr,
        T::Err: std::fmt::Display,
    {
        match self.get(var) {
            None => Ok(default),
            Some(raw) => raw
                .trim()
                .parse()
                .map_err(|e: T::Err| ConfigError::Invalid {
                    var: var.to_owned(),
                    value: raw.to_owned(),
                    reason: e.to_string(),
                }),
        }
    }

    /// A duration given in (possibly fractional) seconds.
    pub fn seconds_or(&self, var: &str, default: Duration) -> Result<Duration, ConfigError> {
        let secs: f64 = self.parse_or(var, default.as_secs_f64())?;
        Duration::try_from_secs_f64(secs).map_err(|e| ConfigError::Invalid {
            var: var.to_owned(),
            value: secs.to_string(),
            reason: e.to_string(),
        })
    }

    pub fn data_dir(&self) -> PathBuf {
        PathBuf::from(self.get("TRADEWIND_DATA_DIR").unwrap_or("data"))
    }
}

/// `TRADEWIND_HOTEL_APP__HTTP__PORT` for (`hotel-app`, `HTTP__PORT`).
pub fn service_var(service: &str, key: &str) -> String {
    format!(
        "TRADEWIND_{}__{key}",
        service.to_uppercase().replace('-', "_")
    )
}

#[derive(Debug, Clone)]
pub struct HttpConfig {
    pub host: String,
    /// 0 binds any free port (tests, and the fleet when asked).
    pub port: u16,
    pub workers: usize,
    /// How long in-flight requests may run on after a stop signal.
    pub shutdown_timeout: Duration,
    /// How long the process leaves traffic after a stop signal before its server stops
    /// (`crate::drain`).
    pub drain: Duration,
}

#[derive(Debug, Clone)]
pub struct DatabaseConfig {
    /// `postgres://user:pass@host:port/db` or `sqlite://path/to/file.db`.
    pub url: Secret<String>,
    pub pool_size: u32,
    pub connect_timeout: Duration,
}

/// How a process verifies callers (see `platform::auth`).
#[derive(Debug, Clone)]
pub struct AuthConfig {
    /// auth-center's base URL, for its public keys, session checks and permission lists.
    pub url: String,
    pub cache: crate::auth::CacheSettings,
}

impl AuthConfig {
    pub fn load(env: &Env) -> Result<Self, ConfigError> {
        let defaults = crate::auth::CacheSettings::default();
        Ok(Self {
            url: env
                .get("TRADEWIND_AUTH_URL")
                .unwrap_or("http://127.0.0.1:8081")
                .trim()
                .to_owned(),
            cache: crate::auth::CacheSettings {
                session: env.seconds_or("TRADEWIND_AUTH_SESSION_CACHE_SECS", defaults.session)?,
                permissions: env
                    .seconds_or("TRADEWIND_AUTH_PERMISSION_CACHE_SECS", defaults.permissions)?,
                key_refetch: defaults.key_refetch,
            },
        })
    }
}

#[derive(Debug, Clone)]
pub struct ServiceConfig {
    pub name: String,
    pub http: HttpConfig,
    /// None for the gateway, which keeps no database.
    pub database: Option<DatabaseConfig>,
    pub auth: AuthConfig,
    /// Signs the gateway's identity headers (the gateway) and checks them (every service): see
    /// [`crate::http::identity`]. The same in every process of an installation.
    pub fleet_secret: Secret<String>,
    /// The environment it was read from, for a service's own settings ([`Self::var`]).
    pub env: Env,
}

/// What differs between services before any variable is read.
#[derive(Debug, Clone, Copy)]
pub struct Defaults {
    pub port: u16,
    pub workers: usize,
    pub with_database: bool,
}

impl ServiceConfig {
    pub fn load(env: &Env, name: &str, defaults: Defaults) -> Result<Self, ConfigError> {
        let var = |key: &str| service_var(name, key);
        let http = HttpConfig {
            host: env
                .get(&var("HTTP__HOST"))
                .unwrap_or("127.0.0.1")
                .trim()
                .to_owned(),
            port: env.parse_or(&var("HTTP__PORT"), defaults.port)?,
            workers: env
                .parse_or(&var("HTTP__WORKERS"), defaults.workers)?
                .max(1),
            shutdown_timeout: env
                .seconds_or(&var("HTTP__SHUTDOWN_TIMEOUT_SECS"), Duration::from_secs(10))?,
            drain: env.seconds_or(&var("HTTP__DRAIN_SECS"), Duration::from_secs(5))?,
        };
        let database = if defaults.with_database {
            let default_url = format!("sqlite://{}/{name}.db", env.data_dir().display());
            let url = env
                .get(&var("DATABASE__URL"))
                .map(|u| u.trim().to_owned())
                .unwrap_or(default_url);
            let is_sqlite = url.starts_with("sqlite:");
            Some(DatabaseConfig {
                url: Secret::new(url),
                // SQLite serialises writers anyway; a few readers are all WAL mode can use.
                pool_size: env
                    .parse_or(&var("DATABASE__POOL_SIZE"), if is_sqlite { 4 } else { 10 })?,
                connect_timeout: env.seconds_or(
                    &var("DATABASE__CONNECT_TIMEOUT_SECS"),
                    Duration::from_secs(5),
                )?,
            })
        } else {
            None
        };
        Ok(Self {
            name: name.to_owned(),
            http,
            database,
            auth: AuthConfig::load(env)?,
            fleet_secret: fleet_secret(env)?,
            env: env.clone(),
        })
    }

    /// The key the gateway's identity headers are signed and checked with.
    pub fn fleet_key(&self) -> crate::http::identity::FleetKey {
        crate::http::identity::FleetKey::new(self.fleet_secret.expose().as_bytes())
    }

    /// Whether the fleet secret is the public development one (`TRADEWIND_FLEET_SECRET` unset).
    pub fn fleet_secret_is_default(&self) -> bool {
        self.fleet_secret.expose() == crate::http::identity::DEVELOPMENT_SECRET
    }

    /// The variable `TRADEWIND_<SERVICE>__<key>` of this service, for its own settings.
    pub fn var(&self, key: &str) -> String {
        service_var(&self.name, key)
    }
}

/// `TRADEWIND_FLEET_SECRET`, or the development secret when unset (the fleet's gateway and
/// services, and the tests, then share it without being told). A secret shorter than
/// [`crate::http::identity::MIN_SECRET_LEN`] bytes is refused without being shown.
fn fleet_secret(env: &Env) -> Result<Secret<String>, ConfigError> {
    use crate::http::identity::{DEVELOPMENT_SECRET, MIN_SECRET_LEN};
    const VAR: &str = "TRADEWIND_FLEET_SECRET";
    match env.get(VAR) {
        None => Ok(Secret::new(DEVELOPMENT_SECRET.to_owned())),
        Some(s) if s.len() < MIN_SECRET_LEN => Err(ConfigError::Invalid {
            var: VAR.to_owned(),
            value: format!("({} bytes, not shown)", s.len()),
            reason: format!("at least {MIN_SECRET_LEN} bytes (openssl rand -base64 48)"),
        }),
        Some(s) => Ok(Secret::new(s.to_owned())),
    }
}

/// The names that `docs/configuration.md` of the source tree does not mention; for the tests
/// that keep that page complete.
#[doc(hidden)]
pub fn undocumented(names: impl IntoIterator<Item = String>) -> Vec<String> {
    let page = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/configuration.md");
    let doc = std::fs::read_to_string(page).unwrap_or_default();
    names
        .into_iter()
        .filter(|n| !doc.contains(n.as_str()))
        .collect()
}

/// Worker threads when nothing is configured: one per core for a service on its own.
pub fn default_workers() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEFAULTS: Defaults = Defaults {
        port: 8083,
        workers: 2,
        with_database: true,
    };

    #[test]
    fn defaults_run_the_embedded_mode() {
        let cfg = ServiceConfig::load(&Env::default(), "hotel-app", DEFAULTS).unwrap();
        assert_eq!(cfg.http.host, "127.0.0.1");
        assert_eq!(cfg.http.port, 8083);
        let db = cfg.database.unwrap();
        assert_eq!(db.url.expose(), "sqlite://data/hotel-app.db");
        assert_eq!(db.pool_size, 4);
    }

    #[test]
    fn service_variables_override_defaults() {
        let env = Env::from_pairs([
            ("TRADEWIND_HOTEL_APP__HTTP__PORT", "9000"),
            ("TRADEWIND_HOTEL_APP__HTTP__HOST", "0.0.0.0"),
            (
                "TRADEWIND_HOTEL_APP__DATABASE__URL",
                "postgres://u:p@db/hotel",
            ),
            ("TRADEWIND_HOTEL_APP__HTTP__SHUTDOWN_TIMEOUT_SECS", "0.5"),
            ("TRADEWIND_SAAS_MAIN__HTTP__PORT", "1"),
        ]);
        let cfg = ServiceConfig::load(&env, "hotel-app", DEFAULTS).unwrap();
        assert_eq!(cfg.http.port, 9000);
        assert_eq!(cfg.http.host, "0.0.0.0");
        assert_eq!(cfg.http.shutdown_timeout, Duration::from_millis(500));
        let db = cfg.database.unwrap();
        assert_eq!(db.url.expose(), "postgres://u:p@db/hotel");
        assert_eq!(db.pool_size, 10);
    }

    #[test]
    fn data_dir_moves_the_default_sqlite_files() {
        let env = Env::from_pairs([("TRADEWIND_DATA_DIR", "/var/lib/tw")]);
        let cfg = ServiceConfig::load(&env, "saas-main", DEFAULTS).unwrap();
        assert_eq!(
            cfg.database.unwrap().url.expose(),
            "sqlite:///var/lib/tw/saas-main.db"
        );
    }

    #[test]
    fn a_bad_value_names_the_variable() {
        let env = Env::from_pairs([("TRADEWIND_HOTEL_APP__HTTP__PORT", "eighty")]);
        let err = ServiceConfig::load(&env, "hotel-app", DEFAULTS).unwrap_err();
        let ConfigError::Invalid { var, value, .. } = err;
        assert_eq!(var, "TRADEWIND_HOTEL_APP__HTTP__PORT");
        assert_eq!(value, "eighty");
    }

    #[test]
    fn the_fleet_secret_defaults_to_the_development_one_and_must_be_long() {
        let cfg = ServiceConfig::load(&Env::default(), "hotel-app", DEFAULTS).unwrap();
        assert!(cfg.fleet_secret_is_default());
        let env = Env::from_pairs([("TRADEWIND_FLEET_SECRET", "short")]);
        let ConfigError::Invalid { var, value, .. } =
            ServiceConfig::load(&env, "hotel-app", DEFAULTS).unwrap_err();
        assert_eq!(var, "TRADEWIND_FLEET_SECRET");
        assert!(!value.contains("short"), "{value}");
        let env = Env::from_pairs([("TRADEWIND_FLEET_SECRET", "x".repeat(32))]);
        let cfg = ServiceConfig::load(&env, "hotel-app", DEFAULTS).unwrap();
        assert!(!cfg.fleet_secret_is_default());
    }

    #[test]
    fn every_variable_is_documented() {
        let names = SERVICE_VARIABLES
            .iter()
            .map(|key| format!("TRADEWIND_<SERVICE>__{key}"))
            .chain(GLOBAL_VARIABLES.iter().map(|n| (*n).to_owned()));
        assert_eq!(undocumented(names), Vec::<String>::new());
    }
}
