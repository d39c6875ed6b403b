fn main() -> std::process::ExitCode {
    platform::cli::run(weixin_server::service())
}
