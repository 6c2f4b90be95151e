//! Error codes in what mcpshift says are written with the ASCII hyphen-minus (`-32002`, never
//! `−32002` with U+2212), so that a user can search the code for what a message says.

use std::path::{Path, PathBuf};

use mcpshift::check::{self, Options};

const MINUS: char = '\u{2212}';

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    out.sort();
    out
}

/// Every message, hint and summary template: the rule documents hold them all (messages of
/// `[[match]]` entries, hints, data a rule builds messages from), and the rules' code the rest.
#[test]
fn templates_use_the_ascii_minus() {
    let mut found = Vec::new();
    for file in files(&repo().join("rules"), "toml") {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (i, line) in text.lines().enumerate() {
            if line.contains(MINUS) {
                found.push(format!("{}:{}: {line}", file.display(), i + 1));
            }
        }
    }
    for file in files(&repo().join("src/rules"), "rs") {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        for (i, line) in text.lines().enumerate() {
            // Comments may say what they like; code and its strings may not.
            let code = line.split("//").next().unwrap_or_default();
            if code.contains(MINUS) {
                found.push(format!("{}:{}: {line}", file.display(), i + 1));
            }
        }
    }
    assert!(found.is_empty(), "U+2212 MINUS SIGN in a template, use `-`:\n{}", found.join("\n"));
}

/// And what the rules say on every fixture, as reported.
#[test]
fn findings_on_every_fixture_use_the_ascii_minus() {
    let dir = repo().join("testdata/rules");
    let opts = Options { paths: vec![dir.clone()], root: dir, jobs: 2, ..Options::default() };
    let report = match check::run(&opts) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    assert!(report.findings.len() > 100, "{} findings", report.findings.len());
    let with_minus: Vec<String> = report
        .findings
        .iter()
        .filter(|d| d.message.contains(MINUS) || d.hint.contains(MINUS))
        .map(|d| format!("{}:{} {}: {} / {}", d.path, d.start.line, d.rule, d.message, d.hint))
        .collect();
    assert!(with_minus.is_empty(), "{}", with_minus.join("\n"));
    // The error-code rules did speak: the test looked at messages that name codes.
    assert!(report.findings.iter().any(|d| d.rule == "MCP401" && d.message.contains("-32002")));
}

/// MCP203 on code that already uses the v2 SDK says what to do in v2, not "upgrade the SDK".
#[test]
fn v2_code_is_told_what_to_do_in_v2() {
    let dir = std::env::temp_dir().join(format!("mcpshift-messages-v2-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let file = dir.join("src/app.ts");
    let written = std::fs::create_dir_all(dir.join("src")).and_then(|()| {
        std::fs::write(
            &file,
            "import { Client } from '@modelcontextprotocol/client';\n\
             import { McpServer } from '@modelcontextprotocol/server';\n\
             export const client = new Client({ name: 'c', version: '1' });\n\
             export const pinned = new Client({ name: 'c', version: '1' }, { versionNegotiation: { mode: 'legacy' } });\n\
             export function build() { return new McpServer({ name: 's', version: '1' }); }\n",
        )
    });
    if let Err(e) = written {
        panic!("{}: {e}", file.display());
    }
    let opts = Options {
        paths: vec![dir.clone()],
        root: dir.clone(),
        select: vec!["MCP203".into()],
        jobs: 1,
        ..Options::default()
    };
    let report = check::run(&opts);
    let _ = std::fs::remove_dir_all(&dir);
    let report = match report {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let found: Vec<(u32, &str, &str)> =
        report.findings.iter().map(|d| (d.start.line, d.message.as_str(), d.hint.as_str())).collect();
    assert_eq!(found.len(), 3, "{found:?}");
    for (line, message, hint) in &found {
        assert!(!hint.contains("Upgrade the SDK"), "line {line}: {hint}");
        let what_to_do = match line {
            3 => "pass `versionNegotiation: { mode: 'auto' }` in its options",
            4 => "use `mode: 'auto'`",
            _ => "serve it with `createMcpHandler(factory)` (HTTP) or `serveStdio(factory)` (stdio)",
        };
        assert!(message.ends_with(what_to_do), "line {line}: {message}");
    }
    assert!(found[0].2.contains("versionNegotiation: { mode: 'auto' }"), "{}", found[0].2);
    assert!(found[2].2.contains("createMcpHandler(factory)"), "{}", found[2].2);
}
