//! The generic channel protocol as a channel answers it, under `/{channel}/v1/...`: the calendar
//! push, the catalogue lists, and the notices of what became of the channel's orders. Each call is checked as a channel would (account, signature,
//! clock window, nonce replay) before it is read; a told failure answers first, as a channel
//! that is down does not read what it is sent.

use actix_web::{HttpRequest, HttpResponse, web};
use platform::channel::{Channel, OrderNotice, client};
use serde_json::{Value, json};

use crate::domain::{self, answer};
use crate::store::{Refusal, Sim};

fn reply(status: u16, code: i64, message: &str, data: Value) -> HttpResponse {
    let status = actix_web::http::StatusCode::from_u16(status)
        .unwrap_or(actix_web::http::StatusCode::INTERNAL_SERVER_ERROR);
    HttpResponse::build(status).json(answer(code, message, data))
}

fn header<'a>(req: &'a HttpRequest, name: &str) -> &'a str {
    req.headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
}

/// A call refused before it is read: the answer, and for a told failure of a known account which
/// (the push log keeps those).
struct Refused {
    answer: HttpResponse,
    told: Option<(Channel, String, u16)>,
}

fn refused(answer: HttpResponse) -> Box<Refused> {
    Box::new(Refused { answer, told: None })
}

/// The channel and account of a checked call, or the answer refusing it.
fn check(
    sim: &Sim,
    req: &HttpRequest,
    channel: &str,
    body: &[u8],
) -> Result<(Channel, String), Box<Refused>> {
    let Some(channel) = Channel::from_name(channel) else {
        return Err(refused(reply(
            404,
            domain::BAD_REQUEST,
            "no such channel",
            Value::Null,
        )));
    };
    let account = header(req, client::ACCOUNT).to_owned();
    let secret = match sim.admit(channel, &account) {
        Ok(secret) => secret,
        Err(Refusal::Unknown) => {
            return Err(refused(reply(
                401,
                domain::UNAUTHORIZED,
                "unknown account",
                Value::Null,
            )));
        }
        Err(Refusal::Told(status)) => {
            return Err(Box::new(Refused {
                answer: reply(
                    status,
                    domain::FAULT,
                    "the channel is unavailable",
                    Value::Null,
                ),
                told: Some((channel, account, status)),
            }));
        }
    };
    let path_and_query = req
        .uri()
        .path_and_query()
        .map_or_else(|| req.path().to_owned(), |p| p.as_str().to_owned());
    let received = client::Received {
        method: req.method().as_str(),
        path_and_query: &path_and_query,
        body,
        timestamp: header(req, client::TIMESTAMP),
        nonce: header(req, client::NONCE),
        signature: header(req, client::SIGNATURE),
    };
    if let Err(why) = client::verify(&secret, &received, platform::time::now_ms()) {
        return Err(refused(reply(401, domain::UNAUTHORIZED, why, Value::Null)));
    }
    if !sim.first_use(channel, &account, received.nonce) {
        return Err(refused(reply(
            409,
            domain::REPLAYED,
            "nonce already used",
            Value::Null,
        )));
    }
    Ok((channel, account))
}

/// `POST /{channel}/v1/calendar`: `{"items": [calendar in the channel's names]}`.
async fn calendar(
    sim: web::Data<Sim>,
    req: HttpRequest,
    path: web::Path<String>,
    body: web::Bytes,
) -> HttpResponse {
    let now = platform::time::now_ms();
    let (channel, account) = match check(&sim, &req, &path, &body) {
        Ok(found) => found,
        Err(r) => {
            if let Some((channel, account, status)) = r.told {
                sim.note_failed_push(channel, &account, status, now);
            }
            return r.answer;
        }
    };
    let items = match domain::read_push(channel, &body) {
        Ok(items) => items,
        Err(why) => return reply(400, domain::BAD_REQUEST, &why, Value::Null),
    };
    match sim.push(channel, &account, items, now) {
        Ok(days) => reply(200, domain::OK, "ok", json!({"days": days})),
        Err(unknown) => reply(
            200,
            domain::NOT_FOUND,
            &format!("unknown products: {}", unknown.join(", ")),
            json!({"unknown": unknown}),
        ),
    }
}

async fn list(
    sim: web::Data<Sim>,
    req: HttpRequest,
    path: web::Path<String>,
    products: bool,
) -> HttpResponse {
    let (channel, account) = match check(&sim, &req, &path, b"") {
        Ok(found) => found,
        Err(r) => return r.answer,
    };
    let entries = if products {
        sim.products(channel, &account)
    } else {
        sim.scenics(channel, &account)
    };
    let map = channel.fields();
    let items: Vec<Value> = entries.iter().map(|e| map.entry_out(e)).collect();
    reply(200, domain::OK, "ok", json!({"items": items}))
}

/// `POST /{channel}/v1/orders/notify`: our side tells what became of one of the account's
/// orders (`OrderNotice`, generic names); an order the account did not place is refused.
async fn notify(
    sim: web::Data<Sim>,
    req: HttpRequest,
    path: web::Path<String>,
    body: web::Bytes,
) -> HttpResponse {
    let (channel, account) = match check(&sim, &req, &path, &body) {
        Ok(found) => found,
        Err(r) => return r.answer,
    };
    let notice: OrderNotice = match serde_json::from_slice(&body) {
        Ok(n) => n,
        Err(e) => return reply(400, domain::BAD_REQUEST, &e.to_string(), Value::Null),
    };
    if sim.notified(channel, &account, notice) {
        reply(200, domain::OK, "ok", Value::Null)
    } else {
        reply(200, domain::NOT_FOUND, "unknown order", Value::Null)
    }
}

/// `GET /{channel}/v1/scenics`: the account's spots at the channel.
async fn scenics(sim: web::Data<Sim>, req: HttpRequest, path: web::Path<String>) -> HttpResponse {
    list(sim, req, path, false).await
}

/// `GET /{channel}/v1/products`: the account's products at the channel, each with its spot.
async fn products(sim: web::Data<Sim>, req: HttpRequest, path: web::Path<String>) -> HttpResponse {
    list(sim, req, path, true).await
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/{channel}/v1/calendar", web::post().to(calendar))
        .route("/{channel}/v1/scenics", web::get().to(scenics))
        .route("/{channel}/v1/products", web::get().to(products))
        .route("/{channel}/v1/orders/notify", web::post().to(notify));
}
