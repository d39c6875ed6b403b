//! `wechat-sim`: the WeChat API simulator as a process, for `make run` and browser tests.
//! Settings come from the environment (docs/weixin.md): `WECHAT_SIM__ADDR` (default
//! 127.0.0.1:8095), `WECHAT_SIM__TOKEN_TTL_SECS` (7200), `WECHAT_SIM__USER_PAGE` (10000),
//! `WECHAT_SIM__DAILY_QUOTA` (1000000), and `WECHAT_SIM__DEMO_SERVER`: when set (weixin-server's
//! public URL; `make run` sets it), the demo tenant's official account and mini-program are
//! registered from the start.

use std::process::ExitCode;

fn var<T: std::str::FromStr>(name: &str, default: T) -> Result<T, String> {
    match std::env::var(name) {
        Ok(v) if !v.trim().is_empty() => v
            .trim()
            .parse()
            .map_err(|_| format!("{name} is not a valid value: {v:?}")),
        _ => Ok(default),
    }
}

fn settings() -> Result<(String, wechat_sim::Settings, String), String> {
    let d = wechat_sim::Settings::default();
    Ok((
        var("WECHAT_SIM__ADDR", "127.0.0.1:8095".to_owned())?,
        wechat_sim::Settings {
            token_ttl_secs: var("WECHAT_SIM__TOKEN_TTL_SECS", d.token_ttl_secs)?.max(1),
            token_overlap_secs: d.token_overlap_secs,
            user_page: var("WECHAT_SIM__USER_PAGE", d.user_page)?.max(1),
            daily_quota: var("WECHAT_SIM__DAILY_QUOTA", d.daily_quota)?,
        },
        var("WECHAT_SIM__DEMO_SERVER", String::new())?,
    ))
}

fn main() -> ExitCode {
    let (addr, settings, demo_server) = match settings() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("wechat-sim: {e}");
            return ExitCode::FAILURE;
        }
    };
    let run = actix_web::rt::System::new().block_on(async move {
        let running = wechat_sim::start(&addr, settings)?;
        if !demo_server.is_empty() {
            running.sim.preset_demo(&demo_server);
            println!("wechat-sim: the demo accounts are registered (server {demo_server})");
        }
        println!(
            "wechat-sim: WeChat's API at {} (controls and a scan page at {}/sim/)",
            running.url, running.url
        );
        tokio::signal::ctrl_c().await?;
        running.stop().await;
        Ok::<_, std::io::Error>(())
    });
    match run {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("wechat-sim: {e}");
            ExitCode::FAILURE
        }
    }
}
