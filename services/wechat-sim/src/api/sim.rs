//! The simulator's own controls (WeChat has no equivalent): register an account, scan a QR code
//! as a WeChat user, follow and unfollow, read what was received, queue failures, expire tokens,
//! and a page for a person trying the product.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::json;

use super::Callbacks;
use crate::domain;
use crate::store::{Sim, now_secs};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RegisterBody {
    appid: String,
    secret: String,
    token: String,
    /// Empty: plaintext mode; 43 letters or digits: safe mode.
    #[serde(default)]
    encoding_aes_key: String,
    #[serde(default)]
    callback_url: String,
    #[serde(default)]
    templates: Vec<String>,
}

/// Registers an account. Like WeChat's console, a server URL is checked first with the signed
/// echo `GET`: a server that does not echo is refused.
async fn register(
    sim: web::Data<Sim>,
    callbacks: web::Data<Callbacks>,
    body: web::Json<RegisterBody>,
) -> HttpResponse {
    let b = body.into_inner();
    if b.appid.trim().is_empty() || b.secret.trim().is_empty() {
        return HttpResponse::BadRequest().json(json!({"error": "appid and secret are required"}));
    }
    let aes_key = b.encoding_aes_key.trim();
    if !aes_key.is_empty() && domain::safe_mode::AesKey::from_encoding(aes_key).is_err() {
        return HttpResponse::BadRequest()
            .json(json!({"error": "the EncodingAESKey must be 43 letters or digits"}));
    }
    if !b.callback_url.is_empty()
        && let Err(e) = callbacks.echo_check(&b.callback_url, &b.token).await
    {
        return HttpResponse::BadRequest().json(json!({"error": e}));
    }
    sim.register_server(&b.appid, &b.secret, &b.token, aes_key, &b.callback_url);
    sim.set_templates(&b.appid, b.templates);
    HttpResponse::Ok().json(json!({"appid": b.appid}))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScanBody {
    appid: String,
    /// The QR code's ticket (or its `url`), as the console's image carries it.
    #[serde(default)]
    ticket: String,
    openid: String,
    #[serde(default)]
    nickname: String,
}

/// "Scans" a QR code as a WeChat user: a newcomer follows (subscribe with `qrscene_` + scene),
/// a follower gets SCAN with the bare scene; either is posted to the account's server.
async fn scan(
    sim: web::Data<Sim>,
    callbacks: web::Data<Callbacks>,
    body: web::Json<ScanBody>,
) -> HttpResponse {
    let b = body.into_inner();
    let now = now_secs();
    let (event, key, ticket) = match sim.scan(&b.appid, &b.ticket, &b.openid, &b.nickname) {
        Ok(found) => found,
        Err(e) => return HttpResponse::NotFound().json(json!({"error": e})),
    };
    let xml = domain::event_xml(&b.appid, &b.openid, now, event, &key, &ticket);
    deliver(&sim, &callbacks, &b.appid, event, xml).await
}

#[derive(Deserialize)]
struct FollowBody {
    appid: String,
    openid: String,
    #[serde(default)]
    nickname: String,
}

/// A user follows from the account's profile (subscribe without a scene).
async fn subscribe(
    sim: web::Data<Sim>,
    callbacks: web::Data<Callbacks>,
    body: web::Json<FollowBody>,
) -> HttpResponse {
    let b = body.into_inner();
    if !sim.add_follower(&b.appid, &b.openid, &b.nickname) {
        return HttpResponse::NotFound().json(json!({"error": "unknown appid"}));
    }
    let xml = domain::event_xml(&b.appid, &b.openid, now_secs(), "subscribe", "", "");
    deliver(&sim, &callbacks, &b.appid, "subscribe", xml).await
}

async fn unsubscribe(
    sim: web::Data<Sim>,
    callbacks: web::Data<Callbacks>,
    body: web::Json<FollowBody>,
) -> HttpResponse {
    let b = body.into_inner();
    if !sim.remove_follower(&b.appid, &b.openid) {
        return HttpResponse::NotFound().json(json!({"error": "not a follower"}));
    }
    let xml = domain::event_xml(&b.appid, &b.openid, now_secs(), "unsubscribe", "", "");
    deliver(&sim, &callbacks, &b.appid, "unsubscribe", xml).await
}

async fn deliver(
    sim: &Sim,
    callbacks: &Callbacks,
    appid: &str,
    event: &str,
    xml: String,
) -> HttpResponse {
    match callbacks.push(sim, appid, xml).await {
        Ok(d) => HttpResponse::Ok().json(json!({
            "event": event,
            "serverStatus": d.status,
            "serverAnswer": d.answer,
            "encrypted": d.encrypted,
            "replyError": d.reply_error,
        })),
        Err(e) => HttpResponse::BadGateway().json(json!({"event": event, "error": e})),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MaLoginBody {
    appid: String,
    openid: String,
    #[serde(default)]
    unionid: String,
    /// Optional: the mini-program's server login to hand the code to (weixin-server's
    /// `/openapi/ma/user/login`), with the mini-program's `configId` there.
    #[serde(default)]
    login_url: String,
    #[serde(default)]
    config_id: Option<i64>,
}

/// `wx.login` in a mini-program on the phone of a WeChat user: the code the mini-program then
/// sends its server, which exchanges it with `jscode2session`. With `loginUrl`, the simulator
/// also plays the mini-program (no WeChat behaviour): it posts `{configId, code}` there and
/// answers what the server said.
async fn ma_login(
    sim: web::Data<Sim>,
    callbacks: web::Data<Callbacks>,
    body: web::Json<MaLoginBody>,
) -> HttpResponse {
    if body.openid.trim().is_empty() {
        return HttpResponse::BadRequest().json(json!({"error": "openid is required"}));
    }
    let Some(code) = sim.ma_login(&body.appid, body.openid.trim(), body.unionid.trim()) else {
        return HttpResponse::NotFound().json(json!({"error": "unknown appid"}));
    };
    if body.login_url.trim().is_empty() {
        return HttpResponse::Ok().json(json!({"code": code}));
    }
    match callbacks
        .post_json(
            body.login_url.trim(),
            &json!({"configId": body.config_id, "code": code}),
        )
        .await
    {
        Ok((status, answer)) => HttpResponse::Ok()
            .json(json!({"code": code, "serverStatus": status, "serverAnswer": answer})),
        Err(e) => HttpResponse::BadGateway().json(json!({"code": code, "error": e})),
    }
}

#[derive(Deserialize)]
struct AppQuery {
    appid: String,
}

async fn messages(sim: web::Data<Sim>, q: web::Query<AppQuery>) -> HttpResponse {
    HttpResponse::Ok().json(sim.received(&q.appid))
}

async fn stats(sim: web::Data<Sim>, q: web::Query<AppQuery>) -> HttpResponse {
    match sim.stats(&q.appid) {
        Some(s) => HttpResponse::Ok().json(s),
        None => HttpResponse::NotFound().json(json!({"error": "unknown appid"})),
    }
}

#[derive(Deserialize)]
struct FailBody {
    appid: String,
    api: String,
    codes: Vec<i64>,
}

async fn fail(sim: web::Data<Sim>, body: web::Json<FailBody>) -> HttpResponse {
    sim.fail_next(&body.appid, &body.api, &body.codes);
    HttpResponse::Ok().json(json!({}))
}

async fn expire(sim: web::Data<Sim>, body: web::Json<AppQuery>) -> HttpResponse {
    sim.expire_tokens(&body.appid);
    HttpResponse::Ok().json(json!({}))
}

/// A page for a person trying the product: register an account, scan a live QR code.
async fn page() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(include_str!("../page.html"))
}

async fn apps(sim: web::Data<Sim>) -> HttpResponse {
    HttpResponse::Ok().json(sim.apps())
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/sim/", web::get().to(page))
        .route("/sim/apps", web::get().to(apps))
        .route("/sim/apps", web::post().to(register))
        .route("/sim/scan", web::post().to(scan))
        .route("/sim/subscribe", web::post().to(subscribe))
        .route("/sim/unsubscribe", web::post().to(unsubscribe))
        .route("/sim/messages", web::get().to(messages))
        .route("/sim/stats", web::get().to(stats))
        .route("/sim/ma/login", web::post().to(ma_login))
        .route("/sim/fail", web::post().to(fail))
        .route("/sim/expire", web::post().to(expire));
}
