//! A finding, and what is reported about files that could not be analyzed.

use crate::rules::Level;
use crate::source::Position;

/// One finding of one rule at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub rule: &'static str,
    pub name: &'static str,
    pub level: Level,
    /// Relative to the scan root, with forward slashes.
    pub path: String,
    pub start: Position,
    pub end: Position,
    /// Byte range in the file, for snippets and fingerprints.
    pub range: (usize, usize),
    pub message: String,
    pub hint: String,
    pub spec: String,
    /// A legacy handler that a dual-era project may keep (`--target dual` demotes it).
    pub legacy_handler: bool,
    /// In code only legacy builds compile or only legacy peers reach (see
    /// [`crate::era_scope`]): `--target dual` makes it a note, whatever the rule.
    pub legacy_gated: bool,
    /// In the body of a handler for a removed method, which only legacy peers reach (see
    /// [`crate::era_scope::in_removed_handler`]).
    pub in_legacy_handler: bool,
    /// In test code (see [`crate::test_code`]).
    pub in_test: bool,
    /// The code sends the removed request itself (a call, a message built and sent), so a
    /// function made of it sends it for its callers.
    pub sends: bool,
    /// Set when an inline suppression covers the finding: its reason.
    pub suppression: Option<String>,
    /// Set when the run compares against a baseline (`--baseline`).
    pub baseline: Option<BaselineState>,
    /// Stable identity of the matched code, independent of line numbers.
    pub fingerprint: String,
    /// Other places that explain the finding: the definition of a constant the code uses
    /// (SARIF `relatedLocations`).
    pub related: Vec<Related>,
    /// The edits that fix the finding, where the rule knows them.
    pub fix: Option<crate::fix::Fix>,
}

/// A place that explains a finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Related {
    pub path: String,
    pub start: Position,
    pub end: Position,
    /// Byte range in that file.
    pub range: (usize, usize),
    pub message: String,
}

impl Diagnostic {
    pub fn sort_key(&self) -> (&str, Position, &str, Position) {
        (&self.path, self.start, self.rule, self.end)
    }

    /// Neither suppressed inline nor recorded in the baseline: it is reported and counts.
    pub fn is_active(&self) -> bool {
        self.suppression.is_none() && self.baseline != Some(BaselineState::Unchanged)
    }

    pub fn with_level(&mut self, level: Level) -> &mut Self {
        self.level = level;
        self
    }

    pub fn with_hint(&mut self, hint: impl Into<String>) -> &mut Self {
        self.hint = hint.into();
        self
    }

    /// Attaches the edits that fix the finding, unless it is in test code: what a test expects
    /// or builds follows the code under test (whose own findings carry the fixes), and a test
    /// rewritten to the new behaviour no longer tests the old one.
    pub fn with_fix(&mut self, fix: crate::fix::Fix) -> &mut Self {
        if !self.in_test && !crate::test_code::test_path(&self.path) {
            self.fix = Some(fix);
        }
        self
    }

    pub fn legacy_handler(&mut self, yes: bool) -> &mut Self {
        self.legacy_handler = yes;
        self
    }
}

/// How a finding relates to the baseline it was compared with (SARIF `baselineState`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BaselineState {
    /// Not in the baseline: reported.
    New,
    /// Recorded in the baseline: left out of the outputs (SARIF keeps it, marked) and the
    /// exit code.
    Unchanged,
}

impl BaselineState {
    pub fn as_str(self) -> &'static str {
        match self {
            BaselineState::New => "new",
            BaselineState::Unchanged => "unchanged",
        }
    }
}

/// A file in scope that was not analyzed, and why.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct NotAnalyzed {
    pub path: String,
    pub reason: String,
    /// Where the problem is, when known (a syntax error's position).
    pub position: Option<Position>,
    /// A bug in the analyzer, not a property of the file: the run is incomplete.
    pub internal: bool,
    /// The file holds a trigger token of an enabled rule, or could not be read to tell: it may
    /// hide findings, so it is an MCP000 finding and fails the run. A file without any (a
    /// generated `lib.dom.d.ts`, a vendored bundle of a repository without MCP code) is only
    /// listed. Set by [`crate::unanalyzed::triage`]; `true` until then.
    pub may_hold_findings: bool,
}
