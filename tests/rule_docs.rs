//! The rule documents are part of the product: their examples are analyzed, the README's rule
//! table is generated from them, and `rules/` holds exactly the catalogue's ids.

use std::path::{Path, PathBuf};

use mcpshift::check::{self, Options};
use mcpshift::rules::{registry, RuleDef};

/// The rule catalogue (`shared/spec/rule-catalog.md`): id and name of every rule, plus the
/// analyzer's own MCP0xx diagnostics.
const CATALOGUE: &[(&str, &str)] = &[
    ("MCP000", "file-not-analyzed"),
    ("MCP001", "invalid-suppression"),
    ("MCP002", "unused-suppression"),
    ("MCP101", "session-state"),
    ("MCP102", "session-id-header"),
    ("MCP103", "stream-resumability"),
    ("MCP104", "legacy-http-endpoint"),
    ("MCP201", "initialize-handshake"),
    ("MCP202", "missing-server-discover"),
    ("MCP203", "legacy-sdk"),
    ("MCP204", "legacy-protocol-version"),
    ("MCP205", "era-fallback"),
    ("MCP301", "removed-ping"),
    ("MCP302", "logging-set-level"),
    ("MCP303", "resource-subscribe"),
    ("MCP304", "roots-list-changed"),
    ("MCP305", "server-initiated-request"),
    ("MCP306", "legacy-tasks"),
    ("MCP307", "elicitation-complete"),
    ("MCP401", "resource-not-found-code"),
    ("MCP402", "reserved-error-code"),
    ("MCP403", "missing-result-type"),
    ("MCP404", "missing-cache-hints"),
    ("MCP405", "empty-cursor-end"),
    ("MCP501", "capability-truthiness"),
    ("MCP601", "non-idempotent-tool"),
    ("MCP602", "request-state-integrity"),
    ("MCP603", "per-connection-tool-list"),
];

fn rules() -> &'static [RuleDef] {
    match registry() {
        Ok(r) => &r.rules,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn rules_directory_holds_exactly_the_catalogue() {
    let mut ids: Vec<(String, String)> = rules().iter().map(|r| (r.meta.id.clone(), r.meta.name.clone())).collect();
    ids.sort();
    let expected: Vec<(String, String)> = CATALOGUE.iter().map(|(i, n)| (i.to_string(), n.to_string())).collect();
    assert_eq!(ids, expected);
}

/// Where an example snippet is written: its language decides the file name.
fn snippet_file(dir: &Path, lang: &str, text: &str) -> PathBuf {
    let trimmed = text.trim_start();
    let name = if lang == "typescript" && trimmed.starts_with('{') {
        "package.json"
    } else if lang == "rust" && (trimmed.starts_with('[') || trimmed.starts_with('#')) && text.contains("dependencies")
    {
        "Cargo.toml"
    } else if lang == "rust" {
        "example.rs"
    } else if lang == "python" && trimmed.starts_with('[') {
        "pyproject.toml"
    } else if lang == "python" {
        "example.py"
    } else {
        "example.ts"
    };
    dir.join(name)
}

fn analyze_snippet(id: &str, lang: &str, side: &str, text: &str) -> Vec<(String, String)> {
    let dir = std::env::temp_dir().join(format!("mcpshift-docs-{}-{id}-{lang}-{side}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    let file = snippet_file(&dir, lang, text);
    if let Err(e) = std::fs::write(&file, text) {
        panic!("{e}");
    }
    let opts = Options { paths: vec![dir.clone()], root: dir.clone(), jobs: 1, ..Options::default() };
    let report = match check::run(&opts) {
        Ok(r) => r,
        Err(e) => panic!("{id} {lang} {side}: {e}"),
    };
    let _ = std::fs::remove_dir_all(&dir);
    report.active().map(|d| (d.rule.to_string(), d.message.clone())).collect()
}

#[test]
fn documentation_examples_are_checked() {
    let mut problems = Vec::new();
    for def in rules() {
        let m = &def.meta;
        for (lang, ex) in
            [("typescript", &m.examples.typescript), ("rust", &m.examples.rust), ("python", &m.examples.python)]
        {
            let Some(ex) = ex else { continue };
            let before = analyze_snippet(&m.id, lang, "before", &ex.before);
            if !before.iter().any(|(r, _)| *r == m.id) {
                problems.push(format!("{} {lang}: `before` does not trigger the rule; findings: {before:?}", m.id));
            }
            let after = analyze_snippet(&m.id, lang, "after", &ex.after);
            if !after.is_empty() {
                problems.push(format!("{} {lang}: `after` is not clean: {after:?}", m.id));
            }
        }
        if !def.meta.builtin && (m.examples.typescript.is_none() || m.examples.rust.is_none()) {
            problems.push(format!("{}: needs a TypeScript and a Rust example", m.id));
        }
        // A rule that says it reads Python shows it.
        if !def.meta.builtin && m.languages.iter().any(|l| l == "python") && m.examples.python.is_none() {
            problems.push(format!("{}: lists Python but has no Python example", m.id));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The rule table of the README, as generated from the rule documents.
fn rule_table() -> String {
    let mut s = String::from("| id | name | level | languages | what it finds |\n|---|---|---|---|---|\n");
    for r in rules() {
        let languages: Vec<&str> = r
            .meta
            .languages
            .iter()
            .map(|l| match l.as_str() {
                "typescript" => "TS/JS",
                "rust" => "Rust",
                "python" => "Python",
                "manifest" => "manifests",
                other => other,
            })
            .collect();
        s.push_str(&format!(
            "| {} | `{}` | {} | {} | {} |\n",
            r.meta.id,
            r.meta.name,
            r.meta.level.as_str(),
            languages.join(", "),
            r.meta.summary
        ));
    }
    s
}

/// `UPDATE_README=1 cargo test --test suite rule_docs` rewrites the table.
#[test]
fn readme_rule_table_is_in_sync() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let readme = std::fs::read_to_string(&path).unwrap_or_default();
    let begin = "<!-- rules:begin -->\n";
    let end = "<!-- rules:end -->";
    if std::env::var_os("UPDATE_README").is_some() {
        if let Some((head, rest)) = readme.split_once(begin) {
            if let Some((_, tail)) = rest.split_once(end) {
                let updated = format!("{head}{begin}{}{end}{tail}", rule_table());
                if let Err(e) = std::fs::write(&path, updated) {
                    panic!("{e}");
                }
                return;
            }
        }
    }
    let table = readme
        .split_once(begin)
        .and_then(|(_, rest)| rest.split_once(end))
        .map(|(t, _)| t.to_string())
        .unwrap_or_default();
    let expected = rule_table();
    assert_eq!(table, expected, "README rule table is out of date; replace it with:\n{expected}");
}
