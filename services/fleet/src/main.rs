//! `fleet [serve|migrate] [--target all|name,name...]`: runs the chosen services in one process,
//! each on its own port with its own database (SQLite files under `data/` by default).

mod targets;

use std::process::ExitCode;

use platform::app::{Application, migrate};
use platform::config::{Defaults, Env, ServiceConfig};
use targets::{Targets, spec_of};

const USAGE: &str = "usage: fleet [serve | migrate | openapi] [--target all | NAME[,NAME...]]

  serve      run the services (the default)
  migrate    bring every chosen service's database up to date, then exit
  openapi    print the chosen services' OpenAPI documents as one JSON object by service name
             (what each serves at /openapi.json; the console's types are generated from it)
  --target   services to run (default: all): gateway, auth-center, saas-main, hotel-app,
             ticket-app, weixin-server, mall-app, message-server, finance-app

Each service is configured by its own TRADEWIND_<SERVICE>__... variables (docs/configuration.md).
Services default to one HTTP worker each in the fleet.";

struct Args {
    command: String,
    targets: Targets,
}

fn parse_args(args: &[String]) -> Result<Option<Args>, String> {
    let mut command = "serve".to_owned();
    let mut target = "all".to_owned();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "-h" | "--help" | "help" => return Ok(None),
            "serve" | "migrate" | "openapi" => command = arg.clone(),
            "--target" | "-t" => {
                target = iter.next().ok_or("--target needs a value")?.clone();
            }
            other => match other.strip_prefix("--target=") {
                Some(value) => target = value.to_owned(),
                None => return Err(format!("unknown argument {other:?}")),
            },
        }
    }
    Ok(Some(Args {
        command,
        targets: Targets::parse(&target)?,
    }))
}

fn main() -> ExitCode {
    let raw: Vec<String> = std::env::args().skip(1).collect();
    let args = match parse_args(&raw) {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("fleet: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if args.command == "openapi" {
        return match openapi_documents(&args.targets) {
            Ok(json) => {
                println!("{json}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("fleet: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let env = Env::from_process();
    let _telemetry = platform::telemetry::init(&env, "fleet");
    let result = if args.command == "migrate" {
        migrate_all(&env, &args.targets)
    } else {
        actix_web::rt::System::new().block_on(serve(&env, &args.targets))
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("fleet: {e}");
            ExitCode::FAILURE
        }
    }
}

fn config_of(
    env: &Env,
    name: &str,
    port: u16,
    with_database: bool,
) -> Result<ServiceConfig, String> {
    let defaults = Defaults {
        port,
        workers: 1,
        with_database,
    };
    ServiceConfig::load(env, name, defaults).map_err(|e| e.to_string())
}

/// The documents exactly as the services serve them, needing no configuration, database or
/// broker, so a build can generate from them.
fn openapi_documents(targets: &Targets) -> Result<String, String> {
    let mut documents = serde_json::Map::new();
    for name in &targets.services {
        let spec = spec_of(name).ok_or_else(|| format!("no service {name}"))?;
        let document = platform::http::contract::complete(&spec.full_openapi(), name)
            .map_err(|e| format!("{name}'s OpenAPI document: {e}"))?;
        documents.insert((*name).to_owned(), document);
    }
    serde_json::to_string_pretty(&documents).map_err(|e| e.to_string())
}

fn migrate_all(env: &Env, targets: &Targets) -> Result<(), String> {
    for name in &targets.services {
        let spec = spec_of(name).ok_or_else(|| format!("no service {name}"))?;
        let cfg = config_of(env, name, spec.default_port, true)?;
        let (_, applied) = migrate(&spec, &cfg).map_err(|e| e.to_string())?;
        println!(
            "{name}: {}",
            if applied.is_empty() {
                "schema up to date".to_owned()
            } else {
                format!("applied {}", applied.join(", "))
            }
        );
    }
    Ok(())
}

/// The variables that turn the demo data on; the fleet (the embedded mode) sets them unless told.
const DEMO_VAR: &str = "TRADEWIND_AUTH_CENTER__DEMO__ENABLED";

/// Every service's demo switch (`<SERVICE>__DEMO__ENABLED`), from the registry: a service with
/// demo data joins by declaring it in its spec.
fn demo_vars() -> Vec<String> {
    platform::registry::upstreams()
        .map(|s| platform::config::service_var(&s.name, platform::app::DEMO_VARIABLE))
        .collect()
}

async fn serve(env: &Env, targets: &Targets) -> Result<(), String> {
    let mut env = env.clone();
    for var in demo_vars() {
        if env.get(&var).is_none() {
            env.set(var, "true");
        }
    }
    let env = &env;
    let bus = platform::bus::Bus::from_env(env);
    tracing::info!(broker = bus.kind(), "event bus");
    let mut apps = Vec::new();
    // Where auth-center really listens (port 0 is chosen at bind time), for every later service.
    let mut auth_url: Option<String> = None;
    for name in &targets.services {
        let spec = spec_of(name).ok_or_else(|| format!("no service {name}"))?;
        let mut cfg = config_of(env, name, spec.default_port, true)?;
        if let Some(url) = &auth_url
            && env.get("TRADEWIND_AUTH_URL").is_none()
        {
            cfg.auth.url = url.clone();
        }
        let app = Application::build_with_bus(spec, &cfg, bus.clone())
            .await
            .map_err(|e| e.to_string())?;
        tracing::info!(service = name, port = app.port(), "started");
        if *name == auth_center::NAME {
            auth_url = Some(format!(
                "http://{}:{}",
                local_host(&cfg.http.host),
                app.port()
            ));
        }
        apps.push((cfg.http.host.clone(), app));
    }
    if targets.gateway {
        let mut gw_cfg = gateway::GatewayConfig::load(env).map_err(|e| e.to_string())?;
        // Services started here may be on ports chosen at bind time (port 0): point the gateway
        // at where they really are, unless an upstream URL was configured explicitly.
        for (host, app) in &apps {
            let var = format!(
                "TRADEWIND_GATEWAY__UPSTREAMS__{}__URL",
                app.name().to_uppercase().replace('-', "_")
            );
            if env.get(&var).is_none() {
                gw_cfg.set_upstream_url(
                    app.name(),
                    format!("http://{}:{}", local_host(host), app.port()),
                );
            }
        }
        let cfg = config_of(env, gateway::NAME, gateway::DEFAULT_PORT, false)?;
        let app = Application::build_with_bus(gateway::service(gw_cfg), &cfg, bus.clone())
            .await
            .map_err(|e| e.to_string())?;
        let host = if cfg.http.host == "0.0.0.0" {
            "127.0.0.1"
        } else {
            &cfg.http.host
        };
        if targets.services.contains(&auth_center::NAME) && env.get(DEMO_VAR) == Some("true") {
            print_demo_logins();
        }
        println!("Tradewind is up: http://{host}:{}/", app.port());
        apps.push((cfg.http.host.clone(), app));
    } else {
        for (host, app) in &apps {
            println!("{} is up: http://{host}:{}/", app.name(), app.port());
        }
    }
    let handles: Vec<_> = apps.iter().map(|(_, a)| a.handle()).collect();
    actix_web::rt::spawn(async move {
        platform::cli::shutdown_signal().await;
        tracing::info!("stop signal received, stopping every service");
        futures_util::future::join_all(handles.iter().map(|h| h.stop(true))).await;
    });
    let results = futures_util::future::join_all(apps.into_iter().map(|(_, a)| a.run())).await;
    results
        .into_iter()
        .collect::<Result<Vec<()>, _>>()
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// An address to reach a service bound to `host` from this machine.
fn local_host(host: &str) -> &str {
    if host == "0.0.0.0" { "127.0.0.1" } else { host }
}

fn print_demo_logins() {
    println!("Demo logins (demo credentials: change these passwords before real use):");
    for login in auth_center::demo::LOGINS {
        println!(
            "  {:<12} {:<16} {}",
            login.username, login.password, login.role
        );
    }
}
