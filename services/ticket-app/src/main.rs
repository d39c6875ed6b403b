fn main() -> std::process::ExitCode {
    platform::cli::run(ticket_app::service())
}
