//! The simulator's own controls (a channel has no equivalent; its operators do these in their
//! back office): register an account with its catalogue, read what was pushed, make the next
//! calls fail, and place (and cancel) a channel order toward our side.

use actix_web::{HttpResponse, web};
use platform::channel::{CatalogueEntry, Channel, ChannelOrder, Credentials, client};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::store::{PlacedOrder, Registration, Sim};

fn bad(message: &str) -> HttpResponse {
    HttpResponse::BadRequest().json(json!({"error": message}))
}

fn channel_of(name: &str) -> Option<Channel> {
    Channel::from_name(name)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AccountBody {
    channel: String,
    account: String,
    secret: String,
    #[serde(default)]
    scenics: Vec<CatalogueEntry>,
    #[serde(default)]
    products: Vec<CatalogueEntry>,
    #[serde(default)]
    order_url: String,
}

/// `POST /sim/accounts`: registers (or rewrites) an account and its catalogue.
async fn register(sim: web::Data<Sim>, body: web::Json<AccountBody>) -> HttpResponse {
    let b = body.into_inner();
    let Some(channel) = channel_of(&b.channel) else {
        return bad("unknown channel");
    };
    if b.account.trim().is_empty() || b.secret.trim().is_empty() {
        return bad("account and secret are required");
    }
    sim.register(
        channel,
        &b.account,
        Registration {
            secret: b.secret,
            scenics: b.scenics,
            products: b.products,
            order_url: b.order_url,
        },
    );
    HttpResponse::Ok().json(json!({"channel": channel, "account": b.account}))
}

#[derive(Deserialize)]
struct Which {
    channel: String,
    account: String,
}

/// `GET /sim/calendars?channel=&account=`: what the account holds, in the generic records.
async fn calendars(sim: web::Data<Sim>, q: web::Query<Which>) -> HttpResponse {
    match channel_of(&q.channel) {
        Some(c) => HttpResponse::Ok().json(json!({"calendars": sim.calendars(c, &q.account)})),
        None => bad("unknown channel"),
    }
}

/// `GET /sim/pushes?channel=&account=`: every push received, in order.
async fn pushes(sim: web::Data<Sim>, q: web::Query<Which>) -> HttpResponse {
    match channel_of(&q.channel) {
        Some(c) => HttpResponse::Ok().json(json!({"pushes": sim.pushes(c, &q.account)})),
        None => bad("unknown channel"),
    }
}

#[derive(Deserialize)]
struct FailBody {
    channel: String,
    account: String,
    statuses: Vec<u16>,
}

/// `POST /sim/fail`: the account's next protocol calls answer these HTTP statuses.
async fn fail(sim: web::Data<Sim>, body: web::Json<FailBody>) -> HttpResponse {
    let b = body.into_inner();
    let Some(channel) = channel_of(&b.channel) else {
        return bad("unknown channel");
    };
    if b.statuses.iter().any(|s| !(100..=599).contains(s)) {
        return bad("statuses must be HTTP statuses");
    }
    if sim.fail_next(channel, &b.account, b.statuses) {
        HttpResponse::Ok().json(json!({"queued": true}))
    } else {
        HttpResponse::NotFound().json(json!({"error": "unknown account"}))
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct OrderBody {
    channel: String,
    account: String,
    /// The channel's order id.
    order_id: String,
    product: String,
    date: String,
    quantity: i64,
    /// Per ticket, fen.
    price: i64,
    #[serde(default)]
    contact_name: String,
    #[serde(default)]
    contact_mobile: String,
}

/// What our side answered a call of the channel: its HTTP status and JSON (or text).
struct Answered {
    status: u16,
    answer: Value,
}

/// Posts `body` to `url` signed as the channel signs (the account's secret).
async fn post_signed(
    url: &str,
    credentials: &Credentials,
    body: String,
) -> Result<Answered, Box<HttpResponse>> {
    let Ok(parsed) = reqwest::Url::parse(url) else {
        return Err(Box::new(bad("the account's orderUrl is not a URL")));
    };
    let path_and_query = match parsed.query() {
        Some(q) => format!("{}?{q}", parsed.path()),
        None => parsed.path().to_owned(),
    };
    let nonce = uuid::Uuid::new_v4().simple().to_string();
    let mut request = reqwest::Client::new()
        .post(parsed)
        .header("content-type", "application/json");
    for (name, value) in client::sign_headers(
        credentials,
        "POST",
        &path_and_query,
        body.as_bytes(),
        platform::time::now_ms(),
        &nonce,
    ) {
        request = request.header(name, value);
    }
    match request.body(body).send().await {
        Ok(r) => {
            let status = r.status().as_u16();
            let text = r.text().await.unwrap_or_default();
            let answer: Value = serde_json::from_str(&text).unwrap_or(Value::String(text));
            Ok(Answered { status, answer })
        }
        Err(e) => Err(Box::new(
            HttpResponse::BadGateway()
                .json(json!({"error": format!("our side did not answer: {e}")})),
        )),
    }
}

/// The account's credentials and order address, or the answer saying why there are none.
fn order_target(
    sim: &Sim,
    channel: &str,
    account: &str,
) -> Result<(Channel, Credentials, String), Box<HttpResponse>> {
    let Some(channel) = channel_of(channel) else {
        return Err(Box::new(bad("unknown channel")));
    };
    let Some((secret, url)) = sim.order_target(channel, account) else {
        return Err(Box::new(
            HttpResponse::NotFound().json(json!({"error": "unknown account"})),
        ));
    };
    if url.is_empty() {
        return Err(Box::new(bad("the account has no orderUrl")));
    }
    let credentials = Credentials {
        account: account.to_owned(),
        secret,
    };
    Ok((channel, credentials, url))
}

fn text_at(v: &Value, pointer: &str) -> String {
    match v.pointer(pointer) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

/// `POST /sim/orders`: the channel places an order toward our side: posted to the account's
/// `orderUrl`, signed with its secret, the product, date and price in the channel's names
/// (order ids, quantity and contact keep the generic names). Answers what our side answered;
/// the order is kept with it (`GET /sim/orders`).
async fn order(sim: web::Data<Sim>, body: web::Json<OrderBody>) -> HttpResponse {
    let b = body.into_inner();
    let (channel, credentials, url) = match order_target(&sim, &b.channel, &b.account) {
        Ok(t) => t,
        Err(r) => return *r,
    };
    let order = ChannelOrder {
        order_id: b.order_id,
        product: b.product,
        date: b.date,
        quantity: b.quantity,
        price: b.price,
        contact_name: b.contact_name,
        contact_mobile: b.contact_mobile,
    };
    let payload = channel.fields().order_out(&order).to_string();
    match post_signed(&url, &credentials, payload).await {
        Ok(a) => {
            let taken = a.answer.get("code").and_then(Value::as_i64) == Some(0);
            sim.placed(
                channel,
                &b.account,
                PlacedOrder {
                    order,
                    placed_at_ms: platform::time::now_ms(),
                    partner_order_id: if taken {
                        text_at(&a.answer, "/data/orderId")
                    } else {
                        String::new()
                    },
                    state: if taken {
                        text_at(&a.answer, "/data/state")
                    } else {
                        "refused".to_owned()
                    },
                    answers: vec![a.answer.clone()],
                    notices: Vec::new(),
                },
            );
            HttpResponse::Ok().json(json!({"status": a.status, "answer": a.answer}))
        }
        Err(r) => *r,
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CancelBody {
    channel: String,
    account: String,
    order_id: String,
}

/// `POST /sim/orders/cancel`: the channel asks our side to cancel one of its orders: posted to
/// `{orderUrl}/cancel` as `{"orderId"}`, signed. Answers what our side answered.
async fn cancel(sim: web::Data<Sim>, body: web::Json<CancelBody>) -> HttpResponse {
    let b = body.into_inner();
    let (channel, credentials, url) = match order_target(&sim, &b.channel, &b.account) {
        Ok(t) => t,
        Err(r) => return *r,
    };
    let url = format!("{}/cancel", url.trim_end_matches('/'));
    let payload = json!({"orderId": b.order_id}).to_string();
    match post_signed(&url, &credentials, payload).await {
        Ok(a) => {
            let state = (a.answer.get("code").and_then(Value::as_i64) == Some(0))
                .then(|| text_at(&a.answer, "/data/state"));
            sim.cancel_answered(channel, &b.account, &b.order_id, a.answer.clone(), state);
            HttpResponse::Ok().json(json!({"status": a.status, "answer": a.answer}))
        }
        Err(r) => *r,
    }
}

/// `GET /sim/orders?channel=&account=`: the orders the account placed, each with our side's
/// answers and the notices it sent of it.
async fn orders(sim: web::Data<Sim>, q: web::Query<Which>) -> HttpResponse {
    match channel_of(&q.channel) {
        Some(c) => HttpResponse::Ok().json(json!({"orders": sim.orders(c, &q.account)})),
        None => bad("unknown channel"),
    }
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/sim/accounts", web::post().to(register))
        .route("/sim/calendars", web::get().to(calendars))
        .route("/sim/pushes", web::get().to(pushes))
        .route("/sim/fail", web::post().to(fail))
        .route("/sim/orders", web::post().to(order))
        .route("/sim/orders", web::get().to(orders))
        .route("/sim/orders/cancel", web::post().to(cancel));
}
