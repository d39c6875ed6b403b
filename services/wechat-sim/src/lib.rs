//! A simulator of the parts of WeChat's official-account API that weixin-server calls, written
//! from WeChat's public documentation: the same paths, parameters, JSON answers, error codes,
//! token lifetimes, and the signed XML events it posts to a developer's server. Tests, browser
//! tests and `make run` talk to it instead of `https://api.weixin.qq.com`.
//!
//! WeChat's own paths (`/cgi-bin/...`) behave as documented. Under `/sim/` are the simulator's
//! controls, which WeChat has no equivalent of: register an official account (what a developer
//! does in the mp admin console: app id, secret, message token, server URL), "scan" a QR code as
//! a WeChat user (WeChat then posts the subscribe or SCAN event to the server URL), unsubscribe,
//! read what was sent to it (template messages, token requests), make the next calls fail with a
//! code, and expire tokens early. docs/weixin.md says which behaviours are WeChat's and which
//! are assumed.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha1::{Digest, Sha1};

/// How the simulator behaves where WeChat's numbers are fixed or private.
#[derive(Debug, Clone)]
pub struct Settings {
    /// `expires_in` of an access token (WeChat: 7200).
    pub token_ttl_secs: i64,
    /// How long the previous token stays valid after a new one is issued (WeChat: 5 minutes).
    pub token_overlap_secs: i64,
    /// Openids per `user/get` page (WeChat: 10000).
    pub user_page: usize,
    /// Calls of one API per app per day before 45009 (WeChat's quotas vary per API).
    pub daily_quota: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            token_ttl_secs: 7200,
            token_overlap_secs: 300,
            user_page: 10_000,
            daily_quota: 1_000_000,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Follower {
    pub openid: String,
    pub nickname: String,
    pub subscribed: bool,
    pub subscribe_time: i64,
}

/// A template message as the simulator received it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Received {
    pub msgid: i64,
    pub touser: String,
    pub template_id: String,
    pub url: String,
    pub data: Value,
    pub at_ms: i64,
}

#[derive(Debug, Clone)]
struct Token {
    value: String,
    expires_at: i64,
}

#[derive(Debug, Clone)]
struct Qr {
    scene: String,
    expires_at: i64,
}

#[derive(Debug, Default)]
struct App {
    secret: String,
    token: String,
    callback_url: String,
    /// Template ids the account has added (empty: any id is accepted).
    templates: Vec<String>,
    current: Option<Token>,
    previous: Option<Token>,
    token_requests: u64,
    followers: BTreeMap<String, Follower>,
    qrcodes: HashMap<String, Qr>,
    received: Vec<Received>,
    /// Error codes the next calls of an API answer, in order.
    failures: HashMap<String, Vec<i64>>,
    /// Calls per API today: (day, count).
    quota: HashMap<String, (i64, u64)>,
}

#[derive(Debug, Default)]
struct State {
    apps: HashMap<String, App>,
    next_msgid: i64,
}

/// The simulator: its state and settings, shared by every worker.
#[derive(Clone)]
pub struct Sim {
    state: Arc<Mutex<State>>,
    settings: Settings,
    client: reqwest::Client,
}

fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

fn random_hex() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// WeChat's message signature: SHA-1 of the token, timestamp and nonce sorted and joined.
pub fn signature(token: &str, timestamp: &str, nonce: &str) -> String {
    let mut parts = [token, timestamp, nonce];
    parts.sort_unstable();
    hex(&Sha1::digest(parts.concat().as_bytes()))
}

/// WeChat's error answer.
fn err(code: i64, msg: &str) -> HttpResponse {
    // WeChat answers its errors with HTTP 200 and the code in the body.
    HttpResponse::Ok().json(json!({"errcode": code, "errmsg": msg}))
}

fn errmsg(code: i64) -> &'static str {
    match code {
        -1 => "system error",
        40001 => "invalid credential, access_token is invalid or not latest",
        40003 => "invalid openid",
        40013 => "invalid appid",
        40037 => "invalid template_id",
        40125 => "invalid appsecret",
        41001 => "access_token missing",
        42001 => "access_token expired",
        43004 => "require subscribe",
        45009 => "reach max api daily quota limit",
        47001 => "data format error",
        _ => "error",
    }
}

impl Sim {
    pub fn new(settings: Settings) -> Self {
        Self {
            state: Arc::default(),
            settings,
            client: reqwest::Client::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves consistent maps: keep serving.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Registers (or rewrites) an official account, as a developer does in WeChat's console.
    pub fn register(&self, appid: &str, secret: &str, token: &str, callback_url: &str) {
        let mut s = self.lock();
        let app = s.apps.entry(appid.to_owned()).or_default();
        app.secret = secret.to_owned();
        app.token = token.to_owned();
        app.callback_url = callback_url.to_owned();
    }

    /// How many access tokens `appid` has been issued.
    pub fn token_requests(&self, appid: &str) -> u64 {
        self.lock().apps.get(appid).map_or(0, |a| a.token_requests)
    }

    /// The template messages `appid` has accepted, oldest first.
    pub fn received(&self, appid: &str) -> Vec<Received> {
        self.lock()
            .apps
            .get(appid)
            .map(|a| a.received.clone())
            .unwrap_or_default()
    }

    /// Makes the next calls of `api` (`token`, `template`, `qrcode`, `user`) answer `codes`.
    pub fn fail_next(&self, appid: &str, api: &str, codes: &[i64]) {
        let mut s = self.lock();
        if let Some(app) = s.apps.get_mut(appid) {
            app.failures
                .entry(api.to_owned())
                .or_default()
                .extend_from_slice(codes);
        }
    }

    /// Ends the validity of every token of `appid` now (the next call gets 42001).
    pub fn expire_tokens(&self, appid: &str) {
        let mut s = self.lock();
        if let Some(app) = s.apps.get_mut(appid) {
            for t in [&mut app.current, &mut app.previous].into_iter().flatten() {
                t.expires_at = now_secs() - 1;
            }
        }
    }

    /// Adds a follower without an event (as if they had followed before the server existed).
    pub fn add_follower(&self, appid: &str, openid: &str, nickname: &str) {
        let mut s = self.lock();
        if let Some(app) = s.apps.get_mut(appid) {
            app.followers.insert(
                openid.to_owned(),
                Follower {
                    openid: openid.to_owned(),
                    nickname: nickname.to_owned(),
                    subscribed: true,
                    subscribe_time: now_secs(),
                },
            );
        }
    }

    fn failure(app: &mut App, api: &str) -> Option<i64> {
        let queue = app.failures.get_mut(api)?;
        if queue.is_empty() {
            None
        } else {
            Some(queue.remove(0))
        }
    }

    fn over_quota(&self, app: &mut App, api: &str) -> bool {
        let day = now_secs() / 86_400;
        let entry = app.quota.entry(api.to_owned()).or_insert((day, 0));
        if entry.0 != day {
            *entry = (day, 0);
        }
        entry.1 += 1;
        entry.1 > self.settings.daily_quota
    }

    /// The app whose valid token `access_token` is, or WeChat's error for it.
    fn authorise<'a>(
        &self,
        state: &'a mut State,
        access_token: Option<&str>,
        api: &str,
    ) -> Result<&'a mut App, i64> {
        let Some(token) = access_token.filter(|t| !t.is_empty()) else {
            return Err(41001);
        };
        let now = now_secs();
        let mut expired = false;
        let mut found = None;
        for (id, app) in &state.apps {
            for t in [&app.current, &app.previous].into_iter().flatten() {
                if t.value == token {
                    if t.expires_at > now {
                        found = Some(id.clone());
                    } else {
                        expired = true;
                    }
                }
            }
        }
        let Some(id) = found else {
            return Err(if expired { 42001 } else { 40001 });
        };
        let app = state.apps.get_mut(&id).ok_or(40001)?;
        if let Some(code) = Self::failure(app, api) {
            return Err(code);
        }
        if self.over_quota(app, api) {
            return Err(45009);
        }
        Ok(app)
    }

    fn issue(&self, appid: &str, secret: &str, force: bool) -> HttpResponse {
        let mut s = self.lock();
        let Some(app) = s.apps.get_mut(appid) else {
            return err(40013, errmsg(40013));
        };
        if app.secret != secret {
            return err(40125, errmsg(40125));
        }
        if let Some(code) = Self::failure(app, "token") {
            return err(code, errmsg(code));
        }
        if self.over_quota(app, "token") {
            return err(45009, errmsg(45009));
        }
        let now = now_secs();
        if !force && let Some(t) = app.current.as_ref().filter(|t| t.expires_at > now) {
            return HttpResponse::Ok()
                .json(json!({"access_token": t.value, "expires_in": t.expires_at - now}));
        }
        let token = Token {
            value: format!("SIM_{}", random_hex()),
            expires_at: now + self.settings.token_ttl_secs,
        };
        // The old token keeps working a while, so callers holding it finish their calls.
        app.previous = app.current.take().map(|mut t| {
            t.expires_at = t.expires_at.min(now + self.settings.token_overlap_secs);
            t
        });
        app.current = Some(token.clone());
        app.token_requests += 1;
        HttpResponse::Ok()
            .json(json!({"access_token": token.value, "expires_in": self.settings.token_ttl_secs}))
    }

    /// Posts one event to the app's server as WeChat does: XML body, signed query.
    async fn push(&self, appid: &str, xml: String) -> Result<(u16, String), String> {
        let (url, token) = {
            let s = self.lock();
            let app = s.apps.get(appid).ok_or("unknown appid")?;
            (app.callback_url.clone(), app.token.clone())
        };
        if url.is_empty() {
            return Err("the account has no server URL".into());
        }
        let timestamp = now_secs().to_string();
        let nonce = (now_ms() % 1_000_000_000).to_string() + &random_hex()[..6];
        let sig = signature(&token, &timestamp, &nonce);
        let url = with_query(
            &url,
            &[
                ("signature", sig.as_str()),
                ("timestamp", timestamp.as_str()),
                ("nonce", nonce.as_str()),
            ],
        )?;
        let answer = self
            .client
            .post(url)
            .header("Content-Type", "text/xml")
            .body(xml)
            .send()
            .await
            .map_err(|e| format!("the server did not answer: {e}"))?;
        let status = answer.status().as_u16();
        let body = answer.text().await.unwrap_or_default();
        Ok((status, body))
    }
}

/// `url` with `pairs` added to its query.
fn with_query(url: &str, pairs: &[(&str, &str)]) -> Result<reqwest::Url, String> {
    let mut u = reqwest::Url::parse(url).map_err(|e| format!("bad server URL {url}: {e}"))?;
    u.query_pairs_mut().extend_pairs(pairs);
    Ok(u)
}

/// One event in WeChat's XML. `key` and `ticket` are left out when empty.
pub fn event_xml(
    to: &str,
    from: &str,
    created: i64,
    event: &str,
    key: &str,
    ticket: &str,
) -> String {
    let mut xml = format!(
        "<xml><ToUserName><![CDATA[{to}]]></ToUserName><FromUserName><![CDATA[{from}]]></FromUserName>\
         <CreateTime>{created}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[{event}]]></Event>"
    );
    if !key.is_empty() {
        xml.push_str(&format!("<EventKey><![CDATA[{key}]]></EventKey>"));
    }
    if !ticket.is_empty() {
        xml.push_str(&format!("<Ticket><![CDATA[{ticket}]]></Ticket>"));
    }
    xml.push_str("</xml>");
    xml
}

#[derive(Deserialize)]
struct TokenQuery {
    grant_type: Option<String>,
    appid: Option<String>,
    secret: Option<String>,
}

async fn token(sim: web::Data<Sim>, q: web::Query<TokenQuery>) -> HttpResponse {
    if q.grant_type.as_deref() != Some("client_credential") {
        return err(40002, "invalid grant_type");
    }
    sim.issue(
        q.appid.as_deref().unwrap_or_default(),
        q.secret.as_deref().unwrap_or_default(),
        false,
    )
}

#[derive(Deserialize)]
struct StableTokenBody {
    grant_type: Option<String>,
    appid: Option<String>,
    secret: Option<String>,
    #[serde(default)]
    force_refresh: bool,
}

async fn stable_token(sim: web::Data<Sim>, body: web::Bytes) -> HttpResponse {
    let Ok(b) = serde_json::from_slice::<StableTokenBody>(&body) else {
        return err(47001, errmsg(47001));
    };
    if b.grant_type.as_deref() != Some("client_credential") {
        return err(40002, "invalid grant_type");
    }
    sim.issue(
        b.appid.as_deref().unwrap_or_default(),
        b.secret.as_deref().unwrap_or_default(),
        b.force_refresh,
    )
}

#[derive(Deserialize)]
struct AccessQuery {
    access_token: Option<String>,
    next_openid: Option<String>,
    openid: Option<String>,
}

async fn qrcode_create(
    sim: web::Data<Sim>,
    q: web::Query<AccessQuery>,
    body: web::Bytes,
) -> HttpResponse {
    let Ok(b) = serde_json::from_slice::<Value>(&body) else {
        return err(47001, errmsg(47001));
    };
    let scene = match b["action_name"].as_str() {
        Some("QR_STR_SCENE" | "QR_LIMIT_STR_SCENE") => b["action_info"]["scene"]["scene_str"]
            .as_str()
            .map(str::to_owned),
        Some("QR_SCENE" | "QR_LIMIT_SCENE") => b["action_info"]["scene"]["scene_id"]
            .as_i64()
            .map(|i| i.to_string()),
        _ => None,
    };
    let Some(scene) = scene.filter(|s| !s.is_empty() && s.len() <= 64) else {
        return err(47001, errmsg(47001));
    };
    // WeChat: 60 s when absent, at most 30 days.
    let expire = b["expire_seconds"]
        .as_i64()
        .unwrap_or(60)
        .clamp(1, 2_592_000);
    let mut s = sim.lock();
    let app = match sim.authorise(&mut s, q.access_token.as_deref(), "qrcode") {
        Ok(app) => app,
        Err(code) => return err(code, errmsg(code)),
    };
    let code = random_hex();
    let ticket = format!("gQ{code}");
    app.qrcodes.insert(
        ticket.clone(),
        Qr {
            scene,
            expires_at: now_secs() + expire,
        },
    );
    HttpResponse::Ok().json(json!({
        "ticket": ticket,
        "expire_seconds": expire,
        "url": format!("http://weixin.qq.com/q/{code}"),
    }))
}

async fn user_get(sim: web::Data<Sim>, q: web::Query<AccessQuery>) -> HttpResponse {
    let page = sim.settings.user_page;
    let mut s = sim.lock();
    let app = match sim.authorise(&mut s, q.access_token.as_deref(), "user") {
        Ok(app) => app,
        Err(code) => return err(code, errmsg(code)),
    };
    let after = q.next_openid.clone().unwrap_or_default();
    let subscribed: Vec<&String> = app
        .followers
        .values()
        .filter(|f| f.subscribed)
        .map(|f| &f.openid)
        .collect();
    let ids: Vec<&String> = subscribed
        .iter()
        .copied()
        .filter(|id| after.is_empty() || id.as_str() > after.as_str())
        .take(page)
        .collect();
    let next = ids.last().map(|s| s.as_str()).unwrap_or_default();
    let mut answer = json!({
        "total": subscribed.len(),
        "count": ids.len(),
        "next_openid": next,
    });
    // WeChat leaves `data` out of a page with no openid.
    if !ids.is_empty() {
        answer["data"] = json!({"openid": ids});
    }
    HttpResponse::Ok().json(answer)
}

async fn user_info(sim: web::Data<Sim>, q: web::Query<AccessQuery>) -> HttpResponse {
    let mut s = sim.lock();
    let app = match sim.authorise(&mut s, q.access_token.as_deref(), "user") {
        Ok(app) => app,
        Err(code) => return err(code, errmsg(code)),
    };
    let openid = q.openid.clone().unwrap_or_default();
    match app.followers.get(&openid) {
        Some(f) if f.subscribed => HttpResponse::Ok().json(json!({
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
        Some(f) => HttpResponse::Ok().json(json!({"subscribe": 0, "openid": f.openid})),
        None => err(40003, errmsg(40003)),
    }
}

async fn template_send(
    sim: web::Data<Sim>,
    q: web::Query<AccessQuery>,
    body: web::Bytes,
) -> HttpResponse {
    let Ok(b) = serde_json::from_slice::<Value>(&body) else {
        return err(47001, errmsg(47001));
    };
    let (Some(touser), Some(template_id)) = (b["touser"].as_str(), b["template_id"].as_str())
    else {
        return err(47001, errmsg(47001));
    };
    let mut s = sim.lock();
    s.next_msgid += 1;
    let msgid = s.next_msgid;
    let app = match sim.authorise(&mut s, q.access_token.as_deref(), "template") {
        Ok(app) => app,
        Err(code) => return err(code, errmsg(code)),
    };
    if !app.templates.is_empty() && !app.templates.iter().any(|t| t == template_id) {
        return err(40037, errmsg(40037));
    }
    match app.followers.get(touser) {
        None => return err(40003, errmsg(40003)),
        Some(f) if !f.subscribed => return err(43004, errmsg(43004)),
        Some(_) => {}
    }
    app.received.push(Received {
        msgid,
        touser: touser.to_owned(),
        template_id: template_id.to_owned(),
        url: b["url"].as_str().unwrap_or_default().to_owned(),
        data: b["data"].clone(),
        at_ms: now_ms(),
    });
    HttpResponse::Ok().json(json!({"errcode": 0, "errmsg": "ok", "msgid": msgid}))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RegisterBody {
    appid: String,
    secret: String,
    token: String,
    #[serde(default)]
    callback_url: String,
    #[serde(default)]
    templates: Vec<String>,
}

/// Registers an account. Like WeChat's console, a server URL is checked first with the signed
/// echo `GET`: a server that does not echo is refused.
async fn sim_register(sim: web::Data<Sim>, body: web::Json<RegisterBody>) -> HttpResponse {
    let b = body.into_inner();
    if b.appid.trim().is_empty() || b.secret.trim().is_empty() {
        return HttpResponse::BadRequest().json(json!({"error": "appid and secret are required"}));
    }
    if !b.callback_url.is_empty() {
        let timestamp = now_secs().to_string();
        let nonce = random_hex();
        let echo = random_hex();
        let sig = signature(&b.token, &timestamp, &nonce);
        let url = match with_query(
            &b.callback_url,
            &[
                ("signature", sig.as_str()),
                ("timestamp", timestamp.as_str()),
                ("nonce", nonce.as_str()),
                ("echostr", echo.as_str()),
            ],
        ) {
            Ok(u) => u,
            Err(e) => return HttpResponse::BadRequest().json(json!({"error": e})),
        };
        let answer = sim.client.get(url).send().await;
        let echoed = match answer {
            Ok(a) => a.text().await.unwrap_or_default(),
            Err(e) => {
                return HttpResponse::BadRequest()
                    .json(json!({"error": format!("the server URL did not answer: {e}")}));
            }
        };
        if echoed != echo {
            return HttpResponse::BadRequest()
                .json(json!({"error": "the server URL did not echo echostr (token mismatch?)"}));
        }
    }
    sim.register(&b.appid, &b.secret, &b.token, &b.callback_url);
    if let Some(a) = sim.lock().apps.get_mut(&b.appid) {
        a.templates = b.templates;
    }
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
async fn sim_scan(sim: web::Data<Sim>, body: web::Json<ScanBody>) -> HttpResponse {
    let b = body.into_inner();
    let now = now_secs();
    let (event, key, ticket) = {
        let mut s = sim.lock();
        let Some(app) = s.apps.get_mut(&b.appid) else {
            return HttpResponse::NotFound().json(json!({"error": "unknown appid"}));
        };
        let wanted = b.ticket.trim();
        let code = wanted.rsplit('/').next().unwrap_or_default();
        let found = app
            .qrcodes
            .iter()
            .find(|(t, _)| t.as_str() == wanted || t.strip_prefix("gQ") == Some(code))
            .map(|(t, q)| (t.clone(), q.clone()));
        let Some((ticket, qr)) = found.filter(|(_, q)| q.expires_at > now) else {
            return HttpResponse::NotFound()
                .json(json!({"error": "no live QR code with this ticket"}));
        };
        let follower = app.followers.entry(b.openid.clone()).or_insert(Follower {
            openid: b.openid.clone(),
            nickname: b.nickname.clone(),
            subscribed: false,
            subscribe_time: now,
        });
        if !b.nickname.is_empty() {
            follower.nickname = b.nickname.clone();
        }
        if follower.subscribed {
            ("SCAN", qr.scene, ticket)
        } else {
            follower.subscribed = true;
            follower.subscribe_time = now;
            ("subscribe", format!("qrscene_{}", qr.scene), ticket)
        }
    };
    let xml = event_xml(&b.appid, &b.openid, now, event, &key, &ticket);
    deliver(&sim, &b.appid, event, xml).await
}

#[derive(Deserialize)]
struct FollowBody {
    appid: String,
    openid: String,
    #[serde(default)]
    nickname: String,
}

/// A user follows from the account's profile (subscribe without a scene).
async fn sim_subscribe(sim: web::Data<Sim>, body: web::Json<FollowBody>) -> HttpResponse {
    let b = body.into_inner();
    let now = now_secs();
    {
        let mut s = sim.lock();
        let Some(app) = s.apps.get_mut(&b.appid) else {
            return HttpResponse::NotFound().json(json!({"error": "unknown appid"}));
        };
        app.followers.insert(
            b.openid.clone(),
            Follower {
                openid: b.openid.clone(),
                nickname: b.nickname.clone(),
                subscribed: true,
                subscribe_time: now,
            },
        );
    }
    let xml = event_xml(&b.appid, &b.openid, now, "subscribe", "", "");
    deliver(&sim, &b.appid, "subscribe", xml).await
}

async fn sim_unsubscribe(sim: web::Data<Sim>, body: web::Json<FollowBody>) -> HttpResponse {
    let b = body.into_inner();
    {
        let mut s = sim.lock();
        let Some(f) = s
            .apps
            .get_mut(&b.appid)
            .and_then(|a| a.followers.get_mut(&b.openid))
        else {
            return HttpResponse::NotFound().json(json!({"error": "not a follower"}));
        };
        f.subscribed = false;
    }
    let xml = event_xml(&b.appid, &b.openid, now_secs(), "unsubscribe", "", "");
    deliver(&sim, &b.appid, "unsubscribe", xml).await
}

async fn deliver(sim: &Sim, appid: &str, event: &str, xml: String) -> HttpResponse {
    match sim.push(appid, xml).await {
        Ok((status, body)) => HttpResponse::Ok()
            .json(json!({"event": event, "serverStatus": status, "serverAnswer": body})),
        Err(e) => HttpResponse::BadGateway().json(json!({"event": event, "error": e})),
    }
}

#[derive(Deserialize)]
struct AppQuery {
    appid: String,
}

async fn sim_messages(sim: web::Data<Sim>, q: web::Query<AppQuery>) -> HttpResponse {
    HttpResponse::Ok().json(sim.received(&q.appid))
}

async fn sim_stats(sim: web::Data<Sim>, q: web::Query<AppQuery>) -> HttpResponse {
    let s = sim.lock();
    let Some(app) = s.apps.get(&q.appid) else {
        return HttpResponse::NotFound().json(json!({"error": "unknown appid"}));
    };
    let now = now_secs();
    let live: Vec<Value> = app
        .qrcodes
        .iter()
        .filter(|(_, q)| q.expires_at > now)
        .map(|(t, q)| json!({"ticket": t, "scene": q.scene, "expiresAt": q.expires_at}))
        .collect();
    HttpResponse::Ok().json(json!({
        "tokenRequests": app.token_requests,
        "followers": app.followers.values().collect::<Vec<_>>(),
        "liveQrCodes": live,
        "received": app.received.len(),
    }))
}

#[derive(Deserialize)]
struct FailBody {
    appid: String,
    api: String,
    codes: Vec<i64>,
}

async fn sim_fail(sim: web::Data<Sim>, body: web::Json<FailBody>) -> HttpResponse {
    sim.fail_next(&body.appid, &body.api, &body.codes);
    HttpResponse::Ok().json(json!({}))
}

async fn sim_expire(sim: web::Data<Sim>, body: web::Json<AppQuery>) -> HttpResponse {
    sim.expire_tokens(&body.appid);
    HttpResponse::Ok().json(json!({}))
}

/// A page for a person trying the product: register an account, scan a live QR code.
async fn sim_page() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(include_str!("page.html"))
}

async fn sim_apps(sim: web::Data<Sim>) -> HttpResponse {
    let s = sim.lock();
    let now = now_secs();
    let apps: Vec<Value> = s
        .apps
        .iter()
        .map(|(id, a)| {
            json!({
                "appid": id,
                "callbackUrl": a.callback_url,
                "tokenRequests": a.token_requests,
                "liveQrCodes": a.qrcodes.iter().filter(|(_, q)| q.expires_at > now)
                    .map(|(t, q)| json!({"ticket": t, "scene": q.scene})).collect::<Vec<_>>(),
                "received": a.received.len(),
            })
        })
        .collect();
    HttpResponse::Ok().json(apps)
}

/// The simulator's routes: WeChat's under `/cgi-bin/`, its own controls under `/sim/`.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/cgi-bin/token", web::get().to(token))
        .route("/cgi-bin/stable_token", web::post().to(stable_token))
        .route("/cgi-bin/qrcode/create", web::post().to(qrcode_create))
        .route("/cgi-bin/user/get", web::get().to(user_get))
        .route("/cgi-bin/user/info", web::get().to(user_info))
        .route(
            "/cgi-bin/message/template/send",
            web::post().to(template_send),
        )
        .route("/sim/", web::get().to(sim_page))
        .route("/sim/apps", web::get().to(sim_apps))
        .route("/sim/apps", web::post().to(sim_register))
        .route("/sim/scan", web::post().to(sim_scan))
        .route("/sim/subscribe", web::post().to(sim_subscribe))
        .route("/sim/unsubscribe", web::post().to(sim_unsubscribe))
        .route("/sim/messages", web::get().to(sim_messages))
        .route("/sim/stats", web::get().to(sim_stats))
        .route("/sim/fail", web::post().to(sim_fail))
        .route("/sim/expire", web::post().to(sim_expire));
}

/// A running simulator: its base URL (what weixin-server's `WECHAT__BASE_URL` is set to).
pub struct Running {
    pub url: String,
    pub sim: Sim,
    handle: actix_web::dev::ServerHandle,
}

impl Running {
    pub async fn stop(self) {
        self.handle.stop(true).await;
    }
}

/// Starts the simulator on `addr` (port 0: any free port) on the current actix runtime.
pub fn start(addr: &str, settings: Settings) -> std::io::Result<Running> {
    let sim = Sim::new(settings);
    let data = web::Data::new(sim.clone());
    let server = actix_web::HttpServer::new(move || {
        actix_web::App::new()
            .app_data(data.clone())
            .configure(routes)
    })
    .workers(2)
    .disable_signals()
    .bind(addr)?;
    let port = server.addrs().first().map_or(0, |a| a.port());
    let server = server.run();
    let handle = server.handle();
    actix_web::rt::spawn(server);
    Ok(Running {
        url: format!("http://127.0.0.1:{port}"),
        sim,
        handle,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_sorts_before_hashing() {
        // Any order of the three gives the same signature: they are sorted first.
        let a = signature("token", "1700000000", "nonce");
        assert_eq!(a, signature("token", "1700000000", "nonce"));
        assert_eq!(a.len(), 40);
        let mut parts = ["token", "1700000000", "nonce"];
        parts.sort_unstable();
        assert_eq!(parts.concat(), "1700000000noncetoken");
        assert_eq!(a, hex(&Sha1::digest(b"1700000000noncetoken")));
        assert_eq!(
            hex(&Sha1::digest(b"abc")),
            "a9993e364706816aba3e25717850c26c9cd0d89d"
        );
    }

    #[test]
    fn an_event_without_a_scene_has_no_event_key() {
        let x = event_xml("gh_1", "o1", 5, "subscribe", "", "");
        assert!(!x.contains("EventKey"));
        let x = event_xml("gh_1", "o1", 5, "subscribe", "qrscene_7", "T");
        assert!(x.contains("<EventKey><![CDATA[qrscene_7]]></EventKey>"));
        assert!(x.contains("<Ticket><![CDATA[T]]></Ticket>"));
    }
}
