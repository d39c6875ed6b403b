//! `channel-sim`: the channel simulator as a process, for `make run`. `CHANNEL_SIM__ADDR` sets
//! where it listens (default 127.0.0.1:8096); `CHANNEL_SIM__DEMO=true` (`make run` sets it)
//! registers the demo tenant's meituan ticket account and its catalogue, its orders posted to
//! ticket-app through the gateway at `CHANNEL_SIM__DEMO_GATEWAY` (default http://127.0.0.1:8080).

use std::process::ExitCode;

fn main() -> ExitCode {
    let addr = std::env::var("CHANNEL_SIM__ADDR")
        .ok()
        .filter(|v| !v.trim().is_empty())
        .unwrap_or_else(|| "127.0.0.1:8096".to_owned());
    let demo = std::env::var("CHANNEL_SIM__DEMO").is_ok_and(|v| v.trim() == "true");
    let gateway = std::env::var("CHANNEL_SIM__DEMO_GATEWAY")
        .ok()
        .filter(|v| !v.trim().is_empty())
        .unwrap_or_else(|| "http://127.0.0.1:8080".to_owned());
    let order_url = format!(
        "{}/api/ticket-app/openapi/channel/{}/orders",
        gateway.trim_end_matches('/'),
        platform::demo::MEITUAN_TICKET_CONFIG_ID
    );
    let run = actix_web::rt::System::new().block_on(async move {
        let running = channel_sim::start(&addr)?;
        if demo {
            running.sim.preset_demo(&order_url);
            println!(
                "channel-sim: the demo account {} of meituan is registered; its orders go to {order_url}",
                platform::demo::MEITUAN_TICKET_ACCOUNT
            );
        }
        println!(
            "channel-sim: the generic channel protocol at {}/<channel>/v1/ (controls at {}/sim/)",
            running.url, running.url
        );
        tokio::signal::ctrl_c().await?;
        running.stop().await;
        Ok::<_, std::io::Error>(())
    });
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("channel-sim: {e}");
            ExitCode::FAILURE
        }
    }
}
