//! Renderers: one module per output format, each turning a [`Report`] into bytes.

pub mod concise;
pub mod github;
pub mod human;
pub mod json;
pub mod markdown;
pub mod sarif;
pub mod statistics;

use std::path::Path;

use crate::check::{Options, Report};
use crate::rules::{Level, Registry, RuleDef};

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Source snippets with the matched span, hint and spec link; a summary at the end.
    Human,
    /// One line per finding, `path:line:column: MCPxxx message`, and the summary.
    Concise,
    /// The versioned JSON document described in the README.
    Json,
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    Sarif,
    /// GitHub Actions workflow commands: one annotation per finding.
    Github,
    /// A Markdown migration report for a pull request or a job summary.
    Markdown,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Human => "human",
            Format::Concise => "concise",
            Format::Json => "json",
            Format::Sarif => "sarif",
            Format::Github => "github",
            Format::Markdown => "markdown",
        }
    }
}

/// What a renderer needs besides the report.
pub struct RenderContext<'a> {
    pub registry: &'static Registry,
    pub options: &'a Options,
    pub color: bool,
    /// The directory mcpshift runs in: `human` and `concise` show paths from here, as compilers
    /// do; every other format gives them from the project root (`options.root`).
    pub cwd: &'a Path,
    /// `--statistics`: `human` and `concise` print the table of counts per rule instead of each
    /// finding.
    pub statistics: bool,
    /// `--quiet`: `human` and `concise` print only the summary line.
    pub quiet: bool,
    pub sarif: &'a sarif::SarifOptions,
    /// `--unsafe-fixes`: unsafe fixes count as applicable.
    pub unsafe_fixes: bool,
}

impl RenderContext<'_> {
    /// A reported path as `human` and `concise` show it.
    pub fn shown(&self, path: &str) -> String {
        crate::root::shown_from(&self.options.root, self.cwd, path)
    }
}

/// Renders a report in a format.
pub fn render(format: Format, report: &Report, cx: &RenderContext<'_>) -> Result<Vec<u8>, String> {
    match format {
        Format::Human => human::render(report, cx),
        Format::Concise => concise::render(report, cx),
        Format::Json => json::render(report, cx),
        Format::Sarif => sarif::render(report, cx),
        Format::Github => github::render(report, cx),
        Format::Markdown => markdown::render(report, cx),
    }
}

/// Where a rule's page lives in the repository (`docs/rules/MCPxxx.md`, generated from its
/// document): the SARIF `helpUri` and the Markdown report's links.
pub fn rule_doc_url(def: &RuleDef) -> String {
    format!("{}/blob/main/{}", env!("CARGO_PKG_REPOSITORY"), crate::docs::rule_page_path(def))
}

/// Counts of active findings by level, and of the findings left out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
    /// Covered by an inline suppression.
    pub suppressed: usize,
    /// Recorded in the baseline.
    pub baselined: usize,
}

impl Counts {
    pub fn of(report: &Report) -> Counts {
        let mut c = Counts::default();
        for d in &report.findings {
            if d.suppression.is_some() {
                c.suppressed += 1;
                continue;
            }
            if !d.is_active() {
                c.baselined += 1;
                continue;
            }
            match d.level {
                Level::Error => c.errors += 1,
                Level::Warning => c.warnings += 1,
                Level::Note => c.notes += 1,
            }
        }
        c
    }

    pub fn total(&self) -> usize {
        self.errors + self.warnings + self.notes
    }
}

/// `1 error`, `2 errors`.
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}
