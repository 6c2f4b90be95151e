//! Run-wide facts: what file checks recorded for the project-level rules, and the manifests.

use crate::source::{Position, SourceFile};

/// Something a file check recorded for a project-level decision ("this file has a method
/// dispatcher", "this struct has these fields"). `rule` is the recording rule's id.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProjectFact {
    pub rule: String,
    pub kind: String,
    pub path: String,
    pub range: (usize, usize),
    pub start: Position,
    pub end: Position,
    pub name: String,
    pub data: Vec<String>,
    /// Whitespace-folded source of the node, for fingerprints.
    pub snippet: String,
}

/// Which package manager a manifest belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ManifestKind {
    /// `package.json`
    Npm,
    /// `Cargo.toml`
    Cargo,
    /// `pyproject.toml`, `requirements*.txt`, `setup.cfg`, `Pipfile`, `uv.lock`,
    /// `poetry.lock` (see [`crate::python_manifests`]).
    Python,
}

/// A manifest file read for the project-level rules.
#[derive(Debug)]
pub struct Manifest {
    pub path: String,
    pub kind: ManifestKind,
    pub source: SourceFile,
}

impl Manifest {
    pub fn kind_of(file_name: &str) -> Option<ManifestKind> {
        match file_name {
            "package.json" => Some(ManifestKind::Npm),
            "Cargo.toml" => Some(ManifestKind::Cargo),
            _ if crate::python_manifests::is_python_manifest(file_name, "") => Some(ManifestKind::Python),
            _ => None,
        }
    }

    /// The kind of the manifest at `path`, by its name and, for requirement files kept in a
    /// `requirements/` folder, its folder's name.
    pub fn kind_of_path(path: &std::path::Path) -> Option<ManifestKind> {
        let name = path.file_name()?.to_string_lossy();
        let dir = path.parent().and_then(|d| d.file_name()).map(|d| d.to_string_lossy()).unwrap_or_default();
        match Manifest::kind_of(&name) {
            Some(kind) => Some(kind),
            None => crate::python_manifests::is_python_manifest(&name, &dir).then_some(ManifestKind::Python),
        }
    }
}
