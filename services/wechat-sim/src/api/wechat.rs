//! WeChat's own paths, as its public documentation gives them: tokens, QR codes, the follower
//! list and info, template messages, and a mini-program's `jscode2session`. Errors are HTTP 200 with `{errcode, errmsg}`.

use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::{Value, json};

use super::err;
use crate::domain;
use crate::store::{Sim, TemplateSend};

#[derive(Deserialize)]
struct TokenQuery {
    grant_type: Option<String>,
    appid: Option<String>,
    secret: Option<String>,
}

fn issued(answer: Result<(String, i64), i64>) -> HttpResponse {
    match answer {
        Ok((token, expires_in)) => {
            HttpResponse::Ok().json(json!({"access_token": token, "expires_in": expires_in}))
        }
        Err(code) => err(code),
    }
}

/// `GET /cgi-bin/token?grant_type=client_credential&appid&secret`.
async fn token(sim: web::Data<Sim>, q: web::Query<TokenQuery>) -> HttpResponse {
    if q.grant_type.as_deref() != Some("client_credential") {
        return err(40002);
    }
    issued(sim.issue(
        q.appid.as_deref().unwrap_or_default(),
        q.secret.as_deref().unwrap_or_default(),
        false,
    ))
}

#[derive(Deserialize)]
struct StableTokenBody {
    grant_type: Option<String>,
    appid: Option<String>,
    secret: Option<String>,
    #[serde(default)]
    force_refresh: bool,
}

/// `POST /cgi-bin/stable_token {grant_type, appid, secret, force_refresh}`.
async fn stable_token(sim: web::Data<Sim>, body: web::Bytes) -> HttpResponse {
    let Ok(b) = serde_json::from_slice::<StableTokenBody>(&body) else {
        return err(47001);
    };
    if b.grant_type.as_deref() != Some("client_credential") {
        return err(40002);
    }
    issued(sim.issue(
        b.appid.as_deref().unwrap_or_default(),
        b.secret.as_deref().unwrap_or_default(),
        b.force_refresh,
    ))
}

#[derive(Deserialize)]
struct AccessQuery {
    access_token: Option<String>,
    next_openid: Option<String>,
    openid: Option<String>,
}

/// `POST /cgi-bin/qrcode/create?access_token`.
async fn qrcode_create(
    sim: web::Data<Sim>,
    q: web::Query<AccessQuery>,
    body: web::Bytes,
) -> HttpResponse {
    let Ok(b) = serde_json::from_slice::<Value>(&body) else {
        return err(47001);
    };
    let Some(scene) = domain::qr_scene(&b) else {
        return err(47001);
    };
    let lifetime = domain::qr_lifetime(b["expire_seconds"].as_i64());
    match sim.create_qr(q.access_token.as_deref(), scene, lifetime) {
        Ok((ticket, code)) => HttpResponse::Ok().json(json!({
            "ticket": ticket,
            "expire_seconds": lifetime,
            "url": format!("http://weixin.qq.com/q/{code}"),
        })),
        Err(code) => err(code),
    }
}

/// `GET /cgi-bin/user/get?access_token&next_openid`.
async fn user_get(sim: web::Data<Sim>, q: web::Query<AccessQuery>) -> HttpResponse {
    let after = q.next_openid.clone().unwrap_or_default();
    let (total, ids) = match sim.followers_page(q.access_token.as_deref(), &after) {
        Ok(page) => page,
        Err(code) => return err(code),
    };
    let next = ids.last().cloned().unwrap_or_default();
    let mut answer = json!({"total": total, "count": ids.len(), "next_openid": next});
    // WeChat leaves `data` out of a page with no openid.
    if !ids.is_empty() {
        answer["data"] = json!({"openid": ids});
    }
    HttpResponse::Ok().json(answer)
}

/// `GET /cgi-bin/user/info?access_token&openid&lang`.
async fn user_info(sim: web::Data<Sim>, q: web::Query<AccessQuery>) -> HttpResponse {
    let openid = q.openid.clone().unwrap_or_default();
    match sim.follower(q.access_token.as_deref(), &openid) {
        Ok(f) if f.subscribed => HttpResponse::Ok().json(json!({
            "subscribe": 1,
            "openid": f.openid,
            "nickname": f.nickname,
            "language": "zh_CN",
            "subscribe_time": f.subscribe_time,
            "remark": "",
            "groupid": 0,
            "tagid_list": [],
            "subscribe_scene": "ADD_SCENE_QR_CODE",
        })),
        Ok(f) => HttpResponse::Ok().json(json!({"subscribe": 0, "openid": f.openid})),
        Err(code) => err(code),
    }
}

/// `POST /cgi-bin/message/template/send?access_token {touser, template_id, url, data}`.
async fn template_send(
    sim: web::Data<Sim>,
    q: web::Query<AccessQuery>,
    body: web::Bytes,
) -> HttpResponse {
    let Ok(b) = serde_json::from_slice::<Value>(&body) else {
        return err(47001);
    };
    let (Some(touser), Some(template_id)) = (b["touser"].as_str(), b["template_id"].as_str())
    else {
        return err(47001);
    };
    let send = TemplateSend {
        touser,
        template_id,
        url: b["url"].as_str().unwrap_or_default(),
        data: b["data"].clone(),
    };
    match sim.accept_template(q.access_token.as_deref(), send) {
        Ok(msgid) => HttpResponse::Ok().json(json!({"errcode": 0, "errmsg": "ok", "msgid": msgid})),
        Err(code) => err(code),
    }
}

#[derive(Deserialize)]
struct SessionQuery {
    appid: Option<String>,
    secret: Option<String>,
    js_code: Option<String>,
    grant_type: Option<String>,
}

/// `GET /sns/jscode2session?appid&secret&js_code&grant_type=authorization_code`: the
/// mini-program user of a `wx.login` code. `unionid` only when WeChat has one for the user.
async fn jscode2session(sim: web::Data<Sim>, q: web::Query<SessionQuery>) -> HttpResponse {
    if q.grant_type.as_deref() != Some("authorization_code") {
        return err(40002);
    }
    match sim.code2session(
        q.appid.as_deref().unwrap_or_default(),
        q.secret.as_deref().unwrap_or_default(),
        q.js_code.as_deref().unwrap_or_default(),
    ) {
        Ok((openid, session_key, unionid)) => {
            let mut answer =
                json!({"openid": openid, "session_key": session_key, "errcode": 0, "errmsg": "ok"});
            if !unionid.is_empty() {
                answer["unionid"] = json!(unionid);
            }
            HttpResponse::Ok().json(answer)
        }
        Err(code) => err(code),
    }
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/sns/jscode2session", web::get().to(jscode2session))
        .route("/cgi-bin/token", web::get().to(token))
        .route("/cgi-bin/stable_token", web::post().to(stable_token))
        .route("/cgi-bin/qrcode/create", web::post().to(qrcode_create))
        .route("/cgi-bin/user/get", web::get().to(user_get))
        .route("/cgi-bin/user/info", web::get().to(user_info))
        .route(
            "/cgi-bin/message/template/send",
            web::post().to(template_send),
        );
}
