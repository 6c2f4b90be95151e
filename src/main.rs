use clap::Parser;

fn main() {
    // A panic inside a rule is caught and reported per file; keep the default hook from
    // printing a backtrace banner in the middle of the report.
    std::panic::set_hook(Box::new(|_| {}));
    let code = mcpshift::cli::run(mcpshift::cli::Cli::parse());
    std::process::exit(code);
}
