//! Output that scales: `--format concise`, `--statistics`, `--quiet`, and the statistics table
//! at the end of a human report longer than a screenful.

use crate::common::*;

const SUMMARY: &str = "Found 3 findings (3 errors, 0 warnings, 0 notes). 1 file analyzed, 0 not analyzed.\n";

fn legacy_project(name: &str) -> Project {
    let p = Project::new(name);
    p.file("src/server.ts", LEGACY_SERVER_TS);
    p
}

#[test]
fn concise_prints_one_line_per_finding_from_where_you_stand() {
    let p = legacy_project("scale-concise");
    let out = p.run(&["check", "--format", "concise"]);
    assert_eq!(code(&out), 1);
    assert_eq!(
        stdout(&out),
        format!(
            "src/server.ts:5:28: MCP301 uses `PingRequestSchema`: `ping` is removed in 2026-07-28\n\
             src/server.ts:6:28: MCP302 uses `SetLevelRequestSchema`: `logging/setLevel` is removed in 2026-07-28\n\
             src/server.ts:10:22: MCP102 reads the removed `Mcp-Session-Id` request header\n\
             {SUMMARY}"
        )
    );
    // In a git work tree, from a subfolder: the paths are shown from there.
    p.git(&["init", "-q"]);
    let out = run_in(&p.dir.join("src"), &["check", "--format", "concise"]);
    assert!(stdout(&out).starts_with("server.ts:5:28: MCP301 "), "{}", stdout(&out));
}

#[test]
fn statistics_count_findings_per_rule_and_level() {
    let p = legacy_project("scale-statistics");
    p.file(
        "src/log.ts",
        "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\n\
         server.sendLoggingMessage({ level: 'info', data: 1 });\n\
         server.sendLoggingMessage({ level: 'info', data: 2 });\n",
    );
    let expected = "\
count  rule    level    name               explain
    2  MCP302  note     logging-set-level  mcpshift explain MCP302
    1  MCP102  error    session-id-header  mcpshift explain MCP102
    1  MCP301  error    removed-ping       mcpshift explain MCP301
    1  MCP302  error    logging-set-level  mcpshift explain MCP302
Found 5 findings (3 errors, 0 warnings, 2 notes). 2 files analyzed, 0 not analyzed.
";
    for format in ["human", "concise"] {
        let out = p.run(&["check", "--statistics", "--format", format, "--color", "never"]);
        assert_eq!(code(&out), 1);
        assert_eq!(stdout(&out), expected, "{format}");
    }
}

#[test]
fn quiet_prints_only_the_summary_line() {
    let p = legacy_project("scale-quiet");
    for format in ["human", "concise"] {
        let out = p.run(&["check", "--quiet", "--format", format]);
        assert_eq!(code(&out), 1, "--quiet keeps the exit code");
        assert_eq!(stdout(&out), SUMMARY, "{format}");
    }
    let out = p.run(&["check", "-q", "--statistics"]);
    assert_eq!(code(&out), 2, "--quiet and --statistics contradict each other");
}

#[test]
fn a_long_human_report_ends_with_the_statistics_table() {
    let p = legacy_project("scale-long");
    let short = stdout(&p.run(&["check", "--color", "never"]));
    assert!(!short.contains("mcpshift explain"), "{short}");
    assert!(short.ends_with(SUMMARY), "{short}");
    // Twelve files of three findings each: far more than a screenful.
    for i in 0..12 {
        p.file(&format!("src/copy{i:02}.ts"), LEGACY_SERVER_TS);
    }
    let long = stdout(&p.run(&["check", "--color", "never"]));
    assert!(long.lines().count() > 50 * 2, "{}", long.lines().count());
    let table = "\ncount  rule    level    name               explain\n   13  MCP102  error    session-id-header  mcpshift explain MCP102\n";
    assert!(long.contains(table), "{}", &long[long.len().saturating_sub(800)..]);
    assert!(long.ends_with("Found 39 findings (39 errors, 0 warnings, 0 notes). 13 files analyzed, 0 not analyzed.\n"));
    // The table comes after the last finding.
    let last_finding = long.rfind("= spec:").unwrap_or_default();
    assert!(long.find("\ncount  rule").is_some_and(|t| t > last_finding));
}
