//! Calls to systems outside Tradewind: the SMS provider today; WeChat, channels and webhooks
//! next. Each service builds one [`Outbound`] at start from its configuration and shares it:
//! reqwest keeps connections alive per client, and the client carries the service's timeouts,
//! its user agent and the proxies of the environment (`HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY`,
//! `NO_PROXY`, read once when the client is built).
//!
//! Calls between Tradewind's own services stay on [`crate::http::client`] (awc, on the actix
//! runtime they run in), and so does the gateway's forwarding.

use std::time::Duration;

use serde::Serialize;

use crate::config::{ConfigError, ServiceConfig};
use crate::error::ApiError;

pub use reqwest;

/// The keys read under `TRADEWIND_<SERVICE>__` by [`OutboundConfig::load`].
pub const VARIABLES: &[&str] = &["OUTBOUND__CONNECT_TIMEOUT_SECS", "OUTBOUND__TIMEOUT_SECS"];

/// How long a third party may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboundConfig {
    /// To open the connection (TCP and TLS).
    pub connect_timeout: Duration,
    /// For the whole call, from sending to the last byte of the answer.
    pub timeout: Duration,
}

impl Default for OutboundConfig {
    fn default() -> Self {
        Self {
            connect_timeout: Duration::from_secs(5),
            timeout: Duration::from_secs(10),
        }
    }
}

impl OutboundConfig {
    pub fn load(cfg: &ServiceConfig) -> Result<Self, ConfigError> {
        let defaults = Self::default();
        let positive = |key: &str, default: Duration| -> Result<Duration, ConfigError> {
            let var = cfg.var(key);
            let value = cfg.env.seconds_or(&var, default)?;
            if value.is_zero() {
                // reqwest takes zero as "time out at once": every call would fail.
                return Err(ConfigError::Invalid {
                    var,
                    value: "0".to_owned(),
                    reason: "must be more than 0 seconds".to_owned(),
                });
            }
            Ok(value)
        };
        Ok(Self {
            connect_timeout: positive(VARIABLES[0], defaults.connect_timeout)?,
            timeout: positive(VARIABLES[1], defaults.timeout)?,
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum OutboundError {
    #[error("{url} did not answer within {:.1} s", timeout.as_secs_f64())]
    Timeout { url: String, timeout: Duration },
    #[error("{url} cannot be reached: {reason}")]
    Connect { url: String, reason: String },
    #[error("{url} answered {status}")]
    Status { url: String, status: u16 },
    #[error("{url}: {reason}")]
    Failed { url: String, reason: String },
    #[error("the outbound HTTP client cannot be built: {0}")]
    Build(String),
    #[error(transparent)]
    Config(#[from] ConfigError),
}

impl OutboundError {
    /// The party called, for a caller's error (no path or query: those may carry keys).
    fn host(&self) -> String {
        match self {
            Self::Timeout { url, .. }
            | Self::Connect { url, .. }
            | Self::Status { url, .. }
            | Self::Failed { url, .. } => reqwest::Url::parse(url)
                .ok()
                .and_then(|u| u.host_str().map(str::to_owned))
                .unwrap_or_else(|| "third party".to_owned()),
            Self::Build(_) | Self::Config(_) => "third party".to_owned(),
        }
    }
}

impl From<OutboundError> for ApiError {
    fn from(e: OutboundError) -> Self {
        tracing::warn!(error = %e, "a call to a third party failed");
        match e {
            OutboundError::Timeout { timeout, .. } => ApiError::GatewayTimeout {
                service: e.host(),
                timeout_ms: timeout.as_millis(),
            },
            OutboundError::Build(_) | OutboundError::Config(_) => {
                ApiError::Internal(anyhow::anyhow!(e))
            }
            _ => ApiError::BadGateway { service: e.host() },
        }
    }
}

/// A service's client for third parties; cheap to clone (the connections are shared).
#[derive(Debug, Clone)]
pub struct Outbound {
    client: reqwest::Client,
    settings: OutboundConfig,
}

/// What the messages show of a URL: scheme, host, port and path; never the query (keys and
/// tokens travel there) or credentials.
fn shown(url: &reqwest::Url) -> String {
    let mut u = url.clone();
    u.set_query(None);
    u.set_fragment(None);
    // Cannot fail for the http(s) URLs reqwest sends to.
    let _ = u.set_username("");
    let _ = u.set_password(None);
    u.to_string()
}

impl Outbound {
    /// The client of `service` (named in its user agent) with these timeouts.
    pub fn new(service: &str, settings: OutboundConfig) -> Result<Self, OutboundError> {
        let client = reqwest::Client::builder()
            .connect_timeout(settings.connect_timeout)
            .timeout(settings.timeout)
            .user_agent(format!("tradewind-{service}/{}", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| OutboundError::Build(e.to_string()))?;
        Ok(Self { client, settings })
    }

    /// The client of the service `cfg` configures, with its `OUTBOUND__*` settings.
    pub fn from_config(cfg: &ServiceConfig) -> Result<Self, OutboundError> {
        Self::new(&cfg.name, OutboundConfig::load(cfg)?)
    }

    /// The client itself, for calls [`Self::send`] does not shape (build them here, then send
    /// them through [`Self::send`] for the errors).
    pub fn client(&self) -> &reqwest::Client {
        &self.client
    }

    pub fn settings(&self) -> OutboundConfig {
        self.settings
    }

    /// Sends a request built on [`Self::client`]; an answer other than 2xx is an error.
    pub async fn send(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<reqwest::Response, OutboundError> {
        let request = request.build().map_err(|e| OutboundError::Failed {
            url: e.url().map_or_else(|| "a request".to_owned(), shown),
            reason: e.to_string(),
        })?;
        let url = shown(request.url());
        let timeout = request.timeout().copied().unwrap_or(self.settings.timeout);
        let response = self
            .client
            .execute(request)
            .await
            .map_err(|e| self.error(url.clone(), timeout, &e))?;
        let status = response.status();
        if !status.is_success() {
            return Err(OutboundError::Status {
                url,
                status: status.as_u16(),
            });
        }
        Ok(response)
    }

    /// `POST`s `body` as JSON to `url`.
    pub async fn post_json<T: Serialize + ?Sized>(
        &self,
        url: &str,
        body: &T,
    ) -> Result<reqwest::Response, OutboundError> {
        self.send(self.client.post(url).json(body)).await
    }

    fn error(&self, url: String, timeout: Duration, e: &reqwest::Error) -> OutboundError {
        // reqwest's own text hides the cause ("error sending request"); the chain names it.
        let mut reason = e.to_string();
        let mut source = std::error::Error::source(e);
        while let Some(s) = source {
            reason = format!("{reason}: {s}");
            source = s.source();
        }
        if e.is_timeout() {
            let timeout = if e.is_connect() {
                self.settings.connect_timeout
            } else {
                timeout
            };
            OutboundError::Timeout { url, timeout }
        } else if e.is_connect() {
            OutboundError::Connect { url, reason }
        } else {
            OutboundError::Failed { url, reason }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Defaults, Env};

    fn config(pairs: &[(&str, &str)]) -> Result<OutboundConfig, ConfigError> {
        let cfg = ServiceConfig::load(
            &Env::from_pairs(pairs.iter().copied()),
            "message-server",
            Defaults {
                port: 0,
                workers: 1,
                with_database: false,
            },
        )?;
        OutboundConfig::load(&cfg)
    }

    #[test]
    fn timeouts_come_from_the_service_variables() {
        assert_eq!(config(&[]).unwrap(), OutboundConfig::default());
        let c = config(&[
            (
                "TRADEWIND_MESSAGE_SERVER__OUTBOUND__CONNECT_TIMEOUT_SECS",
                "0.5",
            ),
            ("TRADEWIND_MESSAGE_SERVER__OUTBOUND__TIMEOUT_SECS", "30"),
            ("TRADEWIND_HOTEL_APP__OUTBOUND__TIMEOUT_SECS", "1"),
        ])
        .unwrap();
        assert_eq!(
            (c.connect_timeout, c.timeout),
            (Duration::from_millis(500), Duration::from_secs(30))
        );
        let ConfigError::Invalid { var, .. } =
            config(&[("TRADEWIND_MESSAGE_SERVER__OUTBOUND__TIMEOUT_SECS", "0")]).unwrap_err();
        assert_eq!(var, "TRADEWIND_MESSAGE_SERVER__OUTBOUND__TIMEOUT_SECS");
        assert!(
            config(&[(
                "TRADEWIND_MESSAGE_SERVER__OUTBOUND__CONNECT_TIMEOUT_SECS",
                "soon"
            )])
            .is_err()
        );
    }

    #[test]
    fn messages_show_no_query_or_credentials() {
        let url =
            reqwest::Url::parse("https://user:pw@sms.example.com:8443/send?key=s3cret#x").unwrap();
        assert_eq!(shown(&url), "https://sms.example.com:8443/send");
    }

    #[test]
    fn failures_map_to_the_gateway_statuses() {
        let timeout = OutboundError::Timeout {
            url: "http://sms.example.com/send".into(),
            timeout: Duration::from_millis(1500),
        };
        assert_eq!(
            timeout.to_string(),
            "http://sms.example.com/send did not answer within 1.5 s"
        );
        assert!(matches!(
            ApiError::from(timeout),
            ApiError::GatewayTimeout { service, timeout_ms: 1500 } if service == "sms.example.com"
        ));
        let refused = OutboundError::Status {
            url: "http://sms.example.com/send".into(),
            status: 503,
        };
        assert!(matches!(
            ApiError::from(refused),
            ApiError::BadGateway { service } if service == "sms.example.com"
        ));
    }

    #[test]
    fn every_variable_is_documented() {
        let names = VARIABLES
            .iter()
            .map(|k| format!("TRADEWIND_<SERVICE>__{k}"));
        assert_eq!(crate::config::undocumented(names), Vec::<String>::new());
    }

    /// A server that accepts and never answers: the call fails after the configured time
    /// instead of waiting for ever.
    #[actix_web::test]
    async fn a_party_that_does_not_answer_times_out() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let held = actix_web::rt::spawn(async move {
            let mut open = Vec::new();
            while let Ok((socket, _)) = listener.accept().await {
                open.push(socket);
            }
        });
        let out = Outbound::new(
            "test",
            OutboundConfig {
                connect_timeout: Duration::from_secs(1),
                timeout: Duration::from_millis(300),
            },
        )
        .unwrap();
        let started = std::time::Instant::now();
        let err = out
            .post_json(&format!("http://127.0.0.1:{port}/send?key=k"), &[1])
            .await
            .unwrap_err();
        assert!(started.elapsed() < Duration::from_secs(5));
        assert!(
            matches!(&err, OutboundError::Timeout { timeout, .. } if *timeout == Duration::from_millis(300)),
            "{err:?}"
        );
        assert_eq!(
            err.to_string(),
            format!("http://127.0.0.1:{port}/send did not answer within 0.3 s")
        );
        held.abort();
    }

    #[actix_web::test]
    async fn a_closed_port_is_a_connect_error() {
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            l.local_addr().unwrap().port()
        };
        let out = Outbound::new("test", OutboundConfig::default()).unwrap();
        let err = out
            .post_json(&format!("http://127.0.0.1:{port}/"), &[1])
            .await
            .unwrap_err();
        assert!(matches!(err, OutboundError::Connect { .. }), "{err:?}");
    }
}
