//! `--format sarif`: SARIF 2.1.0 as GitHub code scanning reads it.
//!
//! One run, one tool. `tool.driver.rules[]` documents every rule that ran (from its
//! `rules/*.toml`), sorted by id, and each result points into it with `ruleIndex`. Locations
//! are relative URIs under `%SRCROOT%`, the project root (see [`crate::root`]), whose absolute
//! URI `originalUriBaseIds` gives; regions are 1-based, in code points. Each result carries
//! GitHub's `primaryLocationLineHash` (computed as the upload action does, so it survives
//! lines inserted above) and our own line-free fingerprint under `mcpshift/v1`.
//!
//! Code scanning ignores `suppressions` and `baselineState`: a suppressed or baselined result
//! would be an open alert. So they are left out, unless `--sarif-keep-suppressed` asks for them
//! (for audit tools that read the marks); then every result carries a `suppressions` array,
//! empty when it is not suppressed (SARIF 3.27.23). Past [`SarifOptions::max_results`] the
//! results of the highest levels are kept and a notification says how many were dropped.
//!
//! A file not analyzed appears once: as an MCP000 result when it may hold findings, otherwise
//! (or with MCP000 turned off) as a `toolExecutionNotification`. `automationDetails` is set only
//! from `--sarif-category`, so that the upload action's `category` input decides otherwise.
//! `security-severity` is set only on rules whose document has a `[security]` table.

use std::collections::HashMap;
use std::path::Path;

use serde_json::{json, Map, Value};

use super::{rule_doc_url, RenderContext};
use crate::check::Report;
use crate::diagnostic::Diagnostic;
use crate::rules::{Level, RuleDef, FILE_NOT_ANALYZED};

pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// GitHub code scanning accepts at most this many characters in a rule's descriptions.
const DESCRIPTION_LIMIT: usize = 1024;
/// Code scanning rejects a run of more than 25,000 results and shows the 5,000 most severe: the
/// default cap keeps what it would show, chosen by mcpshift rather than left to chance.
pub const DEFAULT_MAX_RESULTS: usize = 5_000;
/// The most `--sarif-max-results` may ask for: what code scanning accepts.
pub const MAX_RESULTS_ACCEPTED: usize = 25_000;

/// The SARIF options of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SarifOptions {
    /// `automationDetails.id` is `<category>/` (`--sarif-category`, `sarif-category`); none by
    /// default.
    pub category: Option<String>,
    /// Keep suppressed and baselined findings, marked (`--sarif-keep-suppressed`).
    pub keep_suppressed: bool,
    /// At most this many results (`--sarif-max-results`).
    pub max_results: usize,
}

impl Default for SarifOptions {
    fn default() -> Self {
        SarifOptions { category: None, keep_suppressed: false, max_results: DEFAULT_MAX_RESULTS }
    }
}

pub fn render(report: &Report, cx: &RenderContext<'_>) -> Result<Vec<u8>, String> {
    let opts = cx.sarif;
    let rules = rules_of(report, cx);
    let index: HashMap<&str, usize> = rules.iter().enumerate().map(|(i, r)| (r.meta.id.as_str(), i)).collect();
    let mut hashes = LineHashes::new(cx);
    let shown: Vec<&Diagnostic> = report.findings.iter().filter(|d| opts.keep_suppressed || d.is_active()).collect();
    let (kept, dropped) = cap(&shown, opts.max_results);
    let any_suppressed = kept.iter().any(|d| d.suppression.is_some());
    let mut texts = super::FixTexts::default();
    let results: Vec<Value> = kept
        .iter()
        .map(|d| {
            let mut v = result(d, &index, &mut hashes, report.baseline.is_some(), any_suppressed);
            if let Some(fix) = d.fix.as_ref().and_then(|f| fix_of(d, f, cx, &mut texts)) {
                v["fixes"] = json!([fix]);
            }
            v
        })
        .collect();
    // Files whose MCP000 result is in the report (suppressed or not) appear there only.
    let as_results: Vec<&str> =
        report.findings.iter().filter(|d| d.rule == FILE_NOT_ANALYZED).map(|d| d.path.as_str()).collect();
    let mut notifications: Vec<Value> = report
        .not_analyzed
        .iter()
        .filter(|n| n.internal || !as_results.contains(&n.path.as_str()))
        .map(|n| {
            let level = if n.internal {
                "error"
            } else if n.may_hold_findings {
                "warning"
            } else {
                "note"
            };
            let mut text = format!("{}: file not analyzed: {}", n.path, n.reason);
            if !n.internal && !n.may_hold_findings {
                text.push_str(" (it holds no trigger token of any enabled rule)");
            }
            let mut v = json!({ "level": level, "message": { "text": text } });
            if n.path != "." {
                let mut physical = json!({ "artifactLocation": artifact(&n.path) });
                if let Some(p) = n.position {
                    physical["region"] = json!({ "startLine": p.line, "startColumn": p.column });
                }
                v["locations"] = json!([{ "physicalLocation": physical }]);
            }
            v
        })
        .collect();
    if dropped > 0 {
        notifications.push(json!({
            "level": "warning",
            "message": { "text": format!(
                "{dropped} of {} results left out: a run keeps at most {} (code scanning shows the 5,000 most severe \
                 and rejects more than 25,000); the highest levels were kept. `--format json` lists every finding.",
                shown.len(),
                opts.max_results,
            ) },
        }));
    }
    let mut run = json!({
        "tool": { "driver": {
            "name": "mcpshift",
            "version": env!("CARGO_PKG_VERSION"),
            "semanticVersion": env!("CARGO_PKG_VERSION"),
            "informationUri": env!("CARGO_PKG_REPOSITORY"),
            "rules": rules.iter().map(|r| descriptor(r)).collect::<Vec<_>>(),
        }},
        "invocations": [{
            "executionSuccessful": !report.incomplete(),
            "toolExecutionNotifications": notifications,
        }],
    });
    if let Some(category) = &opts.category {
        let id = if category.ends_with('/') { category.clone() } else { format!("{category}/") };
        run["automationDetails"] = json!({ "id": id });
    }
    run["originalUriBaseIds"] = json!({
        "%SRCROOT%": {
            "uri": directory_uri(&cx.options.root),
            "description": { "text": "The project root: the folder of mcpshift.toml, else the top of the git work tree, else the directory mcpshift ran in." },
        },
    });
    run["columnKind"] = json!("unicodeCodePoints");
    run["results"] = Value::Array(results);
    let doc = json!({ "$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run] });
    let mut out = serde_json::to_vec_pretty(&doc).map_err(|e| e.to_string())?;
    out.push(b'\n');
    Ok(out)
}

/// The rules that ran, plus any rule a finding names, sorted by id.
fn rules_of(report: &Report, cx: &RenderContext<'_>) -> Vec<&'static RuleDef> {
    let registry = cx.registry;
    let mut rules: Vec<&'static RuleDef> = registry
        .rules
        .iter()
        .filter(|r| report.rules_run.contains(&r.meta.id) || report.findings.iter().any(|d| d.rule == r.meta.id))
        .collect();
    rules.sort_by(|a, b| a.meta.id.cmp(&b.meta.id));
    rules
}

/// The results kept under the cap, in report order, and how many were dropped: the highest
/// levels first, then the report's order (path, line, column).
fn cap<'a>(shown: &[&'a Diagnostic], max: usize) -> (Vec<&'a Diagnostic>, usize) {
    if shown.len() <= max {
        return (shown.to_vec(), 0);
    }
    let mut order: Vec<usize> = (0..shown.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(shown[i].level));
    let mut keep: Vec<usize> = order.into_iter().take(max).collect();
    keep.sort_unstable();
    (keep.into_iter().map(|i| shown[i]).collect(), shown.len() - max)
}

/// A directory as an absolute `file:` URI ending in `/`, as `originalUriBaseIds` requires.
fn directory_uri(dir: &Path) -> String {
    let mut path = dir.to_string_lossy().replace('\\', "/");
    if !path.starts_with('/') {
        // A Windows drive path: `file:///C:/…`.
        path.insert(0, '/');
    }
    if !path.ends_with('/') {
        path.push('/');
    }
    format!("file://{}", encode_path(&path))
}

fn descriptor(def: &RuleDef) -> Value {
    let m = &def.meta;
    let mut tags = m.all_tags();
    tags.truncate(20);
    let mut properties = json!({
        "tags": tags,
        "precision": m.precision.as_str(),
        "problem.severity": match m.level {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "recommendation",
        },
    });
    if let Some(sec) = &m.security {
        properties["security-severity"] = json!(sec.severity);
    }
    json!({
        "id": m.id,
        "name": m.name,
        "shortDescription": { "text": limit(&m.summary) },
        "fullDescription": { "text": limit(&format!("{} {}", sentence(&m.summary), first_paragraph(&m.why))) },
        "defaultConfiguration": { "level": m.level.as_str() },
        "help": { "text": help_text(def), "markdown": help_markdown(def) },
        "helpUri": rule_doc_url(def),
        "properties": properties,
    })
}

fn result(
    d: &Diagnostic,
    index: &HashMap<&str, usize>,
    hashes: &mut LineHashes<'_>,
    with_baseline: bool,
    any_suppressed: bool,
) -> Value {
    let mut region = Map::new();
    region.insert("startLine".into(), json!(d.start.line.max(1)));
    region.insert("startColumn".into(), json!(d.start.column.max(1)));
    region.insert("endLine".into(), json!(d.end.line.max(d.start.line).max(1)));
    let end_column = if d.end.line > d.start.line { d.end.column } else { d.end.column.max(d.start.column) };
    region.insert("endColumn".into(), json!(end_column.max(1)));
    let mut v = json!({
        "ruleId": d.rule,
        "ruleIndex": index.get(d.rule).copied().unwrap_or(0),
        "level": d.level.as_str(),
        "message": { "text": sentence(&d.message) },
        "locations": [{ "physicalLocation": { "artifactLocation": artifact(&d.path), "region": region } }],
    });
    let mut partial = Map::new();
    if let Some(hash) = hashes.get(&d.path, d.start.line.max(1)) {
        partial.insert("primaryLocationLineHash".into(), json!(hash));
    }
    if !partial.is_empty() {
        v["partialFingerprints"] = Value::Object(partial);
    }
    v["fingerprints"] = json!({ "mcpshift/v1": d.fingerprint });
    if !d.related.is_empty() {
        let related: Vec<Value> = d
            .related
            .iter()
            .enumerate()
            .map(|(i, r)| {
                json!({
                    "id": i,
                    "physicalLocation": {
                        "artifactLocation": artifact(&r.path),
                        "region": { "startLine": r.start.line.max(1), "startColumn": r.start.column.max(1) },
                    },
                    "message": { "text": sentence(&r.message) },
                })
            })
            .collect();
        v["relatedLocations"] = Value::Array(related);
    }
    if let Some(reason) = &d.suppression {
        v["suppressions"] = json!([{ "kind": "inSource", "status": "accepted", "justification": reason }]);
    } else if any_suppressed {
        // Where one result has `suppressions`, every result must (SARIF 3.27.23): empty means
        // "not suppressed", absent means "unknown".
        v["suppressions"] = json!([]);
    }
    if with_baseline {
        if let Some(state) = d.baseline {
            v["baselineState"] = json!(state.as_str());
        }
    }
    v
}

/// A finding's fix as a SARIF `fix`: one `artifactChange` of the finding's file, each edit a
/// `replacement` of a region (line and column, as the results' regions) by the inserted text.
/// Left out when the file cannot be read to place the edits.
fn fix_of(d: &Diagnostic, fix: &crate::fix::Fix, cx: &RenderContext<'_>, texts: &mut super::FixTexts) -> Option<Value> {
    let mut replacements = Vec::new();
    for e in &fix.edits {
        let (start, end) = texts.positions(cx, &d.path, e.range)?;
        replacements.push(json!({
            "deletedRegion": {
                "startLine": start.line,
                "startColumn": start.column,
                "endLine": end.line,
                "endColumn": end.column,
            },
            "insertedContent": { "text": e.content },
        }));
    }
    Some(json!({
        "description": { "text": sentence(&fix.message) },
        "artifactChanges": [{ "artifactLocation": artifact(&d.path), "replacements": replacements }],
        "properties": { "applicability": fix.applicability.as_str() },
    }))
}

/// A repository-relative artifact location, or an absolute `file://` URI for a file outside
/// the directory mcpshift ran in.
fn artifact(path: &str) -> Value {
    if path.starts_with('/') {
        return json!({ "uri": format!("file://{}", encode_path(path)) });
    }
    let mut uri = encode_path(path);
    // A first segment with a colon would read as a URI scheme.
    if uri.split('/').next().is_some_and(|s| s.contains(':')) {
        uri.insert_str(0, "./");
    }
    json!({ "uri": uri, "uriBaseId": "%SRCROOT%" })
}

/// Percent-encodes a path for a URI: everything but unreserved characters, sub-delimiters,
/// `:`, `@` and `/`.
pub fn encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        let keep = b.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&b);
        if keep {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A message as a sentence: capitalized, with a closing period.
fn sentence(message: &str) -> String {
    let mut s = String::with_capacity(message.len() + 1);
    let mut chars = message.trim().chars();
    if let Some(first) = chars.next() {
        s.extend(first.to_uppercase());
        s.push_str(chars.as_str());
    }
    if !s.ends_with(['.', '!', '?']) {
        s.push('.');
    }
    s
}

fn first_paragraph(markdown: &str) -> String {
    let para = markdown.trim().split("\n\n").next().unwrap_or_default();
    para.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn limit(text: &str) -> String {
    if text.chars().count() <= DESCRIPTION_LIMIT {
        return text.to_string();
    }
    let mut s: String = text.chars().take(DESCRIPTION_LIMIT - 1).collect();
    s.push('…');
    s
}

/// The rule's documentation as plain text (shown where Markdown is not rendered).
fn help_text(def: &RuleDef) -> String {
    let m = &def.meta;
    let mut s = format!("{}\n\n{}\n\n{}", m.hint.trim(), m.what.trim(), m.why.trim());
    if !m.migration.trim().is_empty() {
        s.push_str(&format!("\n\n{}", m.migration.trim()));
    }
    s.push_str(&format!("\n\nDocumentation: {}\n", rule_doc_url(def)));
    s
}

/// The rule's documentation as `mcpshift explain` prints it.
fn help_markdown(def: &RuleDef) -> String {
    let mut s = crate::docs::explain_text(def);
    s.push_str(&format!("\n[Rule documentation]({})\n", rule_doc_url(def)));
    s
}

/// GitHub's `primaryLocationLineHash` of each line of the files with findings, computed once
/// per file.
struct LineHashes<'a> {
    cx: &'a RenderContext<'a>,
    files: HashMap<String, Option<Vec<String>>>,
}

impl<'a> LineHashes<'a> {
    fn new(cx: &'a RenderContext<'a>) -> Self {
        LineHashes { cx, files: HashMap::new() }
    }

    fn get(&mut self, path: &str, line: u32) -> Option<String> {
        let root = &self.cx.options.root;
        let hashes = self.files.entry(path.to_string()).or_insert_with(|| {
            let bytes = std::fs::read(root.join(path)).ok()?;
            Some(line_hashes(&String::from_utf8_lossy(&bytes)))
        });
        hashes.as_ref()?.get((line as usize).checked_sub(1)?).cloned()
    }
}

/// The rolling hash GitHub's upload action computes for every line (`fingerprints.ts` of
/// codeql-action): over the next 100 characters (UTF-16 code units) from the start of the line,
/// skipping spaces and tabs, with line endings folded to `\n`; in hex, with `:N` counting
/// identical hashes earlier in the file. Index 0 is line 1.
pub fn line_hashes(text: &str) -> Vec<String> {
    const BLOCK: usize = 100;
    const MOD: u64 = 37;
    const EOF: u64 = 65535;
    let first_mod = (0..BLOCK).fold(1u64, |acc, _| acc.wrapping_mul(MOD));
    let mut window = [0u64; BLOCK];
    let mut line_numbers = [0usize; BLOCK]; // 0: no line starts here
    let mut hash: u64 = 0;
    let mut index = 0usize;
    let mut line_number = 0usize;
    let mut line_start = true;
    let mut prev_cr = false;
    let mut counts: HashMap<u64, usize> = HashMap::new();
    let mut out: Vec<String> = Vec::new();

    let mut output = |hash: u64, line: usize, out: &mut Vec<String>| {
        let n = counts.entry(hash).or_insert(0);
        *n += 1;
        if out.len() < line {
            out.resize(line, String::new());
        }
        if let Some(slot) = out.get_mut(line - 1) {
            *slot = format!("{hash:x}:{n}");
        }
    };
    let update = |current: u64, hash: &mut u64, index: &mut usize, window: &mut [u64; BLOCK]| {
        let begin = window[*index];
        window[*index] = current;
        *hash = MOD.wrapping_mul(*hash).wrapping_add(current).wrapping_sub(first_mod.wrapping_mul(begin));
        *index = (*index + 1) % BLOCK;
    };

    let units = text.encode_utf16().map(u64::from).chain(std::iter::once(EOF));
    for mut current in units {
        if current == u64::from(b' ') || current == u64::from(b'\t') || (prev_cr && current == u64::from(b'\n')) {
            prev_cr = false;
            continue;
        }
        if current == u64::from(b'\r') {
            current = u64::from(b'\n');
            prev_cr = true;
        } else {
            prev_cr = false;
        }
        if line_numbers[index] != 0 {
            output(hash, line_numbers[index], &mut out);
            line_numbers[index] = 0;
        }
        if line_start {
            line_start = false;
            line_number += 1;
            line_numbers[index] = line_number;
        }
        if current == u64::from(b'\n') {
            line_start = true;
        }
        update(current, &mut hash, &mut index, &mut window);
    }
    for _ in 0..BLOCK {
        if line_numbers[index] != 0 {
            output(hash, line_numbers[index], &mut out);
            line_numbers[index] = 0;
        }
        update(0, &mut hash, &mut index, &mut window);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_hashes_ignore_lines_inserted_above_and_count_duplicates() {
        let a = line_hashes("const a = 1;\nconst h = req.headers['mcp-session-id'];\n");
        let b = line_hashes("// new\n\nconst a = 1;\nconst h = req.headers['mcp-session-id'];\n");
        assert_eq!(a.len(), 3);
        assert_eq!(a[1], b[3]);
        assert_eq!(a[0], b[2]);
        // Identical trailing windows: the second gets `:2`.
        let c = line_hashes("x\nx\n");
        assert!(c[0].ends_with(":1") && c[1].ends_with(":1"), "{c:?}");
        let d = line_hashes("same\nsame");
        assert_ne!(d[0], d[1]);
        // CRLF and LF give the same hashes; indentation does not matter.
        assert_eq!(line_hashes("a\r\n  b\r\n"), line_hashes("a\nb\n"));
    }

    #[test]
    fn line_hash_matches_the_upload_action() {
        // Reference values computed with the upload action's algorithm: UTF-16 code units
        // (the emoji is two), CRLF folded, a tab skipped, an empty line and the line after
        // the last line break.
        let h = line_hashes("h\u{e9}llo \u{1f600} w\u{f6}rld\r\n\tconst a = 1;\r\n\r\nconst a = 1;\n");
        assert_eq!(
            h,
            [
                "9f1be06c4ed16b49:1",
                "1d4bdc2224b51e73:1",
                "23806fa9bf1f2694:1",
                "296ffd82a06000fa:1",
                "c129715d7a2bc9a3:1"
            ]
        );
    }

    #[test]
    fn paths_become_uris() {
        assert_eq!(encode_path("src/a b#1%.ts"), "src/a%20b%231%25.ts");
        assert_eq!(encode_path("src/é.ts"), "src/%C3%A9.ts");
        assert_eq!(artifact("c:d/x.ts")["uri"], "./c:d/x.ts");
        assert_eq!(artifact("/abs/x.ts"), json!({ "uri": "file:///abs/x.ts" }));
    }
}
