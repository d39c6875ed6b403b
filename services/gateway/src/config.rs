//! The gateway's own settings: where each service lives, how long to wait for it, and where the
//! built web console is.

use std::path::PathBuf;
use std::time::Duration;

use platform::config::{ConfigError, Env, service_var};

/// Keys the gateway reads besides the ones every service reads (`<S>` is an upstream service
/// name, upper-cased: `HOTEL_APP`).
pub const GATEWAY_VARIABLES: &[&str] = &[
    "TRADEWIND_GATEWAY__STATIC_DIR",
    "TRADEWIND_GATEWAY__UPSTREAMS__<S>__URL",
    "TRADEWIND_GATEWAY__UPSTREAMS__<S>__TIMEOUT_SECS",
    "TRADEWIND_GATEWAY__RATE_LIMITS",
    "TRADEWIND_GATEWAY__CORS_ORIGINS",
    "TRADEWIND_GATEWAY__TRUSTED_PROXY_HOPS",
];

#[derive(Debug, Clone)]
pub struct Upstream {
    /// The service name, also the path prefix: `/api/<service>/`.
    pub service: String,
    /// `/api/<service>`, made once rather than per request.
    pub prefix: String,
    /// Base URL without a trailing slash: `http://127.0.0.1:8083`.
    pub url: String,
    /// Longest wait for the response head.
    pub timeout: Duration,
}

#[derive(Debug, Clone)]
pub struct GatewayConfig {
    pub upstreams: Vec<Upstream>,
    /// The built web console (`frontend/dist`): the host at `/`, remotes under `/remotes/`.
    pub static_dir: PathBuf,
    pub rate_limits: Vec<crate::ratelimit::Rule>,
    /// Origins other than the gateway's own that browsers may call `/api/**` from.
    pub cors_origins: Vec<String>,
    /// Proxies in front of the gateway whose `X-Forwarded-For` entries are believed.
    pub trusted_proxy_hops: usize,
}

fn upstream_var(service: &str, key: &str) -> String {
    service_var(
        "gateway",
        &format!(
            "UPSTREAMS__{}__{key}",
            service.to_uppercase().replace('-', "_")
        ),
    )
}

impl GatewayConfig {
    pub fn load(env: &Env) -> Result<Self, ConfigError> {
        let mut upstreams = Vec::new();
        for registered in platform::registry::upstreams() {
            let (service, port) = (registered.name.as_str(), registered.port);
            let timeout = registered.timeout_secs.unwrap_or(15);
            let url_var = upstream_var(service, "URL");
            let url = env
                .get(&url_var)
                .map_or_else(|| format!("http://127.0.0.1:{port}"), str::to_owned);
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(ConfigError::Invalid {
                    var: url_var,
                    value: url,
                    reason: "expected an http:// or https:// URL".to_owned(),
                });
            }
            upstreams.push(Upstream {
                service: service.to_owned(),
                prefix: format!("/api/{service}"),
                url: url.trim_end_matches('/').to_owned(),
                timeout: env.seconds_or(
                    &upstream_var(service, "TIMEOUT_SECS"),
                    Duration::from_secs(timeout),
                )?,
            });
        }
        let static_dir = env
            .get(&service_var("gateway", "STATIC_DIR"))
            .map_or_else(|| PathBuf::from("frontend/dist"), PathBuf::from);
        let rules_var = service_var("gateway", "RATE_LIMITS");
        let rules = env
            .get(&rules_var)
            .unwrap_or(crate::ratelimit::DEFAULT_RULES);
        let rate_limits =
            crate::ratelimit::parse_rules(rules).map_err(|reason| ConfigError::Invalid {
                var: rules_var.clone(),
                value: rules.to_owned(),
                reason,
            })?;
        let cors_origins = env
            .get(&service_var("gateway", "CORS_ORIGINS"))
            .map(|v| {
                v.split(',')
                    .map(|o| o.trim().trim_end_matches('/').to_owned())
                    .filter(|o| !o.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        Ok(Self {
            upstreams,
            static_dir,
            rate_limits,
            cors_origins,
            trusted_proxy_hops: env.parse_or(&service_var("gateway", "TRUSTED_PROXY_HOPS"), 0)?,
        })
    }

    /// auth-center's base URL, for keys and session checks.
    pub fn auth_url(&self) -> String {
        self.upstreams
            .iter()
            .find(|u| u.service == "auth-center")
            .map_or_else(|| "http://127.0.0.1:8081".to_owned(), |u| u.url.clone())
    }

    /// Points `service` at another base URL (the fleet, once it knows the bound ports).
    pub fn set_upstream_url(&mut self, service: &str, url: String) {
        if let Some(u) = self.upstreams.iter_mut().find(|u| u.service == service) {
            u.url = url;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_point_at_localhost_with_the_issue_timeouts() {
        let cfg = GatewayConfig::load(&Env::default()).unwrap();
        let hotel = cfg
            .upstreams
            .iter()
            .find(|u| u.service == "hotel-app")
            .unwrap();
        assert_eq!(hotel.url, "http://127.0.0.1:8083");
        assert_eq!(hotel.timeout, Duration::from_secs(60));
        let auth = cfg
            .upstreams
            .iter()
            .find(|u| u.service == "auth-center")
            .unwrap();
        assert_eq!(auth.timeout, Duration::from_secs(15));
        assert_eq!(cfg.upstreams.len(), 8);
    }

    #[test]
    fn variables_move_an_upstream() {
        let env = Env::from_pairs([
            (
                "TRADEWIND_GATEWAY__UPSTREAMS__HOTEL_APP__URL",
                "http://hotel:8083/",
            ),
            (
                "TRADEWIND_GATEWAY__UPSTREAMS__HOTEL_APP__TIMEOUT_SECS",
                "2.5",
            ),
        ]);
        let cfg = GatewayConfig::load(&env).unwrap();
        let hotel = cfg
            .upstreams
            .iter()
            .find(|u| u.service == "hotel-app")
            .unwrap();
        assert_eq!(hotel.url, "http://hotel:8083");
        assert_eq!(hotel.timeout, Duration::from_millis(2500));
    }

    #[test]
    fn a_url_without_scheme_is_refused() {
        let env = Env::from_pairs([("TRADEWIND_GATEWAY__UPSTREAMS__SAAS_MAIN__URL", "saas:8082")]);
        assert!(GatewayConfig::load(&env).is_err());
    }

    #[test]
    fn every_variable_is_documented() {
        let names = GATEWAY_VARIABLES.iter().map(|n| (*n).to_owned());
        assert_eq!(platform::config::undocumented(names), Vec::<String>::new());
    }
}
