fn main() -> std::process::ExitCode {
    platform::cli::run(saas_main::service())
}
