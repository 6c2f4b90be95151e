//! Baselines: record today's findings (`--write-baseline FILE`), then report only new ones
//! (`--baseline FILE`).
//!
//! An entry is keyed by path, rule and the finding's fingerprint, a hash of the rule, the path
//! and the whitespace-folded matched code with an occurrence index (see
//! [`crate::engine::fingerprint`]), never a line number: code that moves within its file keeps
//! its entry, and editing unrelated lines changes nothing. Entries are matched one to one, so
//! a second copy of a recorded pattern in the same file is new. Entries that match nothing
//! any more are listed, so the baseline can shrink.
//!
//! The file is JSON, sorted, without line numbers, so it diffs well in review:
//! `{ "version": 1, "tool": "mcpshift", "findings": [{ path, rule, fingerprint, message }] }`.

use std::collections::HashMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::check::Report;
use crate::diagnostic::BaselineState;

pub const VERSION: u32 = 1;

/// One recorded finding.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub path: String,
    pub rule: String,
    pub fingerprint: String,
    /// For the reader of the file; not part of the key.
    #[serde(default)]
    pub message: String,
}

/// A baseline file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Baseline {
    pub version: u32,
    pub tool: String,
    pub findings: Vec<Entry>,
}

/// What comparing a run with a baseline found, beyond the marks on each finding.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BaselineSummary {
    /// The baseline file, as named on the command line.
    pub file: String,
    /// Findings recorded in the baseline (left out of the outputs and the exit code).
    pub unchanged: usize,
    /// Entries that match no finding any more: the code was fixed or removed, and the entry
    /// can go (`--write-baseline` again).
    pub absent: Vec<Entry>,
}

impl Baseline {
    /// The findings of a run that a baseline records: the active ones (suppressed findings
    /// have their own, visible record in the code).
    pub fn of(report: &Report) -> Baseline {
        let mut findings: Vec<Entry> = report
            .findings
            .iter()
            .filter(|d| d.suppression.is_none())
            .map(|d| Entry {
                path: d.path.clone(),
                rule: d.rule.to_string(),
                fingerprint: d.fingerprint.clone(),
                message: d.message.clone(),
            })
            .collect();
        findings.sort();
        findings.dedup();
        Baseline { version: VERSION, tool: "mcpshift".into(), findings }
    }

    pub fn read(path: &Path) -> Result<Baseline, String> {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("cannot read baseline {}: {e}", path.display()))?;
        Baseline::parse(path, &text)
    }

    /// Parses a baseline's text; `path` names it in errors.
    pub fn parse(path: &Path, text: &str) -> Result<Baseline, String> {
        let baseline: Baseline =
            serde_json::from_str(text).map_err(|e| format!("{}: not a mcpshift baseline: {e}", path.display()))?;
        if baseline.version != VERSION || baseline.tool != "mcpshift" {
            return Err(format!(
                "{}: baseline version {} of `{}` is not supported (expected version {VERSION} of `mcpshift`)",
                path.display(),
                baseline.version,
                baseline.tool
            ));
        }
        Ok(baseline)
    }

    pub fn write(&self, path: &Path) -> Result<(), String> {
        let mut text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        text.push('\n');
        std::fs::write(path, text).map_err(|e| format!("cannot write baseline {}: {e}", path.display()))
    }
}

/// Marks every active finding `new` or `unchanged`, and lists the entries left over. Entries
/// of rules that did not run, or of files the run does not report on (`reported` is false: a
/// path not named, a file outside `--changed-since`), were not looked for, so they are not
/// listed as absent.
pub fn apply(report: &mut Report, baseline: &Baseline, file: &str, reported: &dyn Fn(&str) -> bool) {
    let mut remaining: HashMap<(&str, &str, &str), usize> = HashMap::new();
    for e in &baseline.findings {
        *remaining.entry((e.path.as_str(), e.rule.as_str(), e.fingerprint.as_str())).or_insert(0) += 1;
    }
    let mut unchanged = 0;
    // Suppressed findings are compared too (they are never recorded, so they are `new` unless
    // the suppression came after the baseline), so that every SARIF result has a state.
    for d in report.findings.iter_mut() {
        let key = (d.path.as_str(), d.rule, d.fingerprint.as_str());
        match remaining.get_mut(&key) {
            Some(n) if *n > 0 => {
                *n -= 1;
                unchanged += 1;
                d.baseline = Some(BaselineState::Unchanged);
            }
            _ => d.baseline = Some(BaselineState::New),
        }
    }
    let mut absent = Vec::new();
    let looked_for = |e: &Entry| report.rules_run.contains(&e.rule) && reported(&e.path);
    for e in baseline.findings.iter().filter(|e| looked_for(e)) {
        let key = (e.path.as_str(), e.rule.as_str(), e.fingerprint.as_str());
        if let Some(n) = remaining.get_mut(&key) {
            if *n > 0 {
                *n -= 1;
                absent.push(e.clone());
            }
        }
    }
    report.baseline = Some(BaselineSummary { file: file.to_string(), unchanged, absent });
}
