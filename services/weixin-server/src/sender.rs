//! The template message sender: every replica runs it. A round claims a batch of due messages in
//! one statement (store::messages::claim_due), opens each account's credentials and takes its
//! shared access token once, sends the batch concurrently through WeChat's template API, and
//! writes every outcome back in one statement (store::messages::record), together with the dead
//! letters of the messages that died, in one transaction. Success is recorded with WeChat's
//! `msgid`; a transient failure (WeChat busy or over a limit, WeChat not reached) is tried again
//! with a doubling backoff; a permanent one (not a follower, unknown template ...), or the last
//! transient one, leaves it dead with the reason: listed in the configuration's message list and
//! kept in the platform's dead letters.

use std::collections::HashMap;
use std::time::Duration;

use platform::db::{with_conn, write_tx};

use crate::access::{AccessError, App, Wx};
use crate::domain::template::{self, AfterFailure, STATE_DEAD, STATE_PENDING, STATE_SENT};
use crate::store::{configs, messages};
use crate::wechat::WxError;

/// How long a round holds its claimed messages (beyond the calls' timeout).
const CLAIM_MS: i64 = 60_000;
/// Messages claimed per round.
pub const BATCH: i64 = 200;

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

/// What became of one message in a round: WeChat's msgid, or (transient?, the reason).
type Sent = Result<i64, (bool, String)>;
/// An account of a round: its credentials and token, or why they cannot be had.
type Account = Result<(App, (String, i64)), (bool, String)>;

/// One round: sends what is due; answers how many messages it claimed.
pub async fn round(wx: &Wx, s: SenderSettings) -> Result<usize, AccessError> {
    let now = platform::time::now_ms();
    let claim = platform::id::next_id();
    let claimed = with_conn(&wx.pool, move |c| -> Result<_, AccessError> {
        Ok(messages::claim_due(c, now, now + CLAIM_MS, claim, BATCH)?)
    })
    .await?;
    let n = claimed.len();
    if n == 0 {
        return Ok(0);
    }
    let mut ids: Vec<i64> = claimed.iter().map(|m| m.config_id).collect();
    ids.sort_unstable();
    ids.dedup();
    let rows = with_conn(&wx.pool, move |c| -> Result<_, AccessError> {
        Ok(configs::find_mp_many(c, &ids)?)
    })
    .await?;

    // Each account's credentials and token once for the round; an account whose token cannot
    // be had fails all its messages of the round alike.
    let mut accounts: HashMap<i64, Account> = HashMap::new();
    for row in rows {
        let app = App {
            config_id: row.id,
            app_id: row.app_id,
            secret: wx.sealer.open(&row.secret_sealed)?,
        };
        let got = match wx.token(&app, None).await {
            Ok(token) => Ok((app, token)),
            Err(e) => Err((transient(&e), e.to_string())),
        };
        accounts.insert(row.id, got);
    }

    let sends = claimed.iter().map(|m| {
        let account = accounts.get(&m.config_id);
        async move {
            match account {
                None => Err((false, "the official account no longer exists".to_owned())),
                Some(Err(e)) => Err(e.clone()),
                Some(Ok((app, token))) => send(wx, app, token.clone(), m).await,
            }
        }
    });
    let outcomes: Vec<Sent> = futures_util::future::join_all(sends).await;

    let now = platform::time::now_ms();
    let mut dead = Vec::new();
    let rows: Vec<messages::MessageRow> = claimed
        .into_iter()
        .zip(outcomes)
        .map(|(mut m, outcome)| {
            m.attempts += 1;
            m.claim = 0;
            match outcome {
                Ok(msg_id) => {
                    m.state = STATE_SENT;
                    m.msg_id = msg_id;
                    m.sent_at = now;
                    m.last_error = String::new();
                }
                Err((transient, error)) => {
                    match template::after_failure(m.attempts, transient, now, s.retry_base_ms) {
                        AfterFailure::Retry(at) => {
                            m.state = STATE_PENDING;
                            m.next_at = at;
                        }
                        AfterFailure::Dead => {
                            tracing::warn!(
                                message_id = m.id,
                                attempts = m.attempts,
                                %error,
                                "a template message is dead"
                            );
                            m.state = STATE_DEAD;
                            m.next_at = 0;
                            dead.push(m.id);
                        }
                    }
                    m.last_error = error;
                }
            }
            m
        })
        .collect();
    with_conn(&wx.pool, move |c| -> Result<_, AccessError> {
        write_tx(c, |c| -> Result<(), diesel::result::Error> {
            messages::record(c, &rows)?;
            for m in rows.iter().filter(|m| dead.contains(&m.id)) {
                let n = messages::notification_of(m);
                messages::dead_letter(c, m.saas_id, &n, m.attempts, &m.last_error)?;
            }
            Ok(())
        })?;
        Ok(())
    })
    .await?;
    Ok(n)
}

async fn send(wx: &Wx, app: &App, token: (String, i64), m: &messages::MessageRow) -> Sent {
    let body = serde_json::json!({
        "touser": m.open_id,
        "template_id": m.template_id,
        "url": m.action_url,
        "data": serde_json::from_str::<serde_json::Value>(&m.content).unwrap_or_default(),
    });
    wx.call_with(app, token, |w, t| {
        let body = body.clone();
        async move { w.template(&t, &body).await }
    })
    .await
    .map_err(|e| (transient(&e), e.to_string()))
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
