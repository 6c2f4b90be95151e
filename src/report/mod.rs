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

/// Whether the run would apply a finding's fix (`--fix`, plus `--unsafe-fixes` for an unsafe
/// one): the findings the outputs mark `[*]`.
pub fn applicable(d: &crate::diagnostic::Diagnostic, cx: &RenderContext<'_>) -> bool {
    d.fix.as_ref().is_some_and(|f| f.applicability == crate::fix::Applicability::Safe || cx.unsafe_fixes)
}

/// Active findings `--fix` would fix, and those only `--unsafe-fixes` adds.
pub fn fixable(report: &Report, cx: &RenderContext<'_>) -> (usize, usize) {
    let with_fix = report.active().filter(|d| d.fix.is_some());
    let (yes, no): (Vec<_>, Vec<_>) = with_fix.partition(|d| applicable(d, cx));
    (yes.len(), no.len())
}

/// `3 fixable with `--fix` (1 more with `--unsafe-fixes`).`, or nothing when no finding has a fix.
pub fn fixable_line(report: &Report, cx: &RenderContext<'_>) -> Option<String> {
    let (n, more) = fixable(report, cx);
    if n + more == 0 {
        return None;
    }
    let flags = if cx.unsafe_fixes { "`--fix --unsafe-fixes`" } else { "`--fix`" };
    let more = if more > 0 { format!(" ({more} more with `--unsafe-fixes`)") } else { String::new() };
    Some(format!("{n} fixable with {flags}{more}."))
}

/// The texts of the files fixes are in, read once each, for the lines and columns of edits.
#[derive(Default)]
pub struct FixTexts {
    files: std::collections::HashMap<String, Option<crate::source::SourceFile>>,
}

impl FixTexts {
    /// The positions of an edit's range in the file (as it is now), if it can be read.
    pub fn positions(
        &mut self,
        cx: &RenderContext<'_>,
        path: &str,
        range: (usize, usize),
    ) -> Option<(crate::source::Position, crate::source::Position)> {
        let file = self.files.entry(path.to_string()).or_insert_with(|| {
            let bytes = std::fs::read(cx.options.root.join(path)).ok()?;
            crate::check::decode(bytes).ok().map(crate::source::SourceFile::new)
        });
        let file = file.as_ref()?;
        (range.1 <= file.text().len()).then(|| (file.position(range.0), file.position(range.1)))
    }
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
