//! Inline suppressions: `// mcpshift-ignore: MCP102 -- reason` on the line before a finding or
//! at the end of its line, and `// mcpshift-ignore-file: MCP101 -- reason` anywhere in a file.
//!
//! Suppressions are read from comments of the lowered tree, never from raw text, so a string
//! that happens to contain the marker suppresses nothing.

use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;
use crate::tree::Tree;

/// One parsed suppression comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suppression {
    /// Rule ids or names it names (upper-cased ids kept as written).
    pub rules: Vec<String>,
    pub reason: Option<String>,
    pub whole_file: bool,
    /// The line it covers (the comment's own line when code precedes it, else the next line).
    pub line: u32,
    pub comment_line: u32,
}

/// Parses the suppression in one comment, if any.
pub fn parse(comment: &str) -> Option<(bool, Vec<String>, Option<String>)> {
    let body = comment.trim_start_matches('/').trim_start_matches('*').trim();
    let body = body.trim_end_matches("*/").trim();
    let (whole_file, rest) = if let Some(r) = body.strip_prefix("mcpshift-ignore-file:") {
        (true, r)
    } else if let Some(r) = body.strip_prefix("mcpshift-ignore:") {
        (false, r)
    } else {
        return None;
    };
    let (ids, reason) = match rest.split_once("--") {
        Some((ids, reason)) => (ids, Some(reason.trim().to_string()).filter(|r| !r.is_empty())),
        None => (rest, None),
    };
    let rules = ids.split([',', ' ']).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect();
    Some((whole_file, rules, reason))
}

/// Every suppression of a file, with the line it covers.
pub fn collect(tree: &Tree, source: &SourceFile) -> Vec<Suppression> {
    let mut out = Vec::new();
    for c in &tree.comments {
        let Some((whole_file, rules, reason)) = parse(&c.text) else { continue };
        let pos = source.position(c.start as usize);
        let before = source.line_text(pos.line);
        let prefix: String = before.chars().take(pos.column.saturating_sub(1) as usize).collect();
        let trailing = !prefix.trim().is_empty();
        let line = if trailing { pos.line } else { source.position(c.end as usize).line + 1 };
        out.push(Suppression { rules, reason, whole_file, line, comment_line: pos.line });
    }
    out
}

/// Marks the findings that a suppression with a reason covers.
pub fn apply(diagnostics: &mut [Diagnostic], tree: &Tree, source: &SourceFile, _path: &str) {
    if tree.comments.is_empty() || diagnostics.is_empty() {
        return;
    }
    let suppressions = collect(tree, source);
    for d in diagnostics.iter_mut() {
        let covering = suppressions.iter().find(|s| {
            s.reason.is_some()
                && (s.whole_file || s.line == d.start.line)
                && s.rules.iter().any(|r| r.eq_ignore_ascii_case(d.rule) || r == d.name)
        });
        if let Some(s) = covering {
            d.suppression = s.reason.clone();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_ids_and_reason() {
        assert_eq!(
            parse("// mcpshift-ignore: MCP102, MCP103 -- legacy peers"),
            Some((false, vec!["MCP102".into(), "MCP103".into()], Some("legacy peers".into())))
        );
        assert_eq!(parse("// mcpshift-ignore-file: MCP101"), Some((true, vec!["MCP101".into()], None)));
        assert_eq!(parse("// just a comment"), None);
    }
}
