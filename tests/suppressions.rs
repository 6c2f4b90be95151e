//! Inline suppressions: line and file forms, the required reason (MCP001), unused
//! suppressions (MCP002), and suppressed findings in SARIF.

use crate::common::*;

const HEADER: &str = "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\n";

fn check_json(p: &Project, args: &[&str]) -> (i32, serde_json::Value) {
    let mut all = vec!["check", "--format", "json"];
    all.extend_from_slice(args);
    let out = p.run(&all);
    (code(&out), json(&stdout(&out)))
}

fn messages(doc: &serde_json::Value, rule: &str) -> Vec<(u64, String, String)> {
    doc["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["rule"] == rule)
        .map(|f| {
            (
                f["line"].as_u64().unwrap_or_default(),
                f["level"].as_str().unwrap_or_default().to_string(),
                f["message"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect()
}

#[test]
fn line_and_trailing_suppressions_hide_findings_and_do_not_fail_the_run() {
    let p = Project::new("supp-line");
    p.file(
        "a.ts",
        &format!(
            "{HEADER}\
             // mcpshift-ignore: MCP102 -- the v1 dashboard still sends it until Q3\n\
             const a = req.headers['mcp-session-id'];\n\
             res.setHeader('Mcp-Session-Id', a); // mcpshift-ignore: session-id-header -- same dashboard\n\
             // mcpshift-ignore: MCP102 -- stacked above another comment\n\
             // the header of the legacy proxy\n\
             const b = req.headers['mcp-session-id'];\n"
        ),
    );
    let (code, doc) = check_json(&p, &[]);
    assert_eq!(findings(&doc), vec![], "{doc}");
    assert_eq!(doc["summary"]["suppressed"], 3);
    assert_eq!(code, 0);
    // The human summary counts them.
    let human = stdout(&p.run(&["check", "--color", "never"]));
    assert!(human.contains("No findings. 3 suppressed."), "{human}");
}

#[test]
fn python_suppressions_are_hash_comments() {
    let p = Project::new("supp-python");
    p.file(
        "server.py",
        "from mcp.server.fastmcp import FastMCP\n\
         # mcpshift-ignore: MCP102 -- the v1 dashboard still sends it until Q3\n\
         a = request.headers['mcp-session-id']\n\
         b = request.headers.get('mcp-session-id')  # mcpshift-ignore: MCP102 -- same dashboard\n\
         c = '# mcpshift-ignore: MCP102 -- a string is no comment'; d = request.headers['mcp-session-id']\n",
    );
    let (_, doc) = check_json(&p, &["--select", "MCP102"]);
    let lines: Vec<u64> = messages(&doc, "MCP102").into_iter().map(|(l, ..)| l).collect();
    assert_eq!(lines, vec![5], "{doc}");
    assert_eq!(doc["summary"]["suppressed"], 2, "{doc}");
}

#[test]
fn a_suppression_covers_only_its_line_and_its_rules() {
    let p = Project::new("supp-scope");
    p.file(
        "a.ts",
        &format!(
            "{HEADER}\
             // mcpshift-ignore: MCP301 -- wrong rule for this line\n\
             const a = req.headers['mcp-session-id'];\n\
             \n\
             const b = req.headers['mcp-session-id'];\n"
        ),
    );
    let (code, doc) = check_json(&p, &[]);
    let found: Vec<(u64, String)> = findings(&doc).into_iter().map(|f| (f.1, f.2)).collect();
    assert_eq!(found, vec![(2, "MCP002".into()), (3, "MCP102".into()), (5, "MCP102".into())]);
    assert_eq!(code, 1);
}

#[test]
fn file_suppressions_cover_the_whole_file() {
    let p = Project::new("supp-file");
    p.file(
        "a.ts",
        &format!(
            "// mcpshift-ignore-file: MCP102, MCP301 -- legacy endpoint, removed with the v1 dashboard\n{HEADER}{}",
            "const a = req.headers['mcp-session-id'];\nconst b = { method: 'ping' };\nawait client.setLoggingLevel('info');\n"
        ),
    );
    let (_, doc) = check_json(&p, &[]);
    let rules: Vec<String> = findings(&doc).into_iter().map(|f| f.2).collect();
    assert_eq!(rules, vec!["MCP302".to_string()]);
    assert_eq!(doc["summary"]["suppressed"], 2);
}

#[test]
fn a_suppression_without_a_reason_is_reported_and_suppresses_nothing() {
    let p = Project::new("supp-reason");
    p.file(
        "a.ts",
        &format!(
            "{HEADER}\
             // mcpshift-ignore: MCP102\n\
             const a = req.headers['mcp-session-id'];\n\
             const b = req.headers['mcp-session-id']; // mcpshift-ignore: MCP102 --   \n\
             // mcpshift-ignore -- no rule named\n\
             const c = 1;\n\
             // mcpshift-ignore: MCP999, MCP000 -- typo\n\
             const d = 2;\n"
        ),
    );
    let (code, doc) = check_json(&p, &[]);
    let invalid = messages(&doc, "MCP001");
    assert_eq!(invalid.len(), 4, "{invalid:?}");
    assert_eq!(invalid[0].0, 2);
    assert_eq!(invalid[0].1, "warning");
    assert!(invalid[0].2.contains("has no reason"), "{invalid:?}");
    assert!(invalid[1].2.contains("has no reason"), "{invalid:?}");
    assert!(invalid[2].2.contains("names no rule"), "{invalid:?}");
    assert!(
        invalid[3].2.contains("unknown rule `MCP999`") && invalid[3].2.contains("`MCP000`, which cannot"),
        "{invalid:?}"
    );
    assert_eq!(messages(&doc, "MCP102").len(), 2, "both header reads are still reported");
    assert_eq!(code, 1);
}

#[test]
fn unused_suppressions_are_notes() {
    let p = Project::new("supp-unused");
    p.file(
        "a.ts",
        &format!(
            "{HEADER}\
             // mcpshift-ignore: MCP102, MCP301 -- the header read was migrated\n\
             const a = {{ method: 'ping' }};\n\
             const b = 1; // mcpshift-ignore: MCP302 -- nothing here\n"
        ),
    );
    let (code, doc) = check_json(&p, &[]);
    let unused = messages(&doc, "MCP002");
    assert_eq!(
        unused,
        vec![
            (2, "note".into(), "`mcpshift-ignore: MCP102` suppresses nothing: no MCP102 finding on line 3".into()),
            (4, "note".into(), "`mcpshift-ignore: MCP302` suppresses nothing: no MCP302 finding on line 4".into()),
        ]
    );
    assert_eq!(code, 0, "notes do not fail the run by default");
    assert_eq!(check_json(&p, &["--fail-on", "note"]).0, 1);
    // Only rules that ran are judged.
    let (_, doc) = check_json(&p, &["--select", "MCP301,MCP002"]);
    assert_eq!(messages(&doc, "MCP002"), vec![]);
    // A file with nothing but the suppression is still read (the prefilter knows the marker).
    p.file("b.ts", "// mcpshift-ignore-file: MCP102 -- sessions are migrated in Q3\nexport const x = 1;\n");
    let (_, doc) = check_json(&p, &["--select", "MCP102,MCP002"]);
    assert!(findings(&doc).iter().any(|f| f.0 == "b.ts"), "{doc}");
}

#[test]
fn markers_in_strings_and_prose_suppress_nothing() {
    let p = Project::new("supp-strings");
    p.file(
        "a.ts",
        &format!(
            "{HEADER}\
             const doc = '// mcpshift-ignore: MCP102 -- not a comment'; const a = req.headers['mcp-session-id'];\n\
             // see mcpshift-ignore: MCP102 -- in the docs\n\
             const b = req.headers['mcp-session-id'];\n"
        ),
    );
    let (_, doc) = check_json(&p, &[]);
    assert_eq!(messages(&doc, "MCP102").len(), 2);
    assert_eq!(doc["summary"]["suppressed"], 0);
}

/// Code scanning ignores `suppressions`: a suppressed result would be an open alert, so SARIF
/// leaves it out, unless `--sarif-keep-suppressed` keeps it for audit tools, with its reason.
#[test]
fn suppressed_findings_leave_sarif_or_stay_with_their_justification() {
    let p = Project::new("supp-sarif");
    p.file(
        "a.ts",
        &format!(
            "{HEADER}\
             // mcpshift-ignore: MCP102 -- the v1 dashboard still sends it until Q3\n\
             const a = req.headers['mcp-session-id'];\n\
             const b = {{ method: 'ping' }};\n"
        ),
    );
    let out = p.run(&["check", "--format", "sarif"]);
    assert_eq!(code(&out), 1);
    let doc = json(&stdout(&out));
    assert_valid_sarif(&doc, "suppressed");
    let results = doc["runs"][0]["results"].as_array().cloned().unwrap_or_default();
    let rules: Vec<&str> = results.iter().filter_map(|r| r["ruleId"].as_str()).collect();
    assert_eq!(rules, ["MCP301"]);
    assert!(results[0].get("suppressions").is_none(), "{results:?}");

    let out = p.run(&["check", "--format", "sarif", "--sarif-keep-suppressed"]);
    assert_eq!(code(&out), 1);
    let doc = json(&stdout(&out));
    assert_valid_sarif(&doc, "suppressed, kept");
    let results = doc["runs"][0]["results"].as_array().cloned().unwrap_or_default();
    assert_eq!(results.len(), 2);
    // Where one result has `suppressions`, every result has the array (SARIF 3.27.23).
    assert!(results.iter().all(|r| r["suppressions"].is_array()), "{results:?}");
    let suppressed: Vec<_> =
        results.iter().filter(|r| r["suppressions"].as_array().is_some_and(|a| !a.is_empty())).collect();
    assert_eq!(suppressed.len(), 1);
    assert_eq!(suppressed[0]["ruleId"], "MCP102");
    assert_eq!(
        suppressed[0]["suppressions"],
        serde_json::json!([{ "kind": "inSource", "status": "accepted", "justification": "the v1 dashboard still sends it until Q3" }])
    );
    // The other outputs leave it out.
    let human = stdout(&p.run(&["check", "--color", "never"]));
    assert!(!human.contains("MCP102") && human.contains("1 suppressed"), "{human}");
}

#[test]
fn suppressions_work_in_rust() {
    let p = Project::new("supp-rust");
    p.file(
        "src/lib.rs",
        "use axum::http::HeaderMap;\n\
         \n\
         /// Reads the legacy session of the v1 dashboard.\n\
         fn session(h: &HeaderMap) -> Option<&axum::http::HeaderValue> {\n    \
             // mcpshift-ignore: MCP102 -- the v1 dashboard until Q3\n    \
             h.get(\"mcp-session-id\")\n\
         }\n\
         \n\
         fn other(h: &HeaderMap) -> bool { h.contains_key(\"mcp-session-id\") } // mcpshift-ignore: MCP102\n\
         /* mcpshift-ignore-file: MCP301 -- nothing pings here */\n",
    );
    let (code, doc) = check_json(&p, &[]);
    let found: Vec<(u64, String)> = findings(&doc).into_iter().map(|f| (f.1, f.2)).collect();
    assert_eq!(found, vec![(9, "MCP102".into()), (9, "MCP001".into()), (10, "MCP002".into())], "{doc}");
    assert_eq!(doc["summary"]["suppressed"], 1);
    assert_eq!(code, 1);
}
