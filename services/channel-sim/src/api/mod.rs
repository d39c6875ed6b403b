//! The simulator's HTTP side: the generic channel protocol under `/{channel}/v1/` ([`channel`])
//! and its controls under `/sim/` ([`sim`]).

pub mod channel;
pub mod sim;

use actix_web::web;

use crate::store::Sim;

/// The simulator's routes. The controls come first: `/sim/...` is not a channel's name.
pub fn routes(cfg: &mut web::ServiceConfig) {
    sim::routes(cfg);
    channel::routes(cfg);
}

/// A running simulator: its base URL (a configuration's `baseUrl` is this + `/<channel>`).
pub struct Running {
    pub url: String,
    pub sim: Sim,
    handle: actix_web::dev::ServerHandle,
}

impl Running {
    /// The base URL of a channel at this simulator.
    pub fn channel_url(&self, channel: platform::channel::Channel) -> String {
        format!("{}/{}", self.url, channel.name())
    }

    pub async fn stop(self) {
        self.handle.stop(true).await;
    }
}

/// Starts the simulator on `addr` (port 0: any free port) on the current actix runtime.
pub fn start(addr: &str) -> std::io::Result<Running> {
    let sim = Sim::new();
    let data = web::Data::new(sim.clone());
    let server = actix_web::HttpServer::new(move || {
        actix_web::App::new()
            .app_data(data.clone())
            // A 90-day push of many products is large: allow 16 MiB.
            .app_data(web::PayloadConfig::new(16 * 1024 * 1024))
            .app_data(web::JsonConfig::default().limit(1024 * 1024))
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
