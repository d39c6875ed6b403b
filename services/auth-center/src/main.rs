fn main() -> std::process::ExitCode {
    platform::cli::run(auth_center::service())
}
