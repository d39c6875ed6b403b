fn main() -> std::process::ExitCode {
    platform::cli::run(message_server::service())
}
