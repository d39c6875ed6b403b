// The gateway allocates and frees a few buffers and header maps per request, and glibc's
// allocator took about a seventh of its CPU under load; mimalloc serves that for less
// (docs/benchmarks.md). Only here: in every service it raised idle memory from about 10 MB to
// 27-39 MB, over the 30 MB target, for no measured gain.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    platform::cli::run_with(gateway::NAME, |env| {
        gateway::GatewayConfig::load(env).map(gateway::service)
    })
}
