use clap::Parser;

// See the dependency in Cargo.toml: the parsers allocate and free a node at a time.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[global_allocator]
static ALLOC: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

fn main() {
    // A panic inside a rule is caught and reported for its file; any other one unwinds to here
    // and is reported as an internal error (see `crash`), never as a silent exit.
    mcpshift::crash::install_hook();
    let run = std::panic::catch_unwind(|| mcpshift::cli::run(mcpshift::cli::Cli::parse()));
    let code = match run {
        Ok(code) => code,
        Err(payload) => {
            eprintln!("{}", mcpshift::crash::uncaught_message(&*payload, mcpshift::crash::take()));
            mcpshift::cli::EXIT_ERROR
        }
    };
    std::process::exit(code);
}
