//! The one way a service is assembled and run: [`ServiceSpec`] says what it is, [`Application`]
//! binds it (port 0 in tests), runs its migrations and serves it until stopped.

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::{Server, ServerHandle};
use actix_web::middleware::from_fn;
use actix_web::{App, HttpRequest, HttpServer, web};
use utoipa::OpenApi as _;

use crate::actuator::{self, ActuatorApi};
use crate::auth::remote::RemoteBackend;
use crate::auth::{AuthBackend, Authenticator};
use crate::build_info::Info;
use crate::bus::{self, Bus, ConsumerSpec};
use crate::config::ServiceConfig;
use crate::db::{self, DbError, DbPool, Migrations};
use crate::error::ApiError;
use crate::health::{DatabaseCheck, HealthCheck};
use crate::http::{extract, observe};
use crate::i18n::Text;
use crate::metrics::Metrics;

/// What a service's routes may use: registered by the platform, handed to `configure`.
#[derive(Clone)]
pub struct Resources {
    pub pool: Option<DbPool>,
    pub bus: Bus,
}

/// What a service's set-up sees: the resources and its configuration (its own settings are
/// read with [`ServiceConfig::var`]).
pub struct SetupContext<'a> {
    pub resources: &'a Resources,
    pub config: &'a ServiceConfig,
    /// The service's metrics: a set-up registers its own in `metrics.registry()`.
    pub metrics: &'a Metrics,
}

/// What a service's set-up made once for the whole process: its routes, for every worker, and
/// the source of identity if it is its own (auth-center).
pub struct Prepared {
    configure: Arc<dyn Fn(&mut web::ServiceConfig) + Send + Sync>,
    auth: Option<Arc<dyn AuthBackend>>,
    jobs: Vec<crate::jobs::Job>,
    tasks: Vec<Task>,
}

/// A long-running task of a service beside its server (message-server's fan-out of
/// notifications to its sockets), started with the server and stopped with it.
pub type Task = Box<dyn FnOnce() -> futures_util::future::LocalBoxFuture<'static, ()> + Send>;

impl Prepared {
    pub fn new(configure: impl Fn(&mut web::ServiceConfig) + Send + Sync + 'static) -> Self {
        Self {
            configure: Arc::new(configure),
            auth: None,
            jobs: Vec::new(),
            tasks: Vec::new(),
        }
    }

    /// Runs `task` beside the server until the server stops.
    pub fn task(
        mut self,
        task: impl FnOnce() -> futures_util::future::LocalBoxFuture<'static, ()> + Send + 'static,
    ) -> Self {
        self.tasks.push(Box::new(task));
        self
    }

    /// Runs `job` beside the server, on the service's database, every period.
    pub fn job(mut self, job: crate::jobs::Job) -> Self {
        self.jobs.push(job);
        self
    }

    /// Answers keys, sessions and permissions itself instead of asking auth-center.
    pub fn auth_backend(mut self, backend: Arc<dyn AuthBackend>) -> Self {
        self.auth = Some(backend);
        self
    }
}

type Setup = Arc<dyn Fn(&SetupContext<'_>) -> anyhow::Result<Prepared> + Send + Sync>;

/// The application whose menus a service's permission codes belong to (`loadAppList`).
pub const APP_BASE: i32 = 1;
pub const APP_HOTEL: i32 = 36;
pub const APP_TICKET: i32 = 110;
pub const APP_WEIXIN: i32 = 50;
pub const APP_MALL: i32 = 60;

/// Everything the platform needs to know about a service.
#[derive(Clone)]
pub struct ServiceSpec {
    pub name: &'static str,
    pub version: &'static str,
    pub description: &'static str,
    pub default_port: u16,
    /// None for a service that keeps no database (the gateway).
    pub migrations: Option<Migrations>,
    /// The service's own paths; the actuator's are added by the platform.
    pub openapi: utoipa::openapi::OpenApi,
    pub setup: Setup,
    /// The application its permission codes belong to ([`APP_BASE`] unless said).
    pub app_id: i32,
    /// Whether the platform checks callers ([`crate::auth::guard`]); the gateway checks its own.
    pub guarded: bool,
    /// Where identity comes from when the set-up does not say (tests use a local issuer);
    /// otherwise auth-center at the configured URL.
    pub auth_backend: Option<Arc<dyn AuthBackend>>,
    /// What the service consumes from its queue `<name>.events`.
    pub consumer: Option<ConsumerSpec>,
    /// What each permission code allows, in both languages, for the group editor.
    pub permission_texts: PermissionTexts,
    /// The service's own settings, the keys read under `TRADEWIND_<SERVICE>__` (every one
    /// documented in docs/configuration.md: [`ServiceSpec::undocumented_variables`]).
    pub variables: &'static [&'static str],
    /// Makes the service's demo data (docs/demo-data.md) when `<SERVICE>__DEMO__ENABLED` is
    /// true, after the migrations and before the set-up; answers whether it made any.
    pub demo: Option<DemoSeed>,
    /// As `demo`, for demo data holding secrets the service keeps sealed: the seed gets the
    /// service's own sealer (`crate::sealing::from_config`, the key the service will open them
    /// with), so what it writes is what the API would have written.
    pub demo_sealed: Option<SealedDemoSeed>,
}

/// A service's demo data maker: idempotent, it answers false when the data exists already.
pub type DemoSeed = fn(&mut crate::db::DbConnection) -> anyhow::Result<bool>;

/// A demo data maker that seals secrets with the service's sealer.
pub type SealedDemoSeed =
    fn(&mut crate::db::DbConnection, &crate::sealing::Sealer) -> anyhow::Result<bool>;

/// The setting that turns a service's demo data on.
pub const DEMO_VARIABLE: &str = "DEMO__ENABLED";

/// `(code, English, Chinese)` for each permission code of a service: what a group editor reads
/// (the OpenAPI summaries are English only, and some are a developer's sentence).
pub type PermissionTexts = &'static [(&'static str, &'static str, &'static str)];

/// A permission code of a service with what it allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclaredCode {
    pub code: String,
    pub en: String,
    /// Empty when the service gave none.
    pub zh: String,
}

impl ServiceSpec {
    pub fn new(name: &'static str, version: &'static str, default_port: u16) -> Self {
        Self {
            name,
            version,
            description: name,
            default_port,
            migrations: None,
            openapi: utoipa::openapi::OpenApiBuilder::new().build(),
            setup: Arc::new(|_| Ok(Prepared::new(|_| {}))),
            app_id: APP_BASE,
            guarded: true,
            auth_backend: None,
            consumer: None,
            permission_texts: &[],
            variables: &[],
            demo: None,
            demo_sealed: None,
        }
    }

    /// What each permission code allows, in English and Chinese (see
    /// [`ServiceSpec::permission_text_problems`]).
    pub fn permission_texts(mut self, texts: PermissionTexts) -> Self {
        self.permission_texts = texts;
        self
    }

    /// Codes served without a text in both languages, and texts of codes not served: empty when
    /// the table matches the endpoints (each service's tests check it).
    pub fn permission_text_problems(&self) -> Vec<String> {
        let served = self.permissions();
        let mut problems: Vec<String> = served
            .iter()
            .filter(|d| d.zh.is_empty() || !self.permission_texts.iter().any(|t| t.0 == d.code))
            .map(|d| format!("no text for {}", d.code))
            .collect();
        for (code, en, zh) in self.permission_texts {
            if !served.iter().any(|d| d.code == *code) {
                problems.push(format!("a text for {code}, which is not served"));
            }
            if en.trim().is_empty() || zh.trim().is_empty() {
                problems.push(format!("an empty text for {code}"));
            }
        }
        problems
    }

    /// The keys the service reads under `TRADEWIND_<SERVICE>__` besides the platform's.
    pub fn variables(mut self, variables: &'static [&'static str]) -> Self {
        self.variables = variables;
        self
    }

    /// The service's demo data, made at start when `<SERVICE>__DEMO__ENABLED` is true (the
    /// variable is added to [`Self::variables`] by the platform's documentation check).
    pub fn demo(mut self, seed: DemoSeed) -> Self {
        self.demo = Some(seed);
        self
    }

    /// Demo data with sealed secrets (see [`Self::demo_sealed`]'s field); the service lists
    /// `SECRETS__KEY` and `SECRETS__KEY_FILE` among its variables, as for any use of sealing.
    pub fn demo_sealed(mut self, seed: SealedDemoSeed) -> Self {
        self.demo_sealed = Some(seed);
        self
    }

    /// The service's variables that docs/configuration.md does not mention (the fleet's test
    /// checks every service).
    pub fn undocumented_variables(&self) -> Vec<String> {
        let prefix = crate::config::service_var(self.name, "");
        let demo = (self.demo.is_some() || self.demo_sealed.is_some()).then_some(DEMO_VARIABLE);
        crate::config::undocumented(
            self.variables
                .iter()
                .copied()
                .chain(demo)
                .map(|k| format!("{prefix}{k}")),
        )
    }

    pub fn consumer(mut self, consumer: ConsumerSpec) -> Self {
        self.consumer = Some(consumer);
        self
    }

    /// The queue this service consumes.
    pub fn queue(&self) -> String {
        format!("{}.events", self.name)
    }

    pub fn description(mut self, description: &'static str) -> Self {
        self.description = description;
        self
    }

    pub fn migrations(mut self, migrations: Migrations) -> Self {
        self.migrations = Some(migrations);
        self
    }

    pub fn openapi(mut self, openapi: utoipa::openapi::OpenApi) -> Self {
        self.openapi = openapi;
        self
    }

    /// Routes that need nothing made once; see [`Self::setup`] for those that do.
    pub fn routes(
        mut self,
        configure: impl Fn(&mut web::ServiceConfig, &Resources) + Send + Sync + 'static,
    ) -> Self {
        let configure = Arc::new(configure);
        self.setup = Arc::new(move |ctx| {
            let resources = ctx.resources.clone();
            let configure = configure.clone();
            Ok(Prepared::new(move |c| configure(c, &resources)))
        });
        self
    }

    /// Runs once at start (after migrations, before serving): reads the service's settings,
    /// makes what its handlers share, and answers their routes.
    pub fn setup(
        mut self,
        setup: impl Fn(&SetupContext<'_>) -> anyhow::Result<Prepared> + Send + Sync + 'static,
    ) -> Self {
        self.setup = Arc::new(setup);
        self
    }

    pub fn app(mut self, app_id: i32) -> Self {
        self.app_id = app_id;
        self
    }

    /// Identity from `backend` instead of auth-center over HTTP.
    pub fn auth_backend(mut self, backend: Arc<dyn AuthBackend>) -> Self {
        self.auth_backend = Some(backend);
        self
    }

    /// Callers are not checked by the platform (the gateway checks them itself).
    pub fn unguarded(mut self) -> Self {
        self.guarded = false;
        self
    }

    /// The permission codes of the service's endpoints: every `/saas/...` path and method of its
    /// OpenAPI document, with the service's texts (else the operation's summary).
    pub fn permissions(&self) -> Vec<DeclaredCode> {
        let mut codes = Vec::new();
        for (path, item) in &self.openapi.paths.paths {
            if crate::auth::access::classify(path) != crate::auth::access::Access::Permission {
                continue;
            }
            let operations = [
                ("GET", &item.get),
                ("POST", &item.post),
                ("PUT", &item.put),
                ("DELETE", &item.delete),
                ("PATCH", &item.patch),
            ];
            for (method, op) in operations {
                if let Some(op) = op {
                    let code = crate::auth::access::permission_code(path, method);
                    let text = self.permission_texts.iter().find(|t| t.0 == code);
                    codes.push(DeclaredCode {
                        en: text
                            .map(|t| t.1.to_owned())
                            .unwrap_or_else(|| op.summary.clone().unwrap_or_default()),
                        zh: text.map(|t| t.2.to_owned()).unwrap_or_default(),
                        code,
                    });
                }
            }
        }
        codes.sort_by(|a, b| a.code.cmp(&b.code));
        codes
    }

    /// The complete OpenAPI document: the service's paths plus the actuator's.
    pub fn full_openapi(&self) -> utoipa::openapi::OpenApi {
        let mut doc = self.openapi.clone();
        doc.info.title = self.name.to_owned();
        doc.info.version = self.version.to_owned();
        doc.info.description = Some(self.description.to_owned());
        doc.merge(ActuatorApi::openapi());
        if self.migrations.is_some() {
            doc.merge(bus::dead_letters::DeadLetterApi::openapi());
        }
        if self.consumer.as_ref().is_some_and(|c| !c.copies.is_empty()) {
            doc.merge(bus::resync::ResyncApi::openapi());
        }
        doc
    }
}

/// Shared by every worker of one service.
pub struct ServiceState {
    pub name: &'static str,
    pub info: Info,
    pub metrics: Metrics,
    pub pool: Option<DbPool>,
    pub health: Vec<Arc<dyn HealthCheck>>,
    pub openapi_json: web::Bytes,
    /// The kinds of merchants the [`crate::Viewer`] extractor has resolved through the copy.
    pub known_kinds: crate::tenancy::KnownKinds,
    /// Set once a stop signal arrived: every answer then closes its connection.
    pub drain: crate::drain::Drain,
}

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("{service}: the configuration has no database")]
    NoDatabase { service: String },
    #[error("{service}: {source}")]
    Database {
        service: String,
        #[source]
        source: DbError,
    },
    #[error("{service}: cannot listen on {addr}: {source}")]
    Bind {
        service: String,
        addr: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{service}: {reason}")]
    Setup { service: String, reason: String },
}

/// Tables every service with a database has: outbox, processed_events, dead_letters.
pub const PLATFORM_MIGRATIONS: Migrations = crate::embed_migrations!();

/// Connects to the service's database and brings its schema up to date.
pub fn migrate(
    spec: &ServiceSpec,
    cfg: &ServiceConfig,
) -> Result<(DbPool, Vec<String>), StartError> {
    let service = spec.name.to_owned();
    let db_cfg = cfg
        .database
        .as_ref()
        .ok_or_else(|| StartError::NoDatabase {
            service: service.clone(),
        })?;
    let wrap = |source| StartError::Database {
        service: service.clone(),
        source,
    };
    let pool = db::connect(db_cfg).map_err(wrap)?;
    let mut conn = pool.get().map_err(|e| wrap(DbError::Pool(e)))?;
    // The platform's own tables (the bus's) first, then the service's.
    let mut applied = db::run_pending(&mut conn, &PLATFORM_MIGRATIONS).map_err(wrap)?;
    if let Some(set) = &spec.migrations {
        applied.extend(db::run_pending(&mut conn, set).map_err(wrap)?);
    }
    drop(conn);
    Ok((pool, applied))
}

pub struct Application {
    name: &'static str,
    port: u16,
    server: Server,
    pool: Option<DbPool>,
    bus: Bus,
    consumer: Option<(String, ConsumerSpec)>,
    relay_poll: std::time::Duration,
    metrics: crate::metrics::Metrics,
    /// Follows ended sessions for the authenticator; stops with the server.
    listener_task: actix_web::rt::task::JoinHandle<()>,
    jobs: Vec<crate::jobs::Job>,
    tasks: Vec<Task>,
    drain: crate::drain::Drain,
}

impl Application {
    /// [`Self::build_with_bus`] on the process's in-process bus.
    pub async fn build(spec: ServiceSpec, cfg: &ServiceConfig) -> Result<Self, StartError> {
        Self::build_with_bus(spec, cfg, Bus::in_process()).await
    }

    /// Migrates the database, binds the listener and prepares the server; nothing is served
    /// until [`Self::run`].
    pub async fn build_with_bus(
        spec: ServiceSpec,
        cfg: &ServiceConfig,
        bus: Bus,
    ) -> Result<Self, StartError> {
        let pool = if spec.migrations.is_some() || cfg.database.is_some() {
            let (pool, applied) = migrate(&spec, cfg)?;
            if !applied.is_empty() {
                tracing::info!(service = spec.name, migrations = ?applied, "migrations applied");
            }
            Some(pool)
        } else {
            None
        };
        let setup = |reason: String| StartError::Setup {
            service: spec.name.to_owned(),
            reason,
        };
        // Before any id is made here: the node of this process's ids, claimed among the
        // replicas sharing the database (platform::node).
        let node_claim = match &pool {
            Some(pool) if crate::id::configured_node().is_none() => {
                let holder = crate::node::holder();
                let wanted = crate::id::current_node().and_then(|n| i32::try_from(n).ok());
                let mut conn = pool.get().map_err(|e| setup(format!("node claim: {e}")))?;
                let node = crate::node::claim(&mut conn, &holder, wanted, crate::time::now_ms())
                    .map_err(|e| setup(format!("node claim: {e}")))?;
                let used = crate::id::set_node(i64::from(node));
                if used != i64::from(node) {
                    // Only where several services share a process (the fleet) and so one node.
                    tracing::warn!(
                        service = spec.name,
                        node,
                        used,
                        "ids keep the process's node"
                    );
                }
                Some((holder, node))
            }
            _ => None,
        };

        let openapi_json = crate::http::contract::complete(&spec.full_openapi(), spec.name)
            .and_then(|doc| serde_json::to_string(&doc))
            .map_err(|e| setup(format!("OpenAPI document: {e}")))?;
        let drain = crate::drain::Drain::default();
        let mut health: Vec<Arc<dyn HealthCheck>> = vec![Arc::new(drain.clone())];
        if let (Some(pool), Some(db_cfg)) = (&pool, &cfg.database) {
            let backend = db::DbUrl::parse(db_cfg.url.expose())
                .map(|u| u.backend())
                .unwrap_or("unknown");
            health.push(Arc::new(crate::health::BusCheck {
                bus: bus.clone(),
                pool: Some(pool.clone()),
            }));
            health.push(Arc::new(DatabaseCheck {
                pool: pool.clone(),
                backend,
            }));
            let copies = spec
                .consumer
                .as_ref()
                .map(|c| c.copies.clone())
                .unwrap_or_default();
            if !copies.is_empty() {
                health.push(Arc::new(crate::health::CopiesCheck {
                    pool: pool.clone(),
                    copies,
                }));
            }
        }
        let metrics = Metrics::new(spec.name).map_err(|e| setup(format!("metrics: {e}")))?;
        let state = web::Data::new(ServiceState {
            name: spec.name,
            info: Info::new(spec.name, spec.version, spec.description),
            metrics: metrics.clone(),
            pool: pool.clone(),
            health,
            openapi_json: web::Bytes::from(openapi_json),
            known_kinds: Default::default(),
            drain: drain.clone(),
        });

        let addr = format!("{}:{}", cfg.http.host, cfg.http.port);
        let bind_err = |source| StartError::Bind {
            service: spec.name.to_owned(),
            addr: addr.clone(),
            source,
        };
        let listener = TcpListener::bind(&addr).map_err(bind_err)?;
        let port = listener.local_addr().map_err(bind_err)?.port();

        let resources = Resources {
            pool: pool.clone(),
            bus: bus.clone(),
        };
        if let Some(pool) = &pool {
            declare_permissions(&spec, pool).map_err(|e| setup(format!("permissions: {e}")))?;
        }
        let relay_poll = cfg
            .env
            .parse_or(
                &cfg.var(bus::relay::POLL_VARIABLE),
                bus::relay::DEFAULT_IDLE_POLL.as_millis() as u64,
            )
            .map(std::time::Duration::from_millis)
            .map_err(|e| setup(e.to_string()))?;
        if let Some(pool) = &pool
            && (spec.demo.is_some() || spec.demo_sealed.is_some())
        {
            let wanted: bool = cfg
                .env
                .parse_or(&cfg.var(DEMO_VARIABLE), false)
                .map_err(|e| setup(e.to_string()))?;
            if wanted {
                // The service's own key: what the seed seals, the service opens.
                let sealer = match spec.demo_sealed {
                    Some(_) => Some(
                        crate::sealing::from_config(cfg)
                            .map_err(|e| setup(format!("demo data: the sealing key: {e:#}")))?,
                    ),
                    None => None,
                };
                let seed = |conn: &mut crate::db::DbConnection| match (
                    spec.demo,
                    spec.demo_sealed,
                    &sealer,
                ) {
                    (Some(seed), _, _) => seed(conn),
                    (None, Some(seed), Some(sealer)) => seed(conn, sealer),
                    _ => Ok(false),
                };
                let mut conn = pool.get().map_err(|e| setup(format!("demo data: {e}")))?;
                // In one transaction: replicas starting together all try, the first commits and
                // the others meet its rows as a duplicate key (after waiting for its commit),
                // which only means the demo data is there.
                match crate::db::write_tx::<_, anyhow::Error>(&mut conn, seed) {
                    Ok(true) => tracing::info!(service = spec.name, "demo data made"),
                    Ok(false) => {}
                    Err(e) if is_duplicate_key(&e) => {
                        tracing::info!(service = spec.name, "demo data made by another replica")
                    }
                    Err(e) => return Err(setup(format!("demo data: {e:#}"))),
                }
            }
        }
        let prepared = (spec.setup)(&SetupContext {
            resources: &resources,
            config: cfg,
            metrics: &metrics,
        })
        .map_err(|e| setup(format!("{e:#}")))?;
        let backend = prepared
            .auth
            .clone()
            .or_else(|| spec.auth_backend.clone())
            .unwrap_or_else(|| {
                Arc::new(RemoteBackend::new(
                    &cfg.auth.url,
                    std::time::Duration::from_secs(5),
                ))
            });
        let authenticator = Authenticator::new(backend, cfg.auth.cache);
        let listener_task = authenticator.listen(&bus, spec.name);
        let guarded = spec.guarded;
        // Every service with a database consumes the platform's own events too.
        let consumer = match &pool {
            Some(_) => Some((
                spec.queue(),
                bus::resync::with_platform_subscriptions(
                    spec.name,
                    spec.consumer.clone(),
                    permissions_payload(&spec),
                ),
            )),
            None => spec.consumer.clone().map(|c| (spec.queue(), c)),
        };
        if let (Some(pool), Some((_, c))) = (&pool, &consumer)
            && !c.copies.is_empty()
        {
            request_copies(&spec, pool, c)
                .map_err(|e| setup(format!("asking for copies: {e:#}")))?;
        }
        // Declared before serving, so nothing published from now on misses the queue (the
        // consumer starts later, with `run`). A broker that is down only delays this: the
        // consumer declares it when it connects.
        match (&consumer, &bus) {
            (Some((queue, c)), Bus::Rabbit(broker)) => {
                if let Err(e) = broker
                    .declare_queue(queue, &c.bindings, c.retry_delay)
                    .await
                {
                    tracing::warn!(service = spec.name, error = %e, "queue not declared yet");
                }
            }
            (Some((queue, c)), Bus::Memory(broker)) => broker.prepare(queue, &c.bindings),
            _ => {}
        }
        let kept = consumer
            .as_ref()
            .filter(|(_, c)| !c.copies.is_empty())
            .map(|(_, c)| {
                web::Data::new(bus::resync::KeptCopies {
                    service: spec.name,
                    copies: c.copies.clone(),
                })
            });
        let configure = prepared.configure;
        let mut jobs = prepared.jobs;
        if let Some((holder, node)) = node_claim {
            jobs.push(crate::jobs::Job::new(
                "node claim",
                crate::node::HEARTBEAT,
                move |c| {
                    if !crate::node::refresh(c, &holder, node, crate::time::now_ms())? {
                        tracing::error!(
                            node,
                            "another replica holds this process's id node now: ids may collide; restart this replica"
                        );
                    }
                    Ok(0)
                },
            ));
        }
        let tasks = prepared.tasks;
        let authenticator = web::Data::new(authenticator);
        // Checks the gateway's identity headers (`http::identity`); the gateway signs with it.
        let fleet_key = web::Data::new(cfg.fleet_key());
        if cfg.fleet_secret_is_default() && matches!(bus, Bus::Rabbit(_)) {
            tracing::warn!(
                service = spec.name,
                "TRADEWIND_FLEET_SECRET is not set: the public development secret signs the gateway's identity headers, so anyone who can reach a service directly can forge them"
            );
        }
        let server = HttpServer::new(move || {
            // Middleware runs last-wrapped first: observe (request id, language) before guard.
            let mut app = App::new()
                .wrap(actix_web::middleware::Condition::new(
                    guarded,
                    from_fn(crate::auth::guard),
                ))
                .wrap(from_fn(observe::observe))
                .app_data(state.clone())
                .app_data(authenticator.clone())
                .app_data(fleet_key.clone())
                .app_data(extract::json_config())
                .app_data(extract::payload_config())
                .app_data(extract::query_config())
                .app_data(extract::path_config());
            if let Some(pool) = &resources.pool {
                app = app
                    .app_data(web::Data::new(pool.clone()))
                    .app_data(web::Data::new(resources.bus.clone()))
                    .configure(bus::dead_letters::config);
            }
            if let Some(kept) = &kept {
                app = app.app_data(kept.clone()).configure(bus::resync::config);
            }
            let configure = configure.clone();
            app.configure(actuator::config)
                .configure(move |cfg| configure(cfg))
                .default_service(web::to(not_found))
        })
        .workers(cfg.http.workers)
        .shutdown_timeout(cfg.http.shutdown_timeout.as_secs().max(1))
        .disable_signals()
        .listen(listener)
        .map_err(bind_err)?
        .run();

        Ok(Self {
            name: spec.name,
            port,
            server,
            pool,
            bus,
            consumer,
            relay_poll,
            metrics,
            listener_task,
            jobs,
            tasks,
            drain,
        })
    }

    pub fn name(&self) -> &'static str {
        self.name
    }

    /// The port actually bound (useful when configured as 0).
    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn pool(&self) -> Option<&DbPool> {
        self.pool.as_ref()
    }

    /// Says the service is leaving traffic ([`crate::drain`]); stop it after a while with
    /// [`Self::handle`].
    pub fn drain(&self) -> crate::drain::Drain {
        self.drain.clone()
    }

    /// Stops the server: `handle().stop(true)` lets in-flight requests finish.
    pub fn handle(&self) -> ServerHandle {
        self.server.handle()
    }

    /// Serves until the server is stopped through its handle; the outbox relay and the consumer
    /// run beside the server and stop with it.
    pub async fn run(self) -> std::io::Result<()> {
        let mut workers = vec![self.listener_task];
        for task in self.tasks {
            workers.push(actix_web::rt::spawn(task()));
        }
        if let Some(pool) = &self.pool {
            workers.push(actix_web::rt::spawn(bus::relay::run(
                self.bus.clone(),
                pool.clone(),
                self.name,
                self.relay_poll,
            )));
            for job in self.jobs {
                workers.push(actix_web::rt::spawn(crate::jobs::run(pool.clone(), job)));
            }
            if let Some((queue, spec)) = self.consumer {
                workers.push(actix_web::rt::spawn(bus::consumer_run(
                    self.bus.clone(),
                    pool.clone(),
                    self.name,
                    queue,
                    spec,
                    self.metrics.clone(),
                )));
            }
        }
        let result = self.server.await;
        for worker in workers {
            worker.abort();
        }
        result
    }
}

async fn not_found(req: HttpRequest) -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::NotFound {
        what: Text::new(
            format!("接口 {} {}", req.method(), req.path()),
            format!("endpoint {} {}", req.method(), req.path()),
        ),
    })
}

/// The service's permission codes as auth-center's catalogue takes them (`permission.declared`),
/// or none when it serves no `/saas/...` path.
fn permissions_payload(spec: &ServiceSpec) -> Option<crate::bus::v1::PermissionsDeclared> {
    let permissions = spec.permissions();
    if permissions.is_empty() {
        return None;
    }
    Some(crate::bus::v1::PermissionsDeclared {
        service: spec.name.to_owned(),
        app_id: spec.app_id,
        permissions: permissions
            .into_iter()
            .map(|d| crate::bus::v1::DeclaredPermission {
                code: d.code,
                summary: d.en,
                summary_zh: d.zh,
            })
            .collect(),
    })
}

/// Writes this start's `permission.declared` event, so auth-center's catalogue lists the codes
/// of the endpoints this version serves.
fn declare_permissions(spec: &ServiceSpec, pool: &DbPool) -> anyhow::Result<()> {
    let Some(payload) = permissions_payload(spec) else {
        return Ok(());
    };
    let mut conn = pool.get()?;
    crate::bus::publish_in_tx(
        &mut conn,
        crate::bus::Outgoing::new(spec.name, "permission.declared", 0, &payload),
    )?;
    Ok(())
}

/// Asks the owners of the copies the service keeps for a snapshot: each copy never asked for
/// before (a fresh database, or a service added to a running installation), and each found empty
/// though its owner had rows (wiped).
fn request_copies(
    spec: &ServiceSpec,
    pool: &DbPool,
    consumer: &ConsumerSpec,
) -> anyhow::Result<()> {
    let mut conn = pool.get()?;
    for copy in &consumer.copies {
        let count = consumer
            .counters
            .iter()
            .find(|(c, _)| c == copy)
            .map(|(_, f)| *f);
        let asked = crate::db::write_tx::<_, diesel::result::Error>(&mut conn, |c| {
            crate::bus::resync::request_at_start(c, spec.name, copy, count)
        })?;
        if let Some(why) = asked {
            tracing::info!(
                service = spec.name,
                copy,
                ?why,
                "snapshot asked of the copy's owner"
            );
        }
    }
    Ok(())
}

/// Whether a failure is, at its root, a unique key another transaction took first.
fn is_duplicate_key(e: &anyhow::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error};
    e.chain().any(|cause| {
        matches!(
            cause.downcast_ref::<Error>(),
            Some(Error::DatabaseError(DatabaseErrorKind::UniqueViolation, _))
        )
    })
}
