//! The production shape on one machine: every service its own processes (the service binaries,
//! `<service> migrate` and then `<service> serve`, as the image's entrypoint runs them), replicas
//! (no `TRADEWIND_NODE_ID`: as in the chart, each claims its node in the database), each service
//! on its own PostgreSQL database reached through
//! a relay the test can cut, RabbitMQ on a vhost of the test's own behind another, and the
//! gateway in front of a round-robin relay per service (a Kubernetes Service's part).
//!
//! Every process gets the environment the Helm chart gives its pod (`deploy/pod-env.json`, kept
//! equal to the rendered chart by deploy/tests/test_pod_env.py), changed only where it names the
//! cluster rather than this machine: addresses and ports, the secrets' values, the signing key's
//! path, and the pool size (one PostgreSQL server here serves every service).

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use platform::testing::{Backend, TestDb, eventually_within};
use serde_json::Value;

use super::relay::Relay;
use super::{Vhost, call, free_port};

/// Connections per process: 11 processes share one PostgreSQL server's 100 here.
const POOL_SIZE: &str = "4";

pub struct Replica {
    pub port: u16,
    child: Option<Child>,
}

pub struct Service {
    pub name: String,
    pub prefix: String,
    pub replicas: Vec<Replica>,
    /// Spreads connections over the replicas, as the service's Kubernetes Service does.
    pub balancer: Relay,
    pub db: Option<TestDb>,
    /// In front of the service's database: cut it for an outage.
    pub db_relay: Option<Relay>,
}

pub struct Shape {
    pub dir: tempfile::TempDir,
    bin_dir: PathBuf,
    pod_env: Value,
    pub vhost: Vhost,
    /// In front of RabbitMQ: cut it for a broker outage.
    pub broker: Relay,
    pub services: BTreeMap<String, Service>,
    /// Values of the chart's other secrets, one per secret as Kubernetes gives every pod the same.
    secrets: BTreeMap<String, String>,
    /// Variables a test sets beyond the chart's, by service, as `extraEnv` in the chart's values
    /// would (a job's period short enough to watch).
    overrides: BTreeMap<String, Vec<(String, String)>>,
}

/// The sealing key every sealing service is given (the chart gives them one Secret): the base64
/// of the 32 bytes `prod-shape-sealing-key-32-bytes!`.
const SEALING_KEY: &str = "cHJvZC1zaGFwZS1zZWFsaW5nLWtleS0zMi1ieXRlcyE=";

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([127, 0, 0, 1], port))
}

/// The service binaries `cargo build --bins` leaves beside the fleet's.
fn bin_dir() -> PathBuf {
    let fleet = PathBuf::from(env!("CARGO_BIN_EXE_fleet"));
    let dir = fleet
        .parent()
        .expect("the binaries' directory")
        .to_path_buf();
    for s in platform::registry::all() {
        assert!(
            dir.join(&s.name).exists(),
            "{} is missing in {}: build every binary first (`cargo build --bins`, as scripts/prod-shape.sh does)",
            s.name,
            dir.display()
        );
    }
    dir
}

/// Replaces the host and port of a URL (`scheme://user@host:port/rest`).
fn with_host_port(url: &str, port: u16) -> String {
    let (scheme, rest) = url.split_once("://").expect("a URL");
    let (auth, rest) = match rest.rsplit_once('@') {
        Some((a, r)) => (format!("{a}@"), r),
        None => (String::new(), rest),
    };
    let path = rest.find('/').map_or("", |i| &rest[i..]);
    format!("{scheme}://{auth}127.0.0.1:{port}{path}")
}

impl Shape {
    /// Databases, relays and the vhost for `replicas` processes of each service (1 unless named).
    pub fn new(replicas: &[(&str, usize)]) -> Self {
        let pod_env: Value = serde_json::from_str(
            &std::fs::read_to_string(
                Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy/pod-env.json"),
            )
            .expect("deploy/pod-env.json"),
        )
        .expect("deploy/pod-env.json is JSON");
        let (broker_host, broker_port) = Vhost::broker();
        let broker_addr = format!("{broker_host}:{broker_port}")
            .parse()
            .unwrap_or_else(|_| addr(broker_port));
        let mut services = BTreeMap::new();
        for s in platform::registry::all() {
            let count = replicas
                .iter()
                .find(|(n, _)| *n == s.name)
                .map_or(1, |(_, c)| *c);
            let replicas: Vec<Replica> = (0..count)
                .map(|_| Replica {
                    port: free_port(),
                    child: None,
                })
                .collect();
            let balancer = Relay::new(replicas.iter().map(|r| addr(r.port)).collect());
            let (db, db_relay) = if s.database.is_some() {
                let db = TestDb::new(Backend::Postgres);
                let relay = Relay::to(addr(5432));
                (Some(db), Some(relay))
            } else {
                (None, None)
            };
            services.insert(
                s.name.clone(),
                Service {
                    name: s.name.clone(),
                    prefix: s.env_prefix.clone(),
                    replicas,
                    balancer,
                    db,
                    db_relay,
                },
            );
        }
        Self {
            dir: tempfile::Builder::new()
                .prefix("tradewind-prod-shape-")
                .tempdir()
                .expect("a directory"),
            bin_dir: bin_dir(),
            pod_env,
            vhost: Vhost::new("prod-shape"),
            broker: Relay::to(broker_addr),
            services,
            secrets: BTreeMap::new(),
            overrides: BTreeMap::new(),
        }
    }

    /// Sets `name` for every process of `service` started from now on (before `start_all` for
    /// the whole run), over the chart's value if it has one.
    pub fn set_env(&mut self, service: &str, name: &str, value: &str) {
        assert!(self.services.contains_key(service), "no service {service}");
        let vars = self.overrides.entry(service.to_owned()).or_default();
        vars.retain(|(n, _)| n != name);
        vars.push((name.to_owned(), value.to_owned()));
    }

    pub fn url(&self, service: &str) -> String {
        format!(
            "http://127.0.0.1:{}",
            self.services[service].balancer.port()
        )
    }

    pub fn gateway(&self) -> String {
        self.url("gateway")
    }

    pub fn replica_url(&self, service: &str, i: usize) -> String {
        format!(
            "http://127.0.0.1:{}",
            self.services[service].replicas[i].port
        )
    }

    /// The chart's environment of `service`'s pod, for replica `i`.
    fn env(&mut self, service: &str, i: usize) -> Vec<(String, String)> {
        let release = self.pod_env["release"]
            .as_str()
            .unwrap_or("tradewind")
            .to_owned();
        let chart = self.pod_env["services"][service]
            .as_object()
            .unwrap_or_else(|| panic!("deploy/pod-env.json has no {service}"))
            .clone();
        let s = &self.services[service];
        let mut env = Vec::new();
        for (name, value) in chart {
            let value = value.as_str().unwrap_or_default().to_owned();
            let value = if name.ends_with("__HTTP__PORT") {
                s.replicas[i].port.to_string()
            } else if name.ends_with("__HTTP__HOST") {
                "127.0.0.1".to_owned()
            } else if name.ends_with("__DATABASE__POOL_SIZE") {
                POOL_SIZE.to_owned()
            } else if name == "TRADEWIND_AMQP_URL" {
                self.vhost.url_at("127.0.0.1", self.broker.port())
            } else if name.ends_with("__DATABASE__URL") {
                let db = s.db.as_ref().expect("a database for a service with a URL");
                let relay = s.db_relay.as_ref().expect("its relay");
                with_host_port(&db.url, relay.port())
            } else if name.ends_with("__KEYS__SIGNING_KEY_FILE") {
                self.dir
                    .path()
                    .join("signing-key.pem")
                    .display()
                    .to_string()
            } else if name.ends_with("__SECRETS__KEY") || name.ends_with("__CHANNEL__TRANSPORT_KEY")
            {
                // The chart's sealing and transport keys are the base64 of 32 bytes, not any
                // string (and the transport key one value for every service).
                SEALING_KEY.to_owned()
            } else if value.starts_with("<secret ") {
                let n = self.secrets.len();
                self.secrets
                    .entry(value.clone())
                    .or_insert_with(|| format!("prod-shape-secret-{n}-{}", super::unique()))
                    .clone()
            } else if let Some(rest) = value.strip_prefix(&format!("http://{release}-")) {
                // A cluster address `http://<release>-<service>:<port>`: that service's balancer.
                let target = rest.split(':').next().unwrap_or_default();
                assert!(
                    self.services.contains_key(target),
                    "{name}={value} names no service"
                );
                self.url(target)
            } else {
                value
            };
            env.push((name, value));
        }
        for (name, value) in self.overrides.get(service).into_iter().flatten() {
            env.retain(|(n, _)| n != name);
            env.push((name.clone(), value.clone()));
        }
        env.push((
            "TRADEWIND_DATA_DIR".to_owned(),
            self.dir
                .path()
                .join(format!("{service}-{i}"))
                .display()
                .to_string(),
        ));
        env
    }

    fn command(&mut self, service: &str, i: usize, args: &[&str], log: &str) -> Command {
        let env = self.env(service, i);
        let log_path = self.dir.path().join(log);
        let out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log_path)
            .expect("a log file");
        let mut cmd = Command::new(self.bin_dir.join(service));
        cmd.args(args)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .envs(env)
            .stdout(Stdio::from(out.try_clone().expect("the log file")))
            .stderr(Stdio::from(out));
        cmd
    }

    /// `<service> migrate` for every service with a database, then every replica's `serve`.
    pub async fn start_all(&mut self) {
        let names: Vec<String> = self.services.keys().cloned().collect();
        for name in &names {
            if self.services[name].db.is_some() {
                let status = self
                    .command(name, 0, &["migrate"], &format!("{name}-migrate.log"))
                    .status()
                    .expect("the migration runs");
                assert!(status.success(), "{name} migrate: {status}");
            }
        }
        for name in &names {
            for i in 0..self.services[name].replicas.len() {
                self.start(name, i);
            }
        }
        for name in &names {
            for i in 0..self.services[name].replicas.len() {
                self.wait_ready(name, i).await;
            }
        }
    }

    pub fn start(&mut self, service: &str, i: usize) {
        let child = self
            .command(service, i, &["serve"], &format!("{service}-{i}.log"))
            .spawn()
            .expect("the service starts");
        self.services.get_mut(service).unwrap().replicas[i].child = Some(child);
    }

    /// `kill -9`: the process ends without a chance to finish anything.
    pub fn kill(&mut self, service: &str, i: usize) {
        if let Some(mut child) = self.services.get_mut(service).unwrap().replicas[i]
            .child
            .take()
        {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Points `service`'s balancer at its running replicas only, as the endpoints of a
    /// Kubernetes Service list the pods that are ready and not terminating.
    fn route_to_running(&self, service: &str) {
        let s = &self.services[service];
        let running = s
            .replicas
            .iter()
            .filter(|r| r.child.is_some())
            .map(|r| addr(r.port))
            .collect();
        s.balancer.set_targets(running);
    }

    /// SIGTERM, as Kubernetes stops a pod, after taking the replica out of its Service's
    /// endpoints (Kubernetes does both at once; the replica's drain covers the time the change
    /// takes to reach every node). Answers once the process has drained and ended. Waits
    /// without blocking the test's thread, so the load it runs meanwhile keeps going; a process
    /// still there after a minute (far past its shutdown timeout) is killed.
    pub async fn terminate(&mut self, service: &str, i: usize) {
        let Some(mut child) = self.services.get_mut(service).unwrap().replicas[i]
            .child
            .take()
        else {
            return;
        };
        self.route_to_running(service);
        let _ = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status();
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while matches!(child.try_wait(), Ok(None)) {
            if std::time::Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{service} replica {i} did not end within a minute of SIGTERM");
            }
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The process id of a running replica (its node claim names it).
    pub fn pid(&self, service: &str, i: usize) -> Option<u32> {
        self.services[service].replicas[i]
            .child
            .as_ref()
            .map(Child::id)
    }

    pub async fn wait_ready(&self, service: &str, i: usize) {
        let url = format!("{}/actuator/health/readiness", self.replica_url(service, i));
        eventually_within(
            Duration::from_secs(90),
            &format!("{service} replica {i} is ready"),
            || {
                let url = url.clone();
                async move { (call("GET", &url, None, None).await.0 == 200).then_some(()) }
            },
        )
        .await;
        // Ready: back in the Service's endpoints.
        self.route_to_running(service);
    }

    /// A direct connection to `service`'s database (not through its relay).
    pub fn db(&self, service: &str) -> platform::db::DbPool {
        let db = self.services[service].db.as_ref().expect("a database");
        platform::db::connect(&db.config()).expect("the test reaches the database")
    }

    /// The last lines of a process's log, for a failure's message.
    pub fn log_tail(&self, log: &str) -> String {
        let text = std::fs::read_to_string(self.dir.path().join(log)).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(20)..].join("\n")
    }
}

impl Drop for Shape {
    fn drop(&mut self) {
        for s in self.services.values_mut() {
            for r in &mut s.replicas {
                if let Some(mut child) = r.child.take() {
                    let _ = child.kill();
                    let _ = child.wait();
                }
            }
        }
        // A failed run keeps its logs too: what the processes said is what explains it.
        if std::env::var_os("PROD_SHAPE_KEEP").is_some() || std::thread::panicking() {
            let dir = std::mem::replace(&mut self.dir, tempfile::tempdir().expect("a directory"));
            eprintln!("prod-shape: logs kept in {}", dir.keep().display());
        }
    }
}
