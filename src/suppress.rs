//! Inline suppressions: `// mcpshift-ignore: MCP102 -- reason` on the line before a finding or
//! at the end of its line, and `// mcpshift-ignore-file: MCP101 -- reason` for a whole file
//! (put it at the top). Python writes them as `# mcpshift-ignore: MCP102 -- reason`.
//!
//! Suppressions are read from comments of the lowered tree, never from raw text, so a string
//! that happens to contain the marker suppresses nothing. They are applied once per run, after
//! the project rules, so a project-level finding can be suppressed where it is reported.
//!
//! The reason is required: a suppression without one suppresses nothing and is reported as
//! MCP001 `invalid-suppression`, like one that names no rule or an unknown rule. A valid
//! suppression that covers no finding of a rule that ran is reported as MCP002
//! `unused-suppression` (a note), so suppressions do not outlive the code they were for.

use std::collections::{BTreeSet, HashMap};

use crate::diagnostic::Diagnostic;
use crate::engine::{fingerprint, normalized};
use crate::rules::{Registry, RuleDef, RuleMeta};
use crate::source::{Position, SourceFile};
use crate::tree::Tree;

/// The id of the rule reporting malformed suppressions.
pub const INVALID_SUPPRESSION: &str = "MCP001";
/// The id of the rule reporting suppressions that suppress nothing.
pub const UNUSED_SUPPRESSION: &str = "MCP002";

/// One parsed suppression comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suppression {
    /// Rule ids or names it names, as written.
    pub rules: Vec<String>,
    pub reason: Option<String>,
    pub whole_file: bool,
    /// The line it covers: the comment's own line when code precedes it, else the next line
    /// that is not only a comment (so several suppressions can be stacked).
    pub line: u32,
    pub comment_line: u32,
    /// Where the comment is, for findings about the suppression itself.
    pub start: Position,
    pub end: Position,
    pub range: (usize, usize),
    /// Whitespace-folded comment text, the basis of those findings' fingerprints.
    pub snippet: String,
}

/// The suppressions of one file.
#[derive(Clone, Debug, Default)]
pub struct FileSuppressions {
    /// Relative to the scan root, as in findings.
    pub path: String,
    pub items: Vec<Suppression>,
}

/// Parses the suppression in one comment, if any: (whole file, rule names, reason).
pub fn parse(comment: &str) -> Option<(bool, Vec<String>, Option<String>)> {
    // `//`, `/*`, `//!` and `///` comments, and Python's `#`.
    let body = comment.trim_start_matches(['/', '#']).trim_start_matches('*').trim_start_matches('!').trim();
    let body = body.trim_end_matches("*/").trim();
    let (whole_file, rest) = if let Some(r) = body.strip_prefix("mcpshift-ignore-file") {
        (true, r)
    } else if let Some(r) = body.strip_prefix("mcpshift-ignore") {
        (false, r)
    } else {
        return None;
    };
    // `mcpshift-ignore:` with the colon, or a bare `mcpshift-ignore` (which names no rule and
    // is reported); anything else (`mcpshift-ignored`) is ordinary prose.
    let rest = match rest.strip_prefix(':') {
        Some(r) => r,
        None if rest.trim().is_empty() || rest.trim_start().starts_with("--") => rest,
        None => return None,
    };
    let (ids, reason) = match rest.split_once("--") {
        Some((ids, reason)) => (ids, Some(reason.trim().to_string()).filter(|r| !r.is_empty())),
        None => (rest, None),
    };
    let rules = ids.split([',', ' ', '\t']).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect();
    Some((whole_file, rules, reason))
}

/// Every suppression of a file, with the line it covers.
pub fn collect(tree: &Tree, source: &SourceFile) -> Vec<Suppression> {
    let mut out = Vec::new();
    if !tree.comments.iter().any(|c| c.text(source).contains("mcpshift-ignore")) {
        return out;
    }
    // Lines that hold nothing but comments: a suppression above them applies below them.
    let mut comment_only: BTreeSet<u32> = BTreeSet::new();
    for c in &tree.comments {
        let start = source.position(c.start as usize);
        let end = source.position(c.end as usize);
        let before: String =
            source.line_text(start.line).chars().take(start.column.saturating_sub(1) as usize).collect();
        let after: String = source.line_text(end.line).chars().skip(end.column.saturating_sub(1) as usize).collect();
        if before.trim().is_empty() && after.trim().is_empty() {
            comment_only.extend(start.line..=end.line);
        }
    }
    let last_line = u32::try_from(source.line_count()).unwrap_or(u32::MAX);
    for c in &tree.comments {
        let Some((whole_file, rules, reason)) = parse(c.text(source)) else {
            continue;
        };
        let range = (c.start as usize, c.end as usize);
        let start = source.position(range.0);
        let end = source.position(range.1);
        let trailing = !comment_only.contains(&start.line);
        let line = if trailing {
            start.line
        } else {
            let mut line = end.line.saturating_add(1);
            while line <= last_line && comment_only.contains(&line) {
                line += 1;
            }
            line
        };
        out.push(Suppression {
            rules,
            reason,
            whole_file,
            line,
            comment_line: start.line,
            start,
            end,
            range,
            snippet: normalized(c.text(source)),
        });
    }
    out
}

/// What the names of one suppression resolve to.
struct Resolved {
    /// Ids of suppressible rules it names.
    ids: Vec<&'static str>,
    problems: Vec<String>,
}

fn resolve(s: &Suppression, registry: &'static Registry) -> Resolved {
    let mut ids: Vec<&'static str> = Vec::new();
    let mut problems = Vec::new();
    if s.rules.is_empty() {
        problems.push("names no rule: list the ids of the rules it is meant for".to_string());
    }
    for name in &s.rules {
        match registry.get(name) {
            Some(def) if def.meta.builtin => problems.push(format!(
                "names `{}`, which cannot be suppressed inline (turn it off with `ignore` in mcpshift.toml)",
                def.meta.id
            )),
            Some(def) => {
                if !ids.contains(&def.meta.id.as_str()) {
                    ids.push(def.meta.id.as_str());
                }
            }
            None => problems.push(format!("names {}", crate::suggest::unknown_rule(registry, name))),
        }
    }
    if s.reason.is_none() {
        problems.push("has no reason: add `-- why` after the rule ids; until then it suppresses nothing".to_string());
    }
    Resolved { ids, problems }
}

/// Marks the findings that a valid suppression covers, then reports invalid suppressions
/// (MCP001) and unused ones (MCP002) when those rules are enabled.
pub fn apply(
    findings: &mut Vec<Diagnostic>,
    files: &[FileSuppressions],
    registry: &'static Registry,
    enabled: &[&'static RuleDef],
) {
    if files.iter().all(|f| f.items.is_empty()) {
        return;
    }
    let meta_of = |id: &str| enabled.iter().find(|r| r.meta.id == id).map(|r| &r.meta);
    let invalid_meta = meta_of(INVALID_SUPPRESSION);
    let unused_meta = meta_of(UNUSED_SUPPRESSION);
    let mut by_path: HashMap<String, Vec<usize>> = HashMap::new();
    for (i, d) in findings.iter().enumerate() {
        by_path.entry(d.path.clone()).or_default().push(i);
    }
    let mut extra = Vec::new();
    for file in files {
        let indexes = by_path.get(&file.path).cloned().unwrap_or_default();
        let resolved: Vec<Resolved> = file.items.iter().map(|s| resolve(s, registry)).collect();
        // For each suppression, the ids it actually suppressed.
        let mut used: Vec<BTreeSet<&'static str>> = vec![BTreeSet::new(); file.items.len()];
        for &i in &indexes {
            let Some(d) = findings.get_mut(i) else {
                continue;
            };
            // A line suppression is more specific than a file one: its reason wins.
            let mut order: Vec<usize> = (0..file.items.len()).collect();
            order.sort_by_key(|&k| file.items.get(k).is_some_and(|s| s.whole_file));
            for k in order {
                let (Some(s), Some(r)) = (file.items.get(k), resolved.get(k)) else {
                    continue;
                };
                let Some(reason) = &s.reason else { continue };
                let covers = (s.whole_file || s.line == d.start.line) && r.ids.contains(&d.rule);
                if !covers {
                    continue;
                }
                if d.suppression.is_none() {
                    d.suppression = Some(reason.clone());
                }
                if let Some(u) = used.get_mut(k) {
                    u.insert(d.rule);
                }
            }
        }
        for (k, s) in file.items.iter().enumerate() {
            let (Some(r), Some(u)) = (resolved.get(k), used.get(k)) else {
                continue;
            };
            let marker = if s.whole_file { "mcpshift-ignore-file" } else { "mcpshift-ignore" };
            if let Some(meta) = invalid_meta.filter(|_| !r.problems.is_empty()) {
                let message = format!("`{marker}` {}", r.problems.join("; "));
                extra.push(about(meta, &file.path, s, message));
            }
            if s.reason.is_none() {
                continue;
            }
            let Some(meta) = unused_meta else { continue };
            // Only rules that ran can be judged: a suppression for a rule left out of this run
            // (`--select`) is not unused.
            let unused: Vec<&str> = r
                .ids
                .iter()
                .copied()
                .filter(|id| !u.contains(id) && enabled.iter().any(|e| e.meta.id == *id))
                .collect();
            if unused.is_empty() {
                continue;
            }
            let place = if s.whole_file { "in this file".to_string() } else { format!("on line {}", s.line) };
            let message = format!(
                "`{marker}: {}` suppresses nothing: no {} finding {place}",
                unused.join(", "),
                unused.join(" or ")
            );
            extra.push(about(meta, &file.path, s, message));
        }
    }
    findings.extend(extra);
}

/// A finding about a suppression comment.
fn about(meta: &'static RuleMeta, path: &str, s: &Suppression, message: String) -> Diagnostic {
    Diagnostic {
        rule: &meta.id,
        name: &meta.name,
        level: meta.level,
        path: path.to_string(),
        start: s.start,
        end: s.end,
        range: s.range,
        message,
        hint: meta.hint.clone(),
        spec: meta.spec.first().map(|r| r.url.clone()).unwrap_or_default(),
        legacy_handler: false,
        legacy_gated: false,
        in_legacy_handler: false,
        in_test: false,
        sends: false,
        suppression: None,
        baseline: None,
        fingerprint: fingerprint(&meta.id, path, &s.snippet),
        related: Vec::new(),
        fix: None,
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
        assert_eq!(
            parse("/* mcpshift-ignore: MCP301 -- kept for v1 peers */"),
            Some((false, vec!["MCP301".into()], Some("kept for v1 peers".into())))
        );
        assert_eq!(parse("// mcpshift-ignore -- no ids"), Some((false, vec![], Some("no ids".into()))));
        assert_eq!(parse("// mcpshift-ignore: MCP102 --"), Some((false, vec!["MCP102".into()], None)));
        assert_eq!(parse("// just a comment"), None);
        assert_eq!(
            parse("# mcpshift-ignore: MCP102 -- python"),
            Some((false, vec!["MCP102".into()], Some("python".into())))
        );
        assert_eq!(
            parse("#mcpshift-ignore-file: MCP101 -- all"),
            Some((true, vec!["MCP101".into()], Some("all".into())))
        );
        assert_eq!(parse("// mcpshift-ignored by design"), None);
        assert_eq!(parse("// see mcpshift-ignore: MCP102 -- in the docs"), None);
    }
}
