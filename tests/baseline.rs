//! Baselines: `--write-baseline` records, `--baseline` reports only new findings, moved code
//! keeps its entry, stale entries are listed, SARIF marks `baselineState`.

use crate::common::*;

fn check_json(p: &Project, args: &[&str]) -> (i32, serde_json::Value) {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let out = p.run(&all);
    assert_ne!(code(&out), 2, "{}", stderr(&out));
    (code(&out), json(&stdout(&out)))
}

#[test]
fn a_baseline_reports_only_new_findings() {
    let p = Project::new("baseline-new");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    let (code, doc) = check_json(&p, &["--write-baseline", "baseline.json"]);
    assert_eq!(code, 0, "what the baseline records does not fail the run");
    assert_eq!(doc["summary"]["findings"], 0);
    assert_eq!(doc["baseline"]["unchanged"], 3);
    let written = json(&p.read("baseline.json"));
    assert_eq!(written["version"], 1);
    let entries = written["findings"].as_array().cloned().unwrap_or_default();
    assert_eq!(entries.len(), 3);
    assert!(entries.iter().all(|e| e.get("line").is_none() && e["path"] == "src/server.ts"), "{written}");

    let (code, doc) = check_json(&p, &["--baseline", "baseline.json"]);
    assert_eq!((code, doc["summary"]["findings"].clone()), (0, serde_json::json!(0)));

    // A new finding, in a new file and in the same file, is reported.
    p.file(
        "src/client.ts",
        "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nawait client.ping();\n",
    );
    p.file(
        "src/server.ts",
        &format!("{LEGACY_SERVER_TS}export const again = (req: any) => req.headers['mcp-session-id'];\n"),
    );
    let (code, doc) = check_json(&p, &["--baseline", "baseline.json"]);
    let found: Vec<(String, u64, String)> = findings(&doc);
    assert_eq!(
        found,
        vec![("src/client.ts".into(), 2, "MCP301".into()), ("src/server.ts".into(), 12, "MCP102".into())]
    );
    assert_eq!(code, 1);
    let human = stdout(&p.run(&["check", "--baseline", "baseline.json", "--color", "never"]));
    assert!(human.contains("Found 2 findings") && human.contains("3 in the baseline."), "{human}");
}

#[test]
fn moving_code_keeps_its_baseline_entry() {
    let p = Project::new("baseline-move");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    check_json(&p, &["--write-baseline", "baseline.json"]);
    // Lines inserted above, the functions swapped, the indentation changed.
    let (register, session) =
        LEGACY_SERVER_TS.split_at(LEGACY_SERVER_TS.find("export function sessionOf").unwrap_or(0));
    let moved = format!("// header\n\n\n{}\n{}", session.replace("  return", "    return"), register);
    p.file("src/server.ts", &moved);
    let (code, doc) = check_json(&p, &["--baseline", "baseline.json"]);
    assert_eq!(findings(&doc), vec![], "{doc}");
    assert_eq!(doc["baseline"]["unchanged"], 3);
    assert_eq!(code, 0);
}

#[test]
fn entries_that_no_longer_match_are_listed() {
    let p = Project::new("baseline-absent");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    check_json(&p, &["--write-baseline", "baseline.json"]);
    p.file("src/server.ts", &LEGACY_SERVER_TS.replace("req.headers['mcp-session-id']", "req.query.id"));
    let (code, doc) = check_json(&p, &["--baseline", "baseline.json"]);
    assert_eq!(code, 0);
    let absent = doc["baseline"]["absent"].as_array().cloned().unwrap_or_default();
    assert_eq!(absent.len(), 1, "{doc}");
    assert_eq!(absent[0]["rule"], "MCP102");
    let human = stdout(&p.run(&["check", "--baseline", "baseline.json", "--color", "never"]));
    assert!(human.contains("1 entry of baseline.json no longer found"), "{human}");
    let md = stdout(&p.run(&["check", "--baseline", "baseline.json", "--format", "markdown"]));
    assert!(md.contains("### Baseline entries no longer found") && md.contains("`src/server.ts` MCP102"), "{md}");
    // Writing it again shrinks it; rules that did not run are not stale.
    check_json(&p, &["--write-baseline", "baseline.json"]);
    assert_eq!(json(&p.read("baseline.json"))["findings"].as_array().map(Vec::len), Some(2));
    let (_, doc) = check_json(&p, &["--baseline", "baseline.json", "--select", "MCP102"]);
    assert_eq!(doc["baseline"]["absent"], serde_json::json!([]));
}

/// Code scanning ignores `baselineState`: a baselined result would be an open alert, so SARIF
/// leaves them out unless `--sarif-keep-suppressed` asks for them, marked.
#[test]
fn sarif_leaves_baselined_findings_out_or_marks_them() {
    let p = Project::new("baseline-sarif");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    check_json(&p, &["--write-baseline", "baseline.json"]);
    p.file(
        "src/client.ts",
        "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nawait client.ping();\n",
    );
    let states = |extra: &[&str]| -> Vec<(String, String)> {
        let mut args = vec!["check", "--baseline", "baseline.json", "--format", "sarif"];
        args.extend_from_slice(extra);
        let out = p.run(&args);
        assert_eq!(code(&out), 1);
        let doc = json(&stdout(&out));
        assert_valid_sarif(&doc, "baseline");
        doc["runs"][0]["results"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|r| {
                (
                    r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                        .as_str()
                        .unwrap_or_default()
                        .into(),
                    r["baselineState"].as_str().unwrap_or_default().into(),
                )
            })
            .collect()
    };
    assert_eq!(states(&[]), vec![("src/client.ts".to_string(), "new".to_string())]);
    let states = states(&["--sarif-keep-suppressed"]);
    assert_eq!(
        states,
        vec![
            ("src/client.ts".into(), "new".into()),
            ("src/server.ts".into(), "unchanged".into()),
            ("src/server.ts".into(), "unchanged".into()),
            ("src/server.ts".into(), "unchanged".into()),
        ]
    );
}

#[test]
fn a_bad_baseline_file_is_an_error() {
    let p = Project::new("baseline-bad");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    let out = p.run(&["check", "--baseline", "missing.json"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("cannot read baseline missing.json"), "{}", stderr(&out));
    p.file("b.json", "{\"version\": 9, \"tool\": \"mcpshift\", \"findings\": []}");
    let out = p.run(&["check", "--baseline", "b.json"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("baseline version 9"), "{}", stderr(&out));
}
