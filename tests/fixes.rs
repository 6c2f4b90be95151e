//! `check --fix`, `--unsafe-fixes` and `--diff`, end to end.
//!
//! Fixture pairs: every folder `testdata/fixes/<RULE>/` holds cases `<case>.<ext>` with the
//! bytes `mcpshift check --fix --select <RULE>` must leave, `<case>.fixed.<ext>` (with
//! `--unsafe-fixes` too when the rule's document says `fix = "unsafe"`); a folder
//! `<case>.project/` is fixed as one project and compared file by file with
//! `<case>.fixed.project/`. The fixed state has no finding of the rule, and a second `--fix`
//! changes nothing. Then: the property over every rule fixture and example, and the file
//! system's corner cases (line endings, byte-order mark, read-only, deleted or changed while
//! the run goes on, symbolic links).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::*;

/// Every file under `dir`, by path relative to it, with its bytes.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                walk(base, &path, out);
            } else if let Ok(bytes) = std::fs::read(&path) {
                let rel = path.strip_prefix(base).map(|p| p.to_string_lossy().replace('\\', "/")).unwrap_or_default();
                out.insert(rel, bytes);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// Copies a file or a folder's contents into `to`.
fn copy_into(from: &Path, to: &Path) {
    if from.is_file() {
        let name = from.file_name().unwrap_or_default();
        if let Err(e) = std::fs::copy(from, to.join(name)) {
            panic!("cannot copy {}: {e}", from.display());
        }
        return;
    }
    for (rel, bytes) in tree(from) {
        let path = to.join(&rel);
        if let Some(parent) = path.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        if let Err(e) = std::fs::write(&path, bytes) {
            panic!("cannot write {}: {e}", path.display());
        }
    }
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> =
        std::fs::read_dir(dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    out.sort();
    out
}

/// Whether a rule's document says its fixes are unsafe.
fn unsafe_rule(rule: &str) -> bool {
    let docs = sorted_entries(&repo().join("rules"));
    let doc = docs.iter().find(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(&format!("{rule}-"))));
    let text = doc.and_then(|p| std::fs::read_to_string(p).ok()).unwrap_or_default();
    let table: toml::Table = toml::from_str(&text).unwrap_or_default();
    table.get("fix").and_then(|v| v.as_str()) == Some("unsafe")
}

/// The findings of a rule in a JSON report.
fn findings_of(out: &std::process::Output, rule: &str) -> Vec<String> {
    let doc = json(&stdout(out));
    doc["findings"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|f| f["rule"] == rule)
        .map(|f| format!("{}:{}: {}", f["path"], f["line"], f["message"]))
        .collect()
}

/// The cases of a rule folder: (before, expected after), each a file or a `.project` folder.
fn cases(dir: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut out = Vec::new();
    for path in sorted_entries(dir) {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if name.contains(".fixed.") || name.ends_with(".fixed.project") {
            continue;
        }
        let expected = if let Some(stem) = name.strip_suffix(".project") {
            dir.join(format!("{stem}.fixed.project"))
        } else {
            let Some((stem, ext)) = name.split_once('.') else { continue };
            dir.join(format!("{stem}.fixed.{ext}"))
        };
        assert!(expected.exists(), "{}: no {}", path.display(), expected.display());
        out.push((path, expected));
    }
    out
}

#[test]
fn every_fix_pair_gives_its_expected_bytes() {
    let root = repo().join("testdata/fixes");
    let mut checked = 0;
    for rule_dir in sorted_entries(&root).into_iter().filter(|p| p.is_dir()) {
        let rule = rule_dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let mut args = vec!["check", "--fix", "--select", &rule, "--fail-on", "never", "--no-config"];
        if unsafe_rule(&rule) {
            args.push("--unsafe-fixes");
        }
        for (before, expected) in cases(&rule_dir) {
            let what = before.display().to_string();
            let p = Project::new("fix-pair");
            copy_into(&before, &p.dir);
            let out = p.run(&args);
            assert_eq!(code(&out), 0, "{what}: {}", stderr(&out));
            let want = if expected.is_dir() {
                tree(&expected)
            } else {
                let name = before.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                BTreeMap::from([(name, std::fs::read(&expected).unwrap_or_default())])
            };
            let got = tree(&p.dir);
            for (file, bytes) in &want {
                let have = got.get(file).cloned().unwrap_or_default();
                assert!(
                    have == *bytes,
                    "{what}: {file} differs from the expected fix\n--- got\n{}\n--- expected\n{}",
                    String::from_utf8_lossy(&have),
                    String::from_utf8_lossy(bytes)
                );
            }
            assert_eq!(got.len(), want.len(), "{what}: files added or removed");
            // Nothing of the rule is left.
            let report = p.run(&["check", "--select", &rule, "--format", "json", "--fail-on", "never", "--no-config"]);
            assert_eq!(findings_of(&report, &rule), Vec::<String>::new(), "{what}: findings left after --fix");
            // A second run changes nothing.
            let again = p.run(&args);
            assert_eq!(code(&again), 0, "{what}: {}", stderr(&again));
            assert!(tree(&p.dir) == got, "{what}: a second --fix changed the files");
            assert!(stderr(&again).contains("Fixed 0 findings"), "{what}: {}", stderr(&again));
            checked += 1;
        }
    }
    assert!(checked >= 4, "only {checked} fix pairs found");
}

/// The units of the rule fixtures and the examples: each file of a rule folder alone, each
/// `.project` folder and each example as one project.
fn property_units() -> Vec<PathBuf> {
    let mut units = Vec::new();
    for rule_dir in sorted_entries(&repo().join("testdata/rules")).into_iter().filter(|p| p.is_dir()) {
        for entry in sorted_entries(&rule_dir) {
            let name = entry.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if name.ends_with(".expect") {
                continue;
            }
            if entry.is_dir() && !name.ends_with(".project") {
                // A folder of fixtures (`dual/`, `index/`): its files and projects.
                units.extend(sorted_entries(&entry).into_iter().filter(|p| !p.to_string_lossy().ends_with(".expect")));
            } else {
                units.push(entry);
            }
        }
    }
    units.extend(sorted_entries(&repo().join("testdata/examples")).into_iter().filter(|p| p.is_dir()));
    units
}

/// `--fix --unsafe-fixes` on a copy of every fixture and example: afterwards no finding has a
/// safe fix left, every changed file still parses, and a second run changes nothing.
#[test]
fn fixing_any_fixture_leaves_nothing_safe_to_fix_and_is_idempotent() {
    use mcpshift::check::Options;
    use mcpshift::fixer::{self, Settings};
    let settings = Settings { unsafe_fixes: true, write: true, race: None };
    let units = property_units();
    assert!(units.len() > 50, "only {} units", units.len());
    let mut changed_files = 0;
    for unit in units {
        let what = unit.display().to_string();
        let p = Project::new("fix-property");
        copy_into(&unit, &p.dir);
        let before = tree(&p.dir);
        let opts = Options { paths: vec![p.dir.clone()], root: p.dir.clone(), jobs: 1, ..Options::default() };
        let first = fixer::run(&opts, &settings, &|_| {}).unwrap_or_else(|e| panic!("{what}: {e}"));
        let left: Vec<String> = first
            .report
            .active()
            .filter(|d| d.fix.as_ref().is_some_and(|f| f.applicability == mcpshift::fix::Applicability::Safe))
            .map(|d| format!("{}:{} {}", d.path, d.start.line, d.rule))
            .collect();
        let refused: Vec<String> =
            first.not_applied.iter().map(|n| format!("{}:{} {} {}", n.path, n.start.line, n.rule, n.why)).collect();
        assert!(left.is_empty(), "{what}: safe fixes left: {left:?} (not applied: {refused:?})");
        let after = tree(&p.dir);
        for (file, bytes) in &after {
            if before.get(file) != Some(bytes) {
                changed_files += 1;
                let text = String::from_utf8_lossy(bytes).trim_start_matches('\u{feff}').to_string();
                let error = fixer::syntax::error(Path::new(file), &text);
                assert_eq!(error, None, "{what}: {file} no longer parses");
            }
        }
        let second = fixer::run(&opts, &settings, &|_| {}).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(second.fixed(), 0, "{what}: a second --fix fixed more");
        assert!(tree(&p.dir) == after, "{what}: a second --fix changed files");
    }
    assert!(changed_files > 0, "no fixture was changed: the property checked nothing");
}

/// A TypeScript server that emits -32002 twice.
const SERVER: &str = "import { McpError } from '@modelcontextprotocol/sdk/types.js';\n\
export function a() { throw new McpError(-32002, 'Resource not found'); }\n\
export function b() { throw new McpError(-32002, 'Resource not found'); }";

fn fix_args() -> Vec<&'static str> {
    vec!["check", "--fix", "--fail-on", "never", "--no-config", "--select", "MCP401"]
}

#[test]
fn line_endings_byte_order_mark_and_final_newline_survive() {
    for (name, text) in [
        ("crlf.ts", SERVER.replace('\n', "\r\n") + "\r\n"),
        ("bom.ts", format!("\u{feff}{SERVER}\n")),
        ("no-final-newline.ts", SERVER.to_string()),
    ] {
        let p = Project::new("fix-bytes");
        p.file(name, &text);
        let out = p.run(&fix_args());
        assert!(stderr(&out).contains("Fixed 2 findings (0 remaining)"), "{name}: {}", stderr(&out));
        assert_eq!(p.read(name), text.replace("-32002", "-32602"), "{name}");
    }
}

#[test]
fn inserted_lines_take_the_files_line_ending() {
    use mcpshift::fix::{apply, line_ending, with_line_ending, Edit};
    let text = "a\r\nb\r\n";
    let edit = Edit::insert(3, with_line_ending(text, "x\ny\n"));
    assert_eq!(apply(text, &[edit]).as_deref(), Ok("a\r\nx\r\ny\r\nb\r\n"));
    assert_eq!(line_ending("a\nb"), "\n");
}

#[cfg(unix)]
#[test]
fn a_read_only_file_is_reported_not_forced() {
    use std::os::unix::fs::PermissionsExt;
    let p = Project::new("fix-readonly");
    p.file("server.ts", SERVER);
    let path = p.dir.join("server.ts");
    let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444));
    let out = p.run(&fix_args());
    assert!(stderr(&out).contains("server.ts: fix not applied: the file is read-only"), "{}", stderr(&out));
    assert_eq!(p.read("server.ts"), SERVER);
    assert!(stderr(&out).contains("Fixed 0 findings (2 remaining)"), "{}", stderr(&out));
    let mode = std::fs::metadata(&path).map(|m| m.permissions().mode() & 0o777).unwrap_or(0);
    assert_eq!(mode, 0o444);
}

#[cfg(unix)]
#[test]
fn permissions_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let p = Project::new("fix-mode");
    p.file("server.ts", SERVER);
    let path = p.dir.join("server.ts");
    let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640));
    let out = p.run(&fix_args());
    assert!(stderr(&out).contains("Fixed 2 findings"), "{}", stderr(&out));
    let mode = std::fs::metadata(&path).map(|m| m.permissions().mode() & 0o777).unwrap_or(0);
    assert_eq!(mode, 0o640);
    // No temporary file is left in the folder.
    assert_eq!(tree(&p.dir).len(), 1);
}

#[test]
fn a_file_deleted_or_changed_meanwhile_is_left_alone() {
    let p = Project::new("fix-race");
    p.file("gone.ts", SERVER).file("kept.ts", SERVER);
    let mut args = fix_args();
    args.extend(["--inject-fix-race", "delete:gone"]);
    let out = p.run(&args);
    let err = stderr(&out);
    assert!(err.contains("gone.ts: fix not applied: the file was deleted since it was read"), "{err}");
    assert!(!p.dir.join("gone.ts").exists());
    assert_eq!(p.read("kept.ts"), SERVER.replace("-32002", "-32602"));

    let p = Project::new("fix-race-edit");
    p.file("edited.ts", SERVER);
    let mut args = fix_args();
    args.extend(["--inject-fix-race", "modify:edited"]);
    let out = p.run(&args);
    let err = stderr(&out);
    assert!(err.contains("edited.ts: fix not applied: the file changed on disk since it was read"), "{err}");
    assert_eq!(p.read("edited.ts"), format!("{SERVER}\n// edited meanwhile\n"));
    // The report describes the files as they are: the edited file's findings remain.
    assert!(err.contains("Fixed 0 findings (2 remaining)"), "{err}");
}

#[cfg(unix)]
#[test]
fn a_symlink_is_never_replaced_and_its_target_is_fixed_once() {
    let p = Project::new("fix-link");
    p.file("real.ts", SERVER);
    let _ = std::os::unix::fs::symlink(p.dir.join("real.ts"), p.dir.join("link.ts"));
    let out = p.run(&fix_args());
    assert!(stderr(&out).contains("Fixed 2 findings (0 remaining)"), "{}", stderr(&out));
    assert_eq!(p.read("real.ts"), SERVER.replace("-32002", "-32602"));
    let link = std::fs::symlink_metadata(p.dir.join("link.ts")).map(|m| m.file_type().is_symlink());
    assert!(matches!(link, Ok(true)), "the link was replaced by a file");
    // Named on its own, the link is not analyzed, so nothing is written through it.
    p.file("real.ts", SERVER);
    let out = p.run(&["check", "--fix", "--fail-on", "never", "--no-config", "link.ts"]);
    assert_eq!(p.read("real.ts"), SERVER, "{}", stderr(&out));
}

#[test]
fn diff_shows_what_fix_would_write_and_writes_nothing() {
    let p = Project::new("fix-diff");
    p.file("server.ts", SERVER);
    let out = p.run(&["check", "--diff", "--no-config", "--select", "MCP401"]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    let diff = stdout(&out);
    assert!(diff.starts_with("--- a/server.ts\n+++ b/server.ts\n@@ -1,3 +1,3 @@\n"), "{diff}");
    assert!(diff.contains("-export function a() { throw new McpError(-32002, 'Resource not found'); }\n"), "{diff}");
    assert!(diff.contains("+export function a() { throw new McpError(-32602, 'Resource not found'); }\n"), "{diff}");
    assert!(diff.contains("\\ No newline at end of file"), "{diff}");
    assert!(stderr(&out).contains("Would fix 2 findings in 1 file (0 remaining)."), "{}", stderr(&out));
    assert_eq!(p.read("server.ts"), SERVER);
    // What the diff shows is what --fix writes.
    let patched = p.run(&["check", "--fix", "--no-config", "--select", "MCP401"]);
    assert_eq!(code(&patched), 0, "{}", stderr(&patched));
    let clean = p.run(&["check", "--diff", "--no-config", "--select", "MCP401"]);
    assert_eq!(code(&clean), 0);
    assert_eq!(stdout(&clean), "");
}

#[test]
fn a_fix_on_a_suppression_comments_line_is_not_applied() {
    let p = Project::new("fix-suppression");
    let text = "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\n\
export function f(e: { code: number }) {\n  return e.code === -32002; // mcpshift-ignore: MCP102 -- kept\n}\n";
    p.file("client.ts", text);
    let out = p.run(&["check", "--fix", "--no-config", "--fail-on", "never"]);
    assert_eq!(p.read("client.ts"), text, "{}", stderr(&out));
    // Without the comment the same fix applies.
    p.file("client.ts", &text.replace(" // mcpshift-ignore: MCP102 -- kept", ""));
    let out = p.run(&["check", "--fix", "--no-config", "--fail-on", "never", "--select", "MCP401"]);
    assert!(p.read("client.ts").contains("(e.code === -32002 || e.code === -32602)"), "{}", stderr(&out));
}

#[test]
fn fix_honours_select_and_ignore() {
    let p = Project::new("fix-select");
    p.file("server.ts", SERVER);
    let out = p.run(&["check", "--fix", "--no-config", "--ignore", "MCP401"]);
    assert_eq!(p.read("server.ts"), SERVER, "{}", stderr(&out));
    let out = p.run(&["check", "--fix", "--no-config", "--select", "MCP102"]);
    assert_eq!(p.read("server.ts"), SERVER, "{}", stderr(&out));
}

#[test]
fn the_configuration_file_can_turn_fixes_on() {
    let p = Project::new("fix-config");
    p.file("server.ts", SERVER).file("mcpshift.toml", "fix = true\nselect = [\"MCP401\"]\n");
    let out = p.run(&["check", "--no-fix", "."]);
    assert_eq!(p.read("server.ts"), SERVER, "{}", stderr(&out));
    let out = p.run(&["check", "."]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert_eq!(p.read("server.ts"), SERVER.replace("-32002", "-32602"));
}

#[test]
fn outputs_mark_what_fix_would_do() {
    let p = Project::new("fix-outputs");
    p.file("server.ts", SERVER);
    let human = stdout(&p.run(&["check", "--no-config", "--color", "never", "--select", "MCP401"]));
    assert!(human.contains("error[MCP401 resource-not-found-code]: [*] emits error -32002"), "{human}");
    assert!(human.contains("= fix: Replace -32002 with -32602"), "{human}");
    assert!(human.contains("2 fixable with `--fix`."), "{human}");
    let concise = stdout(&p.run(&["check", "--no-config", "--format", "concise", "--select", "MCP401"]));
    assert!(concise.contains("server.ts:2:42: MCP401 [*] emits"), "{concise}");

    let doc = json(&stdout(&p.run(&["check", "--no-config", "--format", "json", "--select", "MCP401"])));
    let fix = &doc["findings"][0]["fix"];
    assert_eq!(fix["applicability"], "safe");
    assert_eq!(fix["applicable"], true);
    assert_eq!(fix["message"], "Replace -32002 with -32602");
    let edit = &fix["edits"][0];
    assert_eq!((edit["line"].as_u64(), edit["column"].as_u64()), (Some(2), Some(42)));
    assert_eq!((edit["end_line"].as_u64(), edit["end_column"].as_u64()), (Some(2), Some(48)));
    assert_eq!(edit["content"], "-32602");
    let start = edit["start"].as_u64().unwrap_or_default() as usize;
    assert_eq!(SERVER.get(start..start + 6), Some("-32002"));

    let sarif = json(&stdout(&p.run(&["check", "--no-config", "--format", "sarif", "--select", "MCP401"])));
    assert_valid_sarif(&sarif, "fixes");
    let result = &sarif["runs"][0]["results"][0];
    let fix = &result["fixes"][0];
    assert_eq!(fix["description"]["text"], "Replace -32002 with -32602.");
    let change = &fix["artifactChanges"][0];
    assert_eq!(change["artifactLocation"]["uri"], "server.ts");
    let replacement = &change["replacements"][0];
    assert_eq!(replacement["deletedRegion"]["startLine"], 2);
    assert_eq!(replacement["deletedRegion"]["startColumn"], 42);
    assert_eq!(replacement["deletedRegion"]["endColumn"], 48);
    assert_eq!(replacement["insertedContent"]["text"], "-32602");

    let markdown = stdout(&p.run(&["check", "--no-config", "--format", "markdown", "--select", "MCP401"]));
    assert!(markdown.contains("### What `--fix` would do"), "{markdown}");
    assert!(markdown.contains("| Results and errors | 2 | 0 |"), "{markdown}");
}

#[test]
fn rules_and_explain_say_whether_a_rule_fixes() {
    let rules = stdout(&run_in(&repo(), &["rules"]));
    let line = rules.lines().find(|l| l.starts_with("MCP401")).unwrap_or_default();
    assert!(line.ends_with("[fix: safe]"), "{line}");
    let listed = json(&stdout(&run_in(&repo(), &["rules", "--format", "json"])));
    let mcp401 = listed.as_array().into_iter().flatten().find(|r| r["id"] == "MCP401").cloned().unwrap_or_default();
    assert_eq!(mcp401["fix"], "safe");
    assert!(mcp401["fix_summary"].as_str().is_some_and(|s| s.contains("-32602")));
    let explain = stdout(&run_in(&repo(), &["explain", "MCP401"]));
    assert!(explain.contains("## Fix\n\n**Safe**"), "{explain}");
}
