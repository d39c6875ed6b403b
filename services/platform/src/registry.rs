//! The one list of Tradewind's processes (`services/registry.json`): name, default port, the
//! gateway's upstream timeout, the Helm values key, the environment prefix and the database.
//! The gateway and the fleet read it here; the chart, compose file, image, Prometheus, bench
//! script and console are checked against the same file by their tests.

use std::sync::LazyLock;

use serde::Deserialize;

/// One process of the fleet.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Registered {
    pub name: String,
    pub port: u16,
    /// How long the gateway waits for the service's answer; none for the gateway itself.
    pub timeout_secs: Option<u64>,
    /// The service's block in the Helm chart's values.
    pub values_key: String,
    /// `TRADEWIND_<prefix>__...` variables configure it.
    pub env_prefix: String,
    /// Its own database (PostgreSQL name); none for the gateway.
    pub database: Option<String>,
    /// The routing keys its durable queue `<name>.events` binds (besides the platform's own,
    /// [`crate::bus::topology::PLATFORM_BINDINGS`]); every process declares them all at start.
    #[serde(default)]
    pub consumes: Vec<String>,
}

#[derive(Deserialize)]
struct File {
    services: Vec<Registered>,
}

const SOURCE: &str = include_str!("../../registry.json");

static ALL: LazyLock<Vec<Registered>> = LazyLock::new(|| {
    // The file is compiled in and checked by this module's test: a parse failure is a build
    // mistake, caught before any binary ships.
    serde_json::from_str::<File>(SOURCE)
        .map(|f| f.services)
        .unwrap_or_default()
});

/// Every process, the gateway first, in start order.
pub fn all() -> &'static [Registered] {
    &ALL
}

/// Every service behind the gateway (the ones with a timeout), in start order.
pub fn upstreams() -> impl Iterator<Item = &'static Registered> {
    ALL.iter().filter(|s| s.timeout_secs.is_some())
}

pub fn get(name: &str) -> Option<&'static Registered> {
    ALL.iter().find(|s| s.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_registry_parses_and_is_consistent() {
        let parsed: File = serde_json::from_str(SOURCE).expect("services/registry.json parses");
        assert_eq!(parsed.services.len(), all().len());
        assert_eq!(all()[0].name, "gateway");
        let mut ports: Vec<u16> = all().iter().map(|s| s.port).collect();
        ports.dedup();
        assert_eq!(ports.len(), all().len(), "ports are distinct and ascending");
        for s in all() {
            assert_eq!(
                s.env_prefix,
                s.name.to_uppercase().replace('-', "_"),
                "{}",
                s.name
            );
            if s.name != "gateway" {
                assert_eq!(
                    s.database.as_deref(),
                    Some(s.env_prefix.to_lowercase().as_str())
                );
                assert!(s.timeout_secs.is_some(), "{} needs a timeout", s.name);
            }
        }
        assert_eq!(upstreams().count(), all().len() - 1);
    }
}
