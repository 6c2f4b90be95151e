//! Writing a fixed file: only if it is still what was read, atomically (a temporary file in the
//! same folder, renamed over it), with its permissions. A symbolic link is written at its
//! target; a read-only file is reported, never forced.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Where a file's bytes live: the target of a symbolic link, else the path itself.
pub fn canonical(path: &Path) -> Result<PathBuf, String> {
    std::fs::canonicalize(path).map_err(|e| gone_or(&e, "cannot resolve the path"))
}

/// Replaces the file at `path` (or its link's target), which must still hold `expected`, with
/// `bytes`.
pub fn atomic(path: &Path, expected: &[u8], bytes: &[u8]) -> Result<(), String> {
    let target = canonical(path)?;
    let meta = std::fs::metadata(&target).map_err(|e| gone_or(&e, "cannot read its metadata"))?;
    if meta.permissions().readonly() {
        return Err("the file is read-only (not forced)".into());
    }
    let now = std::fs::read(&target).map_err(|e| gone_or(&e, "cannot read it again"))?;
    if now != expected {
        return Err("the file changed on disk since it was read, so it is left alone".into());
    }
    let dir = target.parent().ok_or_else(|| "the file has no folder".to_string())?;
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = dir.join(format!(".{name}.mcpshift-fix-{}", std::process::id()));
    let written = (|| -> std::io::Result<()> {
        let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(&temp)?;
        file.write_all(bytes)?;
        file.set_permissions(meta.permissions())?;
        file.sync_all()?;
        std::fs::rename(&temp, &target)
    })();
    written.map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        format!("cannot write it: {e}")
    })
}

fn gone_or(e: &std::io::Error, what: &str) -> String {
    if e.kind() == std::io::ErrorKind::NotFound {
        "the file was deleted since it was read".to_string()
    } else {
        format!("{what}: {}", crate::discover::io_reason(e))
    }
}

/// Test hook (hidden `--inject-fix-race`): `delete:PATTERN` deletes, `modify:PATTERN` appends a
/// line to, the file at `path` when its reported path contains PATTERN, as another program
/// could between the analysis and the writing.
pub fn inject_race(hook: &str, rel: &str, path: &Path) {
    let (action, pattern) = hook.split_once(':').unwrap_or(("", hook));
    if pattern.is_empty() || !rel.contains(pattern) {
        return;
    }
    match action {
        "delete" => {
            let _ = std::fs::remove_file(path);
        }
        "modify" => {
            if let Ok(mut f) = std::fs::OpenOptions::new().append(true).open(path) {
                let _ = f.write_all(b"\n// edited meanwhile\n");
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("mcpshift-write-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::create_dir_all(&dir);
        dir
    }

    #[test]
    fn writes_only_what_was_read_and_keeps_permissions() {
        let dir = temp("atomic");
        let file = dir.join("a.ts");
        let _ = std::fs::write(&file, "old");
        assert_eq!(atomic(&file, b"old", b"new"), Ok(()));
        assert_eq!(std::fs::read(&file).ok().as_deref(), Some(&b"new"[..]));
        // Changed since it was read.
        assert!(atomic(&file, b"old", b"newer").is_err_and(|e| e.contains("changed on disk")));
        assert_eq!(std::fs::read(&file).ok().as_deref(), Some(&b"new"[..]));
        // No temporary file is left behind.
        let entries = std::fs::read_dir(&dir).map(|d| d.count()).unwrap_or(0);
        assert_eq!(entries, 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
