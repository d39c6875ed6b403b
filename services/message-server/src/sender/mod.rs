//! Sends the dispatch queue: each channel (SMS through the provider's HTTP API, mail through SMTP) has
//! one task that claims due messages, checks the tenant's licence again, delivers, and records
//! the attempt. Every replica may run it: a message is claimed with a conditional update first.

pub mod mail;
pub mod sms;

use std::time::Duration;

use platform::ApiError;
use platform::db::{DbPool, with_conn, write_tx};

use crate::domain::dispatch::Channel;
use crate::store::dispatch::{self as queue, Attempt, Dispatch};

/// Where a channel's messages go.
#[derive(Clone)]
pub enum Transport {
    Sms(sms::SmsProvider),
    Mail(mail::MailRelay),
}

impl Transport {
    pub fn channel(&self) -> Channel {
        match self {
            Transport::Sms(_) => Channel::Sms,
            Transport::Mail(_) => Channel::Mail,
        }
    }
}

/// A transport ready to deliver.
enum Ready {
    Sms(sms::SmsProvider),
    Mail(mail::Mailer),
}

impl Ready {
    fn new(t: Transport) -> anyhow::Result<Self> {
        Ok(match t {
            Transport::Sms(p) => Ready::Sms(p),
            Transport::Mail(r) => Ready::Mail(mail::Mailer::new(&r)?),
        })
    }

    async fn deliver(&self, m: &Dispatch) -> Attempt {
        match self {
            Ready::Sms(p) => sms::send(p, m).await,
            Ready::Mail(mailer) => mailer.send(m).await,
        }
    }
}

/// Messages claimed per round.
const BATCH: i64 = 50;

/// Runs until the server stops; looks at the queue every `every` while it is empty.
pub async fn run(pool: DbPool, transport: Transport, every: Duration) {
    let channel = transport.channel();
    let ready = match Ready::new(transport) {
        Ok(r) => r,
        Err(e) => {
            tracing::error!(error = %e, channel = channel.name(), "the sender cannot start; messages stay queued");
            return;
        }
    };
    loop {
        let now = platform::time::now_ms();
        let claimed = with_conn(&pool, move |c| -> Result<_, ApiError> {
            Ok(write_tx(c, |c| queue::claim_due(c, channel, now, BATCH))?)
        })
        .await;
        let claimed = match claimed {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(error = %e, channel = channel.name(), "dispatch queue unreadable; retried shortly");
                Vec::new()
            }
        };
        let full = claimed.len() as i64 == BATCH;
        for m in claimed {
            let saas = m.saas_id;
            let live = with_conn(&pool, move |c| -> Result<_, ApiError> {
                Ok(queue::licence_live(
                    c,
                    channel,
                    saas,
                    platform::time::now_ms(),
                )?)
            })
            .await
            .unwrap_or(false);
            let attempt = if live {
                Some(ready.deliver(&m).await)
            } else {
                None
            };
            let done = with_conn(&pool, move |c| -> Result<_, ApiError> {
                Ok(write_tx(c, |c| match attempt {
                    Some(a) => queue::finish(c, &m, a, platform::time::now_ms()),
                    None => queue::refuse(c, channel, &m),
                })?)
            })
            .await;
            if let Err(e) = done {
                tracing::warn!(error = %e, channel = channel.name(), "an attempt could not be recorded");
            }
        }
        if !full {
            actix_web::rt::time::sleep(every).await;
        }
    }
}
