//! Mail through SMTP (lettre): plain, STARTTLS or TLS from the first byte, with optional
//! credentials. Configured by `TRADEWIND_MESSAGE_SERVER__MAIL__*` (docs/configuration.md).

use std::time::Duration;

use lettre::message::header::ContentType;
use lettre::message::{Mailbox, Message};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use platform::secret::Secret;

use crate::store::dispatch::{Attempt, Dispatch};

/// How the connection to the relay is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TlsMode {
    /// Plain text (a relay on the same host or network only).
    None,
    /// Upgraded with STARTTLS, refused when the relay cannot (port 587).
    StartTls,
    /// TLS from the first byte (SMTPS, port 465).
    Wrapper,
}

impl TlsMode {
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" => Some(Self::None),
            "starttls" => Some(Self::StartTls),
            "tls" | "wrapper" => Some(Self::Wrapper),
            _ => None,
        }
    }

    /// The usual port of the mode.
    pub fn default_port(self) -> u16 {
        match self {
            Self::None => 25,
            Self::StartTls => 587,
            Self::Wrapper => 465,
        }
    }
}

#[derive(Clone)]
pub struct MailRelay {
    pub host: String,
    pub port: u16,
    pub tls: TlsMode,
    /// For a relay with a self-signed certificate (tests, private networks).
    pub accept_invalid_certs: bool,
    pub username: String,
    pub password: Secret<String>,
    /// The sender, `Name <address>` or an address.
    pub from: String,
}

pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    pub fn new(r: &MailRelay) -> anyhow::Result<Self> {
        let from: Mailbox = r
            .from
            .parse()
            .map_err(|e| anyhow::anyhow!("MAIL__FROM {:?} is not an address: {e}", r.from))?;
        let params = || {
            TlsParameters::builder(r.host.clone())
                .dangerous_accept_invalid_certs(r.accept_invalid_certs)
                .build()
        };
        let tls = match r.tls {
            TlsMode::None => Tls::None,
            TlsMode::StartTls => Tls::Required(params()?),
            TlsMode::Wrapper => Tls::Wrapper(params()?),
        };
        let mut b = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(r.host.as_str())
            .port(r.port)
            .tls(tls)
            .timeout(Some(Duration::from_secs(20)));
        if !r.username.is_empty() {
            b = b.credentials(Credentials::new(
                r.username.clone(),
                r.password.expose().clone(),
            ));
        }
        Ok(Self {
            transport: b.build(),
            from,
        })
    }

    pub async fn send(&self, m: &Dispatch) -> Attempt {
        let failed = |error: String, permanent: bool| Attempt {
            parts_sent: 0,
            error: Some(error),
            permanent,
        };
        let to: Mailbox = match m.address.parse() {
            Ok(to) => to,
            Err(e) => return failed(format!("not an e-mail address: {e}"), true),
        };
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(m.subject.as_str())
            .header(ContentType::TEXT_PLAIN)
            .body(m.content.clone());
        let message = match message {
            Ok(msg) => msg,
            Err(e) => return failed(format!("the message cannot be built: {e}"), true),
        };
        match self.transport.send(message).await {
            Ok(_) => Attempt {
                parts_sent: 1,
                error: None,
                permanent: false,
            },
            Err(e) => failed(format!("SMTP: {e}"), e.is_permanent()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tls_modes_and_their_ports() {
        assert_eq!(TlsMode::parse("STARTTLS"), Some(TlsMode::StartTls));
        assert_eq!(TlsMode::parse("tls"), Some(TlsMode::Wrapper));
        assert_eq!(TlsMode::parse("none").map(TlsMode::default_port), Some(25));
        assert_eq!(TlsMode::StartTls.default_port(), 587);
        assert_eq!(TlsMode::parse("ssl3"), None);
    }
}
