//! Python dependencies: `pyproject.toml` (PEP 621 `dependencies` and
//! `optional-dependencies`, PEP 735 `dependency-groups`, Poetry, uv and PDM tables),
//! `requirements*.txt` (and `.txt` files under a `requirements/` folder), `setup.cfg`
//! (`install_requires`, `extras_require`) and `Pipfile`; `uv.lock` and `poetry.lock` give the
//! versions a project resolved to.
//!
//! A requirement is a PEP 508 string (`mcp[cli]>=1.17,<2; python_version >= "3.10"`): the
//! name is normalized as pip does (`Fast_MCP` is `fastmcp`), extras and markers are dropped,
//! and the version specifier is kept. Each dependency keeps the byte range of what declares
//! it, so a finding points at the line to change. Malformed files yield nothing.

use toml::de::{DeTable, DeValue};

use crate::manifest::{Dependency, Version};
use crate::project::Manifest;

/// Whether a file name is a Python manifest or lock file (`dir` is its folder's name).
pub fn is_python_manifest(name: &str, dir: &str) -> bool {
    matches!(name, "pyproject.toml" | "setup.cfg" | "Pipfile" | "uv.lock" | "poetry.lock")
        || is_requirements_file(name, dir)
}

/// `requirements.txt`, `requirements-dev.txt`, `requirements/base.txt`.
fn is_requirements_file(name: &str, dir: &str) -> bool {
    name.ends_with(".txt") && (name.starts_with("requirements") || dir == "requirements")
}

/// Whether a Python manifest is a lock file: it records resolved versions, not requirements.
pub fn is_lock(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    name == "uv.lock" || name == "poetry.lock"
}

/// The dependencies a Python manifest declares (none for a lock file).
pub fn dependencies(m: &Manifest) -> Vec<Dependency> {
    let name = m.path.rsplit('/').next().unwrap_or(&m.path);
    match name {
        "pyproject.toml" => pyproject(m),
        "Pipfile" => pipfile(m),
        "setup.cfg" => setup_cfg(m),
        "uv.lock" | "poetry.lock" => Vec::new(),
        _ => requirements(m),
    }
}

/// The package name a Python manifest gives (`[project] name`, `[tool.poetry] name`,
/// `setup.cfg` `[metadata] name`), normalized.
pub fn package_name(m: &Manifest) -> String {
    let name = m.path.rsplit('/').next().unwrap_or(&m.path);
    match name {
        "pyproject.toml" => {
            let Ok(doc) = m.source.text().parse::<toml::Table>() else { return String::new() };
            let project = doc.get("project").and_then(|p| p.get("name"));
            let poetry = doc.get("tool").and_then(|t| t.get("poetry")).and_then(|p| p.get("name"));
            project.or(poetry).and_then(|n| n.as_str()).map(normalize).unwrap_or_default()
        }
        "setup.cfg" => {
            ini_values(m.source.text(), "metadata", "name").first().map(|(v, _)| normalize(v)).unwrap_or_default()
        }
        _ => String::new(),
    }
}

/// The versions a lock file pins: (normalized name, version).
pub fn locked_versions(m: &Manifest) -> Vec<(String, String)> {
    let Ok(doc) = m.source.text().parse::<toml::Table>() else { return Vec::new() };
    let Some(packages) = doc.get("package").and_then(|p| p.as_array()) else { return Vec::new() };
    packages
        .iter()
        .filter_map(|p| {
            let name = p.get("name")?.as_str()?;
            let version = p.get("version")?.as_str()?;
            Some((normalize(name), version.to_string()))
        })
        .collect()
}

/// A name as pip compares it: lower case, runs of `-`, `_` and `.` as one `-`.
pub fn normalize(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.trim().chars() {
        if matches!(c, '-' | '_' | '.') {
            if !out.ends_with('-') {
                out.push('-');
            }
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

/// A PEP 508 requirement split into its normalized name and version specifier (`None` for a
/// URL requirement, `Some("")` for no specifier): `mcp[cli]>=1.2; python_version>'3'` gives
/// (`mcp`, `>=1.2`).
pub fn parse_requirement(text: &str) -> Option<(String, Option<String>)> {
    let text = text.split(';').next().unwrap_or("").trim();
    let end = text.find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))).unwrap_or(text.len());
    let name = text.get(..end)?;
    if name.is_empty() {
        return None;
    }
    let mut rest = text.get(end..).unwrap_or("").trim();
    if let Some(after) = rest.strip_prefix('[') {
        rest = after.split_once(']').map_or("", |(_, r)| r).trim();
    }
    if rest.starts_with('@') {
        return Some((normalize(name), None));
    }
    let spec = rest.trim_start_matches('(').trim_end_matches(')').trim();
    Some((normalize(name), Some(spec.to_string())))
}

/// The lowest version a PEP 440 specifier admits (`>=1.17,<2` gives 1.17.0; `~=1.2` 1.2.0;
/// `==1.2.*` 1.2.0; an empty specifier or `*` 0.0.0). Pre-release and post-release tags count
/// as their release (`4.0.0b1` is 4.0.0). `None` when a clause is not a version.
pub fn lowest_admitted(spec: &str) -> Option<Version> {
    let mut low = (0, 0, 0);
    for clause in spec.split(',').map(str::trim).filter(|c| !c.is_empty() && *c != "*") {
        let (op, version) = split_operator(clause);
        let v = parse_version(version)?;
        match op {
            ">=" | "==" | "===" | "~=" | "" => low = low.max(v),
            ">" => low = low.max((v.0, v.1, v.2 + 1)),
            _ => {}
        }
    }
    Some(low)
}

/// The lowest version a specifier excludes from above (`<2` gives 2.0.0, `==1.2.*` 1.3.0,
/// `~=1.2` 2.0.0, `~=1.2.3` 1.3.0), if it has one.
pub fn upper_bound(spec: &str) -> Option<Version> {
    let mut upper: Option<Version> = None;
    for clause in spec.split(',').map(str::trim).filter(|c| !c.is_empty()) {
        let (op, version) = split_operator(clause);
        let Some(v) = parse_version(version) else { continue };
        let parts = version.trim_end_matches(".*").split('.').count();
        let bound = match op {
            "<" => v,
            "<=" | "===" => (v.0, v.1, v.2 + 1),
            "==" if version.ends_with(".*") => match parts {
                1 => (v.0 + 1, 0, 0),
                2 => (v.0, v.1 + 1, 0),
                _ => (v.0, v.1, v.2 + 1),
            },
            "==" => (v.0, v.1, v.2 + 1),
            "~=" if parts <= 2 => (v.0 + 1, 0, 0),
            "~=" => (v.0, v.1 + 1, 0),
            _ => continue,
        };
        upper = Some(upper.map_or(bound, |u| u.min(bound)));
    }
    upper
}

fn split_operator(clause: &str) -> (&str, &str) {
    for op in ["===", "~=", "==", "!=", ">=", "<=", ">", "<"] {
        if let Some(rest) = clause.strip_prefix(op) {
            return (op, rest.trim());
        }
    }
    ("", clause.trim())
}

/// `1`, `1.2`, `1.2.3`, `1.2.*`, `2.0.0b1`, `1.0.post1`, `v1.2`: the release's first three
/// numbers.
fn parse_version(v: &str) -> Option<Version> {
    let v = v.trim().trim_start_matches(['v', 'V']);
    let mut nums = [0u64; 3];
    for (i, part) in v.split('.').take(3).enumerate() {
        if part == "*" {
            break;
        }
        let digits: String = part.chars().take_while(char::is_ascii_digit).collect();
        if digits.is_empty() {
            if i == 0 {
                return None;
            }
            break;
        }
        if let Some(slot) = nums.get_mut(i) {
            *slot = digits.parse().ok()?;
        }
        if digits.len() < part.len() {
            break;
        }
    }
    let [a, b, c] = nums;
    Some((a, b, c))
}

/// A dependency declared at a byte range of the manifest.
fn dependency(
    m: &Manifest,
    name: String,
    requirement: Option<String>,
    section: &str,
    range: (usize, usize),
) -> Dependency {
    Dependency {
        key: name.clone(),
        name,
        requirement,
        section: section.to_string(),
        features: Vec::new(),
        inherited: false,
        inherited_from: None,
        range,
        start: m.source.position(range.0),
        end: m.source.position(range.1),
    }
}

// ---------------------------------------------------------------------------------------------
// pyproject.toml and Pipfile

fn table<'a, 'i>(v: &'a DeValue<'i>) -> Option<&'a DeTable<'i>> {
    match v {
        DeValue::Table(t) => Some(t),
        _ => None,
    }
}

/// `a.b.c` in a document.
fn path<'a, 'i>(root: &'a DeTable<'i>, keys: &[&str]) -> Option<&'a DeValue<'i>> {
    let (first, rest) = keys.split_first()?;
    let mut cur = root.get(*first)?.get_ref();
    for k in rest {
        cur = table(cur)?.get(*k)?.get_ref();
    }
    Some(cur)
}

/// An array of PEP 508 strings (`dependencies = ["mcp>=1.2"]`).
fn pep508_array(m: &Manifest, value: Option<&DeValue<'_>>, section: &str, out: &mut Vec<Dependency>) {
    let Some(DeValue::Array(items)) = value else { return };
    for item in items.iter() {
        if let DeValue::String(s) = item.get_ref() {
            if let Some((name, spec)) = parse_requirement(s) {
                let span = item.span();
                out.push(dependency(m, name, spec, section, (span.start, span.end)));
            }
        }
    }
}

/// A table of arrays of PEP 508 strings (`[project.optional-dependencies]`).
fn pep508_groups(m: &Manifest, value: Option<&DeValue<'_>>, section: &str, out: &mut Vec<Dependency>) {
    let Some(groups) = value.and_then(table) else { return };
    for (group, items) in groups.iter() {
        pep508_array(m, Some(items.get_ref()), &format!("{section}.{}", group.get_ref()), out);
    }
}

/// A table of `name = "spec"` or `name = { version = "spec" }` (Poetry, Pipfile); `python`
/// is the interpreter, not a package.
fn name_table(m: &Manifest, value: Option<&DeValue<'_>>, section: &str, out: &mut Vec<Dependency>) {
    let Some(deps) = value.and_then(table) else { return };
    for (key, value) in deps.iter() {
        let name = normalize(key.get_ref());
        if name == "python" {
            continue;
        }
        let spec = match value.get_ref() {
            DeValue::String(s) => Some(poetry_spec(s)),
            DeValue::Table(t) => match t.get("version").map(|v| v.get_ref()) {
                Some(DeValue::String(s)) => Some(poetry_spec(s)),
                _ => None,
            },
            _ => None,
        };
        let span = key.span();
        out.push(dependency(m, name, spec, section, (span.start, span.end)));
    }
}

/// Poetry's `^1.2` and `~1.2` as PEP 440 (`>=1.2`); `*` as no specifier.
fn poetry_spec(s: &str) -> String {
    let s = s.trim();
    if s == "*" {
        return String::new();
    }
    match s.strip_prefix('^').or_else(|| s.strip_prefix('~').filter(|r| !r.starts_with('='))) {
        Some(v) => format!(">={}", v.trim()),
        None => s.to_string(),
    }
}

fn pyproject(m: &Manifest) -> Vec<Dependency> {
    let Ok(doc) = DeTable::parse(m.source.text()) else { return Vec::new() };
    let root = doc.get_ref();
    let mut out = Vec::new();
    pep508_array(m, path(root, &["project", "dependencies"]), "project.dependencies", &mut out);
    pep508_groups(m, path(root, &["project", "optional-dependencies"]), "project.optional-dependencies", &mut out);
    pep508_groups(m, path(root, &["dependency-groups"]), "dependency-groups", &mut out);
    pep508_array(m, path(root, &["tool", "uv", "dev-dependencies"]), "tool.uv.dev-dependencies", &mut out);
    pep508_groups(m, path(root, &["tool", "pdm", "dev-dependencies"]), "tool.pdm.dev-dependencies", &mut out);
    for section in ["dependencies", "dev-dependencies"] {
        name_table(m, path(root, &["tool", "poetry", section]), &format!("tool.poetry.{section}"), &mut out);
    }
    if let Some(groups) = path(root, &["tool", "poetry", "group"]).and_then(table) {
        for (group, body) in groups.iter() {
            let deps = table(body.get_ref()).and_then(|t| t.get("dependencies")).map(|d| d.get_ref());
            name_table(m, deps, &format!("tool.poetry.group.{}.dependencies", group.get_ref()), &mut out);
        }
    }
    out
}

fn pipfile(m: &Manifest) -> Vec<Dependency> {
    let Ok(doc) = DeTable::parse(m.source.text()) else { return Vec::new() };
    let root = doc.get_ref();
    let mut out = Vec::new();
    for section in ["packages", "dev-packages"] {
        name_table(m, root.get(section).map(|v| v.get_ref()), section, &mut out);
    }
    out
}

// ---------------------------------------------------------------------------------------------
// requirements.txt and setup.cfg

/// One requirement a line: comments (` #`) and pip options (`-r`, `-c`, `-e`, `--index-url`)
/// are skipped; an included file (`-r base.txt`) is read where it is itself a manifest.
fn requirements(m: &Manifest) -> Vec<Dependency> {
    let text = m.source.text();
    let mut out = Vec::new();
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.split(" #").next().unwrap_or("").trim_end();
        let content = if content.trim_start().starts_with('#') { "" } else { content };
        let trimmed = content.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('-') {
            continue;
        }
        let lead = content.len() - trimmed.len();
        if let Some((name, spec)) = parse_requirement(trimmed) {
            let from = start + lead;
            out.push(dependency(m, name, spec, "requirements", (from, from + trimmed.len())));
        }
    }
    out
}

fn setup_cfg(m: &Manifest) -> Vec<Dependency> {
    let text = m.source.text();
    let mut out = Vec::new();
    for (value, at) in ini_values(text, "options", "install_requires") {
        requirement_lines(m, &value, at, "install_requires", &mut out);
    }
    for (value, at) in ini_section_values(text, "options.extras_require") {
        requirement_lines(m, &value, at, "extras_require", &mut out);
    }
    out
}

/// The requirements of a multi-line INI value that starts at byte `at`.
fn requirement_lines(m: &Manifest, value: &str, at: usize, section: &str, out: &mut Vec<Dependency>) {
    let mut offset = at;
    for line in value.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let trimmed = line.split(" #").next().unwrap_or("").trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let lead = line.len() - line.trim_start().len();
        if let Some((name, spec)) = parse_requirement(trimmed) {
            out.push(dependency(m, name, spec, section, (start + lead, start + lead + trimmed.len())));
        }
    }
}

/// The values of `key` in `[section]` of an INI file, each with the byte offset where it
/// starts (a value continues on the indented lines after it).
fn ini_values(text: &str, section: &str, key: &str) -> Vec<(String, usize)> {
    ini_entries(text, section).into_iter().filter(|(k, _, _)| k == key).map(|(_, v, at)| (v, at)).collect()
}

/// Every value of `[section]`.
fn ini_section_values(text: &str, section: &str) -> Vec<(String, usize)> {
    ini_entries(text, section).into_iter().map(|(_, v, at)| (v, at)).collect()
}

/// (key, value, offset of the value) of each entry of `[section]`.
fn ini_entries(text: &str, section: &str) -> Vec<(String, String, usize)> {
    let mut out: Vec<(String, String, usize)> = Vec::new();
    let mut in_section = false;
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let trimmed = line.trim();
        if let Some(name) = trimmed.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            in_section = name.trim() == section;
            continue;
        }
        let indented = line.starts_with([' ', '\t']);
        // A comment inside a multi-line value stays in it, so that offsets hold.
        if !in_section || trimmed.is_empty() || (!indented && trimmed.starts_with(['#', ';'])) {
            continue;
        }
        match (indented, out.last_mut()) {
            (true, Some(last)) => last.1.push_str(line),
            _ => {
                let Some(eq) = line.find(['=', ':']) else { continue };
                let key = line.get(..eq).unwrap_or("").trim().to_string();
                let value = line.get(eq + 1..).unwrap_or("");
                out.push((key, value.to_string(), start + eq + 1));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::project::ManifestKind;
    use crate::source::SourceFile;

    fn manifest(path: &str, text: &str) -> Manifest {
        Manifest { path: path.to_string(), kind: ManifestKind::Python, source: SourceFile::new(text.to_string()) }
    }

    fn deps(m: &Manifest) -> Vec<(String, Option<String>, String, String)> {
        dependencies(m)
            .into_iter()
            .map(|d| {
                let at = m.source.slice(d.range.0, d.range.1).to_string();
                (d.name, d.requirement, d.section, at)
            })
            .collect()
    }

    #[test]
    fn requirements_are_pep_508() {
        assert_eq!(
            parse_requirement("mcp[cli]>=1.2,<2; python_version >= '3.10'"),
            Some(("mcp".into(), Some(">=1.2,<2".into())))
        );
        assert_eq!(parse_requirement("Fast_MCP"), Some(("fast-mcp".into(), Some(String::new()))));
        assert_eq!(parse_requirement("mcp @ git+https://x/y"), Some(("mcp".into(), None)));
        assert_eq!(parse_requirement("mcp (>=1.0)"), Some(("mcp".into(), Some(">=1.0".into()))));
        assert_eq!(lowest_admitted(">=1.17.0"), Some((1, 17, 0)));
        assert_eq!(lowest_admitted(">=1.24.0,<2.0.0"), Some((1, 24, 0)));
        assert_eq!(lowest_admitted("~=2.1"), Some((2, 1, 0)));
        assert_eq!(lowest_admitted("==4.0.0b1"), Some((4, 0, 0)));
        assert_eq!(lowest_admitted(""), Some((0, 0, 0)));
        assert_eq!(lowest_admitted("<2"), Some((0, 0, 0)));
        assert_eq!(lowest_admitted(">=abc"), None);
        assert_eq!(upper_bound(">=1.24.0,<2.0.0"), Some((2, 0, 0)));
        assert_eq!(upper_bound("==1.2.*"), Some((1, 3, 0)));
        assert_eq!(upper_bound("~=1.2"), Some((2, 0, 0)));
        assert_eq!(upper_bound(">=1"), None);
    }

    #[test]
    fn pyproject_sections() {
        let m = manifest(
            "pyproject.toml",
            "[project]\nname = \"My_Proxy\"\ndependencies = [\"mcp>=1.17.0\", \"uvicorn\"]\n\
             [project.optional-dependencies]\ncli = [\"fastmcp>=2.10\"]\n\
             [dependency-groups]\ndev = [\"pytest\"]\n\
             [tool.poetry.dependencies]\npython = \"^3.10\"\nmcp = \"^1.2\"\n\
             [tool.poetry.group.test.dependencies]\nfastmcp = { version = \"~2.3\" }\n",
        );
        assert_eq!(package_name(&m), "my-proxy");
        let d = deps(&m);
        let names: Vec<(&str, Option<&str>, &str)> =
            d.iter().map(|(n, r, s, _)| (n.as_str(), r.as_deref(), s.as_str())).collect();
        assert_eq!(
            names,
            vec![
                ("mcp", Some(">=1.17.0"), "project.dependencies"),
                ("uvicorn", Some(""), "project.dependencies"),
                ("fastmcp", Some(">=2.10"), "project.optional-dependencies.cli"),
                ("pytest", Some(""), "dependency-groups.dev"),
                ("mcp", Some(">=1.2"), "tool.poetry.dependencies"),
                ("fastmcp", Some(">=2.3"), "tool.poetry.group.test.dependencies"),
            ]
        );
        assert_eq!(d[0].3, "\"mcp>=1.17.0\"");
        assert_eq!(d[4].3, "mcp");
    }

    #[test]
    fn requirements_txt_setup_cfg_and_pipfile() {
        let r = manifest(
            "requirements.txt",
            "# pinned\n-r base.txt\n--index-url https://x\nfastmcp>=2.10.1  # server\n  aiohttp==3.9 ; sys_platform != 'win32'\n",
        );
        let d = deps(&r);
        assert_eq!(d.len(), 2);
        assert_eq!(
            (d[0].0.as_str(), d[0].1.as_deref(), d[0].3.as_str()),
            ("fastmcp", Some(">=2.10.1"), "fastmcp>=2.10.1")
        );
        assert_eq!(d[1].0, "aiohttp");
        assert_eq!(r.source.position(dependencies(&r)[1].range.0).line, 5);
        let cfg = manifest(
            "setup.cfg",
            "[metadata]\nname = srv\n[options]\ninstall_requires =\n    mcp>=1.0\n    httpx\n[options.extras_require]\ncli =\n    fastmcp\n",
        );
        assert_eq!(package_name(&cfg), "srv");
        let d = deps(&cfg);
        let names: Vec<&str> = d.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(names, vec!["mcp", "httpx", "fastmcp"]);
        assert_eq!(d[0].3, "mcp>=1.0");
        let pip = manifest("Pipfile", "[packages]\nmcp = \"*\"\n[dev-packages]\nfastmcp = {version = \">=2\"}\n");
        let d = deps(&pip);
        assert_eq!(
            d.iter().map(|x| (x.0.as_str(), x.1.as_deref())).collect::<Vec<_>>(),
            vec![("mcp", Some("")), ("fastmcp", Some(">=2"))]
        );
        assert!(is_python_manifest("requirements-dev.txt", ""));
        assert!(is_python_manifest("base.txt", "requirements"));
        assert!(!is_python_manifest("notes.txt", "docs"));
    }

    #[test]
    fn lock_files_give_resolved_versions() {
        let lock = manifest("uv.lock", "version = 1\n[[package]]\nname = \"mcp\"\nversion = \"1.28.1\"\n[[package]]\nname = \"Fast_MCP\"\nversion = \"2.3.0\"\n");
        assert!(is_lock(&lock.path));
        assert!(dependencies(&lock).is_empty());
        assert_eq!(locked_versions(&lock), vec![("mcp".into(), "1.28.1".into()), ("fast-mcp".into(), "2.3.0".into())]);
    }
}
