//! The command line: `check`, `rules`, `explain`.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::check::{self, Options};
use crate::engine::Target;
use crate::report::{self, Counts, Format, RenderContext};
use crate::rules::{self, Level, RuleDef};

#[derive(Debug, Parser)]
#[command(
    name = "mcpshift",
    version,
    about = "Finds what must change in MCP servers and clients for the 2026-07-28 protocol revision"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Analyze files and directories.
    Check(CheckArgs),
    /// List every rule with its id, name, level and summary.
    Rules {
        #[arg(long, value_enum, default_value_t = ListFormat::Human)]
        format: ListFormat,
    },
    /// Show a rule's documentation.
    Explain {
        /// Rule id (MCP102) or name (session-id-header).
        rule: String,
    },
}

#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Files or directories to analyze.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human, help_heading = "Output")]
    pub format: Format,
    /// Write the report to this file instead of standard output.
    #[arg(long, short, help_heading = "Output")]
    pub output: Option<PathBuf>,
    /// Colors in human output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, help_heading = "Output")]
    pub color: ColorChoice,
    /// Print file counts and timings to standard error.
    #[arg(long, help_heading = "Output")]
    pub stats: bool,

    /// Only these rules (ids or names, comma-separated).
    #[arg(long, value_delimiter = ',', help_heading = "Rules")]
    pub select: Vec<String>,
    /// Not these rules (ids or names, comma-separated).
    #[arg(long, value_delimiter = ',', help_heading = "Rules")]
    pub ignore: Vec<String>,
    /// `modern`: speak 2026-07-28 only; `dual`: legacy handlers kept next to a modern path are notes.
    #[arg(long, value_enum, default_value_t = TargetArg::Modern, help_heading = "Rules")]
    pub target: TargetArg,
    /// Exit with 1 when a finding is at or above this level.
    #[arg(long, value_enum, default_value_t = FailOn::Warning, help_heading = "Rules")]
    pub fail_on: FailOn,

    /// Worker threads (default: all cores).
    #[arg(long, short, help_heading = "Files")]
    pub jobs: Option<usize>,
    /// Do not honour .gitignore and .ignore files.
    #[arg(long, help_heading = "Files")]
    pub no_ignore: bool,
    /// Files larger than this many bytes are not analyzed (and reported).
    #[arg(long, default_value_t = 2 * 1024 * 1024, help_heading = "Files")]
    pub max_file_size: u64,
    /// Parse every file, even those with no trigger token of any rule (for comparisons).
    #[arg(long, help_heading = "Files")]
    pub no_prefilter: bool,

    /// Test hook: make the rule pass panic on files whose path contains this text.
    #[arg(long, hide = true)]
    pub inject_panic: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Human,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TargetArg {
    Modern,
    Dual,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FailOn {
    Error,
    Warning,
    Note,
    Never,
}

impl FailOn {
    fn threshold(self) -> Option<Level> {
        match self {
            FailOn::Error => Some(Level::Error),
            FailOn::Warning => Some(Level::Warning),
            FailOn::Note => Some(Level::Note),
            FailOn::Never => None,
        }
    }
}

/// Exit codes.
pub const EXIT_CLEAN: i32 = 0;
pub const EXIT_FINDINGS: i32 = 1;
pub const EXIT_ERROR: i32 = 2;

/// Runs a parsed command line; returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    let result = match cli.command {
        Command::Check(args) => run_check(args),
        Command::Rules { format } => list_rules(format),
        Command::Explain { rule } => explain(&rule),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("mcpshift: error: {message}");
            EXIT_ERROR
        }
    }
}

fn run_check(args: CheckArgs) -> Result<i32, String> {
    let root = std::env::current_dir().map_err(|e| format!("cannot read the current directory: {e}"))?;
    let options = Options {
        paths: args.paths.clone(),
        root,
        select: args.select.clone(),
        ignore: args.ignore.clone(),
        target: match args.target {
            TargetArg::Modern => Target::Modern,
            TargetArg::Dual => Target::Dual,
        },
        jobs: args.jobs.unwrap_or(0),
        respect_gitignore: !args.no_ignore,
        max_file_size: args.max_file_size,
        prefilter: !args.no_prefilter,
        exclude: Vec::new(),
        levels: Vec::new(),
        inject_panic: args.inject_panic.clone(),
    };
    let report = check::run(&options)?;
    let t = std::time::Instant::now();
    let color = match args.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            args.output.is_none() && std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
        }
    };
    let registry = rules::registry()?;
    let cx = RenderContext { registry, options: &options, color };
    let bytes = report::render(args.format, &report, &cx)?;
    match &args.output {
        Some(path) => std::fs::write(path, &bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth a message.
            let _ = out.write_all(&bytes).and_then(|()| out.flush());
        }
    }
    if args.stats {
        print_stats(&report, t.elapsed());
    }
    Ok(exit_code(&report, args.fail_on))
}

/// 0: nothing at or above `fail_on` and every file analyzed; 1: findings at or above it, or
/// files not analyzed; 2: the run is incomplete because of an internal error.
pub fn exit_code(report: &check::Report, fail_on: FailOn) -> i32 {
    if report.incomplete() {
        return EXIT_ERROR;
    }
    let Some(threshold) = fail_on.threshold() else { return EXIT_CLEAN };
    let failing = report.active().any(|d| d.level >= threshold);
    if failing || !report.not_analyzed.is_empty() {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    }
}

fn print_stats(report: &check::Report, reporting: std::time::Duration) {
    let s = &report.stats;
    let c = Counts::of(report);
    eprintln!("files found:                 {}", s.files_found);
    eprintln!("files skipped by prefilter:  {}", s.files_skipped_by_prefilter);
    eprintln!("files parsed (TS/JS):        {}", s.files_parsed_typescript);
    eprintln!("files parsed (Rust):         {}", s.files_parsed_rust);
    eprintln!("manifests read:              {}", s.manifests_read);
    eprintln!("files not analyzed:          {}", report.not_analyzed.len());
    eprintln!("bytes read:                  {}", s.bytes_read);
    eprintln!("findings:                    {}", c.total());
    eprintln!("time, discovery:             {:.3}s", s.discovery.as_secs_f64());
    eprintln!("time, reading and scanning:  {:.3}s (summed over threads)", s.reading_and_scanning.as_secs_f64());
    eprintln!("time, parsing:               {:.3}s (summed over threads)", s.parsing.as_secs_f64());
    eprintln!("time, rules:                 {:.3}s (summed over threads)", s.rules.as_secs_f64());
    eprintln!("time, reporting:             {:.3}s", reporting.as_secs_f64());
    eprintln!("time, wall (analysis):       {:.3}s", s.wall.as_secs_f64());
}

fn list_rules(format: ListFormat) -> Result<i32, String> {
    let registry = rules::registry()?;
    let mut out = String::new();
    match format {
        ListFormat::Human => {
            for r in &registry.rules {
                let m = &r.meta;
                out.push_str(&format!("{}  {:<28} {:<8} {}\n", m.id, m.name, m.level.as_str(), m.summary));
            }
        }
        ListFormat::Json => {
            let list: Vec<serde_json::Value> = registry
                .rules
                .iter()
                .map(|r| {
                    serde_json::json!({
                        "id": r.meta.id, "name": r.meta.name, "level": r.meta.level.as_str(),
                        "area": r.meta.area, "summary": r.meta.summary,
                    })
                })
                .collect();
            out = serde_json::to_string_pretty(&list).map_err(|e| e.to_string())? + "\n";
        }
    }
    print!("{out}");
    Ok(EXIT_CLEAN)
}

fn explain(rule: &str) -> Result<i32, String> {
    let registry = rules::registry()?;
    let def = registry.get(rule).ok_or_else(|| format!("unknown rule `{rule}` (see `mcpshift rules`)"))?;
    print!("{}", explain_text(def));
    Ok(EXIT_CLEAN)
}

/// The full documentation of a rule, as `mcpshift explain` prints it (Markdown).
pub fn explain_text(def: &RuleDef) -> String {
    let m = &def.meta;
    let mut s = format!("# {} {}\n\nLevel: {}. {}\n\n", m.id, m.name, m.level.as_str(), m.summary);
    s.push_str(&format!("## What it catches\n\n{}\n\n", m.what.trim()));
    s.push_str(&format!("## Why it breaks under 2026-07-28\n\n{}\n\n", m.why.trim()));
    s.push_str(&format!("## How to migrate\n\n{}\n", m.hint.trim()));
    if !m.migration.trim().is_empty() {
        s.push_str(&format!("\n{}\n", m.migration.trim()));
    }
    for (lang, ex) in [("TypeScript", &m.examples.typescript), ("Rust", &m.examples.rust)] {
        if let Some(ex) = ex {
            let fence = if lang == "Rust" { "rust" } else { "ts" };
            s.push_str(&format!(
                "\n## Example ({lang})\n\nBefore:\n\n```{fence}\n{}\n```\n\nAfter:\n\n```{fence}\n{}\n```\n",
                ex.before.trim_end(),
                ex.after.trim_end()
            ));
        }
    }
    if !m.spec.is_empty() {
        s.push_str("\n## Spec\n\n");
        for r in &m.spec {
            s.push_str(&format!("- {}: {}\n", r.title, r.url));
        }
    }
    s
}
