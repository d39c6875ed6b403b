//! Websocket proxying: the caller's upgrade is answered only once the service has accepted its
//! own, then frames are relayed both ways until either side closes.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, web};
use actix_ws::{Message, MessageStream, Session};
use awc::ws::{Codec, Frame};
use awc::{BoxedSocket, Client};
use futures_util::{SinkExt as _, StreamExt as _};
use platform::ApiError;
use platform::http::{Envelope, State};
use platform::i18n::Text;

use crate::api::headers;
use crate::config::Upstream;

type UpstreamSocket = actix_codec::Framed<BoxedSocket, Codec>;

pub fn is_upgrade(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

pub async fn forward(
    req: HttpRequest,
    payload: web::Payload,
    upstream: &Upstream,
    client: &Client,
    url: &str,
    prefix: &str,
) -> Result<HttpResponse, ApiError> {
    let ws_url = match url.strip_prefix("http") {
        Some(rest) => format!("ws{rest}"),
        None => url.to_owned(),
    };
    let mut request = client.ws(ws_url);
    let mut forwarded = header::HeaderMap::new();
    headers::forward(&req, prefix, &mut forwarded, |n| {
        headers::is_websocket_handshake(n) || crate::api::edge::is_identity_header(n)
    });
    for (name, value) in forwarded {
        request = request.header(name, value);
    }
    let timed_out = || ApiError::GatewayTimeout {
        service: upstream.service.clone(),
        timeout_ms: upstream.timeout.as_millis(),
    };
    let connected = actix_web::rt::time::timeout(upstream.timeout, request.connect())
        .await
        .map_err(|_| timed_out())?;
    let (response, framed) = match connected {
        Ok(pair) => pair,
        Err(awc::error::WsClientError::InvalidResponseStatus(status)) => {
            // The service refused the upgrade (401 for a bad token): the caller hears the same.
            return Ok(refused(status, &upstream.service));
        }
        Err(awc::error::WsClientError::SendRequest(e)) => {
            return Err(match e {
                awc::error::SendRequestError::Timeout => timed_out(),
                _ => ApiError::BadGateway {
                    service: upstream.service.clone(),
                },
            });
        }
        Err(e) => {
            tracing::warn!(service = %upstream.service, error = %e, "websocket handshake failed");
            return Err(ApiError::BadGateway {
                service: upstream.service.clone(),
            });
        }
    };
    let protocol = response
        .headers()
        .get(header::SEC_WEBSOCKET_PROTOCOL)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let protocols: Vec<&str> = protocol.as_deref().into_iter().collect();
    let (answer, session, from_client) = actix_ws::handle_with_protocols(&req, payload, &protocols)
        .map_err(|e| {
            ApiError::invalid(
                "upgrade",
                Text::new(
                    format!("websocket 握手无效：{e}"),
                    format!("invalid websocket handshake: {e}"),
                ),
            )
        })?;
    let service = upstream.service.clone();
    actix_web::rt::spawn(async move {
        relay(session, from_client, framed).await;
        tracing::debug!(%service, "websocket closed");
    });
    Ok(answer)
}

fn refused(status: StatusCode, service: &str) -> HttpResponse {
    let msg = Text::new(
        format!("服务 {service} 拒绝了 websocket 连接"),
        format!("Service {service} refused the websocket connection"),
    );
    HttpResponse::build(status).json(Envelope::<()> {
        state: State::Error,
        code: "websocket-refused".to_owned(),
        msg: msg.localized().to_owned(),
        data: None,
        time: platform::time::now_ms(),
    })
}

async fn relay(mut session: Session, mut from_client: MessageStream, upstream: UpstreamSocket) {
    let (mut to_upstream, mut from_upstream) = upstream.split();
    loop {
        tokio::select! {
            message = from_client.recv() => match message {
                Some(Ok(Message::Close(reason))) => {
                    let _ = to_upstream.send(Message::Close(reason)).await;
                    break;
                }
                Some(Ok(message)) => {
                    if to_upstream.send(message).await.is_err() {
                        let _ = session.close(None).await;
                        break;
                    }
                }
                Some(Err(_)) | None => {
                    let _ = to_upstream.send(Message::Close(None)).await;
                    break;
                }
            },
            frame = from_upstream.next() => {
                let sent = match frame {
                    Some(Ok(Frame::Text(bytes))) => match String::from_utf8(bytes.to_vec()) {
                        Ok(text) => session.text(text).await,
                        Err(_) => session.binary(bytes).await,
                    },
                    Some(Ok(Frame::Binary(bytes))) => session.binary(bytes).await,
                    Some(Ok(Frame::Ping(bytes))) => session.ping(&bytes).await,
                    Some(Ok(Frame::Pong(bytes))) => session.pong(&bytes).await,
                    Some(Ok(Frame::Continuation(item))) => session.continuation(item).await,
                    Some(Ok(Frame::Close(reason))) => {
                        let _ = session.close(reason).await;
                        break;
                    }
                    Some(Err(_)) | None => {
                        let _ = session.close(None).await;
                        break;
                    }
                };
                if sent.is_err() {
                    let _ = to_upstream.send(Message::Close(None)).await;
                    break;
                }
            }
        }
    }
}
