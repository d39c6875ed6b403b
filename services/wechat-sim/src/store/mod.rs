//! The simulator's memory: its accounts (apps) with their secrets, tokens, followers, live QR
//! codes, received template messages, queued failures and quota counts. Every worker shares one
//! [`Sim`]; each operation takes the lock once. WeChat's errors are answered as their codes.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;
use serde_json::{Value, json};

use crate::domain::{self, Token};

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
struct Qr {
    scene: String,
    expires_at: i64,
}

/// A `wx.login` code handed to a mini-program on a user's phone.
#[derive(Debug, Clone)]
struct MaCode {
    openid: String,
    unionid: String,
    expires_at: i64,
    used: bool,
}

#[derive(Debug, Default)]
struct App {
    secret: String,
    token: String,
    /// The EncodingAESKey: empty for plaintext mode, else safe mode (events posted encrypted).
    aes_key: String,
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
    /// Mini-programs: the codes `wx.login` gave, by code.
    ma_codes: HashMap<String, MaCode>,
    /// Mini-programs: sessions made (`jscode2session` answers).
    ma_sessions: u64,
}

impl App {
    fn failure(&mut self, api: &str) -> Option<i64> {
        let queue = self.failures.get_mut(api)?;
        if queue.is_empty() {
            None
        } else {
            Some(queue.remove(0))
        }
    }

    fn over_quota(&mut self, api: &str, quota: u64) -> bool {
        let day = now_secs() / 86_400;
        let entry = self.quota.entry(api.to_owned()).or_insert((day, 0));
        if entry.0 != day {
            *entry = (day, 0);
        }
        entry.1 += 1;
        domain::over_quota(entry.1, quota)
    }

    fn live_qrcodes(&self, now: i64) -> Vec<Value> {
        self.qrcodes
            .iter()
            .filter(|(_, q)| q.expires_at > now)
            .map(|(t, q)| json!({"ticket": t, "scene": q.scene, "expiresAt": q.expires_at}))
            .collect()
    }
}

#[derive(Debug, Default)]
struct State {
    apps: HashMap<String, App>,
    next_msgid: i64,
}

/// The simulator's state and settings, shared by every worker.
#[derive(Clone)]
pub struct Sim {
    state: Arc<Mutex<State>>,
    settings: Settings,
}

pub fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

pub fn random_hex() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// What the account's server is called with: its URL, message token, and EncodingAESKey (empty:
/// plaintext mode).
#[derive(Debug, Clone)]
pub struct Server {
    pub url: String,
    pub token: String,
    pub aes_key: String,
}

/// What a template send asks for.
pub struct TemplateSend<'a> {
    pub touser: &'a str,
    pub template_id: &'a str,
    pub url: &'a str,
    pub data: Value,
}

impl Sim {
    pub fn new(settings: Settings) -> Self {
        Self {
            state: Arc::default(),
            settings,
        }
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves consistent maps: keep serving.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Registers (or rewrites) an official account, as a developer does in WeChat's console.
    pub fn register(&self, appid: &str, secret: &str, token: &str, callback_url: &str) {
        self.register_server(appid, secret, token, "", callback_url);
    }

    /// Registers an account with its EncodingAESKey (empty: plaintext mode).
    pub fn register_server(
        &self,
        appid: &str,
        secret: &str,
        token: &str,
        aes_key: &str,
        callback_url: &str,
    ) {
        let mut s = self.lock();
        let app = s.apps.entry(appid.to_owned()).or_default();
        app.secret = secret.to_owned();
        app.token = token.to_owned();
        app.aes_key = aes_key.to_owned();
        app.callback_url = callback_url.to_owned();
    }

    /// The demo tenant's accounts (weixin-server's `demo`: the same AppIDs, secrets, token and
    /// EncodingAESKey), registered without the echo check, as the fleet may not be up yet; the
    /// official account's server URL is `server` (weixin-server's public URL) + its portal.
    pub fn preset_demo(&self, server: &str) {
        use weixin_server::demo;
        let portal = format!(
            "{}/openapi/mp/portal/{}",
            server.trim_end_matches('/'),
            demo::MP_CONFIG_ID
        );
        self.register_server(
            demo::MP_APP_ID,
            demo::SECRET,
            demo::TOKEN,
            demo::AES_KEY,
            &portal,
        );
        self.register(demo::MA_APP_ID, demo::SECRET, "", "");
    }

    /// The template ids `appid` has added (empty: any is accepted).
    pub fn set_templates(&self, appid: &str, templates: Vec<String>) {
        if let Some(a) = self.lock().apps.get_mut(appid) {
            a.templates = templates;
        }
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

    /// How many template messages `appid` has accepted.
    pub fn received_count(&self, appid: &str) -> usize {
        self.lock().apps.get(appid).map_or(0, |a| a.received.len())
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

    /// Adds (or replaces) a subscribed follower. Answers false for an unknown account.
    pub fn add_follower(&self, appid: &str, openid: &str, nickname: &str) -> bool {
        let mut s = self.lock();
        let Some(app) = s.apps.get_mut(appid) else {
            return false;
        };
        app.followers.insert(
            openid.to_owned(),
            Follower {
                openid: openid.to_owned(),
                nickname: nickname.to_owned(),
                subscribed: true,
                subscribe_time: now_secs(),
            },
        );
        true
    }

    /// Marks a follower unsubscribed; false when they are not one.
    pub fn remove_follower(&self, appid: &str, openid: &str) -> bool {
        let mut s = self.lock();
        match s
            .apps
            .get_mut(appid)
            .and_then(|a| a.followers.get_mut(openid))
        {
            Some(f) => {
                f.subscribed = false;
                true
            }
            None => false,
        }
    }

    /// The account's server, when it has one registered.
    pub fn server(&self, appid: &str) -> Option<Server> {
        let s = self.lock();
        let app = s.apps.get(appid)?;
        Some(Server {
            url: app.callback_url.clone(),
            token: app.token.clone(),
            aes_key: app.aes_key.clone(),
        })
    }

    /// The app whose valid token `access_token` is, or WeChat's error for it (including a queued
    /// failure of `api` and the day's quota).
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
                    if t.valid(now) {
                        found = Some(id.clone());
                    } else {
                        expired = true;
                    }
                }
            }
        }
        let Some(id) = found else {
            return Err(domain::refused_token(expired));
        };
        let app = state.apps.get_mut(&id).ok_or(40001)?;
        if let Some(code) = app.failure(api) {
            return Err(code);
        }
        if app.over_quota(api, self.settings.daily_quota) {
            return Err(45009);
        }
        Ok(app)
    }

    /// An access token for `appid` (the current one while valid, a new one when `force`), and
    /// its remaining seconds.
    pub fn issue(&self, appid: &str, secret: &str, force: bool) -> Result<(String, i64), i64> {
        let mut s = self.lock();
        let app = s.apps.get_mut(appid).ok_or(40013)?;
        if app.secret != secret {
            return Err(40125);
        }
        if let Some(code) = app.failure("token") {
            return Err(code);
        }
        if app.over_quota("token", self.settings.daily_quota) {
            return Err(45009);
        }
        let now = now_secs();
        if !force && let Some(t) = app.current.as_ref().filter(|t| t.valid(now)) {
            return Ok((t.value.clone(), t.expires_at - now));
        }
        let token = Token {
            value: format!("SIM_{}", random_hex()),
            expires_at: now + self.settings.token_ttl_secs,
        };
        // The old token keeps working a while, so callers holding it finish their calls.
        app.previous = app
            .current
            .take()
            .map(|t| t.superseded(now, self.settings.token_overlap_secs));
        app.current = Some(token.clone());
        app.token_requests += 1;
        Ok((token.value, self.settings.token_ttl_secs))
    }

    /// A QR code with `scene` living `lifetime` seconds: its ticket and the code in its URL.
    pub fn create_qr(
        &self,
        access_token: Option<&str>,
        scene: String,
        lifetime: i64,
    ) -> Result<(String, String), i64> {
        let mut s = self.lock();
        let app = self.authorise(&mut s, access_token, "qrcode")?;
        let code = random_hex();
        let ticket = format!("gQ{code}");
        app.qrcodes.insert(
            ticket.clone(),
            Qr {
                scene,
                expires_at: now_secs() + lifetime,
            },
        );
        Ok((ticket, code))
    }

    /// A page of subscribed openids after `after`: (total, the page).
    pub fn followers_page(
        &self,
        access_token: Option<&str>,
        after: &str,
    ) -> Result<(usize, Vec<String>), i64> {
        let page = self.settings.user_page;
        let mut s = self.lock();
        let app = self.authorise(&mut s, access_token, "user")?;
        let subscribed: Vec<&String> = app
            .followers
            .values()
            .filter(|f| f.subscribed)
            .map(|f| &f.openid)
            .collect();
        let ids = subscribed
            .iter()
            .filter(|id| after.is_empty() || id.as_str() > after)
            .take(page)
            .map(|s| (*s).clone())
            .collect();
        Ok((subscribed.len(), ids))
    }

    /// What WeChat knows of `openid` (also one who left), or 40003.
    pub fn follower(&self, access_token: Option<&str>, openid: &str) -> Result<Follower, i64> {
        let mut s = self.lock();
        let app = self.authorise(&mut s, access_token, "user")?;
        app.followers.get(openid).cloned().ok_or(40003)
    }

    /// Accepts a template message: its msgid, or WeChat's refusal.
    pub fn accept_template(
        &self,
        access_token: Option<&str>,
        m: TemplateSend<'_>,
    ) -> Result<i64, i64> {
        let mut s = self.lock();
        s.next_msgid += 1;
        let msgid = s.next_msgid;
        let app = self.authorise(&mut s, access_token, "template")?;
        if !app.templates.is_empty() && !app.templates.iter().any(|t| t == m.template_id) {
            return Err(40037);
        }
        match app.followers.get(m.touser) {
            None => return Err(40003),
            Some(f) if !f.subscribed => return Err(43004),
            Some(_) => {}
        }
        app.received.push(Received {
            msgid,
            touser: m.touser.to_owned(),
            template_id: m.template_id.to_owned(),
            url: m.url.to_owned(),
            data: m.data,
            at_ms: now_ms(),
        });
        Ok(msgid)
    }

    /// A WeChat user scans the live QR code `wanted` (ticket or URL): they follow if they did
    /// not. Answers the event, its key and the ticket; `None` for an unknown account or code.
    pub fn scan(
        &self,
        appid: &str,
        wanted: &str,
        openid: &str,
        nickname: &str,
    ) -> Result<(&'static str, String, String), &'static str> {
        let now = now_secs();
        let mut s = self.lock();
        let app = s.apps.get_mut(appid).ok_or("unknown appid")?;
        let (ticket, qr) = app
            .qrcodes
            .iter()
            .find(|(t, q)| domain::ticket_matches(t, wanted) && q.expires_at > now)
            .map(|(t, q)| (t.clone(), q.clone()))
            .ok_or("no live QR code with this ticket")?;
        let follower = app.followers.entry(openid.to_owned()).or_insert(Follower {
            openid: openid.to_owned(),
            nickname: nickname.to_owned(),
            subscribed: false,
            subscribe_time: now,
        });
        if !nickname.is_empty() {
            follower.nickname = nickname.to_owned();
        }
        let (event, key) = domain::scan_event(follower.subscribed, &qr.scene);
        if !follower.subscribed {
            follower.subscribed = true;
            follower.subscribe_time = now;
        }
        Ok((event, key, ticket))
    }

    /// `wx.login` in a mini-program on the phone of the WeChat user `openid` (with `unionid`
    /// when the mini-program belongs to an open-platform account): a code living 5 minutes.
    pub fn ma_login(&self, appid: &str, openid: &str, unionid: &str) -> Option<String> {
        let mut s = self.lock();
        let app = s.apps.get_mut(appid)?;
        let now = now_secs();
        app.ma_codes.retain(|_, c| c.expires_at > now - 3600);
        let code = random_hex();
        app.ma_codes.insert(
            code.clone(),
            MaCode {
                openid: openid.to_owned(),
                unionid: unionid.to_owned(),
                expires_at: now + domain::MA_CODE_LIFETIME_SECS,
                used: false,
            },
        );
        Some(code)
    }

    /// `jscode2session`: the user of a code (openid, session key, unionid), once.
    pub fn code2session(
        &self,
        appid: &str,
        secret: &str,
        code: &str,
    ) -> Result<(String, String, String), i64> {
        let mut s = self.lock();
        let app = s.apps.get_mut(appid).ok_or(40013)?;
        if app.secret != secret {
            return Err(40125);
        }
        if let Some(code) = app.failure("session") {
            return Err(code);
        }
        if app.over_quota("session", self.settings.daily_quota) {
            return Err(45009);
        }
        let now = now_secs();
        let c = app
            .ma_codes
            .get_mut(code)
            .filter(|c| c.expires_at > now)
            .ok_or(40029)?;
        if c.used {
            return Err(40163);
        }
        c.used = true;
        let answer = (c.openid.clone(), domain::session_key(), c.unionid.clone());
        app.ma_sessions += 1;
        Ok(answer)
    }

    /// The accounts, for the page and `/sim/apps`.
    pub fn apps(&self) -> Vec<Value> {
        let s = self.lock();
        let now = now_secs();
        s.apps
            .iter()
            .map(|(id, a)| {
                json!({
                    "appid": id,
                    "callbackUrl": a.callback_url,
                    "safeMode": !a.aes_key.is_empty(),
                    "tokenRequests": a.token_requests,
                    "liveQrCodes": a.live_qrcodes(now),
                    "received": a.received.len(),
                })
            })
            .collect()
    }

    /// One account's counts, followers and live QR codes; `None` for an unknown one.
    pub fn stats(&self, appid: &str) -> Option<Value> {
        let s = self.lock();
        let app = s.apps.get(appid)?;
        Some(json!({
            "tokenRequests": app.token_requests,
            "followers": app.followers.values().collect::<Vec<_>>(),
            "liveQrCodes": app.live_qrcodes(now_secs()),
            "received": app.received.len(),
            "maSessions": app.ma_sessions,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sim() -> Sim {
        let sim = Sim::new(Settings {
            daily_quota: 3,
            ..Settings::default()
        });
        sim.register("wxA", "secret", "tok", "");
        sim
    }

    #[test]
    fn a_token_is_reused_until_forced_and_the_old_one_overlaps() {
        let sim = sim();
        assert_eq!(sim.issue("wxB", "secret", false), Err(40013));
        assert_eq!(sim.issue("wxA", "wrong", false), Err(40125));
        let (a, _) = sim.issue("wxA", "secret", false).unwrap();
        assert_eq!(sim.issue("wxA", "secret", false).unwrap().0, a);
        let (b, _) = sim.issue("wxA", "secret", true).unwrap();
        assert_ne!(a, b);
        assert_eq!(sim.token_requests("wxA"), 2);
        // The superseded token still works during the overlap.
        assert!(sim.followers_page(Some(&a), "").is_ok());
        sim.expire_tokens("wxA");
        assert_eq!(sim.followers_page(Some(&b), ""), Err(42001));
        assert_eq!(sim.followers_page(Some("nope"), ""), Err(40001));
        assert_eq!(sim.followers_page(None, ""), Err(41001));
    }

    #[test]
    fn queued_failures_then_the_quota() {
        let sim = sim();
        let (t, _) = sim.issue("wxA", "secret", false).unwrap();
        sim.fail_next("wxA", "user", &[-1]);
        assert_eq!(sim.followers_page(Some(&t), ""), Err(-1));
        // A queued failure answers before the quota counts: three calls within the quota of
        // three, then 45009.
        for _ in 0..3 {
            assert!(sim.followers_page(Some(&t), "").is_ok());
        }
        assert_eq!(sim.followers_page(Some(&t), ""), Err(45009));
    }

    #[test]
    fn templates_go_to_followers_only() {
        let sim = sim();
        let (t, _) = sim.issue("wxA", "secret", false).unwrap();
        sim.add_follower("wxA", "o1", "One");
        let send = |to: &'static str| TemplateSend {
            touser: to,
            template_id: "T",
            url: "",
            data: json!({}),
        };
        assert!(sim.accept_template(Some(&t), send("o1")).is_ok());
        assert_eq!(sim.accept_template(Some(&t), send("o2")), Err(40003));
        sim.remove_follower("wxA", "o1");
        assert_eq!(sim.accept_template(Some(&t), send("o1")), Err(43004));
        assert_eq!(sim.received_count("wxA"), 1);
    }

    #[test]
    fn the_demo_preset_knows_weixin_servers_demo_accounts() {
        let sim = sim();
        sim.preset_demo("http://x/api/weixin-server/");
        let server = sim.server(weixin_server::demo::MP_APP_ID).unwrap();
        assert_eq!(
            server.url,
            "http://x/api/weixin-server/openapi/mp/portal/5001"
        );
        assert_eq!(server.aes_key, weixin_server::demo::AES_KEY);
        let ma = weixin_server::demo::MA_APP_ID;
        assert!(sim.issue(ma, weixin_server::demo::SECRET, false).is_ok());
    }

    #[test]
    fn a_login_code_makes_one_session() {
        let sim = sim();
        assert_eq!(sim.ma_login("wxB", "o1", ""), None);
        let code = sim.ma_login("wxA", "o1", "u1").unwrap();
        assert_eq!(sim.code2session("wxB", "secret", &code), Err(40013));
        assert_eq!(sim.code2session("wxA", "wrong", &code), Err(40125));
        assert_eq!(sim.code2session("wxA", "secret", "nope"), Err(40029));
        let (openid, key, unionid) = sim.code2session("wxA", "secret", &code).unwrap();
        assert_eq!((openid.as_str(), unionid.as_str()), ("o1", "u1"));
        assert_eq!(key.len(), 24);
        assert_eq!(sim.code2session("wxA", "secret", &code), Err(40163));
    }

    #[test]
    fn a_scan_follows_then_scans() {
        let sim = sim();
        let (t, _) = sim.issue("wxA", "secret", false).unwrap();
        let (ticket, code) = sim.create_qr(Some(&t), "s1".into(), 60).unwrap();
        let (event, key, _) = sim.scan("wxA", &ticket, "o1", "One").unwrap();
        assert_eq!((event, key.as_str()), ("subscribe", "qrscene_s1"));
        let url = format!("http://weixin.qq.com/q/{code}");
        let (event, key, _) = sim.scan("wxA", &url, "o1", "").unwrap();
        assert_eq!((event, key.as_str()), ("SCAN", "s1"));
        assert!(sim.scan("wxA", "gQnone", "o1", "").is_err());
        assert_eq!(sim.follower(Some(&t), "o1").unwrap().nickname, "One");
    }
}
