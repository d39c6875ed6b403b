//! SMS through the provider's HTTP API: each part a `POST` of `{key, mobile, content}` to
//! `TRADEWIND_MESSAGE_SERVER__SMS__PROVIDER_URL` (http or https); any 2xx means taken.

use platform::outbound::Outbound;
use platform::secret::Secret;

use crate::domain::sms;
use crate::store::dispatch::{Attempt, Dispatch};

#[derive(Clone)]
pub struct SmsProvider {
    pub url: String,
    pub key: Secret<String>,
    /// The service's client for third parties: its timeouts bound each part.
    pub client: Outbound,
}

/// Sends the parts the provider has not taken yet, in order; stops at the first refusal, or at
/// the first part the provider does not answer within the client's timeout.
pub async fn send(p: &SmsProvider, m: &Dispatch) -> Attempt {
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
        if let Err(e) = p.client.post_json(&p.url, &body).await {
            return Attempt {
                parts_sent: sent,
                error: Some(format!("SMS provider: {e}")),
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
