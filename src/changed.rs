//! `--changed-since REV`: the files changed since a git revision, through the `git` command.
//!
//! Changed means: differs between REV and the working tree (committed, staged or not), or is
//! untracked and not ignored. Every file is still analyzed, because project-level rules
//! (a dispatcher without `server/discover`, manifests) need the whole project to be right; only
//! the findings in changed files are reported.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// Paths relative to `root` (forward slashes) of the files changed since `rev`.
pub fn files_changed_since(root: &Path, rev: &str) -> Result<BTreeSet<String>, String> {
    if rev.starts_with('-') {
        return Err(format!("--changed-since: `{rev}` is not a git revision"));
    }
    let mut out = BTreeSet::new();
    // `--relative` makes the paths relative to `root` (and limits them to it); `-z` keeps
    // unusual file names unquoted.
    let diff = git(root, &["diff", "--name-only", "--relative", "--no-renames", "-z", rev, "--"])?;
    let untracked = git(root, &["ls-files", "--others", "--exclude-standard", "-z"])?;
    for list in [diff, untracked] {
        out.extend(list.split('\0').filter(|p| !p.is_empty()).map(|p| p.replace('\\', "/")));
    }
    Ok(out)
}

fn git(root: &Path, args: &[&str]) -> Result<String, String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(root)
        .output()
        .map_err(|e| format!("--changed-since needs the `git` command: {e}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().find(|l| !l.trim().is_empty()).unwrap_or("unknown error").trim().to_string();
        return Err(format!("--changed-since: `git {}` failed: {first}", args.join(" ")));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}
