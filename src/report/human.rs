//! `--format human`: each finding with its source snippet, a label on the matched code, the
//! hint and the spec reference, then a summary. Past a screenful of findings the report ends
//! with the `--statistics` table, so the shape of a large report shows at its end.

use codespan_reporting::diagnostic::{Diagnostic as Rendered, Label, Severity};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor::Buffer, Config};

use super::{applicable, fixable_line, plural, statistics, Counts, RenderContext};
use crate::check::Report;
use crate::rules::{Applicability, Level};

/// A screenful: findings that take more lines than this are followed by the statistics table.
pub const SCREENFUL: usize = 50;

pub fn render(report: &Report, cx: &RenderContext<'_>) -> Result<Vec<u8>, String> {
    if cx.quiet {
        return Ok(format!("{}\n", summary_line(report)).into_bytes());
    }
    if cx.statistics {
        let mut out = statistics::table(report);
        out.push_str(&summary(report, cx));
        return Ok(out.into_bytes());
    }
    let mut buffer = if cx.color { Buffer::ansi() } else { Buffer::no_color() };
    let config = Config::default();
    let mut files = SimpleFiles::new();
    let mut current: Option<(String, Option<usize>)> = None;
    for d in report.active() {
        // Files are read again only for the findings in them, one at a time.
        let file_id = match &current {
            Some((path, id)) if *path == d.path => *id,
            _ => {
                let id = read_for_snippet(cx, &d.path).map(|text| files.add(cx.shown(&d.path), text));
                current = Some((d.path.clone(), id));
                id
            }
        };
        let severity = match d.level {
            Level::Error => Severity::Error,
            Level::Warning => Severity::Warning,
            Level::Note => Severity::Note,
        };
        let mut notes = vec![format!("help: {}", d.hint)];
        if let Some(fix) = &d.fix {
            let unsafe_mark = if fix.applicability == Applicability::Unsafe { " (unsafe)" } else { "" };
            notes.push(format!("fix{unsafe_mark}: {}", fix.message));
        }
        if !d.spec.is_empty() {
            notes.push(format!("spec: {}", d.spec));
        }
        // `[*]`: `--fix` (with `--unsafe-fixes` for an unsafe fix) fixes it, as in ruff.
        let message = if applicable(d, cx) { format!("[*] {}", d.message) } else { d.message.clone() };
        let mut rendered = Rendered::new(severity)
            .with_code(format!("{} {}", d.rule, d.name))
            .with_message(message.clone())
            .with_notes(notes);
        match file_id {
            Some(id) if d.range.1 > d.range.0 || d.range.0 > 0 => {
                rendered = rendered.with_labels(vec![Label::primary(id, d.range.0..d.range.1)]);
            }
            _ => {
                rendered = rendered.with_message(format!(
                    "{} ({}:{}:{})",
                    message,
                    cx.shown(&d.path),
                    d.start.line,
                    d.start.column
                ));
            }
        }
        let fallback = rendered.clone();
        if term::emit_to_write_style(&mut buffer, &config, &files, &rendered).is_err() {
            // The file changed since it was analyzed: print the finding without a snippet.
            let plain = fallback.with_labels(Vec::new()).with_message(format!(
                "{} ({}:{}:{})",
                message,
                cx.shown(&d.path),
                d.start.line,
                d.start.column
            ));
            term::emit_to_write_style(&mut buffer, &config, &files, &plain).map_err(|e| e.to_string())?;
        }
    }
    let mut out = buffer.into_inner();
    if out.iter().filter(|b| **b == b'\n').count() > SCREENFUL {
        out.push(b'\n');
        out.extend_from_slice(statistics::table(report).as_bytes());
    }
    out.extend_from_slice(summary(report, cx).as_bytes());
    Ok(out)
}

fn read_for_snippet(cx: &RenderContext<'_>, rel: &str) -> Option<String> {
    let path = cx.options.root.join(rel);
    let bytes = std::fs::read(path).ok()?;
    crate::check::decode(bytes).ok()
}

/// The closing summary: the summary line, what `--fix` would fix, then the files not analyzed
/// that may hold findings.
pub fn summary(report: &Report, cx: &RenderContext<'_>) -> String {
    let mut s = summary_line(report);
    s.push('\n');
    if let Some(line) = fixable_line(report, cx) {
        s.push_str(&line);
        s.push('\n');
    }
    for n in report.not_analyzed.iter().filter(|n| n.may_hold_findings) {
        s.push_str(&format!("  not analyzed: {}: {}\n", cx.shown(&n.path), n.reason));
    }
    s
}

/// The one summary line: findings per level, what was left out, files analyzed and not.
pub fn summary_line(report: &Report) -> String {
    let c = Counts::of(report);
    let mut s = String::new();
    if c.total() == 0 {
        s.push_str("No findings.");
    } else {
        s.push_str(&format!(
            "Found {} ({}, {}, {}).",
            plural(c.total(), "finding"),
            plural(c.errors, "error"),
            plural(c.warnings, "warning"),
            plural(c.notes, "note")
        ));
    }
    if c.suppressed > 0 {
        s.push_str(&format!(" {} suppressed.", c.suppressed));
    }
    if let Some(b) = &report.baseline {
        s.push_str(&format!(" {} in the baseline.", c.baselined));
        if !b.absent.is_empty() {
            s.push_str(&format!(
                " {} of {} no longer found: write it again (`--write-baseline {}`) to drop them.",
                plural(b.absent.len(), "entry"),
                b.file,
                b.file
            ));
        }
    }
    s.push_str(&format!(
        " {} analyzed, {} not analyzed",
        plural(report.files_analyzed, "file"),
        report.not_analyzed.len()
    ));
    let listed_only = report.not_analyzed.iter().filter(|n| !n.may_hold_findings).count();
    if listed_only > 0 {
        s.push_str(&format!(
            " ({listed_only} without any rule's trigger token, which do not fail the run: `--stats` lists {})",
            if listed_only == 1 { "it" } else { "them" }
        ));
    }
    s.push('.');
    s
}
