//! `--format sarif`: schema validity for every example project, what GitHub code scanning
//! reads, paths from the project root, the category, the cap on results, rule metadata, stable
//! line hashes, one place for files not analyzed, and byte-for-byte snapshots of the legacy
//! TypeScript and Python example projects.
//!
//! Update the snapshot after an intended change with
//! `UPDATE_SNAPSHOTS=1 cargo test --test suite sarif::`, then review the diff.

use crate::common::*;
use serde_json::Value;

/// The rules the snapshot is limited to, so that rules added later do not change it.
const SNAPSHOT_RULES: &str = "MCP102,MCP103,MCP301,MCP302";
const PYTHON_SNAPSHOT_RULES: &str = "MCP102,MCP103,MCP301,MCP303,MCP401,MCP405,MCP501";

fn sarif_of(dir: &std::path::Path, args: &[&str]) -> Value {
    let mut all = vec!["check", "--format", "sarif", "--fail-on", "never"];
    all.extend_from_slice(args);
    let out = run_in(dir, &all);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    json(&stdout(&out))
}

fn examples() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(repo().join("testdata/examples"))
        .map(|d| {
            d.flatten().filter(|e| e.path().is_dir()).map(|e| e.file_name().to_string_lossy().into_owned()).collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// What GitHub code scanning needs, beyond the schema.
fn assert_github_ready(doc: &Value, what: &str) {
    assert_eq!(doc["version"], "2.1.0", "{what}");
    assert!(doc["$schema"].as_str().is_some_and(|s| s.starts_with("https://")), "{what}");
    let runs = doc["runs"].as_array().cloned().unwrap_or_default();
    assert_eq!(runs.len(), 1, "{what}: one run per tool");
    let run = &runs[0];
    let driver = &run["tool"]["driver"];
    assert_eq!(driver["name"], "mcpshift");
    assert!(driver["version"].is_string() && driver["informationUri"].is_string(), "{what}");
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    // No category unless one is asked for: the upload action's `category` input decides.
    assert!(run.get("automationDetails").is_none(), "{what}: automationDetails set without --sarif-category");
    let root = run["originalUriBaseIds"]["%SRCROOT%"]["uri"].as_str().unwrap_or_default();
    assert!(root.starts_with("file:///") && root.ends_with('/'), "{what}: %SRCROOT% is {root:?}");
    let rules = driver["rules"].as_array().cloned().unwrap_or_default();
    assert!(!rules.is_empty(), "{what}: rules[]");
    for r in &rules {
        let id = r["id"].as_str().unwrap_or_default();
        for key in ["name", "helpUri"] {
            assert!(r[key].as_str().is_some_and(|s| !s.is_empty()), "{what}: {id} has no {key}");
        }
        for key in ["shortDescription", "fullDescription"] {
            let text = r[key]["text"].as_str().unwrap_or_default();
            assert!(!text.is_empty() && text.chars().count() <= 1024, "{what}: {id} {key}");
        }
        assert!(r["help"]["text"].as_str().is_some_and(|s| !s.is_empty()), "{what}: {id} help.text");
        assert!(
            r["help"]["markdown"].as_str().is_some_and(|s| s.starts_with(&format!("# {id} "))),
            "{what}: {id} help.markdown"
        );
        // The page the link names exists in the repository.
        let page = format!("docs/rules/{id}.md");
        assert!(
            r["helpUri"].as_str().is_some_and(|u| u.ends_with(&format!("/blob/main/{page}"))),
            "{what}: {id} helpUri"
        );
        assert!(repo().join(&page).is_file(), "{what}: {page} does not exist");
        assert!(r["defaultConfiguration"]["level"].is_string(), "{what}: {id} level");
        let tags: Vec<&str> =
            r["properties"]["tags"].as_array().into_iter().flatten().filter_map(|t| t.as_str()).collect();
        assert!(!tags.is_empty() && tags.len() <= 20, "{what}: {id} tags");
        assert!(
            ["very-high", "high", "medium"].contains(&r["properties"]["precision"].as_str().unwrap_or_default()),
            "{what}: {id} precision"
        );
        // A security score exactly on the rules tagged as security findings.
        assert_eq!(
            r["properties"].get("security-severity").is_some(),
            tags.contains(&"security"),
            "{what}: {id} security-severity"
        );
    }
    for res in run["results"].as_array().cloned().unwrap_or_default() {
        let index = res["ruleIndex"].as_u64().unwrap_or(u64::MAX) as usize;
        assert_eq!(rules.get(index).map(|r| r["id"].clone()), Some(res["ruleId"].clone()), "{what}: ruleIndex");
        assert!(res["level"].is_string() && res["message"]["text"].is_string(), "{what}");
        let loc = &res["locations"][0]["physicalLocation"];
        let uri = loc["artifactLocation"]["uri"].as_str().unwrap_or_default();
        assert!(
            !uri.starts_with('/') && !uri.contains('\\') && !uri.starts_with("file:"),
            "{what}: {uri} is not repository-relative"
        );
        assert_eq!(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%", "{what}");
        let region = &loc["region"];
        for key in ["startLine", "startColumn", "endLine", "endColumn"] {
            assert!(region[key].as_u64().is_some_and(|n| n >= 1), "{what}: {uri} region.{key}");
        }
        assert!(
            res["partialFingerprints"]["primaryLocationLineHash"].as_str().is_some_and(|h| h.contains(':')),
            "{what}: {uri} has no primaryLocationLineHash"
        );
        // Code scanning would show suppressed or baselined results as open alerts.
        assert!(res.get("suppressions").is_none() && res["baselineState"] != "unchanged", "{what}: {uri}");
    }
}

#[test]
fn sarif_of_every_example_project_validates_against_the_schema() {
    let names = examples();
    assert!(!names.is_empty(), "no example projects under testdata/examples");
    for name in names {
        // From the repository root, as CI runs it, and from inside the project.
        let doc = sarif_of(&repo(), &[&format!("testdata/examples/{name}")]);
        assert_valid_sarif(&doc, &name);
        assert_github_ready(&doc, &name);
        let doc = sarif_of(&repo().join("testdata/examples").join(&name), &["--no-config"]);
        assert_valid_sarif(&doc, &name);
        assert_github_ready(&doc, &name);
    }
}

#[test]
fn sarif_snapshot_of_an_example_project() {
    snapshot("legacy-ts-server", SNAPSHOT_RULES);
}

/// The Python example, limited to rules whose Python reading is settled.
#[test]
fn sarif_snapshot_of_the_python_example_project() {
    snapshot("legacy-python-server", PYTHON_SNAPSHOT_RULES);
}

/// Compares the SARIF of `testdata/examples/<name>` with `testdata/snapshots/<name>.sarif`.
fn snapshot(name: &str, rules: &str) {
    let dir = repo().join("testdata/examples").join(name);
    let out = run_in(&dir, &["check", ".", "--format", "sarif", "--select", rules, "--no-config"]);
    let mut doc = json(&stdout(&out));
    assert_valid_sarif(&doc, "snapshot");
    assert_github_ready(&doc, "snapshot");
    // The project root's absolute URI depends on the checkout; the rest must not.
    let root = &mut doc["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"];
    assert!(root.as_str().is_some_and(|u| u.ends_with(&format!("/testdata/examples/{name}/"))), "{root}");
    *root = Value::from(format!("file:///CHECKOUT/testdata/examples/{name}/"));
    let actual = match serde_json::to_string_pretty(&doc) {
        Ok(text) => text + "\n",
        Err(e) => panic!("{e}"),
    };
    let file = repo().join(format!("testdata/snapshots/{name}.sarif"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        let _ = std::fs::create_dir_all(repo().join("testdata/snapshots"));
        if let Err(e) = std::fs::write(&file, &actual) {
            panic!("cannot write {}: {e}", file.display());
        }
    }
    let expected = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        actual == expected,
        "SARIF of testdata/examples/{name} differs from {} (UPDATE_SNAPSHOTS=1 to accept):\n{}",
        file.display(),
        first_difference(&expected, &actual)
    );
}

fn first_difference(expected: &str, actual: &str) -> String {
    for (i, (e, a)) in expected.lines().zip(actual.lines()).enumerate() {
        if e != a {
            return format!("line {}:\n- {e}\n+ {a}", i + 1);
        }
    }
    format!("lengths differ: {} vs {} lines", expected.lines().count(), actual.lines().count())
}

fn results(doc: &Value) -> Vec<Value> {
    doc["runs"][0]["results"].as_array().cloned().unwrap_or_default()
}

#[test]
fn line_hash_and_fingerprint_survive_lines_inserted_above() {
    let p = Project::new("sarif-hash");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    let before = results(&sarif_of(&p.dir, &[]));
    let shifted = format!("// a new header comment\n\nconst unrelated = 1;\n{LEGACY_SERVER_TS}");
    p.file("src/server.ts", &shifted);
    let after = results(&sarif_of(&p.dir, &[]));
    assert_eq!(before.len(), 3);
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        let line =
            |r: &Value| r["locations"][0]["physicalLocation"]["region"]["startLine"].as_u64().unwrap_or_default();
        assert_eq!(line(a), line(b) + 3);
        assert_eq!(a["partialFingerprints"], b["partialFingerprints"]);
        assert_eq!(a["fingerprints"], b["fingerprints"]);
    }
}

/// Each file not analyzed appears once: an MCP000 result when it may hold findings, a
/// notification when it holds no trigger token (or MCP000 is turned off).
#[test]
fn a_file_not_analyzed_appears_once() {
    let p = Project::new("sarif-notanalyzed");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    // NUL bytes in bytes that are no UTF-8: a binary file, with no trigger token in it.
    if let Err(e) = std::fs::write(p.dir.join("src/blob.ts"), b"const a = 1;\0\xff\n") {
        panic!("src/blob.ts: {e}");
    }
    // A Rust file that names the header and does not parse.
    p.file("src/broken.rs", "fn main( {\n    let h = \"mcp-session-id\";\n");
    let uri = |v: &Value| v["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str().map(str::to_string);
    let doc = sarif_of(&p.dir, &[]);
    assert_valid_sarif(&doc, "not analyzed");
    let invocation = &doc["runs"][0]["invocations"][0];
    assert_eq!(invocation["executionSuccessful"], true);
    let notes = invocation["toolExecutionNotifications"].as_array().cloned().unwrap_or_default();
    assert_eq!(notes.iter().map(uri).collect::<Vec<_>>(), [Some("src/blob.ts".to_string())], "{notes:?}");
    assert_eq!(notes[0]["level"], "note");
    assert!(notes[0]["message"]["text"].as_str().is_some_and(|t| t.contains("NUL byte")), "{notes:?}");
    let mcp000: Vec<Option<String>> = results(&doc).iter().filter(|r| r["ruleId"] == "MCP000").map(uri).collect();
    assert_eq!(mcp000, [Some("src/broken.rs".to_string())]);
    // With MCP000 turned off, the file that may hold findings is a notification instead.
    let doc = sarif_of(&p.dir, &["--ignore", "MCP000"]);
    let notes = doc["runs"][0]["invocations"][0]["toolExecutionNotifications"].as_array().cloned().unwrap_or_default();
    let mut uris: Vec<Option<String>> = notes.iter().map(uri).collect();
    uris.sort();
    assert_eq!(uris, [Some("src/blob.ts".to_string()), Some("src/broken.rs".to_string())]);
    assert!(results(&doc).iter().all(|r| r["ruleId"] != "MCP000"));
}

/// Paths are relative to the project root wherever mcpshift runs, and `%SRCROOT%` says where
/// that is; the human output shows them from the current directory, as compilers do.
#[test]
fn paths_are_relative_to_the_project_root_from_any_folder() {
    let p = Project::new("sarif-root");
    p.git(&["init", "-q"]);
    p.file("pkg/src/server.ts", LEGACY_SERVER_TS);
    let uris = |doc: &Value| -> Vec<String> {
        results(doc)
            .iter()
            .filter_map(|r| {
                r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].as_str().map(str::to_string)
            })
            .collect()
    };
    let from_root = sarif_of(&p.dir, &[]);
    let from_sub = sarif_of(&p.dir.join("pkg/src"), &[]);
    let from_file = sarif_of(&p.dir.join("pkg"), &["src/server.ts"]);
    assert_eq!(uris(&from_root), ["pkg/src/server.ts"; 3]);
    assert_eq!(from_root, from_sub, "a run from a subfolder names the same files");
    assert_eq!(from_root, from_file, "a run on one file names the same files");
    let root = from_sub["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"].as_str().unwrap_or_default().to_string();
    let canonical = p.dir.canonicalize().unwrap_or_default();
    assert_eq!(root, format!("file://{}/", canonical.display()), "the git top level");
    let human = stdout(&run_in(&p.dir.join("pkg/src"), &["check", "--color", "never"]));
    assert!(human.contains("┌─ server.ts:10:") && !human.contains("pkg/src/server.ts"), "{human}");
    let json_doc = json(&stdout(&run_in(&p.dir.join("pkg/src"), &["check", "--format", "json"])));
    assert_eq!(json_doc["findings"][0]["path"], "pkg/src/server.ts");

    // An mcpshift.toml makes its folder the project root, inside the repository too.
    p.file("pkg/mcpshift.toml", "");
    let doc = sarif_of(&p.dir.join("pkg/src"), &[]);
    assert_eq!(uris(&doc), ["src/server.ts"; 3]);
    let root = doc["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"].as_str().unwrap_or_default().to_string();
    assert_eq!(root, format!("file://{}/pkg/", canonical.display()));
}

/// `automationDetails.id` comes only from `--sarif-category` or `sarif-category`, the flag first.
#[test]
fn the_category_is_set_only_when_asked() {
    let p = Project::new("sarif-category");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    let id = |doc: &Value| doc["runs"][0]["automationDetails"]["id"].as_str().map(str::to_string);
    assert_eq!(id(&sarif_of(&p.dir, &[])), None);
    let doc = sarif_of(&p.dir, &["--sarif-category", "mcp-ts"]);
    assert_valid_sarif(&doc, "category");
    assert_eq!(id(&doc).as_deref(), Some("mcp-ts/"));
    p.file("mcpshift.toml", "sarif-category = \"from-config\"\n");
    assert_eq!(id(&sarif_of(&p.dir, &[])).as_deref(), Some("from-config/"));
    assert_eq!(id(&sarif_of(&p.dir, &["--sarif-category", "flag"])).as_deref(), Some("flag/"));
    let out = p.run(&["check", "--format", "sarif", "--sarif-category", " "]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
}

/// Past the cap the highest levels stay, in the report's order, and a notification says how
/// many were left out and where to see them all.
#[test]
fn past_the_cap_the_highest_levels_stay() {
    let p = Project::new("sarif-cap");
    // Three errors (MCP301) and three notes (MCP302 protocol logs), notes first in the file.
    p.file(
        "src/a.ts",
        "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\n\
         server.sendLoggingMessage({ level: 'info', data: 1 });\n\
         server.sendLoggingMessage({ level: 'info', data: 2 });\n\
         server.sendLoggingMessage({ level: 'info', data: 3 });\n\
         await client.ping();\n\
         await client.ping();\n\
         await client.ping();\n",
    );
    let all = sarif_of(&p.dir, &["--select", "MCP301,MCP302"]);
    let levels = |doc: &Value| -> Vec<String> {
        results(doc).iter().filter_map(|r| r["level"].as_str().map(str::to_string)).collect()
    };
    assert_eq!(levels(&all), ["note", "note", "note", "error", "error", "error"]);
    let capped = sarif_of(&p.dir, &["--select", "MCP301,MCP302", "--sarif-max-results", "4"]);
    assert_valid_sarif(&capped, "capped");
    assert_eq!(levels(&capped), ["note", "error", "error", "error"]);
    let lines: Vec<u64> = results(&capped)
        .iter()
        .filter_map(|r| r["locations"][0]["physicalLocation"]["region"]["startLine"].as_u64())
        .collect();
    assert_eq!(lines, [2, 5, 6, 7], "the first note in the file stays");
    let notes =
        capped["runs"][0]["invocations"][0]["toolExecutionNotifications"].as_array().cloned().unwrap_or_default();
    let text = notes.iter().filter_map(|n| n["message"]["text"].as_str()).collect::<Vec<_>>().join("\n");
    assert!(text.contains("2 of 6 results left out") && text.contains("--format json"), "{text}");
    let out = p.run(&["check", "--format", "sarif", "--sarif-max-results", "25001"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("25000"), "{}", stderr(&out));
}

#[test]
fn uris_are_percent_encoded_and_relative() {
    let p = Project::new("sarif-uri");
    p.file("src/my server#1.ts", LEGACY_SERVER_TS);
    let doc = sarif_of(&p.dir, &[]);
    assert_valid_sarif(&doc, "uri");
    let r = results(&doc);
    assert_eq!(r[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "src/my%20server%231.ts");
    assert!(r[0]["partialFingerprints"]["primaryLocationLineHash"].is_string());
}

#[test]
fn a_clean_run_still_documents_the_rules_that_ran() {
    let p = Project::new("sarif-clean");
    p.file("src/ok.ts", "export const answer = 42;\n");
    let doc = sarif_of(&p.dir, &["--select", "MCP102,MCP301"]);
    assert_valid_sarif(&doc, "clean");
    assert_eq!(results(&doc).len(), 0);
    let ids: Vec<Value> = doc["runs"][0]["tool"]["driver"]["rules"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|r| r["id"].clone())
        .collect();
    assert_eq!(ids, vec![Value::from("MCP102"), Value::from("MCP301")]);
}

/// The validator itself must reject what GitHub rejects.
#[test]
fn the_schema_check_rejects_invalid_sarif() {
    let p = Project::new("sarif-invalid");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    let mut doc = sarif_of(&p.dir, &[]);
    assert_valid_sarif(&doc, "valid");
    doc["version"] = Value::from("0.1.0");
    doc["runs"][0]["results"][0]["level"] = Value::from("fatal");
    let errors = sarif_schema_errors(&doc);
    assert!(errors.iter().any(|e| e.starts_with("/version")), "{errors:?}");
    assert!(errors.iter().any(|e| e.starts_with("/runs/0/results/0/level")), "{errors:?}");
}
