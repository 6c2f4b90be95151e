//! Renderers: one module per output format, each turning a [`Report`] into bytes.

pub mod human;
pub mod json;

use crate::check::{Options, Report};
use crate::rules::{Level, Registry};

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Source snippets with the matched span, hint and spec link; a summary at the end.
    Human,
    /// The versioned JSON document described in the README.
    Json,
}

/// What a renderer needs besides the report.
pub struct RenderContext<'a> {
    pub registry: &'static Registry,
    pub options: &'a Options,
    pub color: bool,
}

/// Renders a report in a format.
pub fn render(format: Format, report: &Report, cx: &RenderContext<'_>) -> Result<Vec<u8>, String> {
    match format {
        Format::Human => human::render(report, cx),
        Format::Json => json::render(report, cx),
    }
}

/// Counts of active (not suppressed) findings by level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub errors: usize,
    pub warnings: usize,
    pub notes: usize,
    pub suppressed: usize,
}

impl Counts {
    pub fn of(report: &Report) -> Counts {
        let mut c = Counts::default();
        for d in &report.findings {
            if d.suppression.is_some() {
                c.suppressed += 1;
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
