//! Dependencies read from manifests: `package.json` (serde_json for the values, a small scanner
//! for the positions) and `Cargo.toml` (the `toml` crate's spanned document), with workspace
//! inheritance resolved against the workspace root's `[workspace.dependencies]`. Python
//! manifests are read in [`crate::python_manifests`].
//!
//! Every dependency keeps the byte range of its key, so a finding points at the manifest line
//! to change. Malformed manifests yield no dependencies (never a panic).

use std::path::Path;

use toml::de::{DeTable, DeValue};

use crate::project::{Manifest, ManifestKind};
use crate::source::Position;

/// One declared dependency.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dependency {
    /// The package or crate depended on (after npm `npm:` aliases and Cargo `package = …`).
    pub name: String,
    /// The key as written (an alias when renamed).
    pub key: String,
    /// The version requirement as written; `None` for path/git-only and unresolved inherited
    /// dependencies.
    pub requirement: Option<String>,
    /// `dependencies`, `devDependencies`, `peerDependencies`, `optionalDependencies`;
    /// `dependencies`, `dev-dependencies`, `build-dependencies` (also under `target.…`), or
    /// `workspace.dependencies`.
    pub section: String,
    /// Cargo features enabled on this dependency (with the inherited ones when resolved).
    pub features: Vec<String>,
    /// Cargo `workspace = true`.
    pub inherited: bool,
    /// For an inherited dependency resolved against its workspace root: that manifest's path.
    pub inherited_from: Option<String>,
    /// Byte range of the key in the manifest.
    pub range: (usize, usize),
    pub start: Position,
    pub end: Position,
}

impl Manifest {
    /// The dependencies declared in this manifest, unresolved.
    pub fn dependencies(&self) -> Vec<Dependency> {
        match self.kind {
            ManifestKind::Npm => npm_dependencies(self),
            ManifestKind::Cargo => cargo_dependencies(self),
            ManifestKind::Python => crate::python_manifests::dependencies(self),
        }
    }

    /// Cargo `[features]`: feature name → what it enables (`"tower-mcp/protocol-2026-07-28"`).
    pub fn cargo_features(&self) -> Vec<(String, Vec<String>)> {
        let Ok(doc) = DeTable::parse(self.source.text()) else { return Vec::new() };
        let Some(features) = doc.get_ref().get("features").and_then(|v| table(v.get_ref())) else { return Vec::new() };
        features.iter().map(|(k, v)| (k.get_ref().to_string(), strings(v.get_ref()))).collect()
    }

    /// Whether this manifest is the root of a workspace of packages: Cargo `[workspace]`, npm
    /// `workspaces`, a uv workspace (`[tool.uv.workspace]` of a `pyproject.toml`).
    pub fn is_workspace_root(&self) -> bool {
        let text = self.source.text();
        match self.kind {
            ManifestKind::Cargo => DeTable::parse(text).is_ok_and(|doc| doc.get_ref().get("workspace").is_some()),
            ManifestKind::Npm => {
                serde_json::from_str::<serde_json::Value>(text).is_ok_and(|v| v.get("workspaces").is_some())
            }
            ManifestKind::Python => DeTable::parse(text).is_ok_and(|doc| {
                let tool = doc.get_ref().get("tool").and_then(|v| table(v.get_ref()));
                let uv = tool.and_then(|t| t.get("uv")).and_then(|v| table(v.get_ref()));
                uv.is_some_and(|uv| uv.get("workspace").is_some())
            }),
        }
    }
}

/// Every manifest's dependencies, with Cargo `workspace = true` entries resolved against the
/// nearest enclosing workspace root among `manifests` (requirement and features merged).
pub fn resolved_dependencies(manifests: &[Manifest]) -> Vec<(usize, Dependency)> {
    let refs: Vec<&Manifest> = manifests.iter().collect();
    resolved_dependencies_ref(&refs)
}

/// [`resolved_dependencies`] over borrowed manifests.
pub fn resolved_dependencies_ref(manifests: &[&Manifest]) -> Vec<(usize, Dependency)> {
    // Each manifest is parsed once; members look their inherited entries up in these.
    let parsed: Vec<Vec<Dependency>> = manifests.iter().map(|m| m.dependencies()).collect();
    let roots: Vec<usize> = manifests
        .iter()
        .enumerate()
        .filter(|(_, m)| m.kind == ManifestKind::Cargo && m.is_workspace_root())
        .map(|(i, _)| i)
        .collect();
    let mut out = Vec::new();
    for (i, m) in manifests.iter().enumerate() {
        for mut dep in parsed.get(i).cloned().unwrap_or_default() {
            if dep.inherited {
                if let Some((root, decl)) = workspace_declaration(manifests, &parsed, &roots, m, &dep.key) {
                    dep.name = decl.name.clone();
                    dep.requirement = decl.requirement.clone();
                    let mut features = decl.features.clone();
                    features.append(&mut dep.features);
                    dep.features = features;
                    dep.inherited_from = Some(root.path.clone());
                }
            }
            out.push((i, dep));
        }
    }
    out
}

/// The `[workspace.dependencies]` entry a member inherits: from the nearest workspace root whose
/// directory contains the member.
fn workspace_declaration<'m>(
    manifests: &[&'m Manifest],
    parsed: &'m [Vec<Dependency>],
    roots: &[usize],
    member: &Manifest,
    key: &str,
) -> Option<(&'m Manifest, &'m Dependency)> {
    let member_dir = Path::new(&member.path).parent().unwrap_or(Path::new(""));
    let root = roots
        .iter()
        .filter_map(|&r| manifests.get(r).map(|m| (r, *m)))
        .filter(|(_, r)| {
            let dir = Path::new(&r.path).parent().unwrap_or(Path::new(""));
            member_dir.starts_with(dir)
        })
        .max_by_key(|(_, r)| r.path.len())?;
    let decl = parsed.get(root.0)?.iter().find(|d| d.section == "workspace.dependencies" && d.key == key)?;
    Some((root.1, decl))
}

/// Where each SDK starts speaking 2026-07-28, as MCP203's document records it: crates and the
/// first modern version (`cargo_modern_from`), crates whose modern era is a feature
/// (`cargo_modern_feature`).
#[derive(Clone, Debug, Default)]
pub struct SdkEras {
    pub modern_from: Vec<(String, Version)>,
    pub modern_feature: Vec<(String, Vec<String>)>,
    /// Python packages and the first version that speaks 2026-07-28 (`pypi_modern_from`).
    pub pypi_modern_from: Vec<(String, Version)>,
}

impl SdkEras {
    pub fn from_data(data: &toml::Table) -> SdkEras {
        let modern_from = data
            .get("cargo_modern_from")
            .and_then(|v| v.as_table())
            .map(|t| t.iter().filter_map(|(k, v)| Some((k.clone(), lowest_admitted(v.as_str()?)?))).collect())
            .unwrap_or_default();
        let modern_feature = data
            .get("cargo_modern_feature")
            .and_then(|v| v.as_table())
            .map(|t| {
                t.iter()
                    .map(|(k, v)| {
                        let names = v
                            .as_array()
                            .map_or_else(Vec::new, |a| a.iter().filter_map(|x| x.as_str().map(String::from)).collect());
                        (k.clone(), names)
                    })
                    .collect()
            })
            .unwrap_or_default();
        let pypi_modern_from = data
            .get("pypi_modern_from")
            .and_then(|v| v.as_table())
            .map(|t| t.iter().filter_map(|(k, v)| Some((k.clone(), lowest_admitted(v.as_str()?)?))).collect())
            .unwrap_or_default();
        SdkEras { modern_from, modern_feature, pypi_modern_from }
    }

    /// Whether a (resolved) dependency of `m` builds an SDK in its modern era: rmcp 3, rust-mcp-sdk
    /// 2, tower-mcp with `protocol-2026-07-28` (on the dependency or through `[features]`).
    pub fn is_modern(&self, m: &Manifest, dep: &Dependency) -> bool {
        if let Some((_, from)) = self.modern_from.iter().find(|(n, _)| *n == dep.name) {
            return dep.requirement.as_deref().and_then(lowest_admitted).is_some_and(|low| low >= *from);
        }
        self.feature_enabled(m, dep).unwrap_or(false)
    }

    /// For a crate whose era is a feature: whether the dependency enables it (`None` for other
    /// crates).
    pub fn feature_enabled(&self, m: &Manifest, dep: &Dependency) -> Option<bool> {
        let (_, wanted) = self.modern_feature.iter().find(|(n, _)| *n == dep.name)?;
        let on_dependency = dep.features.iter().any(|f| wanted.contains(f));
        let through_features =
            m.cargo_features().iter().flat_map(|(_, on)| on.iter()).any(|on| {
                wanted.iter().any(|w| *on == format!("{}/{w}", dep.key) || *on == format!("{}?/{w}", dep.key))
            });
        Some(on_dependency || through_features)
    }
}

/// Whether any manifest opts into the 2026-07-28 era through its SDK (the `--target dual`
/// modern path, next to the code markers of [`crate::context`]): a Cargo SDK in its modern
/// era, or a Python requirement that admits only modern releases (`mcp>=2`, `fastmcp>=4`).
pub fn opts_into_modern(manifests: &[Manifest], eras: &SdkEras) -> bool {
    resolved_dependencies(manifests).iter().any(|(i, dep)| {
        manifests.get(*i).is_some_and(|m| match m.kind {
            ManifestKind::Cargo => eras.is_modern(m, dep),
            ManifestKind::Python => eras.pypi_modern_from.iter().any(|(name, from)| {
                *name == dep.name
                    && dep
                        .requirement
                        .as_deref()
                        .and_then(crate::python_manifests::lowest_admitted)
                        .is_some_and(|low| low >= *from)
            }),
            ManifestKind::Npm => false,
        })
    })
}

// ---------------------------------------------------------------------------------------------
// Cargo.toml

fn table<'a, 'i>(v: &'a DeValue<'i>) -> Option<&'a DeTable<'i>> {
    match v {
        DeValue::Table(t) => Some(t),
        _ => None,
    }
}

fn strings(v: &DeValue<'_>) -> Vec<String> {
    match v {
        DeValue::Array(a) => a
            .iter()
            .filter_map(|e| match e.get_ref() {
                DeValue::String(s) => Some(s.to_string()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn cargo_dependencies(m: &Manifest) -> Vec<Dependency> {
    let Ok(doc) = DeTable::parse(m.source.text()) else { return Vec::new() };
    let root = doc.get_ref();
    let mut out = Vec::new();
    for section in ["dependencies", "dev-dependencies", "build-dependencies"] {
        if let Some(t) = root.get(section).and_then(|v| table(v.get_ref())) {
            cargo_section(m, section, t, &mut out);
        }
    }
    if let Some(targets) = root.get("target").and_then(|v| table(v.get_ref())) {
        for (cfg, t) in targets.iter() {
            let Some(t) = table(t.get_ref()) else { continue };
            for section in ["dependencies", "dev-dependencies", "build-dependencies"] {
                if let Some(deps) = t.get(section).and_then(|v| table(v.get_ref())) {
                    let name = format!("target.{}.{section}", cfg.get_ref());
                    cargo_section(m, &name, deps, &mut out);
                }
            }
        }
    }
    if let Some(deps) = root
        .get("workspace")
        .and_then(|v| table(v.get_ref()))
        .and_then(|w| w.get("dependencies"))
        .and_then(|v| table(v.get_ref()))
    {
        cargo_section(m, "workspace.dependencies", deps, &mut out);
    }
    out
}

fn cargo_section(m: &Manifest, section: &str, deps: &DeTable<'_>, out: &mut Vec<Dependency>) {
    for (key, value) in deps.iter() {
        let span = key.span();
        let key = key.get_ref().to_string();
        let mut dep = Dependency {
            name: key.clone(),
            key,
            requirement: None,
            section: section.to_string(),
            features: Vec::new(),
            inherited: false,
            inherited_from: None,
            range: (span.start, span.end),
            start: m.source.position(span.start),
            end: m.source.position(span.end),
        };
        match value.get_ref() {
            DeValue::String(s) => dep.requirement = Some(s.to_string()),
            DeValue::Table(t) => {
                if let Some(DeValue::String(v)) = t.get("version").map(|v| v.get_ref()) {
                    dep.requirement = Some(v.to_string());
                }
                if let Some(DeValue::String(p)) = t.get("package").map(|v| v.get_ref()) {
                    dep.name = p.to_string();
                }
                if let Some(f) = t.get("features") {
                    dep.features = strings(f.get_ref());
                }
                dep.inherited = matches!(t.get("workspace").map(|v| v.get_ref()), Some(DeValue::Boolean(true)));
            }
            _ => {}
        }
        out.push(dep);
    }
}

// ---------------------------------------------------------------------------------------------
// package.json

const NPM_SECTIONS: &[&str] = &["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"];

fn npm_dependencies(m: &Manifest) -> Vec<Dependency> {
    let text = m.source.text();
    let Ok(serde_json::Value::Object(root)) = serde_json::from_str::<serde_json::Value>(text) else {
        return Vec::new();
    };
    let positions = json_object_entries(text, first_brace(text));
    let mut out = Vec::new();
    for section in NPM_SECTIONS {
        let Some(serde_json::Value::Object(deps)) = root.get(*section) else { continue };
        let Some(&(_, _, value_start)) = positions.iter().find(|(k, _, _)| k == section) else { continue };
        let keys = json_object_entries(text, Some(value_start));
        for (key, spec) in deps {
            let Some(spec) = spec.as_str() else { continue };
            let Some(&(_, key_span, _)) = keys.iter().find(|(k, _, _)| k == key) else { continue };
            // `"mcp": "npm:@modelcontextprotocol/sdk@^1.2"`: an alias of another package.
            let (name, requirement) = match spec.strip_prefix("npm:") {
                Some(aliased) => match aliased.rfind('@').filter(|&i| i > 0) {
                    Some(i) => (aliased[..i].to_string(), aliased[i + 1..].to_string()),
                    None => (aliased.to_string(), "*".to_string()),
                },
                None => (key.clone(), spec.to_string()),
            };
            out.push(Dependency {
                name,
                key: key.clone(),
                requirement: Some(requirement),
                section: section.to_string(),
                features: Vec::new(),
                inherited: false,
                inherited_from: None,
                range: key_span,
                start: m.source.position(key_span.0),
                end: m.source.position(key_span.1),
            });
        }
    }
    out
}

fn first_brace(text: &str) -> Option<usize> {
    let i = text.find(|c: char| !c.is_whitespace())?;
    text[i..].starts_with('{').then_some(i)
}

/// The entries of the JSON object that starts at byte `start` (`{`): decoded key, the key's
/// byte range (with its quotes), and the byte offset where its value starts. Scans the text the
/// way a JSON parser does (strings with escapes, nesting), and stops at anything unexpected.
fn json_object_entries(text: &str, start: Option<usize>) -> Vec<(String, (usize, usize), usize)> {
    let mut out = Vec::new();
    let Some(start) = start else { return out };
    let bytes = text.as_bytes();
    if bytes.get(start) != Some(&b'{') {
        return out;
    }
    let mut i = start + 1;
    loop {
        i = skip_ws(bytes, i);
        match bytes.get(i) {
            Some(b'"') => {}
            _ => return out,
        }
        let Some(key_end) = string_end(bytes, i) else { return out };
        let key: String = serde_json::from_str(&text[i..key_end]).unwrap_or_default();
        let key_span = (i, key_end);
        i = skip_ws(bytes, key_end);
        if bytes.get(i) != Some(&b':') {
            return out;
        }
        i = skip_ws(bytes, i + 1);
        out.push((key, key_span, i));
        let Some(value_end) = value_end(bytes, i) else { return out };
        i = skip_ws(bytes, value_end);
        match bytes.get(i) {
            Some(b',') => i += 1,
            _ => return out,
        }
    }
}

fn skip_ws(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
        i += 1;
    }
    i
}

/// One past the closing quote of the string starting at `i`.
fn string_end(bytes: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    loop {
        match bytes.get(j)? {
            b'\\' => j += 2,
            b'"' => return Some(j + 1),
            _ => j += 1,
        }
    }
}

/// One past the end of the JSON value starting at `i`.
fn value_end(bytes: &[u8], i: usize) -> Option<usize> {
    match bytes.get(i)? {
        b'"' => string_end(bytes, i),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut j = i;
            loop {
                match bytes.get(j)? {
                    b'"' => {
                        j = string_end(bytes, j)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(j + 1);
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
        }
        _ => {
            let mut j = i;
            while bytes.get(j).is_some_and(|b| !matches!(b, b',' | b'}' | b']') && !b.is_ascii_whitespace()) {
                j += 1;
            }
            Some(j)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Version requirements

/// A version as (major, minor, patch); pre-release tags are ignored (`3.0.0-beta.1` is 3.0.0).
pub type Version = (u64, u64, u64);

/// The lowest version a requirement admits, for npm ranges (`^1.2`, `~1.2.3`, `>=1 <2`,
/// `1.x`, `1.2.3 - 2`, `a || b`) and Cargo requirements (`1.5`, `=1.2.3`, `>=1, <3`, `*`).
/// `None` when the requirement is not a version range (`workspace:*`, `file:…`, a git URL, a
/// dist-tag such as `latest`): the caller decides what that means.
pub fn lowest_admitted(requirement: &str) -> Option<Version> {
    let requirement = requirement.trim();
    if requirement.is_empty() || requirement == "*" || requirement.eq_ignore_ascii_case("x") {
        return Some((0, 0, 0));
    }
    let mut lowest: Option<Version> = None;
    for alternative in requirement.split("||") {
        let alt = alternative.trim();
        let low = if let Some((from, _)) = alt.split_once(" - ") {
            parse_partial(from.trim())?
        } else {
            // All comparators of one alternative must hold: the lowest admitted version is the
            // highest lower bound among them.
            let mut low = (0, 0, 0);
            // `>= 1.2.3` is one comparator: glue a bare operator to the version after it.
            let mut comparators: Vec<String> = Vec::new();
            let mut pending = String::new();
            for token in alt.split([',', ' ']).map(str::trim).filter(|c| !c.is_empty()) {
                if token.chars().all(|ch| matches!(ch, '<' | '>' | '=' | '^' | '~')) {
                    pending.push_str(token);
                } else {
                    comparators.push(format!("{pending}{token}"));
                    pending.clear();
                }
            }
            let mut any = false;
            for c in &comparators {
                any = true;
                if let Some(bound) = lower_bound(c)? {
                    low = low.max(bound);
                }
            }
            if !any {
                (0, 0, 0)
            } else {
                low
            }
        };
        lowest = Some(lowest.map_or(low, |l: Version| l.min(low)));
    }
    lowest
}

/// The version a Cargo requirement admits nothing from (exclusive), when it has one: `0.2.1`
/// admits 0.2.x only, so nothing from 0.3.0; `>=2, <4` nothing from 4.0.0; `>=2` and `*` admit
/// every later release. `None` too when the requirement is not a version requirement.
pub fn cargo_upper_bound(requirement: &str) -> Option<Version> {
    let mut upper: Option<Version> = None;
    for c in requirement.split(',').map(str::trim).filter(|c| !c.is_empty()) {
        let (op, v) = split_operator(c);
        let core: Vec<&str> = v.split(['-', '+']).next()?.split('.').collect();
        let parts = core.iter().take_while(|p| !matches!(**p, "*" | "x" | "X")).count();
        let wildcard = parts < core.len();
        let (ma, mi, pa) = parse_partial(v)?;
        let bound = match op {
            ">" | ">=" => continue,
            // `1.2.*`: the wildcard's part is free, the ones before it are fixed.
            "" | "=" if wildcard => match parts {
                0 => continue,
                1 => (ma + 1, 0, 0),
                _ => (ma, mi + 1, 0),
            },
            "<" => (ma, mi, pa),
            "<=" | "=" => match parts {
                0 => continue,
                1 => (ma + 1, 0, 0),
                2 => (ma, mi + 1, 0),
                _ => (ma, mi, pa + 1),
            },
            "~" => match parts {
                0 => continue,
                1 => (ma + 1, 0, 0),
                _ => (ma, mi + 1, 0),
            },
            // `^` and a bare version: up to the next breaking release.
            _ => match parts {
                0 => continue,
                _ if ma > 0 || parts == 1 => (ma + 1, 0, 0),
                _ if mi > 0 || parts == 2 => (0, mi + 1, 0),
                _ => (0, 0, pa + 1),
            },
        };
        upper = Some(upper.map_or(bound, |u| u.min(bound)));
    }
    upper
}

/// The lower bound one comparator sets (`None` inside `Some` for an upper bound only);
/// `None` when it is not a version comparator.
fn lower_bound(c: &str) -> Option<Option<Version>> {
    let (op, v) = split_operator(c);
    match op {
        "<" | "<=" => {
            parse_partial(v)?;
            Some(None)
        }
        ">" => {
            let (ma, mi, pa) = parse_partial(v)?;
            Some(Some((ma, mi, pa + 1)))
        }
        _ => parse_partial(v).map(Some),
    }
}

fn split_operator(c: &str) -> (&str, &str) {
    for op in [">=", "<=", ">", "<", "=", "^", "~"] {
        if let Some(rest) = c.strip_prefix(op) {
            return (op, rest.trim().trim_start_matches('v'));
        }
    }
    ("", c.trim_start_matches('v'))
}

/// `1`, `1.2`, `1.2.3`, `1.x`, `1.2.*`, `1.2.3-beta.1`: missing and wildcard parts are 0.
fn parse_partial(v: &str) -> Option<Version> {
    let core = v.split(['-', '+']).next()?;
    let mut nums = [0u64; 3];
    for (i, part) in core.split('.').enumerate() {
        if matches!(part, "x" | "X" | "*") {
            break;
        }
        *nums.get_mut(i)? = part.parse().ok()?;
    }
    let [major, minor, patch] = nums;
    Some((major, minor, patch))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceFile;

    fn manifest(path: &str, text: &str) -> Manifest {
        let kind = if path.ends_with("package.json") { ManifestKind::Npm } else { ManifestKind::Cargo };
        Manifest { path: path.to_string(), kind, source: SourceFile::new(text.to_string()) }
    }

    #[test]
    fn npm_dependencies_point_at_their_keys() {
        let text = "{\n  \"name\": \"x\",\n  \"dependencies\": {\n    \"express\": \"^5\",\n    \"@modelcontextprotocol/sdk\": \"^1.24.0\"\n  },\n  \"devDependencies\": { \"mcp\": \"npm:@modelcontextprotocol/sdk@1.2.0\" }\n}\n";
        let deps = manifest("package.json", text).dependencies();
        let sdk = deps.iter().find(|d| d.key == "@modelcontextprotocol/sdk");
        assert_eq!(sdk.map(|d| (d.start.line, d.requirement.as_deref())), Some((5, Some("^1.24.0"))));
        let alias = deps.iter().find(|d| d.key == "mcp");
        assert_eq!(
            alias.map(|d| (d.name.as_str(), d.requirement.as_deref(), d.section.as_str(), d.start.line)),
            Some(("@modelcontextprotocol/sdk", Some("1.2.0"), "devDependencies", 7))
        );
    }

    #[test]
    fn cargo_dependencies_in_every_form() {
        let text = "[package]\nname = \"a\"\n\n[dependencies]\nrmcp = { version = \"1.5\", features = [\"server\"] }\nmcp = { package = \"rust-mcp-sdk\", version = \"1\" }\ntower-mcp.workspace = true\n\n[dependencies.other]\nversion = \"2\"\n\n[target.'cfg(unix)'.dev-dependencies]\nrmcp = \"0.8\"\n";
        let deps = manifest("Cargo.toml", text).dependencies();
        let lines: Vec<(String, usize, Option<String>)> =
            deps.iter().map(|d| (d.name.clone(), d.start.line as usize, d.requirement.clone())).collect();
        assert!(lines.contains(&("rmcp".into(), 5, Some("1.5".into()))), "{lines:?}");
        assert!(lines.contains(&("rust-mcp-sdk".into(), 6, Some("1".into()))), "{lines:?}");
        assert!(lines.contains(&("other".into(), 9, Some("2".into()))), "{lines:?}");
        assert!(lines.contains(&("rmcp".into(), 13, Some("0.8".into()))), "{lines:?}");
        let tower = deps.iter().find(|d| d.name == "tower-mcp");
        assert_eq!(tower.map(|d| (d.inherited, d.start.line)), Some((true, 7)));
    }

    #[test]
    fn workspace_inheritance_is_resolved() {
        let root = manifest(
            "Cargo.toml",
            "[workspace]\nmembers = [\"crates/*\"]\n\n[workspace.dependencies]\ntower-mcp = { version = \"0.25\", features = [\"http\"] }\n",
        );
        let member = manifest(
            "crates/srv/Cargo.toml",
            "[package]\nname = \"srv\"\n\n[dependencies]\ntower-mcp = { workspace = true, features = [\"protocol-2026-07-28\"] }\n",
        );
        let all = resolved_dependencies(&[root, member]);
        let (_, dep) = match all.iter().find(|(i, d)| *i == 1 && d.name == "tower-mcp") {
            Some(x) => x.clone(),
            None => panic!("{all:?}"),
        };
        assert_eq!(dep.requirement.as_deref(), Some("0.25"));
        assert_eq!(dep.features, vec!["http".to_string(), "protocol-2026-07-28".to_string()]);
        assert_eq!(dep.inherited_from.as_deref(), Some("Cargo.toml"));
    }

    #[test]
    fn sdk_versions_that_opt_into_the_modern_era() {
        let mut data = toml::Table::new();
        let mut from = toml::Table::new();
        from.insert("rmcp".into(), toml::Value::String("3.0.0".into()));
        data.insert("cargo_modern_from".into(), toml::Value::Table(from));
        let mut feature = toml::Table::new();
        feature.insert("tower-mcp".into(), toml::Value::Array(vec![toml::Value::String("protocol-2026-07-28".into())]));
        data.insert("cargo_modern_feature".into(), toml::Value::Table(feature));
        let eras = SdkEras::from_data(&data);
        let modern = |text: &str| opts_into_modern(&[manifest("Cargo.toml", text)], &eras);
        assert!(modern("[dependencies]\nrmcp = \"3\"\n"));
        assert!(!modern("[dependencies]\nrmcp = \">=2\"\n"));
        assert!(!modern("[dependencies]\ntower-mcp = \"0.25\"\n"));
        assert!(modern("[dependencies]\ntower-mcp = { version = \"0.25\", features = [\"protocol-2026-07-28\"] }\n"));
        assert!(modern("[features]\nm = [\"tower-mcp/protocol-2026-07-28\"]\n[dependencies]\ntower-mcp = \"0.25\"\n"));
        assert!(!opts_into_modern(&[manifest("package.json", "{\"dependencies\":{\"rmcp\":\"3\"}}")], &eras));
    }

    #[test]
    fn malformed_manifests_yield_nothing() {
        assert!(manifest("package.json", "{ \"dependencies\": { \"a\": ").dependencies().is_empty());
        assert!(manifest("Cargo.toml", "[dependencies\nrmcp = ").dependencies().is_empty());
    }

    #[test]
    fn lowest_admitted_versions() {
        assert_eq!(lowest_admitted("^1.24.0"), Some((1, 24, 0)));
        assert_eq!(lowest_admitted("1.5"), Some((1, 5, 0)));
        assert_eq!(lowest_admitted(">=2, <4"), Some((2, 0, 0)));
        assert_eq!(lowest_admitted(">=3.0.0 <4"), Some((3, 0, 0)));
        assert_eq!(lowest_admitted("<2"), Some((0, 0, 0)));
        assert_eq!(lowest_admitted("*"), Some((0, 0, 0)));
        assert_eq!(lowest_admitted("1.x || >=2.5"), Some((1, 0, 0)));
        assert_eq!(lowest_admitted("2.0.0 - 3"), Some((2, 0, 0)));
        assert_eq!(lowest_admitted("3.0.0-beta.1"), Some((3, 0, 0)));
        assert_eq!(lowest_admitted("~0.8"), Some((0, 8, 0)));
        assert_eq!(lowest_admitted(">2.9.9"), Some((2, 9, 10)));
        assert_eq!(lowest_admitted(">= 1.2.3 < 2"), Some((1, 2, 3)));
        assert_eq!(lowest_admitted("workspace:*"), None);
        assert_eq!(lowest_admitted("latest"), None);
        assert_eq!(lowest_admitted("github:org/repo"), None);
    }

    #[test]
    fn cargo_upper_bounds() {
        assert_eq!(cargo_upper_bound("0.2.1"), Some((0, 3, 0)));
        assert_eq!(cargo_upper_bound("^1.5"), Some((2, 0, 0)));
        assert_eq!(cargo_upper_bound("0.0.3"), Some((0, 0, 4)));
        assert_eq!(cargo_upper_bound("0"), Some((1, 0, 0)));
        assert_eq!(cargo_upper_bound("~2.4"), Some((2, 5, 0)));
        assert_eq!(cargo_upper_bound("~2"), Some((3, 0, 0)));
        assert_eq!(cargo_upper_bound("=2.4.1"), Some((2, 4, 2)));
        assert_eq!(cargo_upper_bound(">=2, <4"), Some((4, 0, 0)));
        assert_eq!(cargo_upper_bound(">=1, <=2.9.9"), Some((2, 9, 10)));
        assert_eq!(cargo_upper_bound("1.2.*"), Some((1, 3, 0)));
        assert_eq!(cargo_upper_bound(">=2"), None);
        assert_eq!(cargo_upper_bound("*"), None);
        assert_eq!(cargo_upper_bound("workspace"), None);
    }
}
