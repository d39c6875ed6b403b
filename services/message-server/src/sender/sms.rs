//! SMS through the provider's HTTP API: each part a `POST` of `{key, mobile, content}` to
//! `TRADEWIND_MESSAGE_SERVER__SMS__PROVIDER_URL` (http or https); any 2xx means taken.

use std::time::Duration;

use platform::secret::Secret;

use crate::domain::sms;
use crate::store::dispatch::{Attempt, Dispatch};

#[derive(Clone)]
pub struct SmsProvider {
    pub url: String,
    pub key: Secret<String>,
}

/// How long the provider has to answer one part.
const TIMEOUT: Duration = Duration::from_secs(10);

/// Sends the parts the provider has not taken yet, in order; stops at the first refusal. Through
/// the thread's shared client (https with the system's certificate authorities, OpenSSL).
pub async fn send(p: &SmsProvider, m: &Dispatch) -> Attempt {
    let client = platform::http::client::client();
    let mut sent = m.parts_sent;
    for part in sms::split(&m.content)
        .into_iter()
        .skip(sent.max(0) as usize)
    {
        let body = serde_json::json!({
            "key": p.key.expose(),
            "mobile": m.address,
            "content": part,
        });
        let error = match client.post(&p.url).timeout(TIMEOUT).send_json(&body).await {
            Err(e) => Some(format!("provider unreachable: {e}")),
            Ok(res) if !res.status().is_success() => {
                Some(format!("provider answered {}", res.status().as_u16()))
            }
            Ok(_) => None,
        };
        if let Some(e) = error {
            return Attempt {
                parts_sent: sent,
                error: Some(e),
                permanent: false,
            };
        }
        sent += 1;
    }
    Attempt {
        parts_sent: sent,
        error: None,
        permanent: false,
    }
}
