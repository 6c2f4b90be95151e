//! `--format json`: a stable, versioned document (schema in the README).
//!
//! Version 1: `{ version, tool, target, summary, findings[], not_analyzed[] }`. Fields are only
//! ever added; a breaking change bumps `version`. Suppressed findings are counted in the
//! summary and left out of `findings`.
//!
//! The document is serialized straight from borrowed structs, in field order: a large report
//! is written without building a tree of values first.

use serde::Serialize;

use super::{Counts, RenderContext};
use crate::check::Report;
use crate::engine::Target;

pub const VERSION: u32 = 1;

#[derive(Serialize)]
struct Document<'a> {
    version: u32,
    tool: Tool,
    target: &'static str,
    summary: Summary,
    findings: Vec<Finding<'a>>,
    not_analyzed: Vec<NotAnalyzed<'a>>,
    /// Only with `--baseline`/`--write-baseline`: what the comparison left out and found stale.
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline: Option<Baseline<'a>>,
}

#[derive(Serialize)]
struct Tool {
    name: &'static str,
    version: &'static str,
}

#[derive(Serialize)]
struct Summary {
    findings: usize,
    errors: usize,
    warnings: usize,
    notes: usize,
    suppressed: usize,
    files_analyzed: usize,
    files_not_analyzed: usize,
}

#[derive(Serialize)]
struct Finding<'a> {
    rule: &'a str,
    name: &'a str,
    level: &'static str,
    path: &'a str,
    line: u32,
    column: u32,
    end_line: u32,
    end_column: u32,
    message: &'a str,
    hint: &'a str,
    spec: &'a str,
    fingerprint: &'a str,
    /// Places that explain the finding (the definition of a constant it uses).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    related: Vec<RelatedPlace<'a>>,
    /// The edits that fix the finding, when its rule knows them.
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<FixOut<'a>>,
}

#[derive(Serialize)]
struct FixOut<'a> {
    /// `safe` or `unsafe`.
    applicability: &'static str,
    /// Whether this run's settings apply it (`--fix`, and `--unsafe-fixes` for an unsafe one).
    applicable: bool,
    message: &'a str,
    edits: Vec<EditOut<'a>>,
}

#[derive(Serialize)]
struct EditOut<'a> {
    /// Byte offsets in the file's text (after a byte-order mark, if any).
    start: usize,
    end: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    end_column: Option<u32>,
    /// The text that replaces the range.
    content: &'a str,
}

#[derive(Serialize)]
struct RelatedPlace<'a> {
    path: &'a str,
    line: u32,
    column: u32,
    message: &'a str,
}

#[derive(Serialize)]
struct NotAnalyzed<'a> {
    path: &'a str,
    reason: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<u32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    internal: bool,
    /// Holds a trigger token of an enabled rule (or could not be read to tell): an MCP000
    /// finding that fails the run. Without one the file is only listed.
    may_hold_findings: bool,
}

#[derive(Serialize)]
struct Baseline<'a> {
    file: &'a str,
    unchanged: usize,
    absent: Vec<Absent<'a>>,
}

#[derive(Serialize)]
struct Absent<'a> {
    path: &'a str,
    rule: &'a str,
    fingerprint: &'a str,
    message: &'a str,
}

pub fn render(report: &Report, cx: &RenderContext<'_>) -> Result<Vec<u8>, String> {
    let counts = Counts::of(report);
    let mut texts = super::FixTexts::default();
    let doc = Document {
        version: VERSION,
        tool: Tool { name: "mcpshift", version: env!("CARGO_PKG_VERSION") },
        target: match cx.options.target {
            Target::Modern => "modern",
            Target::Dual => "dual",
        },
        summary: Summary {
            findings: counts.total(),
            errors: counts.errors,
            warnings: counts.warnings,
            notes: counts.notes,
            suppressed: counts.suppressed,
            files_analyzed: report.files_analyzed,
            files_not_analyzed: report.not_analyzed.len(),
        },
        findings: report
            .active()
            .map(|d| Finding {
                rule: d.rule,
                name: d.name,
                level: d.level.as_str(),
                path: &d.path,
                line: d.start.line,
                column: d.start.column,
                end_line: d.end.line,
                end_column: d.end.column,
                message: &d.message,
                hint: &d.hint,
                spec: &d.spec,
                fingerprint: &d.fingerprint,
                related: d
                    .related
                    .iter()
                    .map(|r| RelatedPlace {
                        path: &r.path,
                        line: r.start.line,
                        column: r.start.column,
                        message: &r.message,
                    })
                    .collect(),
                fix: d.fix.as_ref().map(|f| FixOut {
                    applicability: f.applicability.as_str(),
                    applicable: super::applicable(d, cx),
                    message: &f.message,
                    edits: f
                        .edits
                        .iter()
                        .map(|e| {
                            let at = texts.positions(cx, &d.path, e.range);
                            EditOut {
                                start: e.range.0,
                                end: e.range.1,
                                line: at.map(|(a, _)| a.line),
                                column: at.map(|(a, _)| a.column),
                                end_line: at.map(|(_, b)| b.line),
                                end_column: at.map(|(_, b)| b.column),
                                content: &e.content,
                            }
                        })
                        .collect(),
                }),
            })
            .collect(),
        not_analyzed: report
            .not_analyzed
            .iter()
            .map(|n| NotAnalyzed {
                path: &n.path,
                reason: &n.reason,
                line: n.position.map(|p| p.line),
                column: n.position.map(|p| p.column),
                internal: n.internal,
                may_hold_findings: n.may_hold_findings,
            })
            .collect(),
        baseline: report.baseline.as_ref().map(|b| Baseline {
            file: &b.file,
            unchanged: b.unchanged,
            absent: b
                .absent
                .iter()
                .map(|e| Absent { path: &e.path, rule: &e.rule, fingerprint: &e.fingerprint, message: &e.message })
                .collect(),
        }),
    };
    let mut out = serde_json::to_vec_pretty(&doc).map_err(|e| e.to_string())?;
    out.push(b'\n');
    Ok(out)
}
