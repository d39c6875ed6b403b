//! weixin-server's settings: the keys it reads under `TRADEWIND_WEIXIN_SERVER__` (each one in
//! docs/configuration.md).

use std::path::PathBuf;

use base64::Engine as _;
use platform::config::ServiceConfig;

use crate::sealing::{KEY_LEN, Sealer};

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

/// The sealing key: `SECRETS__KEY` (base64 of 32 bytes; production sets it from a secret), or
/// else the file `SECRETS__KEY_FILE` (default `<data dir>/weixin-server/secrets.key`), made with
/// 32 random bytes on first start (the embedded mode's default).
pub fn sealer(cfg: &ServiceConfig) -> anyhow::Result<Sealer> {
    let b64 = base64::engine::general_purpose::STANDARD;
    let given = cfg
        .env
        .get(&cfg.var("SECRETS__KEY"))
        .unwrap_or_default()
        .trim();
    if !given.is_empty() {
        let key = b64
            .decode(given)
            .map_err(|_| anyhow::anyhow!("TRADEWIND_WEIXIN_SERVER__SECRETS__KEY is not base64"))?;
        anyhow::ensure!(
            key.len() == KEY_LEN,
            "TRADEWIND_WEIXIN_SERVER__SECRETS__KEY must be the base64 of {KEY_LEN} bytes"
        );
        return Ok(Sealer::new(&key)?);
    }
    let file = cfg
        .env
        .get(&cfg.var("SECRETS__KEY_FILE"))
        .map(|p| PathBuf::from(p.trim()))
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| cfg.env.data_dir().join("weixin-server").join("secrets.key"));
    if !file.exists() {
        let mut key = [0u8; KEY_LEN];
        getrandom::fill(&mut key).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&file, b64.encode(key))?;
    }
    let text = std::fs::read_to_string(&file)
        .map_err(|e| anyhow::anyhow!("reading the sealing key {}: {e}", file.display()))?;
    let key = b64
        .decode(text.trim())
        .map_err(|_| anyhow::anyhow!("the sealing key {} is not base64", file.display()))?;
    Ok(Sealer::new(&key)?)
}
