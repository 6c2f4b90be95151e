//! End-to-end tests of the binary: exit codes, formats, determinism, files not analyzed.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn mcpshift(args: &[&str], cwd: &Path) -> Output {
    match Command::new(env!("CARGO_BIN_EXE_mcpshift")).args(args).current_dir(cwd).output() {
        Ok(o) => o,
        Err(e) => panic!("cannot run mcpshift: {e}"),
    }
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A fresh directory under the target directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("mcpshift-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        if let Err(e) = std::fs::create_dir_all(&dir) {
            panic!("{e}");
        }
        TempDir(dir)
    }

    fn write(&self, rel: &str, bytes: &[u8]) {
        let path = self.0.join(rel);
        if let Some(parent) = path.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        if let Err(e) = std::fs::write(&path, bytes) {
            panic!("{e}");
        }
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn json(out: &Output) -> serde_json::Value {
    match serde_json::from_slice(&out.stdout) {
        Ok(v) => v,
        Err(e) => panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)),
    }
}

const LEGACY_TS: &str =
    "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';\n\
app.post('/mcp', (req, res) => {\n  const sid = req.headers['mcp-session-id'];\n  res.json({ sid });\n});\n";

#[test]
fn exit_codes() {
    let dir = TempDir::new("exit");
    dir.write("clean.ts", b"export const answer = 42;\n");
    let clean = mcpshift(&["check", "clean.ts"], &dir.0);
    assert_eq!(clean.status.code(), Some(0), "{}", String::from_utf8_lossy(&clean.stdout));

    dir.write("legacy.ts", LEGACY_TS.as_bytes());
    let legacy = mcpshift(&["check", "."], &dir.0);
    assert_eq!(legacy.status.code(), Some(1));
    let never = mcpshift(&["check", ".", "--fail-on", "never"], &dir.0);
    assert_eq!(never.status.code(), Some(0));

    let unknown_rule = mcpshift(&["check", ".", "--select", "MCP999"], &dir.0);
    assert_eq!(unknown_rule.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown_rule.stderr).contains("unknown rule `MCP999`"));

    let bad_flag = mcpshift(&["check", "--no-such-flag"], &dir.0);
    assert_eq!(bad_flag.status.code(), Some(2));

    let missing_path = mcpshift(&["check", "does/not/exist"], &dir.0);
    assert_eq!(missing_path.status.code(), Some(2));
}

#[test]
fn fail_on_threshold_follows_levels() {
    let dir = TempDir::new("failon");
    // A `resumptionToken` option is a warning (MCP103), nothing else.
    dir.write(
        "client.ts",
        b"import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nconst opts = { resumptionToken: t };\n",
    );
    assert_eq!(mcpshift(&["check", "."], &dir.0).status.code(), Some(1));
    assert_eq!(mcpshift(&["check", ".", "--fail-on", "error"], &dir.0).status.code(), Some(0));
    assert_eq!(mcpshift(&["check", ".", "--fail-on", "note"], &dir.0).status.code(), Some(1));
}

#[test]
fn json_counts_match_the_human_summary() {
    let dir = TempDir::new("counts");
    dir.write("legacy.ts", LEGACY_TS.as_bytes());
    dir.write("log.ts", b"server.sendLoggingMessage({ level: 'info', data: 'x' });\nclient.setLoggingLevel('info');\n");
    let out = mcpshift(&["check", ".", "--format", "json"], &dir.0);
    let doc = json(&out);
    assert_eq!(doc["version"], 1);
    let summary = &doc["summary"];
    let findings = doc["findings"].as_array().map_or(0, Vec::len);
    assert_eq!(summary["findings"].as_u64(), Some(findings as u64));
    assert!(findings >= 3);
    let human = String::from_utf8_lossy(&mcpshift(&["check", ".", "--color", "never"], &dir.0).stdout).to_string();
    let expected = format!(
        "Found {findings} findings ({} errors, {} warning{}, {} note{}).",
        summary["errors"],
        summary["warnings"],
        if summary["warnings"] == 1 { "" } else { "s" },
        summary["notes"],
        if summary["notes"] == 1 { "" } else { "s" },
    );
    assert!(human.contains(&expected), "{expected:?} not in:\n{human}");
    assert!(human.contains("2 files analyzed, 0 not analyzed."), "{human}");
    for f in doc["findings"].as_array().into_iter().flatten() {
        for key in
            ["rule", "name", "level", "path", "line", "column", "end_line", "end_column", "message", "hint", "spec"]
        {
            assert!(!f[key].is_null(), "finding without `{key}`: {f}");
        }
    }
}

#[test]
fn output_is_identical_whatever_the_thread_count() {
    // Every format comes out of one run per thread count (`--output-format FORMAT=FILE`), so
    // the comparison covers each renderer without analyzing the fixtures thirty times.
    const FORMATS: [&str; 5] = ["json", "human", "sarif", "github", "markdown"];
    let dir = std::env::temp_dir().join(format!("mcpshift-jobs-{}", std::process::id()));
    for example in ["testdata/examples", "testdata/rules"] {
        let run = |jobs: &str| -> Vec<Vec<u8>> {
            let _ = std::fs::remove_dir_all(&dir);
            let made = std::fs::create_dir_all(&dir);
            assert!(made.is_ok(), "cannot create {}: {made:?}", dir.display());
            let mut args = vec!["check".to_string(), example.to_string(), "--jobs".into(), jobs.into()];
            args.extend(["--color".into(), "never".into()]);
            for f in FORMATS {
                args.push("--output-format".into());
                args.push(format!("{f}={}", dir.join(f).display()));
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            mcpshift(&args, &repo());
            FORMATS.iter().map(|f| std::fs::read(dir.join(f)).unwrap_or_default()).collect()
        };
        let one = run("1");
        assert!(one.iter().all(|out| !out.is_empty()));
        for jobs in ["2", "8"] {
            for (format, (a, b)) in FORMATS.iter().zip(one.iter().zip(run(jobs))) {
                assert_eq!(*a, b, "{example} {format}: --jobs 1 and --jobs {jobs} differ");
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_not_analyzed_are_reported_and_the_run_goes_on() {
    let dir = TempDir::new("notanalyzed");
    dir.write("legacy.ts", LEGACY_TS.as_bytes());
    dir.write("latin1.ts", b"const caf\xe9 = 'x';\n");
    // The Rust file names the header, so the prefilter sends it to the parser, which fails.
    dir.write("broken.rs", b"fn main( {\n    let h = \"mcp-session-id\";\n");
    dir.write("big.js", &[b' '; 400]);
    let out = mcpshift(&["check", ".", "--format", "json", "--max-file-size", "300"], &dir.0);
    assert_eq!(out.status.code(), Some(1));
    let doc = json(&out);
    let not_analyzed: Vec<(String, String)> = doc["not_analyzed"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|n| {
            (n["path"].as_str().unwrap_or_default().to_string(), n["reason"].as_str().unwrap_or_default().to_string())
        })
        .collect();
    let reason = |path: &str| not_analyzed.iter().find(|(p, _)| p == path).map(|(_, r)| r.clone());
    assert!(reason("latin1.ts").is_some_and(|r| r.contains("not valid UTF-8")), "{not_analyzed:?}");
    assert!(reason("broken.rs").is_some_and(|r| r.contains("syntax error")), "{not_analyzed:?}");
    assert!(reason("big.js").is_some_and(|r| r.contains("size limit")), "{not_analyzed:?}");
    // The legacy file is still analyzed. A skipped file that holds a rule's trigger token is an
    // MCP000 finding too; the two that hold none are only listed.
    let rules: Vec<(&str, &str)> = doc["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| Some((f["rule"].as_str()?, f["path"].as_str()?)))
        .collect();
    assert!(rules.iter().any(|(r, _)| *r == "MCP102"), "{rules:?}");
    let mcp000: Vec<&str> = rules.iter().filter(|(r, _)| *r == "MCP000").map(|(_, p)| *p).collect();
    assert_eq!(mcp000, ["broken.rs"], "{rules:?}");
    assert_eq!(doc["summary"]["files_not_analyzed"], 3);
    let may_hold: Vec<(&str, bool)> = doc["not_analyzed"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| Some((n["path"].as_str()?, n["may_hold_findings"].as_bool()?)))
        .collect();
    assert_eq!(may_hold, [("big.js", false), ("broken.rs", true), ("latin1.ts", false)]);
}

#[test]
fn rules_and_explain() {
    let out = mcpshift(&["rules", "--format", "json"], &repo());
    assert_eq!(out.status.code(), Some(0));
    let list = json(&out);
    let ids: Vec<&str> = list.as_array().into_iter().flatten().filter_map(|r| r["id"].as_str()).collect();
    assert!(ids.contains(&"MCP102") && ids.contains(&"MCP000"), "{ids:?}");

    let explain = mcpshift(&["explain", "session-id-header"], &repo());
    assert_eq!(explain.status.code(), Some(0));
    let text = String::from_utf8_lossy(&explain.stdout);
    for section in
        ["# MCP102 session-id-header", "## Why it breaks", "## Example (TypeScript)", "## Example (Rust)", "## Spec"]
    {
        assert!(text.contains(section), "missing {section:?} in:\n{text}");
    }
    assert_eq!(mcpshift(&["explain", "MCP999"], &repo()).status.code(), Some(2));
}

#[test]
fn output_file() {
    let dir = TempDir::new("outfile");
    dir.write("legacy.ts", LEGACY_TS.as_bytes());
    let out = mcpshift(&["check", ".", "--format", "json", "--output", "report.json"], &dir.0);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let written = std::fs::read(dir.0.join("report.json")).unwrap_or_default();
    let doc: serde_json::Value = serde_json::from_slice(&written).unwrap_or_default();
    assert_eq!(doc["version"], 1);
}

#[test]
fn the_prefilter_never_changes_the_examples() {
    for format in ["json", "human"] {
        let with = mcpshift(&["check", "testdata/examples", "--format", format, "--color", "never"], &repo());
        let without = mcpshift(
            &["check", "testdata/examples", "--format", format, "--color", "never", "--no-prefilter"],
            &repo(),
        );
        assert!(!with.stdout.is_empty());
        // The examples hold findings in every language the front ends read.
        let text = String::from_utf8_lossy(&with.stdout);
        for ext in [".ts", ".rs", ".py", "pyproject.toml"] {
            assert!(text.contains(ext), "no finding in a {ext} file of the examples");
        }
        assert_eq!(with.stdout, without.stdout, "--no-prefilter changed the {format} output");
    }
}

/// The sorted MCP203 messages of a project made of one manifest.
fn mcp203_messages(name: &str, manifest: &str, contents: &[u8]) -> Vec<String> {
    let dir = TempDir::new(name);
    dir.write(manifest, contents);
    let out = mcpshift(&["check", ".", "--format", "json", "--select", "MCP203", "--fail-on", "never"], &dir.0);
    let doc = json(&out);
    let mut messages: Vec<String> = doc["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| f["message"].as_str().map(str::to_string))
        .collect();
    messages.sort_unstable();
    messages
}

/// A dependency whose specifier names no version (a pnpm catalog, a workspace link) is told
/// as such, not quoted as if it were a version.
#[test]
fn sdk_dependencies_without_a_version_say_so() {
    let messages = mcp203_messages(
        "catalog",
        "package.json",
        br#"{ "name": "app", "dependencies": { "@modelcontextprotocol/sdk": "catalog:" },
  "devDependencies": { "@modelcontextprotocol/sdk": "^1.25.2" } }"#,
    );
    assert_eq!(
        messages,
        [
            "depends on `@modelcontextprotocol/sdk` `^1.25.2`: every release below 2.0.0 speaks only the 2025 protocol",
            "depends on `@modelcontextprotocol/sdk` through `catalog:`, which names no version: every release below 2.0.0 speaks only the 2025 protocol",
        ]
    );
}

/// A Cargo requirement that admits only legacy releases says so; one that also admits modern
/// ones says it admits legacy ones.
#[test]
fn cargo_requirements_below_the_modern_release_say_so() {
    let messages = mcp203_messages(
        "cargo-req",
        "Cargo.toml",
        b"[package]\nname = \"app\"\nversion = \"0.1.0\"\n\n[dependencies]\nrmcp = \"0.2.1\"\n\n[dev-dependencies]\nrmcp = \">=2, <4\"\n",
    );
    assert_eq!(
        messages,
        [
            "depends on `rmcp` `0.2.1`: every release below 3.0.0 speaks only the 2025 protocol",
            "depends on `rmcp` `>=2, <4`, which admits versions below 3.0.0 that speak only the 2025 protocol",
        ]
    );
}
