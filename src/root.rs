//! The project root and the paths a run reports on.
//!
//! Every path in every output is relative to the project root, wherever mcpshift runs from: the
//! directory of the nearest `mcpshift.toml` at or above the first path, else the top of the git
//! work tree that holds it, else the package that holds it (the workspace around the nearest
//! package manifest, or that package), else the current directory. A report from a subfolder
//! then names the same files as one from the root, which is what code scanning, baselines and
//! `--changed-since` need.
//!
//! The whole project is analyzed whatever paths are named: project-level facts (manifests, a
//! `server/discover` handler in another file, the modern path of `--target dual`) are the same
//! for one file as for the repository. The paths named on the command line only choose what is
//! reported ([`Scope`]), so a file gets the same findings whether it is checked alone, with its
//! folder or with the whole repository. Where nothing marks a project, only the named paths are
//! analyzed: the current directory may be a home directory or a folder of many checkouts, and
//! walking all of it to report on one of them would cost the run its speed and mix unrelated
//! code into the project model.

use std::path::{Component, Path, PathBuf};

use crate::config;
use crate::discover::relative;
use crate::project::Manifest;
use crate::source::SourceFile;

/// What marks the project root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// A directory holding `mcpshift.toml`.
    Config,
    /// The top of a git work tree (a directory holding `.git`, a directory or a file).
    Git,
    /// Neither: the workspace around the nearest package manifest, or that package.
    Package,
    /// None of these was found: the current directory.
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
        // The nearest package, and the nearest workspace at or above it.
        let (mut package, mut workspace): (Option<&Path>, Option<&Path>) = (None, None);
        while let Some(d) = dir {
            if d.join(config::FILE_NAME).is_file() {
                return Project { root: d.to_path_buf(), marker: Marker::Config };
            }
            if d.join(".git").exists() {
                return Project { root: d.to_path_buf(), marker: Marker::Git };
            }
            if workspace.is_none() {
                let (is_package, is_workspace) = package_dir(d);
                if package.is_none() && is_package {
                    package = Some(d);
                }
                if package.is_some() && is_workspace {
                    workspace = Some(d);
                }
            }
            dir = d.parent();
        }
        match workspace.or(package) {
            Some(d) => Project { root: d.to_path_buf(), marker: Marker::Package },
            None => Project { root: lexical(cwd), marker: Marker::CurrentDir },
        }
    }

    /// The paths to analyze for a run that reports on `named` (absolute): the whole project,
    /// when a named path lies in it and something marks it (not the bare current directory),
    /// and every named path, since a path named on the command line
    /// is analyzed even where the walk of the root does not go (an ignored directory, a folder
    /// outside the project).
    pub fn inputs(&self, named: &[PathBuf]) -> Vec<PathBuf> {
        let mut out = Vec::new();
        if self.marker != Marker::CurrentDir && named.iter().any(|p| p.starts_with(&self.root)) {
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

/// Whether `dir` holds a package manifest, and whether one makes it the root of a workspace of
/// packages ([`Manifest::is_workspace_root`], or a `pnpm-workspace.yaml`).
fn package_dir(dir: &Path) -> (bool, bool) {
    let mut package = false;
    let mut workspace = dir.join("pnpm-workspace.yaml").is_file();
    for name in ["Cargo.toml", "package.json", "pyproject.toml"] {
        let path = dir.join(name);
        let (Some(kind), Ok(meta)) = (Manifest::kind_of(name), std::fs::metadata(&path)) else { continue };
        if !meta.is_file() {
            continue;
        }
        package = true;
        // Manifests are small; a larger one counts as a package only.
        if meta.len() <= 1 << 20 {
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            let manifest = Manifest { path: name.to_string(), kind, source: SourceFile::new(text) };
            workspace |= manifest.is_workspace_root();
        }
    }
    (package || workspace, workspace)
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

    #[test]
    fn without_a_marker_only_the_named_paths_are_analyzed() {
        let p = Project { root: PathBuf::from("/home/me"), marker: Marker::CurrentDir };
        assert_eq!(p.inputs(&[PathBuf::from("/home/me/proj/src")]), [PathBuf::from("/home/me/proj/src")]);
    }

    #[test]
    fn without_config_or_git_the_package_or_its_workspace_is_the_project() -> std::io::Result<()> {
        let top = std::env::temp_dir().join(format!("mcpshift-root-{}", std::process::id()));
        let member = top.join("ws/crates/a");
        std::fs::create_dir_all(member.join("src"))?;
        std::fs::write(top.join("ws/Cargo.toml"), "[workspace]\nmembers = [\"crates/*\"]\n")?;
        std::fs::write(member.join("Cargo.toml"), "[package]\nname = \"a\"\n")?;
        let loose = top.join("loose");
        std::fs::create_dir_all(&loose)?;
        // A file of a workspace member: the workspace.
        let p = Project::find(&member.join("src/lib.rs"), &top);
        assert_eq!((p.root.as_path(), p.marker), (top.join("ws").as_path(), Marker::Package));
        // A package alone: the package.
        std::fs::write(loose.join("package.json"), "{\"name\": \"x\"}")?;
        let p = Project::find(&loose, &top);
        assert_eq!((p.root.as_path(), p.marker), (loose.as_path(), Marker::Package));
        // An npm and a uv workspace around a member.
        for (root, manifest, text) in [
            ("npm", "package.json", "{\"workspaces\": [\"packages/*\"]}"),
            ("uv", "pyproject.toml", "[tool.uv.workspace]\nmembers = [\"packages/*\"]\n"),
        ] {
            let member = top.join(root).join("packages/p");
            std::fs::create_dir_all(&member)?;
            std::fs::write(top.join(root).join(manifest), text)?;
            std::fs::write(member.join(manifest), if manifest == "package.json" { "{}" } else { "[project]\n" })?;
            let p = Project::find(&member, &top);
            assert_eq!((p.root.as_path(), p.marker), (top.join(root).as_path(), Marker::Package), "{root}");
        }
        std::fs::remove_dir_all(&top)
    }
}
