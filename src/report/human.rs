//! `--format human`: each finding with its source snippet, a label on the matched code, the
//! hint and the spec reference, then a summary.

use codespan_reporting::diagnostic::{Diagnostic as Rendered, Label, Severity};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, termcolor::Buffer, Config};

use super::{plural, Counts, RenderContext};
use crate::check::Report;
use crate::rules::Level;

pub fn render(report: &Report, cx: &RenderContext<'_>) -> Result<Vec<u8>, String> {
    let mut buffer = if cx.color { Buffer::ansi() } else { Buffer::no_color() };
    let config = Config::default();
    let mut files = SimpleFiles::new();
    let mut current: Option<(String, Option<usize>)> = None;
    for d in report.active() {
        // Files are read again only for the findings in them, one at a time.
        let file_id = match &current {
            Some((path, id)) if *path == d.path => *id,
            _ => {
                let id = read_for_snippet(cx, &d.path).map(|text| files.add(d.path.clone(), text));
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
        if !d.spec.is_empty() {
            notes.push(format!("spec: {}", d.spec));
        }
        let mut rendered = Rendered::new(severity)
            .with_code(format!("{} {}", d.rule, d.name))
            .with_message(d.message.clone())
            .with_notes(notes);
        match file_id {
            Some(id) if d.range.1 > d.range.0 || d.range.0 > 0 => {
                rendered = rendered.with_labels(vec![Label::primary(id, d.range.0..d.range.1)]);
            }
            _ => {
                rendered =
                    rendered.with_message(format!("{} ({}:{}:{})", d.message, d.path, d.start.line, d.start.column));
            }
        }
        let fallback = rendered.clone();
        if term::emit_to_write_style(&mut buffer, &config, &files, &rendered).is_err() {
            // The file changed since it was analyzed: print the finding without a snippet.
            let plain = fallback
                .with_labels(Vec::new())
                .with_message(format!("{} ({}:{}:{})", d.message, d.path, d.start.line, d.start.column));
            term::emit_to_write_style(&mut buffer, &config, &files, &plain).map_err(|e| e.to_string())?;
        }
    }
    let mut out = buffer.into_inner();
    out.extend_from_slice(summary(report).as_bytes());
    Ok(out)
}

fn read_for_snippet(cx: &RenderContext<'_>, rel: &str) -> Option<String> {
    let path = cx.options.root.join(rel);
    let bytes = std::fs::read(path).ok()?;
    crate::check::decode(bytes).ok()
}

/// The closing summary line(s).
pub fn summary(report: &Report) -> String {
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
        " {} analyzed, {} not analyzed.\n",
        plural(report.files_analyzed, "file"),
        report.not_analyzed.len()
    ));
    for n in &report.not_analyzed {
        s.push_str(&format!("  not analyzed: {}: {}\n", n.path, n.reason));
    }
    s
}
