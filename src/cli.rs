//! The command line: `check`, `rules`, `explain`, `probe`, `init`, `completions`, `man`.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};

use crate::baseline::{self, Baseline};
use crate::check::{self, Options};
use crate::config::{self, Config};
pub use crate::config::{FailOn, TargetArg};
use crate::discover::{absolute, ExcludeSet};
use crate::engine::Target;
use crate::report::sarif::{SarifOptions, DEFAULT_MAX_RESULTS, MAX_RESULTS_ACCEPTED};
use crate::report::{self, Counts, Format, RenderContext};
use crate::root::{Project, Scope};
use crate::rules;

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
    #[command(
        after_help = "Exit codes: 0 no finding at or above --fail-on, and every file that may hold findings analyzed; \
1 findings at or above it, or such a file not analyzed; 2 a usage or configuration error, nothing to analyze, or an \
internal error. After --fix, the findings that remain decide. With --diff: 1 when --fix would change a file, 0 when \
it would not."
    )]
    Check(Box<CheckArgs>),
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
    /// Ask a running server which protocol era it speaks, and check its migration from outside.
    #[command(
        after_help = "Requests sent: server/discover, initialize, an unknown method (only to a server that answers \
server/discover) and, over HTTP, GET and DELETE on the endpoint. Never tools/call, nor any other request with \
side effects.\n\nExit codes: 0 the server passes --fail-on and no check failed; 1 it does not; 2 no MCP server \
answered (or a usage error); 130 interrupted.",
        override_usage = "mcpshift probe [OPTIONS] <URL>\n       mcpshift probe [OPTIONS] -- <COMMAND>..."
    )]
    Probe(Box<crate::probe::ProbeArgs>),
    /// Write a commented mcpshift.toml for the project in a folder (and a GitHub workflow).
    Init {
        /// The project's folder.
        #[arg(default_value = ".")]
        path: PathBuf,
        /// Also write .github/workflows/mcpshift.yml, which runs the mcpshift Action and uploads
        /// its SARIF to code scanning (at the top of a git repository).
        #[arg(long)]
        github: bool,
    },
    /// Print the shell completion script for a shell.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page of mcpshift or of one of its commands (roff), or write them all.
    Man {
        /// A command (`check`) for its own page, mcpshift-check(1).
        command: Option<String>,
        /// Write every page (mcpshift.1, mcpshift-check.1 and so on) into this folder instead.
        #[arg(long, value_name = "DIR", conflicts_with = "command")]
        out_dir: Option<PathBuf>,
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
    /// An output, as FORMAT (standard output) or FORMAT=FILE; repeat for several outputs in one
    /// run, e.g. `--output-format human --output-format sarif=mcpshift.sarif`. Replaces
    /// `--format`/`--output`.
    #[arg(long, value_name = "FORMAT[=FILE]", value_parser = parse_sink, conflicts_with_all = ["format", "output"], help_heading = "Output")]
    pub output_format: Vec<Sink>,
    /// Colors in human output.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, help_heading = "Output")]
    pub color: ColorChoice,
    /// Print file counts, timings and the files not analyzed to standard error.
    #[arg(long, help_heading = "Output")]
    pub stats: bool,
    /// Print a table of counts per rule instead of each finding (human and concise outputs).
    #[arg(long, conflicts_with = "quiet", help_heading = "Output")]
    pub statistics: bool,
    /// Print only the summary line (human and concise outputs).
    #[arg(long, short, help_heading = "Output")]
    pub quiet: bool,

    /// SARIF: set `automationDetails.id` to NAME/, the category code scanning keeps runs apart
    /// by (as the upload action's `category` input does). Not set by default.
    #[arg(long, value_name = "NAME", help_heading = "SARIF")]
    pub sarif_category: Option<String>,
    /// SARIF: keep suppressed and baselined findings, marked with `suppressions` /
    /// `baselineState` (code scanning ignores both marks and would show them as open alerts).
    #[arg(long, help_heading = "SARIF")]
    pub sarif_keep_suppressed: bool,
    /// SARIF: keep at most N results, the highest levels first (code scanning shows 5,000 and
    /// rejects more than 25,000).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_RESULTS, value_parser = parse_max_results, help_heading = "SARIF")]
    pub sarif_max_results: usize,

    /// Only these rules (ids or names, comma-separated).
    #[arg(long, value_delimiter = ',', help_heading = "Rules")]
    pub select: Vec<String>,
    /// Not these rules (ids or names, comma-separated).
    #[arg(long, value_delimiter = ',', help_heading = "Rules")]
    pub ignore: Vec<String>,
    /// `modern` (default): speak 2026-07-28 only; `dual`: legacy handlers kept next to a modern path are notes.
    #[arg(long, value_enum, help_heading = "Rules")]
    pub target: Option<TargetArg>,
    /// Exit with 1 when a finding is at or above this level [default: warning].
    #[arg(long, value_enum, help_heading = "Rules")]
    pub fail_on: Option<FailOn>,

    /// Apply the safe fixes, then report what remains ("Fixed N findings (M remaining)" on
    /// standard error).
    #[arg(long, overrides_with = "no_fix", help_heading = "Fixes")]
    pub fix: bool,
    /// Do not apply fixes, even where mcpshift.toml says `fix = true`.
    #[arg(long, overrides_with = "fix", help_heading = "Fixes")]
    pub no_fix: bool,
    /// Also apply the unsafe fixes (which change behaviour: read them); without `--fix` or
    /// `--diff`, show them as applicable.
    #[arg(long, overrides_with = "no_unsafe_fixes", help_heading = "Fixes")]
    pub unsafe_fixes: bool,
    /// Do not apply or show unsafe fixes as applicable, even where mcpshift.toml says
    /// `unsafe-fixes = true`.
    #[arg(long, overrides_with = "unsafe_fixes", help_heading = "Fixes")]
    pub no_unsafe_fixes: bool,
    /// Print the unified diff of what `--fix` would change and write nothing; exit with 1 when
    /// there is a diff, 0 when there is none.
    #[arg(long, help_heading = "Fixes")]
    pub diff: bool,

    /// Read this configuration file instead of looking for mcpshift.toml.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config", help_heading = "Configuration")]
    pub config: Option<PathBuf>,
    /// Read no configuration file.
    #[arg(long, help_heading = "Configuration")]
    pub no_config: bool,

    /// Report only findings that are not in this baseline file.
    #[arg(long, value_name = "FILE", help_heading = "Baseline and changes")]
    pub baseline: Option<PathBuf>,
    /// Record this run's findings in a baseline file (then compare with it).
    #[arg(long, value_name = "FILE", help_heading = "Baseline and changes")]
    pub write_baseline: Option<PathBuf>,
    /// Report only findings in files changed since this git revision (every file is still
    /// analyzed for the project-level rules).
    #[arg(long, value_name = "REV", help_heading = "Baseline and changes")]
    pub changed_since: Option<String>,

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
    /// Leave out paths matching this glob (gitignore syntax, relative to the current
    /// directory), in addition to `exclude` of mcpshift.toml; repeatable.
    #[arg(long, value_name = "GLOB", help_heading = "Files")]
    pub exclude: Vec<String>,
    /// Exit with 0 even when the paths hold no TypeScript, JavaScript, Rust or manifest file.
    #[arg(long, help_heading = "Files")]
    pub allow_empty: bool,

    /// Test hook: make the rule pass panic on files whose path contains this text (caught
    /// per file); with the prefix `uncaught:`, panic outside the rules' guard.
    #[arg(long, hide = true)]
    pub inject_panic: Option<String>,

    /// Test hook: bytes of trees the first passes may keep for the pass with the index (0:
    /// parse again every file that pass reads). The output is the same whatever it is.
    #[arg(long, hide = true)]
    pub keep_trees: Option<usize>,

    /// Test hook: `delete:PATTERN` / `modify:PATTERN` deletes or changes the files whose path
    /// contains PATTERN after the fixes are computed and before they are written.
    #[arg(long, hide = true)]
    pub inject_fix_race: Option<String>,
}

fn parse_max_results(value: &str) -> Result<usize, String> {
    let n: usize = value.parse().map_err(|_| format!("`{value}` is not a number"))?;
    if (1..=MAX_RESULTS_ACCEPTED).contains(&n) {
        Ok(n)
    } else {
        Err(format!("must be from 1 to {MAX_RESULTS_ACCEPTED} (code scanning rejects more)"))
    }
}

/// One output of a run: a format and where it goes (standard output when `file` is `None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sink {
    pub format: Format,
    pub file: Option<PathBuf>,
}

fn parse_sink(value: &str) -> Result<Sink, String> {
    let (format, file) = match value.split_once('=') {
        Some((f, file)) if !file.is_empty() => (f, Some(PathBuf::from(file))),
        Some((f, _)) => return Err(format!("`{f}=` needs a file name after `=`")),
        None => (value, None),
    };
    let format = Format::from_str(format, true).map_err(|_| {
        let names: Vec<String> = Format::value_variants().iter().map(|f| f.name().to_string()).collect();
        format!("unknown format `{format}`; valid formats: {}", names.join(", "))
    })?;
    Ok(Sink { format, file })
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

/// Exit codes.
pub const EXIT_CLEAN: i32 = 0;
pub const EXIT_FINDINGS: i32 = 1;
pub const EXIT_ERROR: i32 = 2;

/// Runs a parsed command line; returns the process exit code.
pub fn run(cli: Cli) -> i32 {
    let result = match cli.command {
        Command::Check(args) => run_check(*args),
        Command::Rules { format } => list_rules(format),
        Command::Explain { rule } => explain(&rule),
        Command::Probe(args) => crate::probe::run(*args),
        Command::Init { path, github } => init(&path, github),
        Command::Completions { shell } => completions(shell),
        Command::Man { command, out_dir } => man(command.as_deref(), out_dir.as_deref()),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("mcpshift: error: {message}");
            // An error that a caught panic caused (a walker thread that died) says what failed.
            if message.starts_with("internal error") {
                if let Some(crash) = crate::crash::take() {
                    let at = crash.location.map(|l| format!(" (at {l})")).unwrap_or_default();
                    eprintln!("  {}{at}", crash.message);
                }
                eprintln!("{}", crate::crash::bug_report_request());
            }
            EXIT_ERROR
        }
    }
}

fn run_check(args: CheckArgs) -> Result<i32, String> {
    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current directory: {e}"))?;
    let cwd = absolute(&cwd);
    // Paths named on the command line, absolute. A path that does not exist is a usage error.
    let named: Vec<PathBuf> = args.paths.iter().map(|p| absolute(&cwd.join(p))).collect();
    for (given, path) in args.paths.iter().zip(&named) {
        if let Err(e) = std::fs::symlink_metadata(path) {
            return Err(match e.kind() {
                std::io::ErrorKind::NotFound => format!("{}: no such file or directory", given.display()),
                _ => format!("{}: {}", given.display(), crate::discover::io_reason(&e)),
            });
        }
    }
    let first = named.first().cloned().unwrap_or_else(|| cwd.clone());
    let project = Project::find(&first, &cwd);
    let registry = rules::registry()?;
    let config = load_config(&args, registry)?;
    let (mut options, fail_on) = options_of(&args, config.as_ref(), &project, &cwd, &named)?;
    if let Some(rev) = &args.changed_since {
        options.only_paths = Some(crate::changed::files_changed_since(&options.root, rev)?);
    }
    let sinks = sinks_of(&args)?;
    let sarif = SarifOptions {
        category: args.sarif_category.clone().or_else(|| config.as_ref().and_then(|c| c.sarif_category.clone())),
        keep_suppressed: args.sarif_keep_suppressed,
        max_results: args.sarif_max_results,
    };
    if sarif.category.as_deref().is_some_and(|c| c.trim().is_empty()) {
        return Err("--sarif-category: the category is empty".into());
    }

    let fixes = fix_settings(&args, config.as_ref());
    // The baseline decides which findings are active, so the fix loop applies it to each run.
    let recorded = match (&args.write_baseline, &args.baseline) {
        (None, Some(file)) => Some((Baseline::read(file)?, file.display().to_string())),
        _ => None,
    };
    let compare = |report: &mut check::Report| {
        if let Some((recorded, file)) = &recorded {
            baseline::apply(report, recorded, file, &|p| options.reports(p));
        }
    };
    let (mut report, fixed) = if args.diff || fixes.write {
        let settings = crate::fixer::Settings { write: fixes.write && !args.diff, ..fixes.clone() };
        let outcome = crate::fixer::run(&options, &settings, &compare)?;
        (outcome.report, Some((outcome.changes, outcome.not_applied, outcome.out_of_passes)))
    } else {
        let mut report = check::run(&options)?;
        compare(&mut report);
        (report, None)
    };
    // A CI step pointed at the wrong folder must not pass silently.
    if report.files_analyzed == 0 && report.not_analyzed.is_empty() && !args.allow_empty {
        let paths: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        return Err(format!(
            "no TypeScript, JavaScript, Python or Rust source, nor package.json or Cargo.toml, in {}; check the path, or pass --allow-empty if that is expected",
            paths.join(", ")
        ));
    }
    let t = std::time::Instant::now();
    if let Some((changes, not_applied, out_of_passes)) = &fixed {
        for n in not_applied {
            let at = if n.start.line > 0 { format!(":{}:{}", n.start.line, n.start.column) } else { String::new() };
            let rule = if n.rule.is_empty() { String::new() } else { format!(" {}", n.rule) };
            eprintln!(
                "{}{at}:{rule} fix not applied: {}",
                crate::root::shown_from(&options.root, &cwd, &n.path),
                n.why
            );
        }
        if *out_of_passes {
            eprintln!(
                "mcpshift: warning: fixes still pending after {} passes; run --fix again",
                crate::fixer::MAX_PASSES
            );
        }
        let n: usize = changes.iter().map(|c| c.fixed).sum();
        let remaining = report.active().count();
        if args.diff {
            let diff = crate::fixer::diff::unified(changes);
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(diff.as_bytes()).and_then(|()| out.flush());
            eprintln!(
                "Would fix {} in {} ({remaining} remaining).",
                report::plural(n, "finding"),
                report::plural(changes.len(), "file")
            );
            report_internal_errors(&report);
            return Ok(if report.incomplete() {
                EXIT_ERROR
            } else if changes.is_empty() {
                EXIT_CLEAN
            } else {
                EXIT_FINDINGS
            });
        }
        eprintln!("Fixed {} ({remaining} remaining).", report::plural(n, "finding"));
    }
    if let Some(file) = &args.write_baseline {
        let written = Baseline::of(&report);
        written.write(file)?;
        baseline::apply(&mut report, &written, &file.display().to_string(), &|p| options.reports(p));
    }

    for sink in &sinks {
        let color = match args.color {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                sink.file.is_none() && std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        };
        let cx = RenderContext {
            registry,
            options: &options,
            color: color && sink.format == Format::Human,
            cwd: &cwd,
            statistics: args.statistics,
            quiet: args.quiet,
            sarif: &sarif,
            unsafe_fixes: fixes.unsafe_fixes,
        };
        if let Some(pattern) = args.inject_panic.as_deref().and_then(|p| p.strip_prefix("render:")) {
            inject_render_panic(&report, pattern);
        }
        let bytes = report::render(sink.format, &report, &cx)?;
        match &sink.file {
            Some(path) => std::fs::write(path, &bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))?,
            None => {
                let mut out = std::io::stdout().lock();
                // A closed pipe (`| head`) is not an error worth a message.
                let _ = out.write_all(&bytes).and_then(|()| out.flush());
            }
        }
    }
    if args.stats {
        print_stats(&report, t.elapsed(), &options, &cwd);
    }
    report_internal_errors(&report);
    Ok(exit_code(&report, fail_on))
}

/// Test hook (`--inject-panic render:PATTERN`): a panic outside every guard, while the report of
/// a file is written, as a bug in a renderer would be.
fn inject_render_panic(report: &check::Report, pattern: &str) {
    if let Some(d) = report.findings.iter().find(|d| d.path.contains(pattern)) {
        let _file = crate::crash::analyzing(&d.path);
        panic!("injected fault while writing the report");
    }
}

/// An analyzer bug left a file or a project rule unchecked: say what failed and where, and ask
/// for a report. The run ends with exit code 2.
fn report_internal_errors(report: &check::Report) {
    let internal: Vec<_> = report.not_analyzed.iter().filter(|n| n.internal).collect();
    if internal.is_empty() {
        return;
    }
    for n in &internal {
        let on = if n.path == "." { String::new() } else { format!(" on {}", n.path) };
        eprintln!("mcpshift: error: {}{on}", n.reason);
    }
    eprintln!("{}", crate::crash::bug_report_request());
}

/// The configuration file in force: `--config`, else the nearest mcpshift.toml at or above the
/// first path, unless `--no-config`.
fn load_config(args: &CheckArgs, registry: &'static rules::Registry) -> Result<Option<Config>, String> {
    if args.no_config {
        return Ok(None);
    }
    let file = match &args.config {
        Some(file) => Some(file.clone()),
        None => {
            let first = args.paths.first().map_or(Path::new("."), PathBuf::as_path);
            config::find(first).map(|f| relative_to_cwd(&f))
        }
    };
    file.map(|f| config::load(&f, registry)).transpose()
}

/// A path as short as it can be for messages: relative to the current directory when inside it.
fn relative_to_cwd(path: &Path) -> PathBuf {
    let cwd = std::env::current_dir().map(|d| absolute(&d)).unwrap_or_default();
    path.strip_prefix(&cwd).map(Path::to_path_buf).unwrap_or_else(|_| path.to_path_buf())
}

/// The run's options: the command line over the configuration file over the defaults. A key
/// given on the command line replaces the file's, except `exclude`, whose patterns add up. The
/// whole project is analyzed; the named paths are what is reported.
fn options_of(
    args: &CheckArgs,
    config: Option<&Config>,
    project: &Project,
    cwd: &Path,
    named: &[PathBuf],
) -> Result<(Options, FailOn), String> {
    let registry = rules::registry()?;
    for (flag, list) in [("--select", &args.select), ("--ignore", &args.ignore)] {
        if let Some(unknown) = list.iter().find(|name| registry.get(name).is_none()) {
            return Err(format!("{flag}: {}", crate::suggest::unknown_rule(registry, unknown)));
        }
    }
    let select = if args.select.is_empty() {
        config.and_then(|c| c.select.clone()).unwrap_or_default()
    } else {
        args.select.clone()
    };
    let mut ignore = if args.ignore.is_empty() {
        config.and_then(|c| c.ignore.clone()).unwrap_or_default()
    } else {
        args.ignore.clone()
    };
    // `off` in [levels] is an `ignore` that a rule named in `--select` overrides.
    if let Some(c) = config {
        for id in &c.off {
            let selected_here = args.select.iter().any(|s| registry.get(s).is_some_and(|d| d.meta.id == *id));
            if !selected_here {
                ignore.push(id.clone());
            }
        }
    }
    let target = args.target.or(config.and_then(|c| c.target)).unwrap_or(TargetArg::Modern);
    let fail_on = args.fail_on.or(config.and_then(|c| c.fail_on)).unwrap_or(FailOn::Warning);
    // The file's patterns are anchored at its folder, the command line's where you stand.
    let mut exclude: Vec<ExcludeSet> = config
        .and_then(|c| c.exclude.clone().map(|patterns| ExcludeSet { base: c.dir.clone(), patterns }))
        .into_iter()
        .collect();
    if !args.exclude.is_empty() {
        exclude.push(ExcludeSet { base: cwd.to_path_buf(), patterns: args.exclude.clone() });
    }
    let options = Options {
        paths: project.inputs(named),
        root: project.root.clone(),
        select,
        ignore,
        target: match target {
            TargetArg::Modern => Target::Modern,
            TargetArg::Dual => Target::Dual,
        },
        jobs: args.jobs.unwrap_or(0),
        respect_gitignore: !args.no_ignore,
        max_file_size: args.max_file_size,
        prefilter: !args.no_prefilter,
        exclude,
        levels: config.map(|c| c.levels.clone()).unwrap_or_default(),
        only_paths: None,
        scope: Some(Scope::of(&project.root, named)),
        inject_panic: args.inject_panic.clone().filter(|p| !p.starts_with("render:")),
        keep_trees: args.keep_trees.unwrap_or(crate::analyze::Keep::BUDGET),
        overlay: None,
    };
    Ok((options, fail_on))
}

/// `--fix` / `--unsafe-fixes` over `fix` / `unsafe-fixes` of the configuration file; `write`
/// says whether fixes are applied.
fn fix_settings(args: &CheckArgs, config: Option<&Config>) -> crate::fixer::Settings {
    let pick = |on: bool, off: bool, file: Option<bool>| if on || off { on } else { file.unwrap_or(false) };
    crate::fixer::Settings {
        write: pick(args.fix, args.no_fix, config.and_then(|c| c.fix)),
        unsafe_fixes: pick(args.unsafe_fixes, args.no_unsafe_fixes, config.and_then(|c| c.unsafe_fixes)),
        race: args.inject_fix_race.clone(),
    }
}

/// The outputs of the run; at most one may go to standard output.
fn sinks_of(args: &CheckArgs) -> Result<Vec<Sink>, String> {
    let sinks = if args.output_format.is_empty() {
        vec![Sink { format: args.format, file: args.output.clone() }]
    } else {
        args.output_format.clone()
    };
    if sinks.iter().filter(|s| s.file.is_none()).count() > 1 {
        return Err("only one output can go to standard output; give the others a file (`--output-format sarif=mcpshift.sarif`)".into());
    }
    for (i, a) in sinks.iter().enumerate() {
        if let Some(file) = &a.file {
            if sinks.iter().skip(i + 1).any(|b| b.file.as_ref() == Some(file)) {
                return Err(format!("two outputs write to {}", file.display()));
            }
        }
    }
    Ok(sinks)
}

/// 0: nothing at or above `fail_on`, and every file that may hold findings analyzed; 1:
/// findings at or above it, or a file not analyzed that holds a rule's trigger token; 2: the run
/// is incomplete because of an internal error.
pub fn exit_code(report: &check::Report, fail_on: FailOn) -> i32 {
    if report.incomplete() {
        return EXIT_ERROR;
    }
    let Some(threshold) = fail_on.threshold() else {
        return EXIT_CLEAN;
    };
    let failing = report.active().any(|d| d.level >= threshold);
    if failing || report.not_analyzed.iter().any(|n| n.may_hold_findings) {
        EXIT_FINDINGS
    } else {
        EXIT_CLEAN
    }
}

fn print_stats(report: &check::Report, reporting: std::time::Duration, options: &Options, cwd: &Path) {
    let s = &report.stats;
    let c = Counts::of(report);
    eprintln!("files found:                 {}", s.files_found);
    eprintln!("files skipped by prefilter:  {}", s.files_skipped_by_prefilter);
    eprintln!("files parsed (TS/JS):        {}", s.files_parsed_typescript);
    eprintln!("files parsed (Rust):         {}", s.files_parsed_rust);
    eprintln!("files parsed (Python):       {}", s.files_parsed_python);
    eprintln!("  of them for facts:         {}", s.files_parsed_for_facts);
    eprintln!("function bodies unread:      {}", s.bodies_unread);
    eprintln!("manifests read:              {}", s.manifests_read);
    eprintln!("packages:                    {}", s.packages);
    eprintln!("index: names with a meaning: {}", s.index_names);
    eprintln!(
        "index: files checked with it: {} (of them parsed again: {}, read from a kept tree: {})",
        s.files_resolved, s.files_parsed_again, s.trees_reused
    );
    eprintln!("index: uses resolved:        {}", s.names_resolved);
    eprintln!("files not analyzed:          {}", report.not_analyzed.len());
    eprintln!("bytes read:                  {}", s.bytes_read);
    eprintln!("bytes parsed:                {}", s.bytes_parsed);
    eprintln!("findings:                    {}", c.total());
    eprintln!("time, discovery:             {:.3}s", s.discovery.as_secs_f64());
    eprintln!("time, reading and scanning:  {:.3}s (summed over threads)", s.reading_and_scanning.as_secs_f64());
    eprintln!("time, index merge:           {:.3}s", s.index_time.as_secs_f64());
    eprintln!("time, parsing:               {:.3}s (summed over threads)", s.parsing.as_secs_f64());
    eprintln!("time, rules:                 {:.3}s (summed over threads)", s.rules.as_secs_f64());
    eprintln!("time, reporting:             {:.3}s", reporting.as_secs_f64());
    eprintln!("time, wall (analysis):       {:.3}s", s.wall.as_secs_f64());
    if !s.slowest.is_empty() {
        eprintln!("slowest files (parse and rules):");
        for (t, path) in &s.slowest {
            eprintln!("  {:.3}s  {path}", t.as_secs_f64());
        }
    }
    if !report.not_analyzed.is_empty() {
        eprintln!("not analyzed:");
        for n in &report.not_analyzed {
            let effect = if n.may_hold_findings { "fails the run" } else { "no trigger token, listed only" };
            eprintln!("  {}: {} ({effect})", crate::root::shown_from(&options.root, cwd, &n.path), n.reason);
        }
    }
}

fn list_rules(format: ListFormat) -> Result<i32, String> {
    let registry = rules::registry()?;
    let mut out = String::new();
    match format {
        ListFormat::Human => {
            for r in &registry.rules {
                let m = &r.meta;
                let fix = m.fix.map(|f| format!(" [fix: {}]", f.as_str())).unwrap_or_default();
                out.push_str(&format!("{}  {:<28} {:<8} {}{fix}\n", m.id, m.name, m.level.as_str(), m.summary));
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
                        "fix": r.meta.fix.map(|f| f.as_str()), "fix_summary": r.meta.fix.map(|_| r.meta.fix_summary.as_str()),
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
    let def = registry.get(rule).ok_or_else(|| crate::suggest::unknown_rule(registry, rule))?;
    print!("{}", crate::docs::explain_text(def));
    Ok(EXIT_CLEAN)
}

fn init(path: &Path, github: bool) -> Result<i32, String> {
    for file in crate::init::run(path, github)? {
        println!("wrote {}", relative_to_cwd(&file).display());
    }
    println!("next: mcpshift check {}", path.display());
    Ok(EXIT_CLEAN)
}

fn completions(shell: clap_complete::Shell) -> Result<i32, String> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "mcpshift", &mut out);
    write_stdout(&out)
}

fn man(command: Option<&str>, out_dir: Option<&Path>) -> Result<i32, String> {
    match out_dir {
        Some(dir) => {
            for file in crate::manpage::write_all(dir)? {
                println!("wrote {file}");
            }
            Ok(EXIT_CLEAN)
        }
        None => write_stdout(&crate::manpage::page(command)?),
    }
}

fn write_stdout(bytes: &[u8]) -> Result<i32, String> {
    let mut out = std::io::stdout().lock();
    // A closed pipe (`| head`) is not an error worth a message.
    let _ = out.write_all(bytes).and_then(|()| out.flush());
    Ok(EXIT_CLEAN)
}
