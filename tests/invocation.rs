//! Results do not depend on how mcpshift is called: checking one file, a folder or the whole
//! project gives the same findings for the files in question, because the whole project is
//! analyzed and only the reporting follows the paths named (pre-commit hooks and editors pass
//! single files).

use std::path::{Path, PathBuf};

use crate::common::*;
use serde_json::Value;

/// Every field of every finding: rule, level, path, position, message, hint and fingerprint.
fn findings_of(doc: &Value) -> Vec<Value> {
    doc["findings"].as_array().cloned().unwrap_or_default()
}

fn check_json(dir: &Path, path: &str, target: &str) -> Value {
    let out = run_in(dir, &["check", path, "--format", "json", "--fail-on", "never", "--target", target]);
    assert_eq!(code(&out), 0, "{path}: {}", stderr(&out));
    json(&stdout(&out))
}

/// The files of a project that mcpshift reads: sources and manifests.
fn project_files(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, base, out);
                continue;
            }
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let source = ["ts", "tsx", "js", "mjs", "rs", "py"].iter().any(|e| name.ends_with(&format!(".{e}")));
            if source || matches!(name.as_str(), "package.json" | "Cargo.toml" | "pyproject.toml") {
                if let Ok(rel) = path.strip_prefix(base) {
                    out.push(rel.to_string_lossy().replace('\\', "/"));
                }
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

fn examples() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(repo().join("testdata/examples"))
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}

#[test]
fn every_example_file_alone_gets_the_findings_of_its_project() {
    let examples = examples();
    assert!(examples.len() >= 7, "{examples:?}");
    let mut compared = 0;
    for dir in &examples {
        let name = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        for target in ["modern", "dual"] {
            let whole = findings_of(&check_json(&repo(), &format!("testdata/examples/{name}"), target));
            // From inside the project, naming it as `.`: the same report.
            assert_eq!(whole, findings_of(&check_json(dir, ".", target)), "{name} --target {target}");
            let files = project_files(dir);
            assert!(!files.is_empty(), "{name}");
            let mut union = Vec::new();
            for file in &files {
                let alone = findings_of(&check_json(&repo(), &format!("testdata/examples/{name}/{file}"), target));
                let expected: Vec<Value> = whole.iter().filter(|f| f["path"] == file.as_str()).cloned().collect();
                assert_eq!(alone, expected, "{name}/{file} --target {target}: alone differs from the whole project");
                union.extend(alone);
                compared += 1;
            }
            // Every finding of the project lies in one of its files.
            assert_eq!(union.len(), whole.len(), "{name} --target {target}");
        }
    }
    assert!(compared >= 60, "{compared}");
}

/// The migrated examples (`modern-*`) are clean: no rule reports anything in them, under
/// either target.
#[test]
fn modern_examples_have_no_findings() {
    let modern: Vec<PathBuf> = examples()
        .into_iter()
        .filter(|d| d.file_name().is_some_and(|n| n.to_string_lossy().starts_with("modern-")))
        .collect();
    assert!(modern.len() >= 3, "{modern:?}");
    for dir in modern {
        for target in ["modern", "dual"] {
            let doc = check_json(dir.as_path(), ".", target);
            assert_eq!(findings_of(&doc), Vec::<Value>::new(), "{} --target {target}", dir.display());
            assert!(doc["summary"]["files_analyzed"].as_u64().is_some_and(|n| n >= 3), "{}: {doc}", dir.display());
        }
    }
}

/// The two cases the rule's project facts used to differ on: a v2 server whose serving entry
/// lives in another file, and legacy handlers next to a modern path under `--target dual`.
#[test]
fn project_facts_come_from_the_whole_project() {
    let tools = check_json(&repo(), "testdata/examples/modern-ts-server/src/tools.ts", "modern");
    assert_eq!(findings_of(&tools), Vec::<Value>::new(), "{tools}");
    let server = check_json(&repo(), "testdata/examples/dual-era-ts-server/src/server.ts", "dual");
    assert!(!findings_of(&server).is_empty(), "{server}");
    assert!(findings_of(&server).iter().all(|f| f["level"] == "note"), "{server}");
    // A folder of the project: its files' findings, with project facts from the rest.
    let src = check_json(&repo(), "testdata/examples/dual-era-ts-server/src", "dual");
    let whole = check_json(&repo(), "testdata/examples/dual-era-ts-server", "dual");
    let in_src: Vec<Value> =
        findings_of(&whole).into_iter().filter(|f| f["path"].as_str().is_some_and(|p| p.starts_with("src/"))).collect();
    assert_eq!(findings_of(&src), in_src);
}
