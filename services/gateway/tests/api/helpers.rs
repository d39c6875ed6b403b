//! A gateway in front of a test upstream that echoes what it receives.

use std::sync::Arc;
use std::time::Duration;

use actix_web::{HttpRequest, HttpResponse, web};
use awc::Client;
use futures_util::StreamExt as _;
use gateway::GatewayConfig;
use platform::ServiceSpec;
use platform::config::Env;
use platform::testing::{TestApp, TestIssuer, spawn_with, test_config};
use serde_json::json;

/// Long enough for an 8 MB body to stream both ways in a debug build on a loaded machine (2 s
/// was seen too short in CI, with the whole suite running on two cores).
pub const UPSTREAM_TIMEOUT: Duration = Duration::from_millis(6000);

async fn echo(req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let headers: serde_json::Map<String, serde_json::Value> = req
        .headers()
        .iter()
        .map(|(k, v)| (k.to_string(), json!(v.to_str().unwrap_or_default())))
        .collect();
    HttpResponse::Ok()
        .insert_header(("x-upstream", "echo"))
        .json(json!({
            "method": req.method().as_str(),
            "path": req.path(),
            "query": req.query_string(),
            "headers": headers,
            "body": String::from_utf8_lossy(&body),
            // What the platform believes of the gateway's signed headers.
            "clientIp": platform::http::client_ip(&req),
        }))
}

/// Reads the body whole, then sends it back as a stream of chunks with no length. It does not
/// echo while still reading: an HTTP/1.1 client (the gateway's included) sends the whole request
/// before it reads the answer, so a full-duplex echo only works while the socket buffers hold
/// what was echoed, and deadlocked once in CI until the gateway's timeout (504).
async fn mirror(mut body: web::Payload) -> HttpResponse {
    let mut chunks = Vec::new();
    while let Some(chunk) = body.next().await {
        match chunk {
            Ok(chunk) => chunks.push(chunk),
            Err(e) => return HttpResponse::BadRequest().body(e.to_string()),
        }
    }
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<web::Bytes, actix_web::Error>>(4);
    actix_web::rt::spawn(async move {
        for chunk in chunks {
            if tx.send(Ok(chunk)).await.is_err() {
                break;
            }
        }
    });
    HttpResponse::Ok().streaming(tokio_stream(rx))
}

fn tokio_stream<T>(mut rx: tokio::sync::mpsc::Receiver<T>) -> impl futures_util::Stream<Item = T> {
    futures_util::stream::poll_fn(move |cx| rx.poll_recv(cx))
}

async fn slow() -> HttpResponse {
    actix_web::rt::time::sleep(UPSTREAM_TIMEOUT * 4).await;
    HttpResponse::Ok().body("too late")
}

/// Echoes text frames; refuses the upgrade with 401 when `token=bad`.
async fn ws(req: HttpRequest, body: web::Payload) -> Result<HttpResponse, actix_web::Error> {
    if req.query_string().contains("token=bad") {
        return Ok(HttpResponse::Unauthorized().finish());
    }
    let (res, mut session, mut stream) = actix_ws::handle(&req, body)?;
    actix_web::rt::spawn(async move {
        while let Some(Ok(msg)) = stream.recv().await {
            match msg {
                actix_ws::Message::Text(t) => {
                    let _ = session.text(format!("echo: {t}")).await;
                }
                actix_ws::Message::Ping(p) => {
                    let _ = session.pong(&p).await;
                }
                actix_ws::Message::Close(r) => {
                    let _ = session.close(r).await;
                    break;
                }
                _ => {}
            }
        }
    });
    Ok(res)
}

fn upstream_spec() -> ServiceSpec {
    // The echo service trusts the gateway: these tests are about what the gateway does.
    ServiceSpec::new("echo", "0.0.0", 0)
        .unguarded()
        .routes(|c, _| {
            c.app_data(web::PayloadConfig::new(64 * 1024 * 1024))
                .route("/mirror", web::post().to(mirror))
                .route("/slow", web::get().to(slow))
                .route("/ws", web::get().to(ws))
                .route("/{tail:.*}", web::route().to(echo));
        })
}

pub struct Stack {
    pub gateway: TestApp,
    /// Signs the tokens the gateway accepts (it stands in for auth-center).
    pub issuer: Arc<TestIssuer>,
    /// The gateway's event bus (user actions go out on it).
    pub bus: platform::bus::Bus,
    /// Kept alive for the length of the test.
    pub _upstream: TestApp,
    pub static_dir: tempfile::TempDir,
    spec: platform::ServiceSpec,
}

impl Stack {
    pub fn url(&self, path: &str) -> String {
        self.gateway.url(path)
    }

    /// Another replica of the gateway: the same configuration, upstreams and broker.
    pub async fn replica(&self) -> TestApp {
        platform::testing::spawn_on_bus(
            self.spec.clone(),
            &test_config("gateway", None),
            None,
            self.bus.clone(),
        )
        .await
    }

    /// A client that calls as a logged-in operator of tenant 7.
    pub fn client(&self) -> Client {
        Client::builder()
            .add_default_header((
                "authorization",
                format!("Bearer {}", self.issuer.token(5, 7, 0, 300)),
            ))
            .finish()
    }
}

fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// hotel-app → the echo upstream (short timeout); saas-main → a closed port; the console is a
/// small built frontend in a temporary directory.
pub async fn spawn_stack() -> Stack {
    spawn_stack_with(&[]).await
}

/// The stack with gateway variables of the test's (rate limits, CORS origins).
pub async fn spawn_stack_with(vars: &[(&str, &str)]) -> Stack {
    spawn_stack_on(vars, None).await
}

/// The stack with `auth_url` as auth-center (a stand-in checking signed requests).
pub async fn spawn_stack_on(vars: &[(&str, &str)], auth_url: Option<String>) -> Stack {
    let upstream = spawn_with(upstream_spec(), &test_config("echo", None), None).await;
    let static_dir = tempfile::tempdir().unwrap();
    std::fs::write(
        static_dir.path().join("index.html"),
        "<!doctype html><title>Tradewind</title>",
    )
    .unwrap();
    std::fs::create_dir_all(static_dir.path().join("remotes/hotel")).unwrap();
    std::fs::write(
        static_dir.path().join("remotes/hotel/remoteEntry.js"),
        "var hotel = 1;",
    )
    .unwrap();

    let mut cfg = GatewayConfig::load(&Env::from_pairs(vars.iter().copied())).unwrap();
    cfg.static_dir = static_dir.path().to_path_buf();
    cfg.set_upstream_url("hotel-app", upstream.address.clone());
    cfg.set_upstream_url("saas-main", format!("http://127.0.0.1:{}", closed_port()));
    if let Some(url) = auth_url {
        cfg.set_upstream_url("auth-center", url);
    }
    for u in &mut cfg.upstreams {
        if u.service == "hotel-app" {
            u.timeout = UPSTREAM_TIMEOUT;
        }
    }
    let issuer = TestIssuer::new();
    let spec = gateway::service(cfg).auth_backend(issuer.clone());
    let bus = platform::bus::Bus::Memory(platform::bus::MemoryBroker::default());
    let gateway = platform::testing::spawn_on_bus(
        spec.clone(),
        &test_config("gateway", None),
        None,
        bus.clone(),
    )
    .await;
    Stack {
        gateway,
        issuer,
        bus,
        _upstream: upstream,
        static_dir,
        spec,
    }
}
