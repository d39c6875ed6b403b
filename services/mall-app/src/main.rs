fn main() -> std::process::ExitCode {
    platform::cli::run(mall_app::service())
}
