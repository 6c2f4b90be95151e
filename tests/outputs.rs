//! `--format github`, `--format markdown`, and several outputs in one run.

use crate::common::*;

#[test]
fn github_format_prints_one_workflow_command_per_finding() {
    let p = Project::new("github");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    let out = p.run(&["check", "--format", "github"]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].starts_with(
            "::error file=src/server.ts,line=5,col=28,endLine=5,endColumn=45,title=MCP301 removed-ping::uses `PingRequestSchema`"
        ),
        "{text}"
    );
    assert!(lines[2].starts_with("::error file=src/server.ts,line=10,"), "{text}");
    assert!(
        lines[2]
            .contains(",title=MCP102 session-id-header::reads the removed `Mcp-Session-Id` request header%0Ahelp: "),
        "{text}"
    );
    // Notes are notices; suppressed findings are left out.
    p.file(
        "src/server.ts",
        &LEGACY_SERVER_TS.replace(
            "  return req.headers['mcp-session-id'];",
            "  return req.headers['mcp-session-id']; // mcpshift-ignore: MCP102 -- the v1 dashboard",
        ),
    );
    let text = stdout(&p.run(&["check", "--format", "github", "--select", "MCP102,MCP002"]));
    assert_eq!(text, "", "{text}");
}

#[test]
fn markdown_report_has_readiness_rule_table_and_files() {
    let p = Project::new("markdown");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    p.file(
        "src/other.ts",
        "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\nawait client.ping();\n",
    );
    let out = p.run(&["check", "--format", "markdown", "--select", "MCP102,MCP103,MCP301,MCP302"]);
    assert_eq!(code(&out), 1);
    let md = stdout(&out);
    assert!(md.starts_with("## mcpshift migration report\n\n❌ **Not ready** for MCP 2026-07-28: 4 findings (4 errors, 0 warnings, 0 notes) in 2 files."), "{md}");
    for row in [
        "| Sessions and transport state | ❌ must change | 1 | 0 | 0 |",
        "| Lifecycle and versions | ➖ not checked | 0 | 0 | 0 |",
        "| Removed or changed methods | ❌ must change | 3 | 0 | 0 |",
        "| Results and errors | ➖ not checked | 0 | 0 | 0 |",
        "| Capabilities | ➖ not checked | 0 | 0 | 0 |",
        "| Tool safety and state | ➖ not checked | 0 | 0 | 0 |",
        "| [MCP301 removed-ping](https://github.com/mcpshift/mcpshift/blob/main/docs/rules/MCP301.md) | error | 2 | 2 |",
        "#### `src/other.ts` (1)",
        "#### `src/server.ts` (3)",
        "| 10:22 | error | [MCP102 session-id-header](https://github.com/mcpshift/mcpshift/blob/main/docs/rules/MCP102.md) | reads the removed `Mcp-Session-Id` request header |",
    ] {
        assert!(md.contains(row), "missing `{row}` in:\n{md}");
    }
    // Files come in path order, areas before rules before files.
    let pos = |s: &str| md.find(s).unwrap_or(usize::MAX);
    assert!(pos("### Readiness by area") < pos("### Findings by rule"));
    assert!(pos("### Findings by rule") < pos("### Findings by file"));
    assert!(pos("`src/other.ts`") < pos("`src/server.ts`"));
}

#[test]
fn markdown_of_a_clean_project_says_ready() {
    let p = Project::new("markdown-clean");
    p.file("src/ok.ts", "export const answer = 42;\n");
    let out = p.run(&["check", "--format", "markdown"]);
    assert_eq!(code(&out), 0);
    let md = stdout(&out);
    assert!(md.contains("✅ **Ready** for MCP 2026-07-28: no findings."), "{md}");
    assert!(md.contains("| Sessions and transport state | ✅ ready | 0 | 0 | 0 |"), "{md}");
    assert!(!md.contains("### Findings by file"), "{md}");
}

#[test]
fn several_outputs_in_one_run() {
    let p = Project::new("multi");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    let args = [
        "check",
        "--output-format",
        "human",
        "--output-format",
        "sarif=out/mcpshift.sarif",
        "--output-format",
        "markdown=summary.md",
        "--output-format",
        "json=report.json",
        "--color",
        "never",
    ];
    let out = p.run(&args);
    let _ = std::fs::create_dir_all(p.dir.join("out"));
    assert_eq!(code(&out), 2, "out/ does not exist yet: {}", stderr(&out));
    assert!(stderr(&out).contains("cannot write out/mcpshift.sarif"), "{}", stderr(&out));
    let out = p.run(&args);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let human = stdout(&out);
    assert!(human.contains("error[MCP102 session-id-header]"), "{human}");
    assert!(human.contains("Found 3 findings (3 errors, 0 warnings, 0 notes)."), "{human}");
    let sarif = json(&p.read("out/mcpshift.sarif"));
    assert_valid_sarif(&sarif, "multi");
    assert_eq!(sarif["runs"][0]["results"].as_array().map(Vec::len), Some(3));
    assert!(p.read("summary.md").starts_with("## mcpshift migration report"));
    assert_eq!(json(&p.read("report.json"))["summary"]["findings"], 3);
}

#[test]
fn output_sinks_are_checked() {
    let p = Project::new("sinks");
    p.file("src/server.ts", LEGACY_SERVER_TS);
    let out = p.run(&["check", "--output-format", "human", "--output-format", "sarif"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("only one output can go to standard output"), "{}", stderr(&out));
    let out = p.run(&["check", "--output-format", "xml=a.xml"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("unknown format `xml`; valid formats: human, concise, json, sarif, github, markdown"),
        "{}",
        stderr(&out)
    );
    let out = p.run(&["check", "--format", "json", "--output-format", "sarif=a.sarif"]);
    assert_eq!(code(&out), 2, "--format and --output-format conflict");
    let out = p.run(&["check", "--output-format", "sarif=a.sarif", "--output-format", "json=a.sarif"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("two outputs write to a.sarif"), "{}", stderr(&out));
    // `--format` with `--output` still works as one sink.
    let out = p.run(&["check", "--format", "sarif", "--output", "one.sarif"]);
    assert_eq!(code(&out), 1);
    assert_valid_sarif(&json(&p.read("one.sarif")), "--output");
}
