//! `check --diff`: the unified diff of what `--fix` would write, as `ruff --diff` and
//! `git diff` print it (`--- a/path`, `+++ b/path`), so `git apply` takes it.

use super::Change;

/// The diff of every change, in path order.
pub fn unified(changes: &[Change]) -> String {
    let mut out = String::new();
    for c in changes {
        let before = String::from_utf8_lossy(&c.before);
        let after = String::from_utf8_lossy(&c.after);
        let diff = similar::TextDiff::from_lines(before.as_ref(), after.as_ref());
        let path = c.path.trim_start_matches('/');
        out.push_str(
            &diff.unified_diff().context_radius(3).header(&format!("a/{path}"), &format!("b/{path}")).to_string(),
        );
    }
    out
}
