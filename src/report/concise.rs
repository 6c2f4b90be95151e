//! `--format concise`: one line per finding, `path:line:column: MCPxxx message`, which editors
//! and `grep` read, then the summary line. Paths are shown from the current directory.

use super::{human, statistics, RenderContext};
use crate::check::Report;

pub fn render(report: &Report, cx: &RenderContext<'_>) -> Result<Vec<u8>, String> {
    let mut out = String::new();
    if cx.statistics {
        out.push_str(&statistics::table(report));
    } else if !cx.quiet {
        for d in report.active() {
            out.push_str(&format!(
                "{}:{}:{}: {}{} {}\n",
                cx.shown(&d.path),
                d.start.line.max(1),
                d.start.column.max(1),
                d.rule,
                if super::applicable(d, cx) { " [*]" } else { "" },
                d.message
            ));
        }
    }
    out.push_str(&human::summary_line(report));
    out.push('\n');
    if !cx.quiet {
        if let Some(line) = super::fixable_line(report, cx) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    Ok(out.into_bytes())
}
