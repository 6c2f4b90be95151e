//! `mcpshift init`: a commented `mcpshift.toml` for the project in a folder, naming the
//! languages and packages found there, and with `--github` a workflow that runs the mcpshift
//! Action and uploads its SARIF to code scanning. An existing file is never overwritten.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::config;
use crate::discover::{self, absolute, DiscoverOptions, FileKind};
use crate::lang::typescript::Dialect;
use crate::packages::{is_mcp_dependency, Packages};
use crate::project::{Manifest, ManifestKind};
use crate::source::SourceFile;

/// Where `--github` writes the workflow, relative to the repository root.
pub const WORKFLOW: &str = ".github/workflows/mcpshift.yml";

/// Packages listed by name in the file; a larger monorepo gets a count of the rest.
const MAX_PACKAGES_LISTED: usize = 40;

/// What the walk of the folder found.
#[derive(Debug, Default)]
pub struct Survey {
    /// Files per language, in a fixed order of languages.
    pub languages: BTreeMap<Language, usize>,
    pub packages: Packages,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Language {
    TypeScript,
    JavaScript,
    Rust,
    Python,
}

impl Language {
    fn name(self) -> &'static str {
        match self {
            Language::TypeScript => "TypeScript",
            Language::JavaScript => "JavaScript",
            Language::Rust => "Rust",
            Language::Python => "Python",
        }
    }
}

/// Writes `mcpshift.toml` in `dir` (and the workflow with `github`); returns the files written.
pub fn run(dir: &Path, github: bool) -> Result<Vec<PathBuf>, String> {
    let dir = absolute(dir);
    if !dir.is_dir() {
        return Err(format!("{}: not a directory", dir.display()));
    }
    let config_file = dir.join(config::FILE_NAME);
    refuse_existing(&config_file)?;
    // The workflow goes to the repository root, and only a configuration there keeps the SARIF
    // paths relative to it, as code scanning reads them.
    let workflow = if github {
        let top = git_top(&dir).unwrap_or_else(|| dir.clone());
        if top != dir {
            return Err(format!(
                "--github: {} is not the top of its git repository ({}); code scanning reads SARIF paths from the repository root, so run `mcpshift init --github` there",
                dir.display(),
                top.display()
            ));
        }
        let file = top.join(WORKFLOW);
        refuse_existing(&file)?;
        Some((file, default_branch(&top)))
    } else {
        None
    };

    let survey = survey(&dir)?;
    let text = config_text(&survey);
    // What init writes, mcpshift reads: never leave a file that stops the next run.
    let registry = crate::rules::registry()?;
    config::parse(Path::new(config::FILE_NAME), &text, registry).map_err(|e| format!("internal error: {e}"))?;
    create_new(&config_file, &text)?;
    let mut written = vec![config_file];
    if let Some((file, branch)) = workflow {
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        create_new(&file, &workflow_text(&branch))?;
        written.push(file);
    }
    Ok(written)
}

fn refuse_existing(file: &Path) -> Result<(), String> {
    if file.symlink_metadata().is_ok() {
        return Err(format!("{} already exists; mcpshift init does not overwrite it", file.display()));
    }
    Ok(())
}

/// Creates a file that must not exist yet (checked again at creation, not only before).
fn create_new(file: &Path, text: &str) -> Result<(), String> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(file)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => {
                format!("{} already exists; mcpshift init does not overwrite it", file.display())
            }
            _ => format!("cannot write {}: {e}", file.display()),
        })
}

/// The languages and packages of the folder, walked as `mcpshift check` walks it.
pub fn survey(dir: &Path) -> Result<Survey, String> {
    const MAX_MANIFEST_SIZE: u64 = 2 * 1024 * 1024;
    let opts = DiscoverOptions {
        root: dir.to_path_buf(),
        respect_gitignore: true,
        max_file_size: MAX_MANIFEST_SIZE,
        exclude: Vec::new(),
        threads: rayon::current_num_threads(),
    };
    let found = discover::discover(&[dir.to_path_buf()], &opts)?;
    let mut survey = Survey::default();
    let mut manifests = Vec::new();
    for c in &found.candidates {
        let language = match c.kind {
            FileKind::Rust => Language::Rust,
            FileKind::Python => Language::Python,
            FileKind::TypeScript(_) if is_typescript(&c.rel) => Language::TypeScript,
            FileKind::TypeScript(_) => Language::JavaScript,
            FileKind::Manifest => {
                let kind = c.path.file_name().and_then(|n| Manifest::kind_of(&n.to_string_lossy()));
                let text = discover::read_candidate(c, MAX_MANIFEST_SIZE).ok().and_then(|b| String::from_utf8(b).ok());
                if let (Some(kind), Some(text)) = (kind, text) {
                    manifests.push(Manifest { path: c.rel.clone(), kind, source: SourceFile::new(text) });
                }
                continue;
            }
        };
        *survey.languages.entry(language).or_default() += 1;
    }
    survey.packages = Packages::from_manifests(&manifests);
    Ok(survey)
}

fn is_typescript(path: &str) -> bool {
    let ext = path.rsplit_once('.').map_or("", |(_, e)| e);
    matches!(Dialect::for_extension(ext), Some(Dialect::TypeScript)) || ext == "tsx"
}

/// The configuration file: what was found, as comments, then every key with its default or
/// commented out, each with what it does.
pub fn config_text(survey: &Survey) -> String {
    let mut t = String::new();
    let _ = writeln!(t, "#:schema {}", crate::schema::url());
    t.push_str("# mcpshift configuration; every key is documented at\n");
    t.push_str("# https://github.com/mcpshift/mcpshift#configuration-mcpshifttoml\n");
    t.push_str("# This folder is the project root: paths in reports and baselines are relative to it.\n#\n");
    t.push_str("# Found by `mcpshift init`:\n");
    if survey.languages.is_empty() {
        t.push_str("#   no TypeScript, JavaScript, Python or Rust source yet\n");
    } else {
        let list: Vec<String> =
            survey.languages.iter().map(|(l, n)| format!("{} ({n} file{})", l.name(), plural(*n))).collect();
        let _ = writeln!(t, "#   languages: {}", list.join(", "));
    }
    let packages = &survey.packages.list;
    if packages.is_empty() {
        t.push_str("#   no package.json or Cargo.toml\n");
    } else {
        let _ = writeln!(t, "#   packages ({}):", packages.len());
        let width = packages.iter().take(MAX_PACKAGES_LISTED).map(|p| shown_dir(&p.dir).len()).max().unwrap_or(1);
        for p in packages.iter().take(MAX_PACKAGES_LISTED) {
            let kind = match p.kind {
                ManifestKind::Npm => "npm  ",
                ManifestKind::Cargo => "cargo",
                ManifestKind::Python => "pypi ",
            };
            let name = if p.name.is_empty() { "(workspace root)" } else { p.name.as_str() };
            let sdks: Vec<&str> = p.dependencies.iter().filter(|d| is_mcp_dependency(d)).map(String::as_str).collect();
            let mcp = if !sdks.is_empty() {
                format!(": MCP code, depends on {}", sdks.join(", "))
            } else if p.mcp_by_manifest {
                ": MCP code".to_string()
            } else {
                String::new()
            };
            let _ = writeln!(t, "#     {:<width$}  {kind}  {name}{mcp}", shown_dir(&p.dir));
        }
        if packages.len() > MAX_PACKAGES_LISTED {
            let _ = writeln!(t, "#     and {} more", packages.len() - MAX_PACKAGES_LISTED);
        }
    }
    t.push_str(
        r#"
# Which protocol the project must speak: "modern" (2026-07-28 only) or "dual" (a server that
# keeps serving 2025 clients on purpose: legacy handlers next to a modern path become notes).
target = "modern"

# The lowest level that fails the run (exit code 1): "error", "warning", "note" or "never".
fail-on = "warning"

# Rules to run (default: all) and rules not to run, by id or name; `mcpshift rules` lists them.
# select = ["MCP101", "session-id-header"]
# ignore = ["MCP104"]

# Paths to leave out, gitignore syntax, relative to this file. .gitignore'd files, node_modules,
# target, dist and build are always left out.
# exclude = ["generated/", "**/*.fixture.ts"]

# SARIF `automationDetails.id`; by default the upload's `category` decides.
# sarif-category = "mcpshift"

# Apply the safe fixes on every run (`--fix`), and the unsafe ones too (`--unsafe-fixes`);
# `mcpshift check --diff` shows what they would change.
# fix = true
# unsafe-fixes = true

# Level per rule: "error", "warning", "note" or "off".
# [levels]
# MCP103 = "note"
"#,
    );
    t
}

fn shown_dir(dir: &str) -> &str {
    if dir.is_empty() {
        "."
    } else {
        dir
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The workflow: the Action of this version, findings in the log and the job summary, SARIF to
/// code scanning.
pub fn workflow_text(branch: &str) -> String {
    let version = env!("CARGO_PKG_VERSION");
    format!(
        r#"# Checks the MCP migration with mcpshift (written by `mcpshift init --github`): findings in the
# log and the job summary, and as code scanning alerts. The job fails on findings at or above
# `fail-on` of mcpshift.toml.
name: MCP migration

on:
  push:
    branches: [{branch}]
  pull_request:

permissions:
  contents: read

jobs:
  mcpshift:
    runs-on: ubuntu-latest
    permissions:
      contents: read
      security-events: write # upload the SARIF to code scanning
    steps:
      - uses: actions/checkout@v5

      - uses: mcpshift/mcpshift@v{version}
        with:
          upload-sarif: true
          category: mcpshift
"#
    )
}

/// The top of the git work tree holding `dir`, if any.
fn git_top(dir: &Path) -> Option<PathBuf> {
    dir.ancestors().find(|d| d.join(".git").exists()).map(Path::to_path_buf)
}

/// The branch pushes to which the workflow runs on: the remote's default branch when git knows
/// it, else `main`.
fn default_branch(top: &Path) -> String {
    let out = std::process::Command::new("git")
        .args(["symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD"])
        .current_dir(top)
        .output();
    out.ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().strip_prefix("origin/").map(str::to_string))
        .filter(|b| !b.is_empty() && b.chars().all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c)))
        .unwrap_or_else(|| "main".to_string())
}
