//! `--format github`: GitHub Actions workflow commands, one annotation per finding:
//! `::error file=…,line=…,col=…,endLine=…,endColumn=…,title=MCP102 session-id-header::message`.
//!
//! GitHub shows at most 10 error and 10 warning annotations per step (50 per job), so this
//! is a convenience next to SARIF and the human log, not a replacement for them.

use super::RenderContext;
use crate::check::Report;
use crate::rules::Level;

pub fn render(report: &Report, _cx: &RenderContext<'_>) -> Result<Vec<u8>, String> {
    let mut out = String::new();
    for d in report.active() {
        let command = match d.level {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "notice",
        };
        let (end_line, end_column) = if d.end.line > d.start.line || d.end.column > d.start.column {
            (d.end.line, d.end.column)
        } else {
            (d.start.line, d.start.column)
        };
        out.push_str(&format!(
            "::{command} file={},line={},col={},endLine={},endColumn={},title={}::{}\n",
            property(&d.path),
            d.start.line.max(1),
            d.start.column.max(1),
            end_line.max(1),
            end_column.max(1),
            property(&format!("{} {}", d.rule, d.name)),
            data(&format!("{}\nhelp: {}", d.message, d.hint)),
        ));
    }
    Ok(out.into_bytes())
}

/// Escapes a workflow command's message.
pub fn data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// Escapes a workflow command's property value.
pub fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_commands() {
        assert_eq!(data("50% done\nnext"), "50%25 done%0Anext");
        assert_eq!(property("a:b,c"), "a%3Ab%2Cc");
    }
}
