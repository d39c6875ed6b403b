//! message-server's own settings: the keys it reads under `TRADEWIND_MESSAGE_SERVER__` (every
//! one documented in docs/configuration.md) and the dispatch transports they configure.

use crate::sender;

/// The keys read under `TRADEWIND_MESSAGE_SERVER__`, for docs/configuration.md.
pub const VARIABLES: &[&str] = &[
    "WEBSOCKET__IDLE_SECS",
    "SMS__PROVIDER_URL",
    "SMS__API_KEY",
    "SMS__POLL_MS",
    "MAIL__SMTP_HOST",
    "MAIL__SMTP_PORT",
    "MAIL__TLS",
    "MAIL__ACCEPT_INVALID_CERTS",
    "MAIL__USERNAME",
    "MAIL__PASSWORD",
    "MAIL__FROM",
    "MAIL__POLL_MS",
];

/// The configured dispatch transports, each with the variable of its polling period.
pub fn transports(
    cfg: &platform::config::ServiceConfig,
) -> anyhow::Result<Vec<(sender::Transport, &'static str)>> {
    let get = |k: &str| {
        cfg.env
            .get(&cfg.var(k))
            .unwrap_or_default()
            .trim()
            .to_owned()
    };
    let mut out = Vec::new();
    let url = get("SMS__PROVIDER_URL");
    if !url.is_empty() {
        anyhow::ensure!(
            url.starts_with("http://") || url.starts_with("https://"),
            "TRADEWIND_MESSAGE_SERVER__SMS__PROVIDER_URL must be an http:// or https:// URL"
        );
        let provider = sender::sms::SmsProvider {
            url,
            key: platform::secret::Secret::new(get("SMS__API_KEY")),
            client: platform::outbound::Outbound::from_config(cfg)?,
        };
        out.push((sender::Transport::Sms(provider), "SMS__POLL_MS"));
    }
    let host = get("MAIL__SMTP_HOST");
    if !host.is_empty() {
        let tls = get("MAIL__TLS");
        let tls = if tls.is_empty() {
            sender::mail::TlsMode::StartTls
        } else {
            sender::mail::TlsMode::parse(&tls).ok_or_else(|| {
                anyhow::anyhow!(
                    "TRADEWIND_MESSAGE_SERVER__MAIL__TLS is none, starttls or tls, not {tls:?}"
                )
            })?
        };
        let port: u16 = cfg
            .env
            .parse_or(&cfg.var("MAIL__SMTP_PORT"), tls.default_port())?;
        let from = get("MAIL__FROM");
        let relay = sender::mail::MailRelay {
            host,
            port,
            tls,
            accept_invalid_certs: cfg
                .env
                .parse_or(&cfg.var("MAIL__ACCEPT_INVALID_CERTS"), false)?,
            username: get("MAIL__USERNAME"),
            password: platform::secret::Secret::new(get("MAIL__PASSWORD")),
            from: if from.is_empty() {
                "Tradewind <no-reply@tradewind.local>".to_owned()
            } else {
                from
            },
        };
        // A bad sender address stops the start, not the first mail.
        sender::mail::Mailer::new(&relay)?;
        out.push((sender::Transport::Mail(relay), "MAIL__POLL_MS"));
    }
    Ok(out)
}
