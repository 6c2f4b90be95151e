//! The packages of a project: Cargo crates, npm packages and Python projects, read from their
//! manifests (a Python project's manifests in one folder, `pyproject.toml` beside
//! `requirements.txt` and `uv.lock`, make one package).
//!
//! A package is where MCP context and names stop: a file of a package that depends on an MCP
//! SDK is MCP code even when it imports neither, and a name resolves only within its package and
//! the workspace packages that package depends on. The other packages of a monorepo keep their
//! own context.

use std::collections::BTreeSet;

use crate::manifest;
use crate::project::{Manifest, ManifestKind};

/// Package names of MCP SDKs and frameworks: depending on one makes a package MCP code. A name
/// with the word `mcp` in it counts too (see [`is_mcp_dependency`]).
const SDK_PACKAGES: &[&str] = &[
    "@modelcontextprotocol/sdk",
    "@modelcontextprotocol/server",
    "@modelcontextprotocol/client",
    "@modelcontextprotocol/node",
    "@modelcontextprotocol/core",
    "fastmcp",
    "rmcp",
    "pmcp",
    "turbomcp",
    "neva",
];

/// One package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Package {
    /// The directory of its manifest, relative to the scan root with forward slashes (`""` for
    /// the root itself).
    pub dir: String,
    pub kind: ManifestKind,
    /// `name` of `[package]` or of `package.json`; empty for a manifest without one (a Cargo
    /// virtual workspace, a private npm root).
    pub name: String,
    /// The name other crates use in paths: the package name with `-` as `_` (or `[lib] name`).
    pub crate_name: String,
    /// Names of the packages it depends on (every section).
    pub dependencies: BTreeSet<String>,
    /// Its manifest says it is MCP code: it is an SDK or depends on one, directly or through
    /// another package of the project.
    pub mcp_by_manifest: bool,
}

/// Every package of a run, and which file belongs to which.
#[derive(Clone, Debug, Default)]
pub struct Packages {
    pub list: Vec<Package>,
}

impl Packages {
    /// The packages of these manifests. Manifests without a package name still delimit a
    /// package (a file under a private root belongs to it, not to a parent).
    pub fn from_manifests(manifests: &[Manifest]) -> Packages {
        let refs: Vec<&Manifest> = manifests.iter().collect();
        Packages::from_manifests_ref(&refs)
    }

    /// [`from_manifests`](Self::from_manifests) over borrowed manifests.
    pub fn from_manifests_ref(manifests: &[&Manifest]) -> Packages {
        let resolved = manifest::resolved_dependencies_ref(manifests);
        let mut list: Vec<Package> = manifests
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let (name, lib) = package_names(m);
                let crate_name = lib.unwrap_or_else(|| name.replace('-', "_"));
                let dependencies: BTreeSet<String> =
                    resolved.iter().filter(|(j, _)| *j == i).map(|(_, d)| d.name.clone()).collect();
                // A package named for MCP (`mcp-gateway`, `@acme/mcp-server`) is MCP code too.
                let mcp_by_manifest = is_mcp_dependency(&name) || dependencies.iter().any(|d| is_mcp_dependency(d));
                Package { dir: dir_of(&m.path), kind: m.kind, name, crate_name, dependencies, mcp_by_manifest }
            })
            .collect();
        // A package that depends on an MCP package of the project is MCP code too.
        loop {
            let mcp: BTreeSet<String> =
                list.iter().filter(|p| p.mcp_by_manifest && !p.name.is_empty()).map(|p| p.name.clone()).collect();
            let mut changed = false;
            for p in &mut list {
                if !p.mcp_by_manifest && p.dependencies.iter().any(|d| mcp.contains(d)) {
                    p.mcp_by_manifest = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        list.sort_by(|a, b| a.dir.cmp(&b.dir).then(a.kind.cmp(&b.kind)));
        merge_python_folders(&mut list);
        Packages { list }
    }

    /// The package a file belongs to: the one with the deepest directory that holds it, of the
    /// file's own ecosystem (a `.ts` file in a Cargo crate that has a `package.json` above it
    /// belongs to the npm package).
    pub fn of(&self, path: &str, kind: ManifestKind) -> Option<usize> {
        self.list
            .iter()
            .enumerate()
            .filter(|(_, p)| p.kind == kind && contains(&p.dir, path))
            .max_by_key(|(_, p)| p.dir.len())
            .map(|(i, _)| i)
    }

    pub fn get(&self, i: usize) -> Option<&Package> {
        self.list.get(i)
    }

    /// The package of the project named `name` in this ecosystem.
    pub fn named(&self, name: &str, kind: ManifestKind) -> Option<usize> {
        self.list.iter().position(|p| p.kind == kind && !p.name.is_empty() && p.name == name)
    }

    /// The Cargo package whose crate is called `crate_name` in paths (`neva` in `neva::App`).
    pub fn crate_named(&self, crate_name: &str) -> Option<usize> {
        self.list.iter().position(|p| p.kind == ManifestKind::Cargo && !p.name.is_empty() && p.crate_name == crate_name)
    }

    /// Whether package `from` may use names of package `to`: itself, or a package it depends on.
    pub fn sees(&self, from: usize, to: usize) -> bool {
        from == to
            || match (self.list.get(from), self.list.get(to)) {
                (Some(f), Some(t)) => !t.name.is_empty() && f.dependencies.contains(&t.name),
                _ => false,
            }
    }
}

/// Whether a dependency makes a package MCP code: a known SDK or framework, or a package whose
/// name has the word `mcp` (`mcp-proxy`, `@acme/mcp-tools`, `tower-mcp`, `rust-mcp-sdk`).
pub fn is_mcp_dependency(name: &str) -> bool {
    is_sdk_name(name) || crate::patterns::name_words(name).iter().any(|w| w == "mcp")
}

fn is_sdk_name(name: &str) -> bool {
    SDK_PACKAGES.contains(&name) || name.starts_with("@modelcontextprotocol/")
}

/// The package name and the Cargo `[lib] name`, when the manifest gives them.
fn package_names(m: &Manifest) -> (String, Option<String>) {
    match m.kind {
        ManifestKind::Npm => {
            let name = serde_json::from_str::<serde_json::Value>(m.source.text())
                .ok()
                .and_then(|v| v.get("name").and_then(|n| n.as_str()).map(String::from))
                .unwrap_or_default();
            (name, None)
        }
        ManifestKind::Cargo => {
            let Ok(doc) = m.source.text().parse::<toml::Table>() else { return (String::new(), None) };
            let name = doc
                .get("package")
                .and_then(|p| p.get("name"))
                .and_then(|n| n.as_str())
                .map(String::from)
                .unwrap_or_default();
            let lib = doc.get("lib").and_then(|l| l.get("name")).and_then(|n| n.as_str()).map(String::from);
            (name, lib)
        }
        ManifestKind::Python => (crate::python_manifests::package_name(m), None),
    }
}

/// Python manifests of one folder describe one package: their dependencies are merged, and the
/// name is the one a manifest gives (`pyproject.toml`, `setup.cfg`). `list` is sorted by folder.
fn merge_python_folders(list: &mut Vec<Package>) {
    let mut merged: Vec<Package> = Vec::with_capacity(list.len());
    for p in list.drain(..) {
        match merged.last_mut() {
            Some(last) if p.kind == ManifestKind::Python && last.kind == p.kind && last.dir == p.dir => {
                if last.name.is_empty() {
                    last.name = p.name;
                    last.crate_name = p.crate_name;
                }
                last.dependencies.extend(p.dependencies);
                last.mcp_by_manifest |= p.mcp_by_manifest;
            }
            _ => merged.push(p),
        }
    }
    *list = merged;
}

/// `a/b/Cargo.toml` → `a/b`; `Cargo.toml` → ``.
fn dir_of(path: &str) -> String {
    path.rsplit_once('/').map_or(String::new(), |(d, _)| d.to_string())
}

/// Whether directory `dir` (relative, `""` for the root) holds `path`.
pub fn contains(dir: &str, path: &str) -> bool {
    dir.is_empty() || path.strip_prefix(dir).is_some_and(|rest| rest.starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    fn manifest(path: &str, text: &str) -> Manifest {
        let kind = Manifest::kind_of(path.rsplit('/').next().unwrap_or(path)).unwrap_or(ManifestKind::Npm);
        Manifest { path: path.to_string(), kind, source: SourceFile::new(text.to_string()) }
    }

    #[test]
    fn mcp_context_follows_dependencies_within_the_project() {
        let ms = vec![
            manifest("Cargo.toml", "[workspace]\nmembers = ['core', 'examples/a', 'tools']\n"),
            manifest("core/Cargo.toml", "[package]\nname = 'my-sdk'\n[dependencies]\nrmcp = '0.8'\n"),
            manifest(
                "examples/a/Cargo.toml",
                "[package]\nname = 'a'\n[dependencies]\nmy-sdk = { path = '../../core' }\n",
            ),
            manifest("tools/Cargo.toml", "[package]\nname = 'tools'\n[dependencies]\nserde = '1'\n"),
            manifest("web/package.json", r#"{"name": "web", "dependencies": {"@acme/mcp-kit": "^1"}}"#),
        ];
        let p = Packages::from_manifests(&ms);
        let by_dir = |d: &str| p.list.iter().find(|x| x.dir == d).map(|x| x.mcp_by_manifest);
        assert_eq!(by_dir("core"), Some(true));
        assert_eq!(by_dir("examples/a"), Some(true));
        assert_eq!(by_dir("tools"), Some(false));
        assert_eq!(by_dir("web"), Some(true));
        assert_eq!(by_dir(""), Some(false));
        let core = p.crate_named("my_sdk");
        assert!(core.is_some());
        let a = p.of("examples/a/src/main.rs", ManifestKind::Cargo);
        assert_eq!(a.and_then(|i| p.get(i)).map(|x| x.name.as_str()), Some("a"));
        assert!(p.sees(a.unwrap_or(0), core.unwrap_or(0)));
        assert!(!p.sees(core.unwrap_or(0), a.unwrap_or(0)));
        // A file outside every package of its ecosystem belongs to none.
        assert_eq!(p.of("web/src/x.rs", ManifestKind::Cargo).and_then(|i| p.get(i)).map(|x| x.dir.as_str()), Some(""));
        assert_eq!(p.of("other/x.ts", ManifestKind::Npm), None);
    }
}
