//! `GET /websocket?token=...`: the console's live notifications. The token is checked at the
//! upgrade like any other (401 refuses it). The browser sends a keep-alive text every 54 s and
//! is answered `success`; a socket silent for longer than the idle limit is closed, as are the
//! sockets of a session ended elsewhere. At connect the unread notifications of the last 24
//! hours arrive as one array; later ones one by one.

use std::sync::Arc;
use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, get, web};
use actix_ws::Message;
use futures_util::StreamExt as _;
use platform::ApiError;
use platform::auth::CurrentUser;
use platform::db::{DbPool, with_conn};
use platform::i18n::Lang;
use serde::Serialize;

use crate::hub::{Hub, Outbound};
use crate::store::{self, Notification};

/// How long a socket may stay silent before it is closed.
#[derive(Debug, Clone, Copy)]
pub struct Idle(pub Duration);

/// A notification as the socket carries it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Push<'a> {
    pub notify_type: i32,
    pub message: &'a str,
    pub ref_id: &'a str,
    pub action_url: &'a str,
    pub create_date: i64,
}

fn push_of(n: &Notification, lang: Lang) -> Push<'_> {
    Push {
        notify_type: n.notify_type,
        message: if lang == Lang::En {
            &n.message_en
        } else {
            &n.message_zh
        },
        ref_id: &n.ref_id,
        action_url: &n.action_url,
        create_date: n.created_at,
    }
}

const BACKLOG_MS: i64 = 24 * 3600 * 1000;

/// The `lang` query parameter, when it names a language of the console.
fn query_lang(query: &str) -> Option<Lang> {
    form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == "lang")
        .and_then(|(_, v)| match v.to_ascii_lowercase().as_str() {
            "en" => Some(Lang::En),
            "zh-cn" | "zh" => Some(Lang::ZhCn),
            _ => None,
        })
}

/// Opens the caller's notification socket (`token` in the query, as browsers cannot set
/// headers on a websocket; `lang` too, the console's language, else `Accept-Language`).
#[utoipa::path(params(("token" = String, Query, description = "The access token"), ("lang" = Option<String>, Query, description = "zh-CN or en: the language of the messages pushed")), responses((status = 101, description = "Switching to the websocket"), (status = 401)), tag = "message", summary = "Open the notification socket", extensions(("x-envelope" = json!(false))))]
#[get("/websocket")]
pub async fn connect(
    req: HttpRequest,
    body: web::Payload,
    me: CurrentUser,
    hub: web::Data<Arc<Hub>>,
    idle: web::Data<Idle>,
    pool: web::Data<DbPool>,
) -> Result<HttpResponse, ApiError> {
    let lang = match query_lang(req.query_string()) {
        Some(l) => l,
        None => Lang::current(),
    };
    let since = platform::time::now_ms() - BACKLOG_MS;
    let (saas_id, user_id) = (me.saas_id, me.user_id);
    let backlog = with_conn(&pool, move |conn| -> Result<_, ApiError> {
        Ok(store::unread_since(conn, saas_id, user_id, since)?)
    })
    .await?;
    let (response, mut session, mut stream) = actix_ws::handle(&req, body)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("websocket upgrade: {e}")))?;
    let hub = hub.get_ref().clone();
    let idle = idle.0;
    let (socket_id, mut outbound) = hub.join(user_id, &me.session_id, lang);
    actix_web::rt::spawn(async move {
        if !backlog.is_empty() {
            let all: Vec<Push<'_>> = backlog.iter().map(|n| push_of(n, lang)).collect();
            if let Ok(text) = serde_json::to_string(&all)
                && session.text(text).await.is_err()
            {
                hub.leave(user_id, socket_id);
                return;
            }
        }
        let mut deadline = tokio::time::Instant::now() + idle;
        loop {
            tokio::select! {
                incoming = stream.next() => match incoming {
                    Some(Ok(Message::Text(_))) => {
                        deadline = tokio::time::Instant::now() + idle;
                        if session.text("success").await.is_err() {
                            break;
                        }
                    }
                    Some(Ok(Message::Ping(bytes))) => {
                        deadline = tokio::time::Instant::now() + idle;
                        if session.pong(&bytes).await.is_err() {
                            break;
                        }
                    }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => deadline = tokio::time::Instant::now() + idle,
                },
                out = outbound.recv() => match out {
                    Some(Outbound::Text(text)) => {
                        if session.text(text).await.is_err() {
                            break;
                        }
                    }
                    Some(Outbound::Close) | None => {
                        let _ = session.clone().close(None).await;
                        break;
                    }
                },
                () = tokio::time::sleep_until(deadline) => {
                    let _ = session.clone().close(None).await;
                    break;
                }
            }
        }
        hub.leave(user_id, socket_id);
    });
    Ok(response)
}

/// Pushes a stored notification to its user's sockets in this process, once.
pub fn deliver(hub: &Hub, n: &Notification) -> usize {
    if !hub.first_time(n.id) {
        return 0;
    }
    hub.push(n.user_id, |lang| {
        serde_json::to_string(&push_of(n, lang)).unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_console_names_its_language_in_the_query() {
        assert_eq!(query_lang("token=abc&lang=en"), Some(Lang::En));
        assert_eq!(query_lang("lang=zh-CN&token=abc"), Some(Lang::ZhCn));
        assert_eq!(query_lang("token=abc"), None);
        assert_eq!(query_lang("lang=fr"), None);
    }
}

platform::endpoints!(connect);
