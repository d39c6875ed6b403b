fn main() -> std::process::ExitCode {
    platform::cli::run(hotel_app::service())
}
