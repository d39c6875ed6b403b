fn main() -> std::process::ExitCode {
    platform::cli::run(finance_app::service())
}
