//! The one way a service is assembled and run: [`ServiceSpec`] says what it is, [`Application`]
//! binds it (port 0 in tests), runs its migrations and serves it until stopped.

use std::net::TcpListener;
use std::sync::Arc;

use actix_web::dev::{Server, ServerHandle};
use actix_web::middleware::from_fn;
use actix_web::{App, HttpRequest, HttpServer, web};
use utoipa::OpenApi as _;

use crate::actuator::{self, ActuatorApi};
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

type Configure = Arc<dyn Fn(&mut web::ServiceConfig, &Resources) + Send + Sync>;

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
    pub configure: Configure,
    /// What the service consumes from its queue `<name>.events`.
    pub consumer: Option<ConsumerSpec>,
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
            configure: Arc::new(|_, _| {}),
            consumer: None,
        }
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

    pub fn routes(
        mut self,
        configure: impl Fn(&mut web::ServiceConfig, &Resources) + Send + Sync + 'static,
    ) -> Self {
        self.configure = Arc::new(configure);
        self
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
    metrics: crate::metrics::Metrics,
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

        let openapi_json = spec
            .full_openapi()
            .to_json()
            .map_err(|e| setup(format!("OpenAPI document: {e}")))?;
        let mut health: Vec<Arc<dyn HealthCheck>> = Vec::new();
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
        }
        let metrics = Metrics::new(spec.name).map_err(|e| setup(format!("metrics: {e}")))?;
        let state = web::Data::new(ServiceState {
            name: spec.name,
            info: Info::new(spec.name, spec.version, spec.description),
            metrics: metrics.clone(),
            pool: pool.clone(),
            health,
            openapi_json: web::Bytes::from(openapi_json),
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
        let consumer = spec.consumer.clone().map(|c| (spec.queue(), c));
        if let (Some((queue, c)), Bus::Rabbit(broker)) = (&consumer, &bus) {
            // Declared before serving, so nothing published from now on misses the queue. A
            // broker that is down only delays this: the consumer declares it when it connects.
            if let Err(e) = broker
                .declare_queue(queue, &c.bindings, c.retry_delay)
                .await
            {
                tracing::warn!(service = spec.name, error = %e, "queue not declared yet");
            }
        }
        let configure = spec.configure.clone();
        let server = HttpServer::new(move || {
            let mut app = App::new()
                .wrap(from_fn(observe::observe))
                .app_data(state.clone())
                .app_data(extract::json_config())
                .app_data(extract::query_config())
                .app_data(extract::path_config());
            if let Some(pool) = &resources.pool {
                app = app
                    .app_data(web::Data::new(pool.clone()))
                    .app_data(web::Data::new(resources.bus.clone()))
                    .configure(bus::dead_letters::config);
            }
            let configure = configure.clone();
            let resources = resources.clone();
            app.configure(actuator::config)
                .configure(move |cfg| configure(cfg, &resources))
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
            metrics,
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

    /// Stops the server: `handle().stop(true)` lets in-flight requests finish.
    pub fn handle(&self) -> ServerHandle {
        self.server.handle()
    }

    /// Serves until the server is stopped through its handle; the outbox relay and the consumer
    /// run beside the server and stop with it.
    pub async fn run(self) -> std::io::Result<()> {
        let mut workers = Vec::new();
        if let Some(pool) = &self.pool {
            workers.push(actix_web::rt::spawn(bus::relay::run(
                self.bus.clone(),
                pool.clone(),
                self.name,
            )));
            if let Some((queue, spec)) = self.consumer {
                workers.push(actix_web::rt::spawn(bus::consumer_run(
                    self.bus.clone(),
                    pool.clone(),
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
