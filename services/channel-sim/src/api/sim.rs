//! The simulator's own controls (a channel has no equivalent; its operators do these in their
//! back office): register an account with its catalogue, read what was pushed, make the next
//! calls fail, and place a channel order toward our side.

use actix_web::{HttpResponse, web};
use platform::channel::{CatalogueEntry, Channel, Credentials, client};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::store::{Registration, Sim};

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

/// `POST /sim/orders`: the channel places an order toward our side: posted to the account's
/// `orderUrl`, signed with its secret, the product, date and price in the channel's names
/// (order ids, quantity and contact keep the generic names). Answers what our side answered.
async fn order(sim: web::Data<Sim>, body: web::Json<OrderBody>) -> HttpResponse {
    let b = body.into_inner();
    let Some(channel) = channel_of(&b.channel) else {
        return bad("unknown channel");
    };
    let Some((secret, url)) = sim.order_target(channel, &b.account) else {
        return HttpResponse::NotFound().json(json!({"error": "unknown account"}));
    };
    if url.is_empty() {
        return bad("the account has no orderUrl");
    }
    let map = channel.fields();
    let day = map.day_out(&platform::channel::Day {
        date: b.date,
        price: b.price,
        retail_price: b.price,
        stock: None,
        closed: false,
    });
    let mut payload = json!({
        "orderId": b.order_id,
        "quantity": b.quantity,
        "contactName": b.contact_name,
        "contactMobile": b.contact_mobile,
    });
    payload[map.product] = json!(b.product);
    payload[map.date] = day[map.date].clone();
    payload[map.price] = day[map.price].clone();
    let body = payload.to_string();
    let Ok(parsed) = reqwest::Url::parse(&url) else {
        return bad("the account's orderUrl is not a URL");
    };
    let path_and_query = match parsed.query() {
        Some(q) => format!("{}?{q}", parsed.path()),
        None => parsed.path().to_owned(),
    };
    let credentials = Credentials {
        account: b.account,
        secret,
    };
    let nonce = uuid::Uuid::new_v4().simple().to_string();
    let mut request = reqwest::Client::new()
        .post(parsed)
        .header("content-type", "application/json");
    for (name, value) in client::sign_headers(
        &credentials,
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
            HttpResponse::Ok().json(json!({"status": status, "answer": answer}))
        }
        Err(e) => HttpResponse::BadGateway()
            .json(json!({"error": format!("our side did not answer: {e}")})),
    }
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/sim/accounts", web::post().to(register))
        .route("/sim/calendars", web::get().to(calendars))
        .route("/sim/pushes", web::get().to(pushes))
        .route("/sim/fail", web::post().to(fail))
        .route("/sim/orders", web::post().to(order));
}
