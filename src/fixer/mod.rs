//! `check --fix` / `--diff`: applies the fixes findings carry, and never leaves a file worse.
//!
//! The loop, top to bottom: analyze; take the active findings whose fix is allowed; per file,
//! apply the fixes that do not overlap (the first by position wins) and touch no suppression
//! comment; check that the edited file still parses; analyze again with the edited texts in
//! memory (an [`Overlay`], nothing is written yet); keep a file's edits only when every finding
//! they fixed is gone and no other finding appeared in it, else take the file's text back.
//! Repeat while something changed, at most [`MAX_PASSES`] times. Then the files are written
//! once each ([`write`]), or shown as a diff ([`diff`]).
//!
//! Running the passes in memory is what lets `--diff` show exactly what `--fix` would write.

pub mod diff;
pub mod syntax;
pub mod write;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::check::{self, Options, Overlay, Report};
use crate::diagnostic::Diagnostic;
use crate::fix::Applicability;
use crate::source::{Position, SourceFile};
use crate::suppress::FileSuppressions;

/// Passes of analysis and fixing at most. Overlapping fixes take one pass each, and a file whose
/// fixes fail together is retried one fix per pass; real code needs a handful. (ruff: 100.)
pub const MAX_PASSES: usize = 20;

/// What the run may fix and whether it writes.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// Apply unsafe fixes too (`--unsafe-fixes`).
    pub unsafe_fixes: bool,
    /// Write the files (`--fix`); without it the fixed texts are only computed (`--diff`).
    pub write: bool,
    /// Test hook (hidden `--inject-fix-race delete:PATTERN` / `modify:PATTERN`): delete or
    /// change the files whose path contains PATTERN after the analysis and before the writing.
    pub race: Option<String>,
}

impl Settings {
    /// Whether a fix of this applicability is applied.
    pub fn allows(&self, applicability: Applicability) -> bool {
        applicability == Applicability::Safe || self.unsafe_fixes
    }
}

/// A file the fixes changed: its bytes as read and as fixed.
#[derive(Clone, Debug)]
pub struct Change {
    /// Relative to the root, as in findings.
    pub path: String,
    pub before: Vec<u8>,
    pub after: Vec<u8>,
    /// Findings fixed in it.
    pub fixed: usize,
}

/// A fix that was not applied, and why.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct NotApplied {
    pub path: String,
    pub start: Position,
    pub rule: &'static str,
    pub why: String,
}

/// The result of a run with fixes.
#[derive(Debug)]
pub struct Outcome {
    /// The report of the final state (of the files as written, or as `--diff` shows them).
    pub report: Report,
    /// Files changed, in path order; with `write`, only those written.
    pub changes: Vec<Change>,
    pub not_applied: Vec<NotApplied>,
    /// Fixes were still pending when the passes ran out.
    pub out_of_passes: bool,
}

impl Outcome {
    /// Findings fixed.
    pub fn fixed(&self) -> usize {
        self.changes.iter().map(|c| c.fixed).sum()
    }
}

/// A file the loop edits: the bytes it had and the text it has now.
struct Edited {
    /// Where it is on disk.
    path: PathBuf,
    original: Vec<u8>,
    /// A UTF-8 byte-order mark, kept in front of the text when written.
    bom: bool,
    text: String,
    /// Findings fixed in it so far.
    fixed: usize,
}

impl Edited {
    fn bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.text.len() + 3);
        if self.bom {
            out.extend_from_slice("\u{feff}".as_bytes());
        }
        out.extend_from_slice(self.text.as_bytes());
        out
    }
}

/// A finding by its rule and the code it matched (its fingerprint without the occurrence
/// number), which is how a finding is known again after an edit moves it.
type Key = (&'static str, String);

fn key(d: &Diagnostic) -> Key {
    let base = d.fingerprint.rsplit_once(':').map_or(d.fingerprint.as_str(), |(b, _)| b);
    (d.rule, base.to_string())
}

/// Runs the analysis and applies the fixes it allows. `compare` marks the findings of each run
/// that are not active for a reason the run does not know (the baseline).
pub fn run(opts: &Options, settings: &Settings, compare: &dyn Fn(&mut Report)) -> Result<Outcome, String> {
    let mut opts = opts.clone();
    let analyze = |opts: &Options| -> Result<Report, String> {
        let mut report = check::run(opts)?;
        compare(&mut report);
        Ok(report)
    };
    let mut report = analyze(&opts)?;
    let mut files: BTreeMap<String, Edited> = BTreeMap::new();
    let mut not_applied: Vec<NotApplied> = Vec::new();
    // Findings whose fix failed, by path and key: not tried again.
    let mut refused: BTreeSet<(String, Key)> = BTreeSet::new();
    // Files whose fixes failed together: from then on one fix per pass.
    let mut one_at_a_time: BTreeSet<String> = BTreeSet::new();
    let mut out_of_passes = false;

    for pass in 0..=MAX_PASSES {
        let plan = plan(&report, settings, &refused, &one_at_a_time, &files);
        if plan.is_empty() {
            break;
        }
        if pass == MAX_PASSES {
            out_of_passes = true;
            break;
        }
        // Edit the texts in memory.
        let mut attempted: Vec<(String, Vec<Diagnostic>, String)> = Vec::new();
        for (path, fixes) in plan {
            let refuse = |why: String, refused: &mut BTreeSet<_>, not_applied: &mut Vec<NotApplied>| {
                for d in &fixes {
                    refused.insert((path.clone(), key(d)));
                    not_applied.push(NotApplied { path: path.clone(), start: d.start, rule: d.rule, why: why.clone() });
                }
            };
            if !files.contains_key(&path) {
                match load(&opts.root, &path) {
                    Ok(edited) => {
                        files.insert(path.clone(), edited);
                    }
                    Err(why) => {
                        refuse(why, &mut refused, &mut not_applied);
                        continue;
                    }
                }
            }
            let Some(file) = files.get_mut(&path) else { continue };
            let mut edits: Vec<crate::fix::Edit> =
                fixes.iter().filter_map(|d| d.fix.as_ref()).flat_map(|f| f.edits.clone()).collect();
            edits.sort();
            let new = match crate::fix::apply(&file.text, &edits) {
                Ok(new) => new,
                Err(why) => {
                    refuse(format!("the edits do not fit the file ({why})"), &mut refused, &mut not_applied);
                    continue;
                }
            };
            if let Some(error) = syntax::error(Path::new(&path), &new) {
                if fixes.len() > 1 {
                    one_at_a_time.insert(path.clone());
                } else {
                    refuse(format!("the file would no longer parse ({error})"), &mut refused, &mut not_applied);
                }
                continue;
            }
            let previous = std::mem::replace(&mut file.text, new);
            attempted.push((path, fixes, previous));
        }
        if attempted.is_empty() {
            continue;
        }
        opts.overlay = Some(Arc::new(overlay(&files)));
        let mut after = analyze(&opts)?;
        // Keep a file's edits only if they did what they were for, and nothing else.
        let mut undone = false;
        for (path, fixes, previous) in attempted {
            match verify(&report, &after, &path, &fixes) {
                Ok(()) => {
                    if let Some(file) = files.get_mut(&path) {
                        file.fixed += fixes.len();
                    }
                }
                Err(why) => {
                    undone = true;
                    if let Some(file) = files.get_mut(&path) {
                        file.text = previous;
                    }
                    if fixes.len() > 1 {
                        one_at_a_time.insert(path);
                    } else {
                        for d in &fixes {
                            refused.insert((path.clone(), key(d)));
                            not_applied.push(NotApplied {
                                path: path.clone(),
                                start: d.start,
                                rule: d.rule,
                                why: why.clone(),
                            });
                        }
                    }
                }
            }
        }
        if undone {
            opts.overlay = Some(Arc::new(overlay(&files)));
            after = analyze(&opts)?;
        }
        report = after;
    }

    let mut changes: Vec<Change> = files
        .iter()
        .filter(|(_, f)| f.bytes() != f.original)
        .map(|(path, f)| Change { path: path.clone(), before: f.original.clone(), after: f.bytes(), fixed: f.fixed })
        .collect();
    if settings.write {
        let mut failed = false;
        let mut written = Vec::new();
        let mut seen: HashMap<PathBuf, String> = HashMap::new();
        for change in changes {
            let Some(file) = files.get(&change.path) else { continue };
            if let Some(pattern) = &settings.race {
                write::inject_race(pattern, &change.path, &file.path);
            }
            let result = write::canonical(&file.path).and_then(|target| match seen.get(&target) {
                Some(other) => Err(format!("the same file as {other}, which is fixed instead")),
                None => {
                    seen.insert(target.clone(), change.path.clone());
                    write::atomic(&file.path, &change.before, &change.after)
                }
            });
            match result {
                Ok(()) => written.push(change),
                Err(why) => {
                    failed = true;
                    not_applied.push(NotApplied {
                        path: change.path.clone(),
                        start: Position { line: 0, column: 0 },
                        rule: "",
                        why: format!("{why}; {} not written", crate::report::plural(change.fixed, "fix")),
                    });
                }
            }
        }
        changes = written;
        // The report must describe the files as they are: analyze again what was not written.
        if failed {
            let mut fresh = opts.clone();
            let mut on_disk = overlay(&files);
            on_disk.retain(|path, _| changes.iter().any(|c| c.path == *path));
            fresh.overlay = (!on_disk.is_empty()).then(|| Arc::new(on_disk));
            report = analyze(&fresh)?;
        }
    }
    not_applied.sort();
    not_applied.dedup();
    Ok(Outcome { report, changes, not_applied, out_of_passes })
}

/// The fixes of one pass, per file: the active findings whose fix is allowed and was not
/// refused, in position order, without overlaps and without edits on a suppression comment.
fn plan(
    report: &Report,
    settings: &Settings,
    refused: &BTreeSet<(String, Key)>,
    one_at_a_time: &BTreeSet<String>,
    files: &BTreeMap<String, Edited>,
) -> BTreeMap<String, Vec<Diagnostic>> {
    let mut out: BTreeMap<String, Vec<Diagnostic>> = BTreeMap::new();
    let mut by_file: BTreeMap<&str, Vec<&Diagnostic>> = BTreeMap::new();
    for d in report.active() {
        let Some(fix) = &d.fix else { continue };
        if !settings.allows(fix.applicability) || fix.edits.is_empty() || refused.contains(&(d.path.clone(), key(d))) {
            continue;
        }
        by_file.entry(d.path.as_str()).or_default().push(d);
    }
    // Definitions other findings lead to (a constant compared in another file): an edit there
    // would change those uses too, so it waits until no finding leads there.
    let pointed: Vec<(&str, (usize, usize))> =
        report.findings.iter().flat_map(|d| d.related.iter().map(|r| (r.path.as_str(), r.range))).collect();
    for (path, mut ds) in by_file {
        ds.retain(|d| {
            let edits = d.fix.as_ref().map(|f| f.edits.as_slice()).unwrap_or_default();
            let ranges = edits.iter().map(|e| e.range).chain(std::iter::once(d.range));
            !ranges.into_iter().any(|(a, b)| pointed.iter().any(|(p, r)| *p == path && a <= r.1 && r.0 <= b))
        });
        ds.sort_by_key(|d| (d.fix.as_ref().and_then(|f| f.span()), d.start));
        let suppressions = report.suppressions.iter().find(|s| s.path == path);
        let text = files.get(path).map(|f| f.text.as_str());
        let mut taken: Vec<Diagnostic> = Vec::new();
        let mut end = 0;
        for d in ds {
            let Some(span) = d.fix.as_ref().and_then(|f| f.span()) else { continue };
            if !taken.is_empty() && span.0 < end {
                continue;
            }
            if touches_suppression(d, suppressions, text) {
                continue;
            }
            end = span.1.max(span.0 + 1);
            taken.push(d.clone());
            if one_at_a_time.contains(path) {
                break;
            }
        }
        if !taken.is_empty() {
            out.insert(path.to_string(), taken);
        }
    }
    out
}

/// Whether a fix's edits overlap a suppression comment or lie on its line: the suppression
/// would then cover other code, or nothing.
fn touches_suppression(d: &Diagnostic, suppressions: Option<&FileSuppressions>, text: Option<&str>) -> bool {
    let (Some(fix), Some(s)) = (&d.fix, suppressions) else { return false };
    if s.items.is_empty() {
        return false;
    }
    // The lines of the edits, in the text the finding was made on.
    let source = text.map(|t| SourceFile::new(t.to_string()));
    fix.edits.iter().any(|e| {
        s.items.iter().any(|item| {
            let overlaps = e.range.0 <= item.range.1 && item.range.0 <= e.range.1;
            let on_line = source.as_ref().is_some_and(|src| {
                let (a, b) = (src.position(e.range.0).line, src.position(e.range.1).line);
                (a..=b).contains(&item.comment_line)
            }) || (source.is_none() && (d.start.line..=d.end.line).contains(&item.comment_line));
            overlaps || on_line
        })
    })
}

/// Reads a file the loop will edit.
fn load(root: &Path, rel: &str) -> Result<Edited, String> {
    let path = root.join(rel);
    let original =
        std::fs::read(&path).map_err(|e| format!("cannot read the file ({})", crate::discover::io_reason(&e)))?;
    if original.starts_with(&[0xFF, 0xFE]) || original.starts_with(&[0xFE, 0xFF]) {
        return Err("the file is UTF-16, which fixes do not rewrite".into());
    }
    let mut text = String::from_utf8(original.clone()).map_err(|_| "the file is not UTF-8".to_string())?;
    let bom = text.starts_with('\u{feff}');
    if bom {
        text.drain(..3);
    }
    if let Some(error) = syntax::error(Path::new(rel), &text) {
        return Err(format!("the file does not parse as it is ({error})"));
    }
    Ok(Edited { path, original, bom, text, fixed: 0 })
}

/// The edited files' bytes, by path.
fn overlay(files: &BTreeMap<String, Edited>) -> Overlay {
    files.iter().map(|(path, f)| (path.clone(), f.bytes())).collect()
}

/// Whether the edits of a file did what they were for: each fixed finding gone, and no finding
/// in the file that was not there before.
fn verify(before: &Report, after: &Report, path: &str, fixed: &[Diagnostic]) -> Result<(), String> {
    let count = |report: &Report| {
        let mut n: HashMap<Key, usize> = HashMap::new();
        for d in report.findings.iter().filter(|d| d.path == path) {
            *n.entry(key(d)).or_default() += 1;
        }
        n
    };
    let (was, is) = (count(before), count(after));
    if after.not_analyzed.iter().any(|n| n.path == path) {
        return Err("the file could not be analyzed after the edit".into());
    }
    let mut expected = was.clone();
    for d in fixed {
        if let Some(n) = expected.get_mut(&key(d)) {
            *n = n.saturating_sub(1);
        }
    }
    for d in fixed {
        let k = key(d);
        if is.get(&k).copied().unwrap_or(0) > expected.get(&k).copied().unwrap_or(0) {
            return Err("the finding is still there after the edit".into());
        }
    }
    // A finding of a fixed rule on a fixed finding's line was there before, hidden: a report
    // keeps one finding per rule and line.
    let was_hidden = |d: &Diagnostic| fixed.iter().any(|f| f.rule == d.rule && f.start.line == d.start.line);
    // An edit inside text another rule reports on (an item removed from a header list that also
    // names `Last-Event-ID`) changes that finding's fingerprint, not the finding: the same rule
    // on a fixed finding's line, as before the edit, is the finding that was there.
    let was_there = |d: &Diagnostic| {
        fixed.iter().any(|f| f.start.line == d.start.line)
            && before.findings.iter().any(|b| b.path == path && b.rule == d.rule && b.start.line == d.start.line)
    };
    let mut seen: HashMap<&Key, usize> = HashMap::new();
    for d in after.findings.iter().filter(|d| d.path == path) {
        let k = key(d);
        let Some((k, n)) = is.get_key_value(&k) else { continue };
        let counted = seen.entry(k).or_default();
        *counted += 1;
        if *n > was.get(k).copied().unwrap_or(0)
            && *counted > was.get(k).copied().unwrap_or(0)
            && !was_hidden(d)
            && !was_there(d)
        {
            return Err(format!("the edit would make a new {} finding", d.rule));
        }
    }
    Ok(())
}
