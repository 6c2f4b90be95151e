//! Exit codes and the messages that go with them: files not analyzed fail a run only when they
//! may hold findings, a missing path and an empty run are usage errors, an internal error says
//! what failed and asks for a report, and unknown rules get a "did you mean".

use crate::common::*;
use serde_json::Value;

fn not_analyzed(doc: &Value) -> Vec<(String, bool)> {
    doc["not_analyzed"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| Some((n["path"].as_str()?.to_string(), n["may_hold_findings"].as_bool()?)))
        .collect()
}

fn rules_of(doc: &Value) -> Vec<(String, String)> {
    findings(doc).into_iter().map(|(path, _, rule)| (rule, path)).collect()
}

#[test]
fn a_file_not_analyzed_fails_the_run_only_when_it_may_hold_findings() {
    let p = Project::new("exit-untriggered");
    p.file("src/ok.ts", "export const answer = 42;\n");
    // Generated type declarations larger than the cap, with no rule's trigger token.
    p.file("types/lib.dom.d.ts", &"interface HTMLElement { readonly offsetTop: number; }\n".repeat(100));
    // A minified vendored script without one either.
    p.file("vendor/chart.js", &format!("var Chart=(()=>{{{}}})();\n", "var a=function(t){return t+1};".repeat(800)));
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        let _ = std::fs::create_dir_all(p.dir.join("testdata"));
        let _ = symlink("../nowhere.ts", p.dir.join("testdata/dangling.ts"));
        let _ = symlink("../src/ok.ts", p.dir.join("testdata/alias.ts"));
    }
    let args = ["check", "--format", "json", "--max-file-size", "4000"];
    let out = p.run(&args);
    let doc = json(&stdout(&out));
    assert_eq!(code(&out), 0, "{doc}");
    let mut expected = vec![("types/lib.dom.d.ts".to_string(), false), ("vendor/chart.js".to_string(), false)];
    #[cfg(unix)]
    {
        expected.push(("testdata/alias.ts".to_string(), false));
        expected.push(("testdata/dangling.ts".to_string(), false));
    }
    expected.sort();
    assert_eq!(not_analyzed(&doc), expected);
    assert!(rules_of(&doc).is_empty(), "no MCP000 for files that cannot hide a finding: {doc}");
    // --no-prefilter decides the same.
    let mut no_prefilter = args.to_vec();
    no_prefilter.push("--no-prefilter");
    assert_eq!(stdout(&p.run(&no_prefilter)), stdout(&out));
    // --stats lists them, and why they do not fail the run.
    let stats = stderr(&p.run(&["check", "--max-file-size", "4000", "--stats"]));
    assert!(stats.contains("types/lib.dom.d.ts: larger than the size limit"), "{stats}");
    assert!(stats.contains("(no trigger token, listed only)"), "{stats}");
    // The human summary counts them and says where they are listed.
    let human = stdout(&p.run(&["check", "--max-file-size", "4000", "--color", "never"]));
    assert!(human.contains("which do not fail the run: `--stats` lists them"), "{human}");

    // The same file mentioning the removed header may hide a finding: MCP000, exit 1.
    p.file(
        "types/lib.dom.d.ts",
        &format!("{}declare const header: 'Mcp-Session-Id';\n", "interface A { b: number; }\n".repeat(200)),
    );
    let out = p.run(&args);
    let doc = json(&stdout(&out));
    assert_eq!(code(&out), 1, "{doc}");
    assert!(not_analyzed(&doc).contains(&("types/lib.dom.d.ts".to_string(), true)), "{doc}");
    assert_eq!(rules_of(&doc), [("MCP000".to_string(), "types/lib.dom.d.ts".to_string())]);
    // Unless the rules that could find something there are not running.
    let out = p.run(&["check", "--format", "json", "--max-file-size", "4000", "--select", "MCP301"]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
}

#[test]
fn a_missing_path_is_no_such_file_or_directory() {
    let p = Project::new("exit-missing");
    p.file("src/ok.ts", "export const answer = 42;\n");
    let out = p.run(&["check", "src/gone.ts"]);
    assert_eq!(code(&out), 2);
    assert_eq!(stderr(&out), "mcpshift: error: src/gone.ts: no such file or directory\n");
    assert!(stdout(&out).is_empty());
}

#[test]
fn a_run_without_any_source_exits_2_unless_allowed() {
    let p = Project::new("exit-empty");
    p.file("docs/README.md", "# docs\n");
    p.file("src/ok.ts", "export const answer = 42;\n");
    let out = p.run(&["check", "docs"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("no TypeScript, JavaScript, Python or Rust source") && err.contains("docs"), "{err}");
    assert!(err.contains("--allow-empty"), "{err}");
    assert!(stdout(&out).is_empty());
    let out = p.run(&["check", "docs", "--allow-empty"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("No findings. 0 files analyzed"), "{}", stdout(&out));
    // Everything excluded is empty too; a folder with sources is not.
    assert_eq!(code(&p.run(&["check", "--exclude", "src/"])), 2);
    assert_eq!(code(&p.run(&["check", "src"])), 0);
}

#[test]
fn an_internal_error_says_what_failed_where_and_asks_for_a_report() {
    let p = Project::new("exit-panic");
    p.file("src/victim.ts", "const sid = req.headers['mcp-session-id'];\n");
    p.file("src/other.ts", "const sid = req.headers['mcp-session-id'];\n");
    let version = format!("mcpshift {}", env!("CARGO_PKG_VERSION"));
    // A panic outside every guard (in the analysis of a file, in writing the report).
    for (hook, what) in [
        ("uncaught:victim", "internal error while analyzing src/victim.ts: injected fault outside the rule pass"),
        ("render:victim", "internal error while analyzing src/victim.ts: injected fault while writing the report"),
    ] {
        let out = p.run(&["check", "--inject-panic", hook]);
        assert_eq!(code(&out), 2, "{hook}");
        let err = stderr(&out);
        assert!(err.contains(what), "{hook}: {err}");
        assert!(err.contains(" (at src/") && err.contains(&version) && err.contains("/issues"), "{hook}: {err}");
        assert!(!err.contains("panicked at"), "{hook}: no raw panic banner: {err}");
    }
    // A panic in a rule is caught for its file: the run goes on, and ends in the same way.
    let out = p.run(&["check", "--inject-panic", "victim", "--format", "json"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("internal error in rule fault-injection: injected fault on src/victim.ts"), "{err}");
    assert!(err.contains(&version) && err.contains("/issues"), "{err}");
    let rules = rules_of(&json(&stdout(&out)));
    assert!(rules.contains(&("MCP102".to_string(), "src/other.ts".to_string())), "{rules:?}");
    // A file the analyzer failed on was found: the run is not empty, whatever else it holds.
    let out = p.run(&["check", "src/victim.ts", "--inject-panic", "victim"]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("injected fault on src/victim.ts") && !err.contains("no TypeScript"), "{err}");
}

#[test]
fn unknown_rules_get_a_did_you_mean() {
    let p = Project::new("exit-suggest");
    p.file("src/ok.ts", "export const answer = 42;\n");
    for (args, expected) in [
        (vec!["check", "--select", "MCP1020"], "--select: unknown rule `MCP1020` (did you mean `MCP102`?)"),
        (
            vec!["check", "--ignore", "sesion-state"],
            "--ignore: unknown rule `sesion-state` (did you mean `session-state`?)",
        ),
        (vec!["explain", "removed_ping"], "unknown rule `removed_ping` (did you mean `removed-ping`?)"),
        (vec!["check", "--select", "MCP999"], "--select: unknown rule `MCP999` (see `mcpshift rules`)"),
    ] {
        let out = p.run(&args);
        assert_eq!(code(&out), 2, "{args:?}");
        assert!(stderr(&out).contains(expected), "{args:?}: {}", stderr(&out));
    }
    p.file("mcpshift.toml", "ignore = [\"MCP1O2\"]\n");
    let err = stderr(&p.run(&["check"]));
    assert!(err.contains("mcpshift.toml:1:11: unknown rule `MCP1O2` (did you mean `MCP102`?)"), "{err}");
    p.file("mcpshift.toml", "");
    p.file(
        "src/server.ts",
        "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\n\
         // mcpshift-ignore: sesion-id-header -- the dashboard still sends it\n\
         const sid = req.headers['mcp-session-id'];\n",
    );
    let doc = json(&stdout(&p.run(&["check", "--format", "json"])));
    let messages: Vec<&str> = doc["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["rule"] == "MCP001")
        .filter_map(|f| f["message"].as_str())
        .collect();
    assert_eq!(messages.len(), 1, "{doc}");
    assert!(
        messages[0].contains("unknown rule `sesion-id-header` (did you mean `session-id-header`?)"),
        "{messages:?}"
    );
}
