//! The project model: findings reached across files are the same whatever the thread count
//! and with or without the prefilter, and they say how they were reached.

use std::path::{Path, PathBuf};

use crate::common::{self, code, repo, run_in, stdout};

/// The fixture projects of the index.
fn projects() -> Vec<PathBuf> {
    let dir = repo().join("testdata/rules/index");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_dir()).collect())
        .unwrap_or_default();
    out.sort();
    assert!(out.len() >= 2, "no index fixture projects in {}", dir.display());
    out
}

fn json_of(dir: &Path, extra: &[&str]) -> String {
    let mut args = vec!["check", ".", "--format", "json", "--fail-on", "never"];
    args.extend_from_slice(extra);
    let out = run_in(dir, &args);
    assert_eq!(code(&out), 0, "{}: {}", dir.display(), common::stderr(&out));
    stdout(&out)
}

#[test]
fn output_is_byte_identical_for_any_thread_count_and_without_the_prefilter() {
    for p in projects() {
        let one = json_of(&p, &["--jobs", "1"]);
        let two = json_of(&p, &["--jobs", "2"]);
        let four = json_of(&p, &["--jobs", "4"]);
        let unfiltered = json_of(&p, &["--jobs", "2", "--no-prefilter"]);
        // Trees the first pass keeps are the trees a second parse builds.
        let parsed_again = json_of(&p, &["--jobs", "2", "--keep-trees", "0"]);
        assert_eq!(one, two, "{}: --jobs 1 and 2 differ", p.display());
        assert_eq!(one, parsed_again, "{}: parsing again instead of keeping trees differs", p.display());
        assert_eq!(one, four, "{}: --jobs 1 and 4 differ", p.display());
        assert_eq!(one, unfiltered, "{}: --no-prefilter differs", p.display());
        // Repeated runs agree too (the index is built the same way each time).
        assert_eq!(one, json_of(&p, &["--jobs", "2"]), "{}: two runs differ", p.display());
    }
}

/// The pass with the index reads the trees the first pass kept, and parses files again only
/// when told to keep none.
#[test]
fn the_pass_with_the_index_reuses_kept_trees() {
    let dir = repo().join("testdata/rules/index/cargo-workspace.project");
    // (parsed again, read from a kept tree)
    let stats = |extra: &[&str]| -> (usize, usize) {
        let mut args = vec!["check", ".", "--format", "json", "--fail-on", "never", "--stats"];
        args.extend_from_slice(extra);
        let err = common::stderr(&run_in(&dir, &args));
        let line = err.lines().find(|l| l.starts_with("index: files checked with it:")).unwrap_or_default();
        let numbers: Vec<usize> = line
            .split(|c: char| !c.is_ascii_digit())
            .filter(|w| !w.is_empty())
            .filter_map(|w| w.parse().ok())
            .collect();
        match numbers[..] {
            [_, again, kept] => (again, kept),
            _ => panic!("no index line in --stats: {err}"),
        }
    };
    let (again, kept) = stats(&[]);
    assert!(kept > 0, "no tree kept: {again} parsed again");
    assert_eq!(stats(&["--keep-trees", "0"]), (again + kept, 0));
}

#[test]
fn a_finding_reached_through_a_constant_names_the_definition() {
    let message = message_of("cargo-workspace.project", "core/src/http.rs", "MCP102", None);
    assert!(message.contains("through `SESSION_HEADER`, defined at core/src/commands.rs:"), "{message}");
    let dir = repo().join("testdata/rules/index/cargo-workspace.project");
    // SARIF carries the definition as a related location.
    let sarif = common::json(&stdout(&run_in(&dir, &["check", ".", "--format", "sarif", "--fail-on", "never"])));
    let results = sarif["runs"][0]["results"].as_array().cloned().unwrap_or_default();
    let result = results
        .iter()
        .find(|r| {
            r["ruleId"] == "MCP102"
                && r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "core/src/http.rs"
        })
        .unwrap_or_else(|| panic!("no MCP102 result for core/src/http.rs"));
    let related = &result["relatedLocations"][0]["physicalLocation"]["artifactLocation"]["uri"];
    assert_eq!(related, "core/src/commands.rs", "{result}");
    common::assert_valid_sarif(&sarif, "index fixture");
}

#[test]
fn the_handler_a_dispatcher_routes_to_is_reported_where_it_is_defined() {
    let message = message_of("cargo-workspace.project", "core/src/app/handlers.rs", "MCP301", None);
    assert!(message.starts_with("handles the removed `ping` request, routed to it at core/src/app.rs:"), "{message}");
}

#[test]
fn the_handlers_a_route_hands_its_request_on_to_say_by_whom() {
    let message = message_of("cargo-workspace.project", "core/src/stack.rs", "MCP104", Some(14));
    assert_eq!(
        message,
        "serves `GET` on the MCP endpoint (the standalone SSE stream), handed on to it by `dispatch_get` at \
         core/src/stack.rs:9"
    );
    let message = message_of("npm-workspace.project", "packages/server/src/edge-stack.ts", "MCP104", Some(20));
    assert_eq!(
        message,
        "serves `DELETE` on the MCP endpoint (session termination), handed on to it by `onDelete` at \
         packages/server/src/edge-shells.ts:17"
    );
}

#[test]
fn stats_report_the_index() {
    let dir = repo().join("testdata/rules/index/npm-workspace.project");
    let out = run_in(&dir, &["check", ".", "--stats", "--fail-on", "never"]);
    let err = common::stderr(&out);
    let line = |label: &str| -> u64 {
        err.lines()
            .find(|l| l.starts_with(label))
            .and_then(|l| l.split_whitespace().find_map(|w| w.parse().ok()))
            .unwrap_or_else(|| panic!("no `{label}` in:\n{err}"))
    };
    assert_eq!(line("packages:"), 4);
    assert!(line("index: names with a meaning:") >= 4, "{err}");
    assert!(line("index: files checked with it:") >= 1, "{err}");
    assert!(line("index: uses resolved:") >= 4, "{err}");
}

#[test]
fn a_call_of_a_wrapper_of_a_class_declared_in_a_function_cites_that_wrapper() {
    // `tool.probeSample(…)` calls the method of the class its file declares inside a function,
    // not the same-named method another file declares at its top level.
    let message = message_of("npm-workspace.project", "packages/server/src/local-tools.ts", "MCP305", Some(16));
    assert!(message.starts_with("calls `probeSample` (packages/server/src/local-tools.ts:8)"), "{message}");
}

/// The message of the first finding of `rule` in `path` (at `line`, if given) when the fixture
/// project `project` is checked.
fn message_of(project: &str, path: &str, rule: &str, line: Option<u64>) -> String {
    let dir = repo().join("testdata/rules/index").join(project);
    let doc = common::json(&json_of(&dir, &[]));
    let findings = doc["findings"].as_array().cloned().unwrap_or_default();
    let found = findings
        .iter()
        .find(|f| f["path"] == path && f["rule"] == rule && line.is_none_or(|l| f["line"] == l))
        .unwrap_or_else(|| panic!("no {rule} in {path} (line {line:?}): {doc}"));
    found["message"].as_str().unwrap_or_default().to_string()
}
