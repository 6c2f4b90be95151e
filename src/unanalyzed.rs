//! Which files that could not be analyzed may hide findings.
//!
//! A file that was not analyzed fails the run only when it could hold a finding: it contains a
//! trigger token of an enabled rule (the same test the prefilter applies before parsing), or it
//! could not be read to tell. A 2 MB generated `lib.dom.d.ts`, a minified bundle or a dangling
//! symbolic link in a repository without MCP code holds none; it is listed (`--stats`, the JSON
//! report) but is no MCP000 finding and leaves the exit code alone.

use std::io::Read;
use std::path::Path;

use crate::diagnostic::NotAnalyzed;
use crate::discover::FileKind;
use crate::engine::Engine;
use crate::prefilter::{Decision, Prefilter};
use crate::rules::RuleDef;

/// Files are scanned up to this size; a larger one may hold anything.
const SCAN_LIMIT: u64 = 256 * 1024 * 1024;

/// Sets [`NotAnalyzed::may_hold_findings`] on every entry. Paths are relative to `root`.
pub fn triage(list: &mut [NotAnalyzed], engine: &Engine, enabled: &[&'static RuleDef], root: &Path) {
    if list.iter().all(|n| n.internal) {
        return;
    }
    // The enabled rules' tokens, whether or not the run itself used the prefilter
    // (`--no-prefilter` must not change which files fail the run).
    let builtin: Vec<&RuleDef> = enabled.iter().copied().filter(|r| r.rule.is_none()).collect();
    let prefilter = Prefilter::new(&engine.rules, &builtin, true, &[]);
    let canonical_root = root.canonicalize().ok();
    for n in list.iter_mut().filter(|n| !n.internal) {
        n.may_hold_findings = may_hold_findings(&root.join(&n.path), &prefilter, canonical_root.as_deref());
    }
}

fn may_hold_findings(path: &Path, prefilter: &Prefilter, root: Option<&Path>) -> bool {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        // Gone since the walk: nothing there to hold a finding.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return false,
        Err(_) => return true,
    };
    let file_type = meta.file_type();
    if file_type.is_symlink() {
        // A dangling link or a loop points at nothing; a link into the project points at a
        // file the walk sees under its own name (or leaves out on purpose). Only a link to a
        // file outside the project stands for code that is analyzed nowhere else.
        return match path.canonicalize() {
            Ok(target) if root.is_some_and(|r| target.starts_with(r)) => false,
            Ok(target) => target.is_file() && holds_token(&target, prefilter),
            Err(_) => false,
        };
    }
    if file_type.is_dir() {
        // An unreadable directory: what it holds cannot be known.
        return true;
    }
    // A FIFO, socket or device is no source file, whatever its name.
    file_type.is_file() && holds_token(path, prefilter)
}

/// Whether the file's bytes hold a trigger token; `true` when they cannot be read. A manifest
/// is read by name, not by token: it may hold a finding when it names an MCP package at all.
fn holds_token(path: &Path, prefilter: &Prefilter) -> bool {
    let mut bytes = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(SCAN_LIMIT + 1).read_to_end(&mut bytes));
    if read.is_err() || bytes.len() as u64 > SCAN_LIMIT {
        return true;
    }
    if FileKind::of(path) == Some(FileKind::Manifest) {
        let lower = bytes.to_ascii_lowercase();
        return [&b"mcp"[..], b"modelcontextprotocol"].iter().any(|n| memchr::memmem::find(&lower, n).is_some());
    }
    matches!(prefilter.decide(&bytes), Decision::Parse(_))
}
