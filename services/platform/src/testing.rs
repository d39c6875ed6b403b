//! Integration-test support: a fresh database per test (a new SQLite file, or a new PostgreSQL
//! database) and a service spawned on port 0 against it.
//!
//! PostgreSQL is reached through `TRADEWIND_TEST_POSTGRES_URL` (default
//! `postgres://postgres@127.0.0.1:5432/postgres`); each test creates its own database there and
//! drops it when done.

#![allow(
    clippy::expect_used,
    reason = "test support: a failed set-up should stop the test"
)]

use actix_web::dev::ServerHandle;
use diesel::{Connection, RunQueryDsl};

use crate::app::{Application, ServiceSpec};
use crate::config::{DatabaseConfig, Defaults, Env, ServiceConfig};
use crate::secret::Secret;

pub mod bench;
pub mod otlp;

/// The date `n` China calendar days from the day this process first asked, YYYY-MM-DD. Fixed
/// at the first call, so a test running across midnight (China time) names the same nights when
/// it books them and when it looks at them afterwards: a CI run at 00:00 in China once booked
/// one night and read the next one's stock.
pub fn day(n: i64) -> String {
    static TODAY: std::sync::OnceLock<i64> = std::sync::OnceLock::new();
    let today = *TODAY.get_or_init(|| crate::time::day_of_ms(crate::time::now_ms()));
    crate::time::format_day(today + n)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub fn postgres_admin_url() -> String {
    std::env::var("TRADEWIND_TEST_POSTGRES_URL")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

/// Replaces the database name at the end of a PostgreSQL URL.
pub fn with_database(url: &str, db: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let base = match base[scheme_end..].find('/') {
        Some(i) => &base[..scheme_end + i],
        None => base,
    };
    match query {
        Some(q) => format!("{base}/{db}?{q}"),
        None => format!("{base}/{db}"),
    }
}

/// A database that exists for one test.
pub struct TestDb {
    pub backend: Backend,
    pub url: String,
    pg_name: Option<String>,
    _dir: Option<tempfile::TempDir>,
}

impl TestDb {
    pub fn new(backend: Backend) -> Self {
        match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().expect("temporary directory");
                let url = format!("sqlite://{}", dir.path().join("test.db").display());
                Self {
                    backend,
                    url,
                    pg_name: None,
                    _dir: Some(dir),
                }
            }
            Backend::Postgres => {
                let admin = postgres_admin_url();
                let name = format!("tw_test_{}", uuid::Uuid::new_v4().simple());
                let mut conn = diesel::pg::PgConnection::establish(&admin).unwrap_or_else(|e| {
                    panic!("PostgreSQL at {admin} is needed for this test: {e}")
                });
                diesel::sql_query(format!("CREATE DATABASE \"{name}\""))
                    .execute(&mut conn)
                    .expect("create test database");
                Self {
                    backend,
                    url: with_database(&admin, &name),
                    pg_name: Some(name),
                    _dir: None,
                }
            }
        }
    }

    pub fn config(&self) -> DatabaseConfig {
        DatabaseConfig {
            url: Secret::new(self.url.clone()),
            pool_size: 4,
            connect_timeout: std::time::Duration::from_secs(5),
        }
    }

    /// Drops the PostgreSQL database now, even with connections open (to test outages).
    pub fn drop_now(&mut self) {
        if let Some(name) = self.pg_name.take()
            && let Ok(mut conn) = diesel::pg::PgConnection::establish(&postgres_admin_url())
        {
            let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
                .execute(&mut conn);
        }
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        self.drop_now();
    }
}

/// A service running on a free port for the length of a test.
pub struct TestApp {
    pub address: String,
    pub port: u16,
    pub db: Option<TestDb>,
    /// The service's data directory (`TRADEWIND_DATA_DIR`), unless the test gave one.
    pub data_dir: Option<tempfile::TempDir>,
    /// What a stop signal sets before the server stops (`crate::drain`).
    pub drain: crate::drain::Drain,
    handle: ServerHandle,
    task: Option<actix_web::rt::task::JoinHandle<std::io::Result<()>>>,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// Calls the service as the console does: `body` (if any) as JSON, the caller's token, the
    /// language asked for; answers the status and the JSON body (null when there is none).
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        token: &str,
        lang: &str,
        body: Option<serde_json::Value>,
    ) -> (u16, serde_json::Value) {
        let req = crate::http::client::client()
            .request(method.parse().expect("an HTTP method"), self.url(path))
            .insert_header(("accept-language", lang))
            .timeout(std::time::Duration::from_secs(30))
            .bearer_auth(token);
        let mut res = match body {
            Some(b) => req.send_json(&b).await,
            None => req.send().await,
        }
        .expect("the service answers");
        let status = res.status().as_u16();
        let body = res
            .json()
            .limit(1 << 24)
            .await
            .unwrap_or(serde_json::Value::Null);
        (status, body)
    }

    /// Stops the service and waits until it and its workers (relay, consumer) are gone, so no
    /// thread is still inside the database client when the test's database is dropped or the
    /// process exits.
    pub async fn shutdown(mut self) {
        self.handle.stop(false).await;
        if let Some(task) = self.task.take() {
            let _ = task.await;
        }
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        // Stop serving before the database goes away with `db`.
        drop(self.handle.stop(false));
    }
}

/// A database of `db`'s backend as a start before `version` would have left it: the platform's
/// migrations, then the service's older than `version` (the directory name's date prefix, e.g.
/// `2026-11-25-000100`), for a test of a migration that moves data.
pub fn migrated_before(db: &TestDb, spec: &ServiceSpec, version: &str) -> crate::db::DbPool {
    use diesel_migrations::MigrationHarness;
    let pool = crate::db::connect(&db.config()).expect("connect");
    let mut conn = pool.get().expect("connection");
    crate::db::run_pending(&mut conn, &crate::app::PLATFORM_MIGRATIONS)
        .expect("the platform's migrations run");
    let set = spec.migrations.expect("the service has migrations");
    let older = |name: String| name.as_str() < version;
    match &mut *conn {
        crate::db::DbConnection::Postgres(c) => {
            for m in c.pending_migrations((set.postgres)()).expect("migrations") {
                if older(m.name().to_string()) {
                    c.run_migration(&*m).expect("an older migration runs");
                }
            }
        }
        crate::db::DbConnection::Sqlite(c) => {
            for m in c.pending_migrations((set.sqlite)()).expect("migrations") {
                if older(m.name().to_string()) {
                    c.run_migration(&*m).expect("an older migration runs");
                }
            }
        }
    }
    drop(conn);
    pool
}

/// A service's answer as a test reads it: the status and the envelope.
#[derive(Debug, Clone)]
pub struct Answer {
    pub status: u16,
    pub body: serde_json::Value,
}

impl Answer {
    /// The envelope's data of a 200 (the test fails, showing the body, on any other status).
    pub fn data(&self) -> &serde_json::Value {
        assert_eq!(self.status, 200, "{}", self.body);
        &self.body["data"]
    }

    /// The field a 412 names.
    pub fn field(&self) -> &str {
        assert_eq!(self.status, 412, "{}", self.body);
        self.body["data"]["field"].as_str().unwrap_or_default()
    }

    /// The rows of a page of a list.
    pub fn rows(&self) -> Vec<serde_json::Value> {
        self.data()["results"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }
}

impl TestApp {
    /// [`TestApp::call`], answered as an [`Answer`].
    pub async fn answer(
        &self,
        method: &str,
        path: &str,
        token: &str,
        lang: &str,
        body: Option<serde_json::Value>,
    ) -> Answer {
        let (status, body) = self.call(method, path, token, lang, body).await;
        Answer { status, body }
    }
}

impl TestApp {
    /// Sends a body one byte over [`crate::http::extract::BODY_LIMIT`] to every operation of the
    /// service's OpenAPI document that takes a body (path parameters filled with 1), as each
    /// caller of `tokens` in turn (an operation one caller may not call answers that caller 403
    /// before any body is read); answers the operations that refused it with 413 in the
    /// envelope (`code` `payload-too-large`) to none of them, each with the last answer instead.
    pub async fn body_limit_misses(&self, tokens: &[&str]) -> Vec<String> {
        let limit = crate::http::extract::BODY_LIMIT;
        let mut res = crate::http::client::client()
            .get(self.url("/openapi.json"))
            .send()
            .await
            .expect("the service answers");
        let doc: serde_json::Value = res.json().limit(1 << 24).await.expect("its document");
        let too_large = actix_web::web::Bytes::from(vec![b' '; limit + 1]);
        let mut misses = Vec::new();
        let paths = doc["paths"].as_object().cloned().unwrap_or_default();
        for (path, item) in paths {
            let filled: String = path
                .split('/')
                .map(|s| if s.starts_with('{') { "1" } else { s })
                .collect::<Vec<_>>()
                .join("/");
            for method in ["post", "put", "patch", "delete"] {
                if item[method]["requestBody"].is_null() {
                    continue;
                }
                let mut last = String::new();
                for token in tokens {
                    let mut res = crate::http::client::client()
                        .request(
                            method.to_uppercase().parse().expect("a method"),
                            self.url(&filled),
                        )
                        .bearer_auth(token)
                        .insert_header(("content-type", "application/json"))
                        .timeout(std::time::Duration::from_secs(30))
                        .send_body(too_large.clone())
                        .await
                        .expect("the service answers");
                    let status = res.status().as_u16();
                    let body: serde_json::Value = res.json().await.unwrap_or_default();
                    if status == 413
                        && body["code"] == "payload-too-large"
                        && body["state"] == "error"
                    {
                        last.clear();
                        break;
                    }
                    last = format!("{method} {path}: {status} {body}");
                }
                if !last.is_empty() {
                    misses.push(last);
                }
            }
        }
        misses
    }
}

/// Test configuration: localhost, port 0, one worker, the given database.
pub fn test_config(name: &str, db: Option<&TestDb>) -> ServiceConfig {
    let defaults = Defaults {
        port: 0,
        workers: 1,
        with_database: false,
    };
    let mut cfg = ServiceConfig::load(&Env::default(), name, defaults).expect("test config");
    cfg.database = db.map(TestDb::config);
    cfg
}

/// Spawns `spec` against a fresh database of `backend` (or none when the spec has no migrations).
pub async fn spawn(spec: ServiceSpec, backend: Backend) -> TestApp {
    init_test_logs();
    let db = spec.migrations.is_some().then(|| TestDb::new(backend));
    let cfg = test_config(spec.name, db.as_ref());
    spawn_with(spec, &cfg, db).await
}

/// Spawns `spec` with a configuration of the caller's.
pub async fn spawn_with(spec: ServiceSpec, cfg: &ServiceConfig, db: Option<TestDb>) -> TestApp {
    spawn_on_bus(
        spec,
        cfg,
        db,
        crate::bus::Bus::Memory(crate::bus::MemoryBroker::default()),
    )
    .await
}

/// Spawns `spec` on a bus of the caller's (to connect several test services).
pub async fn spawn_on_bus(
    spec: ServiceSpec,
    cfg: &ServiceConfig,
    db: Option<TestDb>,
    bus: crate::bus::Bus,
) -> TestApp {
    init_test_logs();
    // Files a service keeps (auth-center's signing key) go to a directory of the test's own.
    let mut cfg = cfg.clone();
    let data_dir = if cfg.env.get("TRADEWIND_DATA_DIR").is_none() {
        let dir = tempfile::tempdir().expect("a temporary data directory");
        cfg.env
            .set("TRADEWIND_DATA_DIR", dir.path().display().to_string());
        Some(dir)
    } else {
        None
    };
    let app = Application::build_with_bus(spec, &cfg, bus)
        .await
        .expect("service starts");
    let port = app.port();
    let handle = app.handle();
    let drain = app.drain();
    let task = Some(actix_web::rt::spawn(app.run()));
    TestApp {
        address: format!("http://127.0.0.1:{port}"),
        port,
        db,
        data_dir,
        drain,
        handle,
        task,
    }
}

/// Logs stay silent unless `TEST_LOG` is set.
pub fn init_test_logs() {
    if std::env::var_os("TEST_LOG").is_some() {
        let _ = tracing_subscriber::fmt().with_test_writer().try_init();
    }
}

/// One test per backend: `backend_tests! { spec = my_service::service; async fn name(app) { .. } }`
/// becomes `name::sqlite` and `name::postgres`, each with `app` spawned on a fresh database.
#[macro_export]
macro_rules! backend_tests {
    (spec = $spec:path; $(async fn $name:ident($app:ident) $body:block)*) => {
        $(
            mod $name {
                #[allow(unused_imports)]
                use super::*;

                async fn run($app: &$crate::testing::TestApp) $body

                #[actix_web::test]
                async fn sqlite() {
                    let app = $crate::testing::spawn($spec(), $crate::testing::Backend::Sqlite).await;
                    run(&app).await;
                    app.shutdown().await;
                }

                #[actix_web::test]
                async fn postgres() {
                    let app = $crate::testing::spawn($spec(), $crate::testing::Backend::Postgres).await;
                    run(&app).await;
                    app.shutdown().await;
                }
            }
        )*
    };
}

/// `on_both_backends!(name, ...)`: for each `async fn name(backend: Backend)` of the test
/// crate, `name::sqlite` and `name::postgres` run it on that backend (for tests that spawn their
/// services themselves; [`backend_tests!`] spawns one for them).
#[macro_export]
macro_rules! on_both_backends {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[actix_web::test]
                async fn sqlite() {
                    super::$name($crate::testing::Backend::Sqlite).await
                }

                #[actix_web::test]
                async fn postgres() {
                    super::$name($crate::testing::Backend::Postgres).await
                }
            }
        )*
    };
}

/// Checks the actuator and OpenAPI endpoints of a spawned service answer with real content.
pub async fn assert_actuator(app: &TestApp, service: &str) {
    let client = awc::Client::default();

    let mut res = client
        .get(app.url("/actuator/info"))
        .send()
        .await
        .expect("info answers");
    assert_eq!(res.status().as_u16(), 200);
    let info: serde_json::Value = res.json().await.expect("info is JSON");
    assert_eq!(info["build"]["artifact"], service);
    assert_eq!(info["build"]["version"], env!("CARGO_PKG_VERSION"));
    assert!(
        info["build"]["time"].as_i64().unwrap_or(0) > 0,
        "build time in {info}"
    );
    let commit = info["git"]["commitId"].as_str().unwrap_or_default();
    assert!(!commit.is_empty(), "commit id in {info}");
    assert!(info["git"]["commitTime"].is_i64(), "commit time in {info}");

    let mut res = client
        .get(app.url("/actuator/health"))
        .send()
        .await
        .expect("health answers");
    assert_eq!(res.status().as_u16(), 200);
    let health: serde_json::Value = res.json().await.expect("health is JSON");
    assert_eq!(health["status"], "UP", "{health}");
    if let Some(db) = &app.db {
        let expected = match db.backend {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgresql",
        };
        assert_eq!(health["components"]["db"]["status"], "UP", "{health}");
        assert_eq!(
            health["components"]["db"]["details"]["backend"], expected,
            "{health}"
        );
    }

    let mut res = client
        .get(app.url("/openapi.json"))
        .send()
        .await
        .expect("openapi answers");
    assert_eq!(res.status().as_u16(), 200);
    let body = res.body().await.expect("openapi body");
    let doc: utoipa::openapi::OpenApi =
        serde_json::from_slice(&body).expect("/openapi.json is an OpenAPI document");
    assert_eq!(doc.info.title, service);
    assert!(doc.paths.paths.contains_key("/actuator/health"));

    let mut res = client
        .get(app.url("/actuator/prometheus"))
        .send()
        .await
        .expect("metrics");
    assert_eq!(res.status().as_u16(), 200);
    let text = String::from_utf8(res.body().await.expect("metrics body").to_vec()).expect("utf-8");
    let counted = format!(
        "tradewind_http_requests_total{{method=\"GET\",route=\"/actuator/info\",status=\"200\",service=\"{service}\"}} 1"
    );
    assert!(text.contains(&counted), "{counted} not in\n{text}");
}

/// Runs both migration sets of `spec` on fresh databases and checks they make the same tables
/// and columns.
pub fn assert_same_schema(spec: &ServiceSpec) {
    let set = spec.migrations.expect("the service has migrations");
    let read = |backend| {
        let db = TestDb::new(backend);
        let pool = crate::db::connect(&db.config()).expect("connect");
        let mut conn = pool.get().expect("connection");
        // As at start: the platform's tables first (a service's migration may read them).
        crate::db::run_pending(&mut conn, &crate::app::PLATFORM_MIGRATIONS)
            .expect("the platform's migrations run");
        crate::db::run_pending(&mut conn, &set).expect("migrations run");
        crate::db::schema_check::read(&mut conn).expect("schema read")
    };
    let sqlite = read(Backend::Sqlite);
    let postgres = read(Backend::Postgres);
    assert_eq!(
        sqlite, postgres,
        "{}: SQLite and PostgreSQL migrations differ",
        spec.name
    );
}

/// A stand-in for auth-center in tests of other services: signs real tokens with a key of its
/// own and answers the platform's questions about them (sessions, permissions) from memory.
pub struct TestIssuer {
    pair: crate::auth::token::SigningPair,
    ended: std::sync::Mutex<std::collections::HashMap<String, crate::auth::EndReason>>,
    grants: std::sync::Mutex<std::collections::HashMap<i64, Vec<String>>>,
}

impl Default for TestIssuer {
    fn default() -> Self {
        let seed = *uuid::Uuid::new_v4().as_bytes();
        let mut bytes = [0u8; 32];
        bytes[..16].copy_from_slice(&seed);
        bytes[16..].copy_from_slice(&seed);
        Self {
            pair: crate::auth::token::SigningPair::new(ed25519_dalek::SigningKey::from_bytes(
                &bytes,
            )),
            ended: Default::default(),
            grants: Default::default(),
        }
    }
}

impl TestIssuer {
    pub fn new() -> std::sync::Arc<Self> {
        std::sync::Arc::new(Self::default())
    }

    /// An access token for a user of `saas_id`/`mch_id` with `msc_type`, in a fresh session.
    pub fn token(&self, user_id: i64, saas_id: i64, mch_id: i64, msc_type: i32) -> String {
        let now = crate::auth::token::now_secs();
        let claims = crate::auth::Claims {
            iss: crate::auth::token::ISSUER.to_owned(),
            sub: user_id.to_string(),
            username: format!("user{user_id}"),
            saas_id,
            mch_id,
            msc_type,
            user_grade: 0,
            sid: uuid::Uuid::now_v7().to_string(),
            typ: crate::auth::TokenKind::Access,
            iat: now,
            exp: now + 3600,
        };
        crate::auth::token::sign(&claims, &self.pair)
    }

    /// Lets `user_id` hold these codes or subtrees.
    pub fn grant(&self, user_id: i64, grants: &[&str]) {
        self.grants
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(user_id, grants.iter().map(|g| (*g).to_owned()).collect());
    }

    /// Ends the session of `token`, as auth-center would.
    pub fn end(&self, token: &str, reason: crate::auth::EndReason) {
        if let Ok(claims) = crate::auth::token::verify(
            token,
            &self.pair.decoding_key(),
            crate::auth::TokenKind::Access,
        ) {
            self.ended
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .insert(claims.sid, reason);
        }
    }
}

impl crate::auth::AuthBackend for TestIssuer {
    fn jwks(
        &self,
    ) -> futures_util::future::LocalBoxFuture<'_, Result<crate::auth::JwkSet, crate::auth::AuthError>>
    {
        let set = crate::auth::JwkSet {
            keys: vec![self.pair.jwk()],
        };
        Box::pin(async move { Ok(set) })
    }

    fn session<'a>(
        &'a self,
        _token: &'a str,
        claims: &'a crate::auth::Claims,
    ) -> futures_util::future::LocalBoxFuture<
        'a,
        Result<crate::auth::SessionState, crate::auth::AuthError>,
    > {
        let state = match self
            .ended
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&claims.sid)
        {
            Some(reason) => crate::auth::SessionState::Ended(*reason),
            None => crate::auth::SessionState::Live,
        };
        Box::pin(async move { Ok(state) })
    }

    fn permissions<'a>(
        &'a self,
        _token: &'a str,
        claims: &'a crate::auth::Claims,
    ) -> futures_util::future::LocalBoxFuture<'a, Result<Vec<String>, crate::auth::AuthError>> {
        let grants = self
            .grants
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .get(&claims.user_id())
            .cloned()
            .unwrap_or_default();
        Box::pin(async move { Ok(grants) })
    }
}

/// Tokens made from a good one that every verifier must refuse, each named: its claims altered
/// (`mscType` 100) under the old signature; `alg: none` with no signature; algorithm confusion
/// (`HS256` with the published public key as the HMAC secret, which a verifier trusting the
/// header would check with the key it holds); and a key id no one published, properly shaped.
pub fn forgeries(good: &str, jwk: &crate::auth::Jwk) -> Vec<(&'static str, String)> {
    use base64::Engine as _;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
    let parts: Vec<&str> = good.split('.').collect();
    let (header, payload, signature) = (parts[0], parts[1], parts[2]);
    let json = |part: &str| -> serde_json::Value {
        serde_json::from_slice(&B64.decode(part).expect("base64url part")).expect("JSON part")
    };
    let encode = |v: &serde_json::Value| B64.encode(v.to_string());
    let with = |part: &str, key: &str, value: serde_json::Value| {
        let mut v = json(part);
        v[key] = value;
        encode(&v)
    };

    let altered = format!(
        "{header}.{}.{signature}",
        with(payload, "mscType", 100.into())
    );
    let none = format!("{}.{payload}.", with(header, "alg", "none".into()));
    let hs256 = with(header, "alg", "HS256".into());
    let secret = B64.decode(&jwk.x).expect("the JWK's x");
    let mac = hmac_sha256(&secret, format!("{hs256}.{payload}").as_bytes());
    let confused = format!("{hs256}.{payload}.{}", B64.encode(mac));
    let unknown = format!(
        "{}.{payload}.{signature}",
        with(header, "kid", "no-such-key".into())
    );
    vec![
        ("altered claims", altered),
        ("alg none", none),
        ("algorithm confusion", confused),
        ("unknown kid", unknown),
    ]
}

/// HMAC-SHA-256 (RFC 2104), only to make the algorithm-confusion forgery above.
fn hmac_sha256(key: &[u8], message: &[u8]) -> Vec<u8> {
    use sha2::{Digest as _, Sha256};
    let mut block = [0u8; 64];
    if key.len() > block.len() {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let pad = |byte: u8| block.iter().map(|b| b ^ byte).collect::<Vec<u8>>();
    let inner = Sha256::new()
        .chain_update(pad(0x36))
        .chain_update(message)
        .finalize();
    Sha256::new()
        .chain_update(pad(0x5c))
        .chain_update(inner)
        .finalize()
        .to_vec()
}

/// A `merchant.updated` of `saas_id` on `bus`, as saas-main announces a merchant (state normal,
/// CNY).
async fn publish_merchant(
    bus: &crate::bus::Bus,
    saas_id: i64,
    mch_id: i64,
    mch_type: i32,
    name: &str,
) {
    let m = crate::bus::v1::MerchantUpdated {
        mch_id,
        mch_type,
        mch_name: name.into(),
        mch_currency: "CNY".into(),
        state: 1,
        grade: 0,
    };
    let out = crate::bus::Outgoing::new("saas-main", "merchant.updated", saas_id, &m);
    bus.publish_batch(&[("merchant.updated", &out.envelope_bytes())])
        .await
        .expect("the in-process bus takes it");
}

/// The tenants, merchants and callers most service tests need: tenant 1001 with a supplier and
/// a distributor, tenant 1002 with a supplier, a token for each kind of caller, and the service
/// told about the merchants through real `merchant.updated` events on its bus (so its copy, and
/// the [`crate::Viewer`] of each request, are what they are in production).
pub struct TenantFixture {
    pub app: TestApp,
    pub bus: crate::bus::Bus,
    pub issuer: std::sync::Arc<TestIssuer>,
    /// The tenant's administrator (mscType 200): every code of the tenant.
    pub operator: String,
    /// A user of the tenant's supplier [`TenantFixture::SUPPLIER`] (mscType 311).
    pub supplier: String,
    /// A user of the tenant's distributor [`TenantFixture::DISTRIBUTOR`] (mscType 312).
    pub distributor: String,
    /// The other tenant's administrator.
    pub other_operator: String,
    /// A user of the other tenant's supplier.
    pub other_supplier: String,
}

impl TenantFixture {
    pub const SAAS: i64 = 1001;
    pub const OTHER_SAAS: i64 = 1002;
    pub const SUPPLIER: i64 = 2001;
    pub const DISTRIBUTOR: i64 = 2002;
    pub const OTHER_SUPPLIER: i64 = 3001;
    /// The transport key the fixture's service is given (32 bytes of 9), as saas-main would
    /// share it ([`crate::sealing::transport_from_config`]).
    pub const TRANSPORT_KEY_B64: &'static str = "CQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQkJCQk=";

    /// The sealer of the transport key, to seal credentials as saas-main sends them.
    pub fn transport(&self) -> crate::sealing::Sealer {
        crate::sealing::Sealer::new(&[9; crate::sealing::KEY_LEN]).expect("a 32-byte key")
    }

    /// Announces an interface configuration of `saas_id` as saas-main does (its credentials,
    /// a JSON object, sealed with the transport key), and waits until the service's copy
    /// reflects it (a configuration of another product type is announced, then not waited for).
    pub async fn publish_interface_config(
        &self,
        saas_id: i64,
        config: crate::bus::v1::InterfaceConfigUpdated,
        credentials: &serde_json::Value,
        copied: bool,
    ) {
        let mut config = config;
        config.credentials_sealed = self
            .transport()
            .seal(&credentials.to_string())
            .expect("sealed");
        let out =
            crate::bus::Outgoing::new("saas-main", "interface-config.updated", saas_id, &config);
        self.bus
            .publish_batch(&[("interface-config.updated", &out.envelope_bytes())])
            .await
            .expect("the in-process bus takes it");
        if copied {
            // The sealed value is new at each seal (a fresh nonce): the copy holds this
            // announcement, not an earlier one of the same state.
            let (id, sealed) = (config.config_id, config.credentials_sealed.clone());
            self.wait_for_copy("the configuration reaches the service's copy", |conn| {
                use crate::replica::schema::replica_interface_configs as t;
                use diesel::prelude::*;
                t::table
                    .find(id)
                    .select(t::credentials_sealed)
                    .first::<String>(conn)
                    .ok()
                    .as_ref()
                    == Some(&sealed)
            })
            .await
        }
    }

    /// Spawns `spec` on `backend` with settings (`TRADEWIND_<SERVICE>__...`); merchant users
    /// hold `supplier_grants` and `distributor_grants` (the tenant administrators hold every
    /// code of their tenant).
    pub async fn start(
        spec: ServiceSpec,
        backend: Backend,
        settings: &[(&str, &str)],
        supplier_grants: &[&str],
        distributor_grants: &[&str],
    ) -> Self {
        use crate::tenancy::{MCH_DISTRIBUTOR, MCH_SUPPLIER, msc};
        let issuer = TestIssuer::new();
        let bus = crate::bus::Bus::Memory(crate::bus::MemoryBroker::default());
        let db = TestDb::new(backend);
        let mut cfg = test_config(spec.name, Some(&db));
        cfg.env
            .set(cfg.var("CHANNEL__TRANSPORT_KEY"), Self::TRANSPORT_KEY_B64);
        for (k, v) in settings {
            cfg.env.set(*k, *v);
        }
        let app = spawn_on_bus(
            spec.auth_backend(issuer.clone()),
            &cfg,
            Some(db),
            bus.clone(),
        )
        .await;
        let merchants = [
            (Self::SAAS, Self::SUPPLIER, MCH_SUPPLIER, "Demo Supplier"),
            (
                Self::SAAS,
                Self::DISTRIBUTOR,
                MCH_DISTRIBUTOR,
                "Demo Distributor",
            ),
            (
                Self::OTHER_SAAS,
                Self::OTHER_SUPPLIER,
                MCH_SUPPLIER,
                "Other Supplier",
            ),
        ];
        for (saas, mch, kind, name) in merchants {
            publish_merchant(&bus, saas, mch, kind, name).await;
        }
        let user = |id: i64, saas: i64, mch: i64, msc: i32, grants: &[&str]| {
            issuer.grant(id, grants);
            issuer.token(id, saas, mch, msc)
        };
        let fixture = Self {
            operator: user(1, Self::SAAS, 0, msc::OPERATOR_ADMIN, &[]),
            supplier: user(
                2,
                Self::SAAS,
                Self::SUPPLIER,
                msc::SUPPLIER_USER,
                supplier_grants,
            ),
            distributor: user(
                3,
                Self::SAAS,
                Self::DISTRIBUTOR,
                msc::DISTRIBUTOR_USER,
                distributor_grants,
            ),
            other_operator: user(4, Self::OTHER_SAAS, 0, msc::OPERATOR_ADMIN, &[]),
            other_supplier: user(
                5,
                Self::OTHER_SAAS,
                Self::OTHER_SUPPLIER,
                msc::SUPPLIER_USER,
                supplier_grants,
            ),
            app,
            bus,
            issuer,
        };
        fixture
            .wait_for_merchants(&merchants.map(|m| (m.0, m.1)))
            .await;
        fixture
    }

    /// Announces one more merchant of `saas_id` as saas-main does (then
    /// [`Self::wait_for_merchants`] for it).
    pub async fn publish_merchant(&self, saas_id: i64, mch_id: i64, mch_type: i32, name: &str) {
        publish_merchant(&self.bus, saas_id, mch_id, mch_type, name).await;
    }

    /// Waits until the service's copy holds each `(saas_id, mch_id)`.
    pub async fn wait_for_merchants(&self, wanted: &[(i64, i64)]) {
        self.wait_for_copy("the merchants reach the service's copy", |conn| {
            wanted.iter().all(|(saas, mch)| {
                crate::replica::merchant(conn, *saas, *mch)
                    .ok()
                    .flatten()
                    .is_some()
            })
        })
        .await
    }

    /// Waits until `holds` answers true of the service's database.
    /// Puts the fixture's distributor [`Self::DISTRIBUTOR`] on price level `grade` as saas-main
    /// announces it (`merchant.updated`), and waits until the service's copy holds it.
    pub async fn publish_distributor_grade(&self, grade: i32) {
        let m = crate::bus::v1::MerchantUpdated {
            mch_id: Self::DISTRIBUTOR,
            mch_type: crate::tenancy::MCH_DISTRIBUTOR,
            mch_name: "Distributor".into(),
            mch_currency: "CNY".into(),
            state: 1,
            grade,
        };
        let out = crate::bus::Outgoing::new("saas-main", "merchant.updated", Self::SAAS, &m);
        self.bus
            .publish_batch(&[("merchant.updated", &out.envelope_bytes())])
            .await
            .expect("the in-process bus takes it");
        self.wait_for_copy("the distributor's level reaches the copy", |conn| {
            use crate::replica::schema::replica_merchants as t;
            use diesel::prelude::*;
            t::table
                .find(Self::DISTRIBUTOR)
                .select(t::grade)
                .first::<i32>(conn)
                .ok()
                == Some(grade)
        })
        .await;
    }

    /// Announces a price rule of `saas_id` as saas-main does (`price-rule.updated`), and waits
    /// until the service's copy holds this announcement.
    pub async fn publish_price_rule(&self, saas_id: i64, rule: crate::bus::v1::PriceRuleUpdated) {
        let at = crate::time::now_ms();
        let out =
            crate::bus::Outgoing::new("saas-main", "price-rule.updated", saas_id, &rule).at(at);
        self.bus
            .publish_batch(&[("price-rule.updated", &out.envelope_bytes())])
            .await
            .expect("the in-process bus takes it");
        let wanted = (at, rule.enabled && !rule.deleted, rule.formula.clone());
        self.wait_for_copy("the price rule reaches the copy", |conn| {
            use crate::replica::schema::replica_price_rules as t;
            use diesel::prelude::*;
            t::table
                .find(rule.rule_id)
                .select((t::occurred_at, t::enabled, t::formula))
                .first::<(i64, bool, String)>(conn)
                .ok()
                .as_ref()
                == Some(&wanted)
        })
        .await;
    }

    async fn wait_for_copy(
        &self,
        what: &str,
        holds: impl Fn(&mut crate::db::DbConnection) -> bool,
    ) {
        let db = self
            .app
            .db
            .as_ref()
            .expect("the fixture's service has a database");
        let pool = crate::db::connect(&db.config()).expect("the test database");
        let holds = &holds;
        eventually(what, || {
            let pool = pool.clone();
            async move {
                let mut conn = pool.get().ok()?;
                holds(&mut conn).then_some(())
            }
        })
        .await
    }

    /// Tells the service of saas-main's areas `(code, state)` through real `area.updated`
    /// events (a province under its country, a city under its province; named `地区 <code>`
    /// and `Area <code>`), and waits until its copy holds each as told.
    pub async fn publish_areas(&self, areas: &[(&str, i32)]) {
        for (code, state) in areas {
            let parent_code = code.rsplit_once('-').map_or("", |(p, _)| p).to_owned();
            let a = crate::bus::v1::AreaUpdated {
                code: (*code).to_owned(),
                level: i32::try_from(code.matches('-').count()).unwrap_or(0) + 1,
                parent_code,
                name: format!("地区 {code}"),
                name_en: format!("Area {code}"),
                state: *state,
            };
            let out = crate::bus::Outgoing::new("saas-main", "area.updated", 0, &a);
            self.bus
                .publish_batch(&[("area.updated", &out.envelope_bytes())])
                .await
                .expect("the in-process bus takes it");
        }
        self.wait_for_copy("the areas reach the service's copy", |conn| {
            areas.iter().all(|(code, state)| {
                crate::replica::area_state(conn, code).ok().flatten() == Some(*state)
            })
        })
        .await
    }

    pub async fn shutdown(self) {
        self.app.shutdown().await;
    }
}

/// How long [`eventually`] waits by default: far beyond what the in-process bus or a local
/// RabbitMQ needs, so a slow CI machine does not fail a test that would pass.
pub const EVENTUALLY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Asks `probe` every 20 ms until it answers `Some`, and answers that; panics naming `what` if
/// it has not after [`EVENTUALLY_TIMEOUT`]. For effects that arrive through the bus.
pub async fn eventually<T, F, Fut>(what: &str, probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    eventually_within(EVENTUALLY_TIMEOUT, what, probe).await
}

/// [`eventually`] with its own time limit.
pub async fn eventually_within<T, F, Fut>(limit: std::time::Duration, what: &str, mut probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    let deadline = std::time::Instant::now() + limit;
    loop {
        if let Some(found) = probe().await {
            return found;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{what}: not seen within {limit:?}"
        );
        actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_database_swaps_the_name() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/postgres", "x"),
            "postgres://postgres@127.0.0.1:5432/x"
        );
        assert_eq!(with_database("postgres://h", "x"), "postgres://h/x");
        assert_eq!(
            with_database("postgres://u:p@h/db?sslmode=disable", "x"),
            "postgres://u:p@h/x?sslmode=disable"
        );
    }
}
