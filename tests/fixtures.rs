//! Runs every annotated fixture under `testdata/rules/` and compares the exact set of findings.
//!
//! Annotations (semgrep style): `// expect: MCP102` alone on a line applies to the next code
//! line, or at the end of a code line to that line; several ids are comma-separated (a rule
//! reports at most one finding per line). `// ok: MCP102` marks a near-miss that must
//! produce nothing. Files that cannot hold comments (`package.json`) take their annotations
//! from a sidecar `<file>.expect` with one `LINE RULE` pair per line. Every finding of every
//! rule on a fixture must be annotated: missing and extra findings both fail.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mcpshift::check::{self, Options, Report};
use mcpshift::engine::Target;

/// Expected findings: line → rule ids (a multiset).
type Expected = BTreeMap<u32, Vec<String>>;

#[derive(Debug, Default)]
struct Annotations {
    expect: Expected,
    /// (line, rule) of every `ok:` trap.
    ok: Vec<(u32, String)>,
}

fn parse_ids(list: &str) -> Vec<String> {
    list.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect()
}

/// Reads the annotations of a fixture.
fn annotations(path: &Path, text: &str) -> Annotations {
    let mut ann = Annotations::default();
    let sidecar = PathBuf::from(format!("{}.expect", path.display()));
    if let Ok(side) = std::fs::read_to_string(&sidecar) {
        for line in side.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let mut parts = line.split_whitespace();
            let (Some(n), Some(kind_or_rule)) = (parts.next(), parts.next()) else { continue };
            let Ok(n) = n.parse::<u32>() else { continue };
            if kind_or_rule == "ok" {
                if let Some(rule) = parts.next() {
                    ann.ok.push((n, rule.to_string()));
                }
            } else {
                ann.expect.entry(n).or_default().push(kind_or_rule.to_string());
            }
        }
        return ann;
    }
    let lines: Vec<&str> = text.lines().collect();
    let mut pending_expect: Vec<String> = Vec::new();
    let mut pending_ok: Vec<String> = Vec::new();
    for (i, raw) in lines.iter().enumerate() {
        let line_no = i as u32 + 1;
        let trimmed = raw.trim();
        let marker =
            trimmed.find("// expect:").map(|p| (p, "expect")).or_else(|| trimmed.find("// ok:").map(|p| (p, "ok")));
        let marker = marker
            .or_else(|| trimmed.find("# expect:").map(|p| (p, "expect")))
            .or_else(|| trimmed.find("# ok:").map(|p| (p, "ok")));
        match marker {
            Some((0, kind)) => {
                let body = trimmed.split_once(':').map(|x| x.1).unwrap_or_default();
                if kind == "expect" {
                    pending_expect.extend(parse_ids(body));
                } else {
                    pending_ok.extend(parse_ids(body));
                }
            }
            Some((pos, kind)) => {
                let body = trimmed[pos..].split_once(':').map(|x| x.1).unwrap_or_default();
                let ids = parse_ids(body);
                if kind == "expect" {
                    ann.expect.entry(line_no).or_default().extend(ids);
                } else {
                    ann.ok.extend(ids.into_iter().map(|r| (line_no, r)));
                }
                flush(&mut ann, line_no, &mut pending_expect, &mut pending_ok);
            }
            None if trimmed.is_empty() => {}
            None => flush(&mut ann, line_no, &mut pending_expect, &mut pending_ok),
        }
    }
    ann
}

fn flush(ann: &mut Annotations, line: u32, expect: &mut Vec<String>, ok: &mut Vec<String>) {
    if !expect.is_empty() {
        ann.expect.entry(line).or_default().append(expect);
    }
    for r in ok.drain(..) {
        ann.ok.push((line, r));
    }
}

/// What a fixture runs with: a file directly in a rule's directory runs alone; the files of a
/// subdirectory (`testdata/rules/MCP601/project/`) run together as one project, for rules that
/// decide across files. Returns the report root and the path to scan.
fn unit_of(path: &Path) -> (PathBuf, PathBuf) {
    let parent = path.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let in_project = parent.parent().and_then(Path::parent).is_some_and(|r| r.ends_with("testdata/rules"));
    if in_project {
        (parent.clone(), parent)
    } else {
        (parent, path.to_path_buf())
    }
}

/// The path of a fixture as the report spells it.
fn reported_path(path: &Path) -> String {
    let (root, _) = unit_of(path);
    path.strip_prefix(&root).unwrap_or(path).to_string_lossy().replace('\\', "/")
}

fn run_file(path: &Path, target: Target, prefilter: bool) -> Report {
    let (root, scan) = unit_of(path);
    let opts = Options { paths: vec![scan], root, target, jobs: 1, prefilter, ..Options::default() };
    match check::run(&opts) {
        Ok(r) => r,
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

/// The mismatches between a fixture's annotations and what the analyzer reports.
fn compare(path: &Path, target: Target, prefilter: bool) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let ann = annotations(path, &text);
    let report = run_file(path, target, prefilter);
    let rel = reported_path(path);
    let mut actual: Expected = BTreeMap::new();
    let mut messages: BTreeMap<(u32, String), String> = BTreeMap::new();
    for d in report.active().filter(|d| d.path == rel) {
        actual.entry(d.start.line).or_default().push(d.rule.to_string());
        messages.insert((d.start.line, d.rule.to_string()), d.message.clone());
    }
    let mut problems = Vec::new();
    let lines: Vec<u32> = ann.expect.keys().chain(actual.keys()).copied().collect();
    let mut seen = std::collections::BTreeSet::new();
    for line in lines {
        if !seen.insert(line) {
            continue;
        }
        let mut want = ann.expect.get(&line).cloned().unwrap_or_default();
        let mut got = actual.get(&line).cloned().unwrap_or_default();
        want.sort();
        got.sort();
        for w in &want {
            if let Some(i) = got.iter().position(|g| g == w) {
                got.remove(i);
            } else {
                problems.push(format!("{}:{line}: missing {w}", path.display()));
            }
        }
        for g in got {
            let msg = messages.get(&(line, g.clone())).cloned().unwrap_or_default();
            problems.push(format!("{}:{line}: unexpected {g}: {msg}", path.display()));
        }
    }
    for (line, rule) in &ann.ok {
        if actual.get(line).is_some_and(|rules| rules.contains(rule)) {
            problems.push(format!("{}:{line}: trap `ok: {rule}` produced a finding", path.display()));
        }
    }
    problems
}

fn fixture_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::from("testdata/rules")];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if is_fixture(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn is_fixture(p: &Path) -> bool {
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    if name == "package.json" || name == "Cargo.toml" {
        return true;
    }
    matches!(
        p.extension().and_then(|e| e.to_str()),
        Some("ts" | "tsx" | "mts" | "cts" | "js" | "jsx" | "mjs" | "cjs" | "rs")
    )
}

#[test]
fn every_fixture_matches_its_annotations() {
    let files = fixture_files();
    assert!(!files.is_empty(), "no fixtures found under testdata/rules");
    let mut problems = Vec::new();
    for f in &files {
        problems.extend(compare(f, Target::Modern, true));
    }
    assert!(problems.is_empty(), "{} fixture mismatches:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn prefilter_never_changes_fixture_results() {
    for f in fixture_files() {
        let with = run_file(&f, Target::Modern, true);
        let without = run_file(&f, Target::Modern, false);
        let a: Vec<_> = with.findings.iter().map(|d| (d.rule, d.start, d.end, d.message.clone())).collect();
        let b: Vec<_> = without.findings.iter().map(|d| (d.rule, d.start, d.end, d.message.clone())).collect();
        assert_eq!(a, b, "{}: the prefilter changed the findings", f.display());
    }
}

/// Each rule has fixtures on both sides, in each language it applies to, with at least the
/// number of expected findings and traps its issue asks for.
#[test]
fn every_rule_has_two_sided_fixtures() {
    let registry = match mcpshift::rules::registry() {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let mut counts: BTreeMap<(String, &str), (usize, usize)> = BTreeMap::new();
    for f in fixture_files() {
        let lang = match f.extension().and_then(|e| e.to_str()) {
            Some("rs") => "rust",
            Some("json" | "toml") | None => "manifest",
            _ => "typescript",
        };
        let lang =
            if f.file_name().is_some_and(|n| n == "Cargo.toml" || n == "package.json") { "manifest" } else { lang };
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let ann = annotations(&f, &text);
        for rules in ann.expect.values() {
            for r in rules {
                counts.entry((r.clone(), lang)).or_default().0 += 1;
            }
        }
        for (_, r) in &ann.ok {
            counts.entry((r.clone(), lang)).or_default().1 += 1;
        }
    }
    let mut missing = Vec::new();
    for def in &registry.rules {
        if def.meta.builtin {
            continue;
        }
        let minimum = minimum_fixtures(&def.meta.id);
        for lang in &def.meta.languages {
            let (expect, ok) = counts.get(&(def.meta.id.clone(), lang.as_str())).copied().unwrap_or_default();
            if expect < minimum || ok < minimum {
                missing.push(format!(
                    "{} {lang}: {expect} expected findings, {ok} traps (need {minimum} each)",
                    def.meta.id
                ));
            }
        }
    }
    assert!(missing.is_empty(), "rules without enough fixtures:\n{}", missing.join("\n"));
}

/// The fixture minimum each rule's issue set.
fn minimum_fixtures(id: &str) -> usize {
    match id {
        "MCP101" | "MCP401" | "MCP501" | "MCP601" => 10,
        "MCP104" | "MCP201" | "MCP202" | "MCP203" | "MCP204" | "MCP205" => 8,
        _ => 6,
    }
}

/// The harness itself must fail when an annotation is wrong.
#[test]
fn harness_reports_wrong_annotations() {
    let dir = std::env::temp_dir().join(format!("mcpshift-harness-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let file = dir.join("wrong.ts");
    let src = "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\n\
               // expect: MCP301\n\
               const a = 1;\n\
               const h = req.headers['mcp-session-id'];\n\
               // ok: MCP102\n\
               res.setHeader('Mcp-Session-Id', id);\n";
    if let Err(e) = std::fs::write(&file, src) {
        panic!("{e}");
    }
    let problems = compare(&file, Target::Modern, true);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(problems.iter().any(|p| p.ends_with(":3: missing MCP301")), "{problems:?}");
    assert!(problems.iter().any(|p| p.contains(":4: unexpected MCP102")), "{problems:?}");
    assert!(problems.iter().any(|p| p.contains(":6: trap `ok: MCP102` produced a finding")), "{problems:?}");
}

/// Files in a subdirectory of a rule's fixtures run as one project; files beside them alone.
#[test]
fn fixture_units() {
    let single = Path::new("testdata/rules/MCP601/traps.ts");
    assert_eq!(unit_of(single), (PathBuf::from("testdata/rules/MCP601"), single.to_path_buf()));
    assert_eq!(reported_path(single), "traps.ts");
    let in_project = Path::new("testdata/rules/MCP601/project/server.ts");
    let dir = PathBuf::from("testdata/rules/MCP601/project");
    assert_eq!(unit_of(in_project), (dir.clone(), dir));
    assert_eq!(reported_path(in_project), "server.ts");
}

/// A rule whose finding sits in a file without any of the rule's trigger tokens would be lost
/// by the prefilter: every file with an expected finding must contain one of its tokens.
#[test]
fn every_expected_finding_has_a_trigger_token_in_its_file() {
    let registry = match mcpshift::rules::registry() {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let mut problems = Vec::new();
    for f in fixture_files() {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let lower = text.to_ascii_lowercase();
        let ann = annotations(&f, &text);
        for rule in ann.expect.values().flatten() {
            let Some(def) = registry.get(rule) else {
                problems.push(format!("{}: unknown rule {rule}", f.display()));
                continue;
            };
            let tokens = &def.meta.prefilter.tokens;
            if is_manifest(&f) || def.meta.builtin || tokens.is_empty() {
                continue;
            }
            if !tokens.iter().any(|t| lower.contains(&t.to_ascii_lowercase())) {
                problems.push(format!("{}: expects {rule} but holds none of its tokens {tokens:?}", f.display()));
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn is_manifest(p: &Path) -> bool {
    p.file_name().is_some_and(|n| n == "package.json" || n == "Cargo.toml")
}
