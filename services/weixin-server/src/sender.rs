//! The template message sender: every replica runs it; each message is claimed by one replica
//! (store::messages::claim) and sent through WeChat's template API with the account's shared
//! access token. Success is recorded with WeChat's `msgid`; a transient failure (WeChat busy or
//! over a limit, WeChat not reached) is tried again with a doubling backoff; a permanent one
//! (not a follower, unknown template ...), or the last transient one, leaves it dead with the
//! reason, listed in the configuration's message list.

use std::time::Duration;

use platform::db::with_conn;

use crate::access::{AccessError, App, Wx};
use crate::domain::template::{self, AfterFailure};
use crate::store::{configs, messages};
use crate::wechat::WxError;

/// How long a replica holds a claimed message (beyond the call's timeout).
const CLAIM_MS: i64 = 60_000;
const BATCH: i64 = 50;

#[derive(Debug, Clone, Copy)]
pub struct SenderSettings {
    pub poll: Duration,
    pub retry_base_ms: i64,
}

pub async fn run(wx: Wx, s: SenderSettings) {
    loop {
        match round(&wx, s).await {
            // A full batch: more may be due at once.
            Ok(n) if n as i64 >= BATCH => continue,
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "template message round failed"),
        }
        tokio::time::sleep(s.poll).await;
    }
}

/// One round: sends what is due; answers how many it looked at.
pub async fn round(wx: &Wx, s: SenderSettings) -> Result<usize, AccessError> {
    let now = platform::time::now_ms();
    let due = with_conn(&wx.pool, move |c| -> Result<_, AccessError> {
        Ok(messages::due(c, now, BATCH)?)
    })
    .await?;
    let n = due.len();
    let mut sends = Vec::new();
    for m in due {
        let claimed = {
            let m = m.clone();
            with_conn(&wx.pool, move |c| -> Result<_, AccessError> {
                Ok(messages::claim(c, &m, now + CLAIM_MS)?)
            })
            .await?
        };
        if claimed {
            sends.push(send(wx, m, s));
        }
    }
    for r in futures_util::future::join_all(sends).await {
        r?;
    }
    Ok(n)
}

async fn send(wx: &Wx, m: messages::Message, s: SenderSettings) -> Result<(), AccessError> {
    let attempts = m.attempts + 1;
    let config_id = m.config_id;
    let row = with_conn(&wx.pool, move |c| -> Result<_, AccessError> {
        Ok(configs::find_for_portal(c, config_id)?)
    })
    .await?;
    let outcome = match row {
        None => Err((false, "the official account no longer exists".to_owned())),
        Some(row) => {
            let app = App {
                config_id,
                app_id: row.app_id,
                secret: wx.sealer.open(&row.secret_sealed)?,
            };
            let body = serde_json::json!({
                "touser": m.open_id,
                "template_id": m.template_id,
                "url": m.action_url,
                "data": serde_json::from_str::<serde_json::Value>(&m.content).unwrap_or_default(),
            });
            match wx
                .call(&app, |w, t| {
                    let body = body.clone();
                    async move { w.template(&t, &body).await }
                })
                .await
            {
                Ok(msg_id) => Ok(msg_id),
                Err(e) => Err((transient(&e), e.to_string())),
            }
        }
    };
    let now = platform::time::now_ms();
    let id = m.id;
    with_conn(&wx.pool, move |c| -> Result<_, AccessError> {
        match outcome {
            Ok(msg_id) => messages::sent(c, id, attempts, msg_id, now)?,
            Err((transient, error)) => {
                let retry = match template::after_failure(attempts, transient, now, s.retry_base_ms)
                {
                    AfterFailure::Retry(at) => Some(at),
                    AfterFailure::Dead => None,
                };
                if retry.is_none() {
                    tracing::warn!(message_id = id, attempts, %error, "a template message is dead");
                }
                messages::failed(c, id, attempts, &error, retry)?;
            }
        }
        Ok(())
    })
    .await
}

fn transient(e: &AccessError) -> bool {
    match e {
        AccessError::Wx(WxError::Api { code, .. }) => {
            // A token still refused after its one refresh is WeChat's trouble, not the message's.
            crate::domain::token::transient(*code) || crate::domain::token::stale_token(*code)
        }
        AccessError::Wx(WxError::Transport(_)) | AccessError::Busy => true,
        // A refused token after its one refresh, or a broken answer: worth another try later.
        AccessError::Wx(WxError::Answer(_)) => true,
        _ => false,
    }
}
