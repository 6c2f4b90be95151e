//! Runs every annotated fixture under `testdata/rules/` and compares the exact set of findings,
//! under both targets.
//!
//! Annotations (semgrep style): `// expect: MCP102` alone on a line applies to the next code
//! line, or at the end of a code line to that line; several ids are comma-separated (a rule
//! reports at most one finding per line). `MCP104=note` also checks the finding's level.
//! `// ok: MCP102` marks a near-miss that must produce nothing. `#` works instead of `//` in
//! files with `#` comments (`Cargo.toml`). Files that cannot hold comments (`package.json`)
//! take their annotations from a sidecar `<file>.expect` with one `LINE RULE` (or
//! `LINE ok RULE`, `LINE dual RULE=note`) entry per line. Every finding of every rule on a
//! fixture must be annotated: missing and extra findings both fail.
//!
//! Fixture units: a file is analyzed on its own; a directory whose name ends in `.project` is
//! analyzed as one project (like a repository: its manifests, its project-level rules, one
//! `--target dual` decision), and the annotations of all its files are compared with the
//! findings in them.
//!
//! Targets: every unit runs with `--target modern` (the `expect:` set) and with `--target
//! dual`. Dual never adds or removes a finding; it may only lower a level. `// expect-dual:
//! MCP301=note` says the finding on that line is a note under dual (and its message tells to
//! keep it behind the era check); every finding without such an annotation must keep its
//! modern level under dual.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use mcpshift::check::{self, Options, Report};
use mcpshift::engine::Target;
use mcpshift::prefilter::{Decision, Prefilter};

/// One expected finding: the rule and, when annotated, its level.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Want {
    rule: String,
    level: Option<String>,
}

/// Expected findings: line → rule ids (a multiset).
type Expected = BTreeMap<u32, Vec<Want>>;

#[derive(Debug, Default)]
struct Annotations {
    expect: Expected,
    /// Levels under `--target dual` where they differ from the modern run.
    dual: Expected,
    /// (line, rule) of every `ok:` trap.
    ok: Vec<(u32, String)>,
}

fn parse_ids(list: &str) -> Vec<Want> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| match s.split_once('=') {
            Some((rule, level)) => Want { rule: rule.trim().to_string(), level: Some(level.trim().to_string()) },
            None => Want { rule: s.to_string(), level: None },
        })
        .collect()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Expect,
    Dual,
    Ok,
}

/// The annotation marker on a line and where it starts.
fn marker(line: &str) -> Option<(usize, Mark)> {
    const MARKERS: &[(&str, Mark)] = &[
        ("// expect:", Mark::Expect),
        ("// expect-dual:", Mark::Dual),
        ("// ok:", Mark::Ok),
        ("# expect:", Mark::Expect),
        ("# expect-dual:", Mark::Dual),
        ("# ok:", Mark::Ok),
    ];
    MARKERS.iter().filter_map(|(m, kind)| line.find(m).map(|p| (p, *kind))).min_by_key(|(p, _)| *p)
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
            match kind_or_rule {
                "ok" => {
                    if let Some(rule) = parts.next() {
                        ann.ok.push((n, rule.to_string()));
                    }
                }
                "dual" => {
                    if let Some(rule) = parts.next() {
                        ann.dual.entry(n).or_default().extend(parse_ids(rule));
                    }
                }
                rule => ann.expect.entry(n).or_default().extend(parse_ids(rule)),
            }
        }
        return ann;
    }
    let mut pending: Vec<(Mark, Vec<Want>)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i as u32 + 1;
        let trimmed = raw.trim();
        match marker(trimmed) {
            Some((0, kind)) => {
                let body = trimmed.split_once(':').map(|x| x.1).unwrap_or_default();
                pending.push((kind, parse_ids(body)));
            }
            Some((pos, kind)) => {
                let body = trimmed[pos..].split_once(':').map(|x| x.1).unwrap_or_default();
                pending.push((kind, parse_ids(body)));
                flush(&mut ann, line_no, &mut pending);
            }
            None if trimmed.is_empty() => {}
            None => flush(&mut ann, line_no, &mut pending),
        }
    }
    ann
}

fn flush(ann: &mut Annotations, line: u32, pending: &mut Vec<(Mark, Vec<Want>)>) {
    for (kind, wants) in pending.drain(..) {
        match kind {
            Mark::Expect => ann.expect.entry(line).or_default().extend(wants),
            Mark::Dual => ann.dual.entry(line).or_default().extend(wants),
            Mark::Ok => ann.ok.extend(wants.into_iter().map(|w| (line, w.rule))),
        }
    }
}

/// A fixture unit: one file, or one `.project` directory.
#[derive(Clone, Debug)]
enum Fixture {
    File(PathBuf),
    Project(PathBuf),
}

impl Fixture {
    fn path(&self) -> &Path {
        match self {
            Fixture::File(p) | Fixture::Project(p) => p,
        }
    }

    /// The directory report paths are relative to.
    fn root(&self) -> PathBuf {
        match self {
            Fixture::File(p) => p.parent().map_or_else(|| PathBuf::from("."), Path::to_path_buf),
            Fixture::Project(p) => p.clone(),
        }
    }

    /// The annotated files of the unit.
    fn sources(&self) -> Vec<PathBuf> {
        match self {
            Fixture::File(p) => vec![p.clone()],
            Fixture::Project(p) => {
                let mut out = Vec::new();
                walk(p, &mut |f| out.push(f.to_path_buf()));
                out.sort();
                out
            }
        }
    }
}

fn walk(dir: &Path, visit: &mut dyn FnMut(&Path)) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            walk(&p, visit);
        } else if is_fixture(&p) {
            visit(&p);
        }
    }
}

fn run(fixture: &Fixture, target: Target, prefilter: bool) -> Report {
    let opts = Options {
        paths: vec![fixture.path().to_path_buf()],
        root: fixture.root(),
        target,
        jobs: 1,
        prefilter,
        ..Options::default()
    };
    match check::run(&opts) {
        Ok(r) => r,
        Err(e) => panic!("{}: {e}", fixture.path().display()),
    }
}

/// One finding as the harness compares it.
#[derive(Clone, Debug)]
struct Got {
    rule: String,
    level: String,
    message: String,
}

/// Findings by file and line.
fn findings(fixture: &Fixture, report: &Report) -> BTreeMap<PathBuf, BTreeMap<u32, Vec<Got>>> {
    let root = fixture.root();
    let mut out: BTreeMap<PathBuf, BTreeMap<u32, Vec<Got>>> = BTreeMap::new();
    for d in report.active() {
        let file = root.join(&d.path);
        out.entry(file).or_default().entry(d.start.line).or_default().push(Got {
            rule: d.rule.to_string(),
            level: d.level.as_str().to_string(),
            message: d.message.clone(),
        });
    }
    out
}

/// The mismatches between a fixture's annotations and what the analyzer reports under both
/// targets.
fn compare(fixture: &Fixture, prefilter: bool) -> Vec<String> {
    let modern = run(fixture, Target::Modern, prefilter);
    let dual = run(fixture, Target::Dual, prefilter);
    let modern_found = findings(fixture, &modern);
    let dual_found = findings(fixture, &dual);
    let mut problems = Vec::new();
    let sources = fixture.sources();
    for file in modern_found.keys().chain(dual_found.keys()) {
        if !sources.contains(file) {
            problems.push(format!("{}: findings in a file that is not a fixture", file.display()));
        }
    }
    for file in &sources {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let ann = annotations(file, &text);
        let empty = BTreeMap::new();
        let got = modern_found.get(file).unwrap_or(&empty);
        let got_dual = dual_found.get(file).unwrap_or(&empty);
        problems.extend(compare_modern(file, &ann, got));
        problems.extend(compare_dual(file, &ann, got, got_dual));
    }
    problems
}

fn compare_modern(file: &Path, ann: &Annotations, actual: &BTreeMap<u32, Vec<Got>>) -> Vec<String> {
    let mut problems = Vec::new();
    let mut lines: Vec<u32> = ann.expect.keys().chain(actual.keys()).copied().collect();
    lines.sort_unstable();
    lines.dedup();
    for line in lines {
        let mut want = ann.expect.get(&line).cloned().unwrap_or_default();
        let mut got = actual.get(&line).cloned().unwrap_or_default();
        // Entries with a level first, so an unleveled entry cannot take their finding.
        want.sort_by_key(|w| w.level.is_none());
        for w in &want {
            let hit = got.iter().position(|g| g.rule == w.rule && w.level.as_ref().is_none_or(|l| *l == g.level));
            match hit {
                Some(i) => {
                    got.remove(i);
                }
                None => {
                    let level = w.level.as_ref().map(|l| format!(" at level {l}")).unwrap_or_default();
                    problems.push(format!("{}:{line}: missing {}{level}", file.display(), w.rule));
                }
            }
        }
        for g in got {
            problems.push(format!("{}:{line}: unexpected {} ({}): {}", file.display(), g.rule, g.level, g.message));
        }
    }
    for (line, rule) in &ann.ok {
        if actual.get(line).is_some_and(|found| found.iter().any(|g| g.rule == *rule)) {
            problems.push(format!("{}:{line}: trap `ok: {rule}` produced a finding", file.display()));
        }
    }
    problems
}

/// Under `--target dual` the same findings, each at its modern level unless `expect-dual`
/// lowers it.
fn compare_dual(
    file: &Path,
    ann: &Annotations,
    modern: &BTreeMap<u32, Vec<Got>>,
    dual: &BTreeMap<u32, Vec<Got>>,
) -> Vec<String> {
    let mut problems = Vec::new();
    let mut lines: Vec<u32> = modern.keys().chain(dual.keys()).chain(ann.dual.keys()).copied().collect();
    lines.sort_unstable();
    lines.dedup();
    for line in lines {
        let m = modern.get(&line).cloned().unwrap_or_default();
        let mut d = dual.get(&line).cloned().unwrap_or_default();
        let mut overrides = ann.dual.get(&line).cloned().unwrap_or_default();
        for g in &m {
            let wanted_level = match overrides.iter().position(|o| o.rule == g.rule) {
                Some(i) => overrides.remove(i).level.unwrap_or_else(|| g.level.clone()),
                None => g.level.clone(),
            };
            match d.iter().position(|x| x.rule == g.rule && x.level == wanted_level) {
                Some(i) => {
                    let x = d.remove(i);
                    if wanted_level != g.level && !x.message.contains("era check") {
                        problems.push(format!(
                            "{}:{line}: dual {} does not say to keep it behind the era check: {}",
                            file.display(),
                            g.rule,
                            x.message
                        ));
                    }
                }
                None => problems.push(format!(
                    "{}:{line}: under --target dual, {} should be {wanted_level} (modern: {})",
                    file.display(),
                    g.rule,
                    g.level
                )),
            }
        }
        for x in d {
            problems.push(format!(
                "{}:{line}: --target dual added {} ({}): {}",
                file.display(),
                x.rule,
                x.level,
                x.message
            ));
        }
        for o in overrides {
            problems.push(format!("{}:{line}: `expect-dual: {}` has no finding to lower", file.display(), o.rule));
        }
    }
    problems
}

/// Every fixture unit under `testdata/rules`.
fn fixtures() -> Vec<Fixture> {
    fn visit(dir: &Path, out: &mut Vec<Fixture>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if p.is_dir() {
                if p.extension().is_some_and(|e| e == "project") {
                    out.push(Fixture::Project(p));
                } else {
                    visit(&p, out);
                }
            } else if is_fixture(&p) {
                out.push(Fixture::File(p));
            }
        }
    }
    let mut out = Vec::new();
    visit(Path::new("testdata/rules"), &mut out);
    out
}

/// Every annotated file, in units or on its own.
fn fixture_files() -> Vec<PathBuf> {
    fixtures().iter().flat_map(Fixture::sources).collect()
}

fn is_fixture(p: &Path) -> bool {
    if is_manifest(p) {
        return true;
    }
    matches!(
        p.extension().and_then(|e| e.to_str()),
        Some("ts" | "tsx" | "mts" | "cts" | "js" | "jsx" | "mjs" | "cjs" | "rs" | "py" | "pyi")
    )
}

#[test]
fn every_fixture_matches_its_annotations() {
    let units = fixtures();
    assert!(!units.is_empty(), "no fixtures found under testdata/rules");
    let mut problems = Vec::new();
    for f in &units {
        problems.extend(compare(f, true));
    }
    assert!(problems.is_empty(), "{} fixture mismatches:\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn prefilter_never_changes_fixture_results() {
    for f in fixtures() {
        for target in [Target::Modern, Target::Dual] {
            let with = run(&f, target, true);
            let without = run(&f, target, false);
            let a: Vec<_> =
                with.findings.iter().map(|d| (d.rule, d.start, d.end, d.level, d.message.clone())).collect();
            let b: Vec<_> =
                without.findings.iter().map(|d| (d.rule, d.start, d.end, d.level, d.message.clone())).collect();
            assert_eq!(a, b, "{}: the prefilter changed the findings", f.path().display());
        }
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
            _ if is_manifest(&f) => "manifest",
            Some("rs") => "rust",
            Some("py" | "pyi") => "python",
            Some("json" | "toml") | None => "manifest",
            _ => "typescript",
        };
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let ann = annotations(&f, &text);
        for wants in ann.expect.values() {
            for w in wants {
                counts.entry((w.rule.clone(), lang)).or_default().0 += 1;
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

struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("mcpshift-harness-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::create_dir_all(&dir);
        TempDir(dir)
    }

    fn write(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.0.join(rel);
        if let Some(parent) = p.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        if let Err(e) = std::fs::write(&p, text) {
            panic!("{e}");
        }
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The harness itself must fail when an annotation is wrong.
#[test]
fn harness_reports_wrong_annotations() {
    let dir = TempDir::new("wrong");
    let file = dir.write(
        "wrong.ts",
        "import { Client } from '@modelcontextprotocol/sdk/client/index.js';\n\
         // expect: MCP301\n\
         const a = 1;\n\
         const h = req.headers['mcp-session-id'];\n\
         // ok: MCP102\n\
         res.setHeader('Mcp-Session-Id', id);\n\
         // expect: MCP102=note\n\
         res.set('mcp-session-id', id);\n",
    );
    let problems = compare(&Fixture::File(file), true);
    assert!(problems.iter().any(|p| p.ends_with(":3: missing MCP301")), "{problems:?}");
    assert!(problems.iter().any(|p| p.contains(":4: unexpected MCP102")), "{problems:?}");
    assert!(problems.iter().any(|p| p.contains(":6: trap `ok: MCP102` produced a finding")), "{problems:?}");
    assert!(problems.iter().any(|p| p.ends_with(":8: missing MCP102 at level note")), "{problems:?}");
}

/// The dual pass fails when a demotion is missing or unexpected, and a project directory is
/// one unit.
#[test]
fn harness_checks_the_dual_target() {
    let dir = TempDir::new("dual");
    let project = dir.0.join("case.project");
    dir.write(
        "case.project/modern.ts",
        "export function dispatch(msg: { method: string }) {\n\
         \x20 switch (msg.method) {\n\
         \x20   case 'server/discover':\n\
         \x20     return { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: {}, ttlMs: 0, cacheScope: 'public' };\n\
         \x20 }\n\
         }\n",
    );
    dir.write(
        "case.project/legacy.ts",
        "import { Server } from '@modelcontextprotocol/sdk/server/index.js'; export function legacy(msg: { method: string }) {\n\
         \x20 switch (msg.method) {\n\
         \x20   // expect: MCP301\n\
         \x20   case 'ping':\n\
         \x20     return { resultType: 'complete' };\n\
         \x20 }\n\
         }\n",
    );
    let problems = compare(&Fixture::Project(project.clone()), true);
    assert!(
        problems.iter().any(|p| p.contains("legacy.ts:4: under --target dual, MCP301 should be error")),
        "{problems:?}"
    );
    dir.write(
        "case.project/legacy.ts",
        "import { Server } from '@modelcontextprotocol/sdk/server/index.js'; export function legacy(msg: { method: string }) {\n\
         \x20 switch (msg.method) {\n\
         \x20   // expect: MCP301\n\
         \x20   // expect-dual: MCP301=note\n\
         \x20   case 'ping':\n\
         \x20     return { resultType: 'complete' };\n\
         \x20 }\n\
         }\n",
    );
    let problems = compare(&Fixture::Project(project), true);
    assert!(problems.is_empty(), "{problems:?}");
}

/// A rule whose finding sits in a file its prefilter lists do not offer it would be lost by the
/// prefilter: every file with an expected finding must hold one of the rule's tokens or words,
/// or one of its context tokens and a sign of MCP context. In a `.project`, a file that uses a
/// constant of another file is scanned with that file's text too (the run adds the values of
/// the names a file uses to its tokens), so the check reads the whole project.
#[test]
fn every_expected_finding_has_a_trigger_token_in_its_file() {
    let registry = match mcpshift::rules::registry() {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    };
    let mut problems = Vec::new();
    for f in fixture_files() {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let ann = annotations(&f, &text);
        let reachable = match project_of(&f) {
            Some(root) => project_text(&root),
            None => text.clone(),
        };
        for want in ann.expect.values().flatten() {
            let rule = &want.rule;
            let Some(def) = registry.get(rule) else {
                problems.push(format!("{}: unknown rule {rule}", f.display()));
                continue;
            };
            if is_manifest(&f) || def.meta.builtin || def.meta.prefilter.is_empty() {
                continue;
            }
            let prefilter = Prefilter::new(&[def], &[], true, &[]);
            if !matches!(prefilter.decide(reachable.as_bytes()), Decision::Parse(rules) if rules.contains(0)) {
                problems.push(format!("{}: expects {rule} but the prefilter does not offer it the file", f.display()));
            }
        }
    }
    problems.sort();
    problems.dedup();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The `.project` directory a fixture file belongs to.
fn project_of(f: &Path) -> Option<PathBuf> {
    f.ancestors().find(|a| a.extension().is_some_and(|e| e == "project")).map(Path::to_path_buf)
}

/// Every source file of a project fixture, concatenated.
fn project_text(root: &Path) -> String {
    let mut out = String::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths {
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push_str(&std::fs::read_to_string(&p).unwrap_or_default());
                out.push('\n');
            }
        }
    }
    out
}

/// `package.json`, `Cargo.toml` and the Python manifests and lock files.
fn is_manifest(p: &Path) -> bool {
    mcpshift::project::Manifest::kind_of_path(p).is_some()
}
