//! Sends queued texts through the SMS provider's HTTP API: each part a `POST` of
//! `{key, mobile, content}` to `TRADEWIND_MESSAGE_SERVER__SMS__PROVIDER_URL`; any 2xx is sent.
//! Every replica may run it: a text is claimed with a conditional update before it is sent.

use std::time::Duration;

use platform::ApiError;
use platform::db::{DbPool, with_conn, write_tx};
use platform::secret::Secret;

use crate::domain::sms;
use crate::store::sms::{self as queue, Sms};

#[derive(Clone)]
pub struct SmsProvider {
    pub url: String,
    pub key: Secret<String>,
    /// How often the queue is looked at when it was empty.
    pub every: Duration,
}

/// Texts claimed per round.
const BATCH: i64 = 50;

async fn send(client: &awc::Client, p: &SmsProvider, s: &Sms) -> Result<(), String> {
    for part in sms::split(&s.content) {
        let body = serde_json::json!({
            "key": p.key.expose(),
            "mobile": s.mobile,
            "content": part,
        });
        let res = client
            .post(&p.url)
            .send_json(&body)
            .await
            .map_err(|e| format!("provider unreachable: {e}"))?;
        if !res.status().is_success() {
            return Err(format!("provider answered {}", res.status().as_u16()));
        }
    }
    Ok(())
}

/// Runs until the server stops.
pub async fn run(pool: DbPool, provider: SmsProvider) {
    let client = awc::Client::builder()
        .timeout(Duration::from_secs(10))
        .finish();
    loop {
        let now = platform::time::now_ms();
        let claimed = with_conn(&pool, move |c| -> Result<_, ApiError> {
            Ok(write_tx(c, |c| queue::claim_due(c, now, BATCH))?)
        })
        .await;
        let claimed = match claimed {
            Ok(c) => c,
            Err(e) => {
                tracing::warn!(error = %e, "SMS queue unreadable; retried shortly");
                Vec::new()
            }
        };
        let full = claimed.len() as i64 == BATCH;
        for s in claimed {
            let saas = s.saas_id;
            let live = with_conn(&pool, move |c| -> Result<_, ApiError> {
                Ok(queue::licence_live(c, saas, platform::time::now_ms())?)
            })
            .await
            .unwrap_or(false);
            let result = if live {
                Some(send(&client, &provider, &s).await)
            } else {
                None
            };
            let done = with_conn(&pool, move |c| -> Result<_, ApiError> {
                Ok(write_tx(c, |c| match result {
                    Some(r) => queue::finish(c, &s, r, platform::time::now_ms()),
                    None => queue::refuse(c, &s),
                })?)
            })
            .await;
            if let Err(e) = done {
                tracing::warn!(error = %e, "an SMS attempt could not be recorded");
            }
        }
        if !full {
            actix_web::rt::time::sleep(provider.every).await;
        }
    }
}
