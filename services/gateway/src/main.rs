fn main() -> std::process::ExitCode {
    platform::cli::run_with(gateway::NAME, |env| {
        gateway::GatewayConfig::load(env).map(gateway::service)
    })
}
