//! The project root and the paths a run reports on.
//!
//! Every path in every output is relative to the project root, wherever mcpshift runs from: the
//! directory of the nearest `mcpshift.toml` at or above the first path, else the top of the git
//! work tree that holds it, else the current directory. A report from a subfolder then names
//! the same files as one from the root, which is what code scanning, baselines and
//! `--changed-since` need.
//!
//! The whole project is analyzed whatever paths are named: project-level facts (manifests, a
//! `server/discover` handler in another file, the modern path of `--target dual`) are the same
//! for one file as for the repository. The paths named on the command line only choose what is
//! reported ([`Scope`]), so a file gets the same findings whether it is checked alone, with its
//! folder or with the whole repository.

use std::path::{Component, Path, PathBuf};

use crate::config;
use crate::discover::relative;

/// What marks the project root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// A directory holding `mcpshift.toml`.
    Config,
    /// The top of a git work tree (a directory holding `.git`, a directory or a file).
    Git,
    /// Neither was found: the current directory.
    CurrentDir,
}

/// The project a run belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Project {
    /// Absolute and lexically normalized.
    pub root: PathBuf,
    pub marker: Marker,
}

impl Project {
    /// The project of `first` (the first path named, a file or a directory), with `cwd` as the
    /// fallback root. The walk up stops at the first `mcpshift.toml` or `.git`, so a stray
    /// configuration file above a checkout is never picked up.
    pub fn find(first: &Path, cwd: &Path) -> Project {
        let start = lexical(&cwd.join(first));
        let mut dir = if start.is_dir() { Some(start.as_path()) } else { start.parent() };
        while let Some(d) = dir {
            if d.join(config::FILE_NAME).is_file() {
                return Project { root: d.to_path_buf(), marker: Marker::Config };
            }
            if d.join(".git").exists() {
                return Project { root: d.to_path_buf(), marker: Marker::Git };
            }
            dir = d.parent();
        }
        Project { root: lexical(cwd), marker: Marker::CurrentDir }
    }

    /// The paths to analyze for a run that reports on `named` (absolute): the whole project,
    /// when a named path lies in it, and every named path, since a path named on the command line
    /// is analyzed even where the walk of the root does not go (an ignored directory, a folder
    /// outside the project).
    pub fn inputs(&self, named: &[PathBuf]) -> Vec<PathBuf> {
        let mut out = Vec::new();
        if named.iter().any(|p| p.starts_with(&self.root)) {
            out.push(self.root.clone());
        }
        for p in named {
            if !out.contains(p) {
                out.push(p.clone());
            }
        }
        out
    }
}

/// The files and directories a run reports on, relative to the project root (forward slashes;
/// absolute for a path outside the project).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scope {
    prefixes: Vec<String>,
}

impl Scope {
    /// The scope of the named paths (absolute).
    pub fn of(root: &Path, named: &[PathBuf]) -> Scope {
        let mut prefixes: Vec<String> = named.iter().map(|p| relative(root, p)).collect();
        prefixes.sort();
        prefixes.dedup();
        Scope { prefixes }
    }

    /// Whether a reported path (relative to the root) is a named path or lies under one.
    pub fn contains(&self, path: &str) -> bool {
        self.prefixes
            .iter()
            .any(|p| p == "." || p == path || path.strip_prefix(p.as_str()).is_some_and(|rest| rest.starts_with('/')))
    }
}

/// `path` with `.` and `..` resolved lexically (no file system access).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// A reported path as it is shown to someone standing in `cwd`: relative to it, with `..` where
/// the file lies elsewhere in the project, as compilers print paths. Absolute paths (outside the
/// project) stay as they are.
pub fn shown_from(root: &Path, cwd: &Path, path: &str) -> String {
    if Path::new(path).is_absolute() || root == cwd {
        return path.to_string();
    }
    let target = lexical(&root.join(path));
    let from: Vec<Component<'_>> = cwd.components().collect();
    let to: Vec<Component<'_>> = target.components().collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    // Only the root component in common (`/`): nothing shorter than the absolute path.
    if common <= 1 {
        return target.to_string_lossy().replace('\\', "/");
    }
    let mut parts: Vec<String> = vec!["..".to_string(); from.len() - common];
    parts.extend(to[common..].iter().map(|c| c.as_os_str().to_string_lossy().into_owned()));
    if parts.is_empty() {
        ".".to_string()
    } else {
        parts.join("/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_holds_its_paths_and_what_lies_under_them() {
        let root = Path::new("/repo");
        let scope = Scope::of(root, &[PathBuf::from("/repo/src/a.ts"), PathBuf::from("/repo/lib")]);
        assert!(scope.contains("src/a.ts"));
        assert!(scope.contains("lib/x/y.rs"));
        assert!(!scope.contains("src/a.tsx"));
        assert!(!scope.contains("library/z.ts"));
        assert!(!scope.contains("src/b.ts"));
        let everything = Scope::of(root, &[PathBuf::from("/repo")]);
        assert!(everything.contains("any/file.ts") && everything.contains("Cargo.toml"));
    }

    #[test]
    fn paths_are_shown_from_where_you_stand() {
        let root = Path::new("/repo");
        assert_eq!(shown_from(root, Path::new("/repo"), "src/a.ts"), "src/a.ts");
        assert_eq!(shown_from(root, Path::new("/repo/src"), "src/a.ts"), "a.ts");
        assert_eq!(shown_from(root, Path::new("/repo/pkg/x"), "src/a.ts"), "../../src/a.ts");
        assert_eq!(shown_from(root, Path::new("/elsewhere"), "src/a.ts"), "/repo/src/a.ts");
        assert_eq!(shown_from(root, Path::new("/repo/src"), "/abs/b.ts"), "/abs/b.ts");
    }

    #[test]
    fn the_project_is_the_whole_root_and_every_named_path() {
        let p = Project { root: PathBuf::from("/repo"), marker: Marker::Git };
        assert_eq!(
            p.inputs(&[PathBuf::from("/repo/src/a.ts"), PathBuf::from("/other/b.ts")]),
            [PathBuf::from("/repo"), PathBuf::from("/repo/src/a.ts"), PathBuf::from("/other/b.ts")]
        );
        // Nothing named inside the project: only what is named.
        assert_eq!(p.inputs(&[PathBuf::from("/other")]), [PathBuf::from("/other")]);
    }
}
