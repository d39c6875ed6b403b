//! weixin-server's settings: the keys it reads under `TRADEWIND_WEIXIN_SERVER__` (each one in
//! docs/configuration.md).

use platform::config::ServiceConfig;

use platform::sealing::Sealer;

/// The keys read under `TRADEWIND_WEIXIN_SERVER__`, for docs/configuration.md.
pub const VARIABLES: &[&str] = &[
    "WECHAT__BASE_URL",
    "SECRETS__KEY",
    "SECRETS__KEY_FILE",
    "TOKEN__REFRESH_AHEAD_SECS",
    "PUBLIC_URL",
    "TEMPLATE__POLL_MS",
    "TEMPLATE__RETRY_BASE_MS",
];

/// WeChat's API; production leaves the default.
pub const WECHAT_BASE_URL: &str = "https://api.weixin.qq.com";

#[derive(Debug, Clone)]
pub struct Settings {
    /// Where WeChat's API is (the simulator in tests and `make run`).
    pub wechat_base_url: String,
    /// How long before its expiry an access token is replaced (ms).
    pub refresh_ahead_ms: i64,
    /// The address at which WeChat reaches this service's portal (shown on the configuration
    /// page as the server URL to enter in WeChat's console).
    pub public_url: String,
    pub sender: crate::sender::SenderSettings,
}

impl Settings {
    pub fn load(cfg: &ServiceConfig) -> anyhow::Result<Self> {
        let get = |k: &str| {
            cfg.env
                .get(&cfg.var(k))
                .unwrap_or_default()
                .trim()
                .to_owned()
        };
        let mut base = get("WECHAT__BASE_URL");
        if base.is_empty() {
            base = WECHAT_BASE_URL.to_owned();
        }
        anyhow::ensure!(
            base.starts_with("http://") || base.starts_with("https://"),
            "TRADEWIND_WEIXIN_SERVER__WECHAT__BASE_URL must be an http:// or https:// URL"
        );
        let ahead: i64 = cfg
            .env
            .parse_or(&cfg.var("TOKEN__REFRESH_AHEAD_SECS"), 300)?;
        let mut public_url = get("PUBLIC_URL");
        if public_url.is_empty() {
            public_url = "http://127.0.0.1:8080/api/weixin-server".to_owned();
        }
        let poll: u64 = cfg.env.parse_or(&cfg.var("TEMPLATE__POLL_MS"), 100)?;
        let retry_base_ms: i64 = cfg
            .env
            .parse_or(&cfg.var("TEMPLATE__RETRY_BASE_MS"), 2000)?;
        Ok(Self {
            sender: crate::sender::SenderSettings {
                poll: std::time::Duration::from_millis(poll.max(10)),
                retry_base_ms: retry_base_ms.max(1),
            },
            wechat_base_url: base.trim_end_matches('/').to_owned(),
            refresh_ahead_ms: ahead.max(0) * 1000,
            public_url: public_url.trim_end_matches('/').to_owned(),
        })
    }
}

/// The sealing key (`SECRETS__KEY`, or the file `SECRETS__KEY_FILE`, default
/// `<data dir>/weixin-server/secrets.key`): the platform's one mechanism, `platform::sealing`.
pub fn sealer(cfg: &ServiceConfig) -> anyhow::Result<Sealer> {
    platform::sealing::from_config(cfg)
}
