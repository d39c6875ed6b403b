//! The command line every service binary shares: `<service> [serve|migrate|--version|--help]`.

use std::process::ExitCode;

use crate::app::{self, Application, ServiceSpec};
use crate::config::{ConfigError, Defaults, Env, ServiceConfig, default_workers};
use crate::telemetry;

const USAGE: &str = "usage: {name} [serve | migrate | --version | --help]

  serve      run the service (the default)
  migrate    bring the database schema up to date, then exit

Configuration comes from environment variables; see docs/configuration.md.";

/// `main` of a service binary.
pub fn run(spec: ServiceSpec) -> ExitCode {
    run_with(spec.name, |_| Ok(spec))
}

/// `main` of a service whose spec depends on configuration (the gateway's upstreams).
pub fn run_with(
    name: &'static str,
    build: impl FnOnce(&Env) -> Result<ServiceSpec, ConfigError>,
) -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = args.first().map(String::as_str).unwrap_or("serve");
    match command {
        "serve" | "migrate" => {}
        "--version" | "-V" => {
            println!("{name} {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        "--help" | "-h" | "help" => {
            println!("{}", USAGE.replace("{name}", name));
            return ExitCode::SUCCESS;
        }
        other => {
            eprintln!(
                "{name}: unknown command {other:?}\n{}",
                USAGE.replace("{name}", name)
            );
            return ExitCode::from(2);
        }
    }
    let env = Env::from_process();
    let _telemetry = telemetry::init(&env, name);
    let result = build(&env).map_err(|e| e.to_string()).and_then(|spec| {
        let defaults = Defaults {
            port: spec.default_port,
            workers: default_workers(),
            with_database: spec.migrations.is_some(),
        };
        let cfg = ServiceConfig::load(&env, name, defaults).map_err(|e| e.to_string())?;
        if command == "migrate" {
            return migrate(&spec, &cfg);
        }
        actix_web::rt::System::new().block_on(serve(spec, cfg, crate::bus::Bus::from_env(&env)))
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "{name} stopped");
            eprintln!("{name}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn migrate(spec: &ServiceSpec, cfg: &ServiceConfig) -> Result<(), String> {
    if spec.migrations.is_none() {
        println!("{}: no database, nothing to migrate", spec.name);
        return Ok(());
    }
    let (_, applied) = app::migrate(spec, cfg).map_err(|e| e.to_string())?;
    if applied.is_empty() {
        println!("{}: schema up to date", spec.name);
    } else {
        println!("{}: applied {}", spec.name, applied.join(", "));
    }
    Ok(())
}

async fn serve(spec: ServiceSpec, cfg: ServiceConfig, bus: crate::bus::Bus) -> Result<(), String> {
    if matches!(bus, crate::bus::Bus::Memory(_)) && spec.migrations.is_some() {
        // A service on its own with the in-process bus reaches no other process: its events are
        // relayed to nobody. Right for trying one service, wrong for a deployment.
        tracing::warn!(
            service = spec.name,
            "TRADEWIND_AMQP_URL is not set: events stay inside this process (use the fleet, or set it)"
        );
    }
    let app = Application::build_with_bus(spec, &cfg, bus)
        .await
        .map_err(|e| e.to_string())?;
    tracing::info!(service = app.name(), port = app.port(), "listening");
    let handle = app.handle();
    let drain = app.drain();
    let drain_for = cfg.http.drain;
    actix_web::rt::spawn(async move {
        shutdown_signal().await;
        drain.start();
        tracing::info!(
            drain_secs = drain_for.as_secs_f64(),
            "stop signal received, leaving traffic, then finishing in-flight requests"
        );
        actix_web::rt::time::sleep(drain_for).await;
        handle.stop(true).await;
    });
    app.run().await.map_err(|e| e.to_string())
}

/// Resolves on Ctrl-C or SIGTERM (what Kubernetes sends).
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}
