//! Embeds `rules/*.toml` (converted to JSON) and declares one module per rule implementation.
//!
//! A rule is a pair: `rules/<ID>-<name>.toml` (metadata, documentation, data) and
//! `src/rules/<name_in_snake_case>.rs` (its check). The build fails when one half is missing,
//! so the registry can never list a rule that does nothing or run a rule nobody documented.

#[path = "src/rules/meta.rs"]
#[allow(dead_code)]
mod meta;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
    let rules_dir = root.join("rules");
    let impl_dir = root.join("src").join("rules");
    println!("cargo:rerun-if-changed={}", rules_dir.display());
    println!("cargo:rerun-if-changed={}", impl_dir.display());

    let mut tomls: Vec<PathBuf> =
        fs::read_dir(&rules_dir).map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect()).unwrap_or_default();
    tomls.retain(|p| p.extension().is_some_and(|e| e == "toml"));
    tomls.sort();

    let out_dir = PathBuf::from(env::var("OUT_DIR").unwrap_or_else(|_| ".".into()));
    let mut errors = Vec::new();
    let mut modules = Vec::new();
    let mut entries = String::new();
    for path in &tomls {
        let file = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        let Some((id, name)) = file.split_once('-') else {
            errors.push(format!("{}: file name must be <ID>-<name>.toml", path.display()));
            continue;
        };
        let text = fs::read_to_string(path).unwrap_or_default();
        let meta: meta::RuleMeta = match toml::from_str(&text) {
            Ok(m) => m,
            Err(e) => {
                errors.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        if meta.id != id || meta.name != name {
            errors.push(format!("{}: `id`/`name` must match the file name ({id}, {name})", path.display()));
        }
        // Tags from the documented list, a reason for the precision, a sound security score.
        for problem in meta.metadata_problems() {
            errors.push(format!("{}: {problem}", path.display()));
        }
        // A misspelt language would silently switch a pattern off.
        for lang in meta.patterns.iter().flat_map(|p| &p.languages) {
            if lang == "manifest" || !meta.languages.contains(lang) {
                errors.push(format!(
                    "{}: pattern language `{lang}` is not a source language of the rule",
                    path.display()
                ));
            }
        }
        let builtin = meta.builtin;
        let module = name.replace('-', "_");
        let imp = impl_dir.join(format!("{module}.rs"));
        let rule = if builtin {
            "None".to_string()
        } else if imp.exists() {
            modules.push((module.clone(), imp));
            format!("Some({module}::RULE)")
        } else {
            errors.push(format!("{}: no implementation at src/rules/{module}.rs", path.display()));
            "None".to_string()
        };
        // The document is embedded as JSON: reading it as TOML cost a millisecond of every run.
        let json = toml::from_str::<toml::Value>(&text)
            .map_err(|e| e.to_string())
            .and_then(|v| serde_json::to_string(&v).map_err(|e| e.to_string()));
        let json = match json {
            Ok(json) => json,
            Err(e) => {
                errors.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let json_path = out_dir.join(format!("{file}.json"));
        write_if_changed(&json_path, &json);
        let _ = writeln!(
            entries,
            "    RuleEntry {{ id: {id:?}, json: include_str!({:?}), rule: {rule} }},",
            json_path.display().to_string()
        );
    }

    // Every implementation needs its documentation.
    if let Ok(dir) = fs::read_dir(&impl_dir) {
        let mut files: Vec<PathBuf> = dir.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for f in files {
            let stem = f.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            if f.extension().is_none_or(|e| e != "rs") || stem == "mod" || stem == "meta" {
                continue;
            }
            if !modules.iter().any(|(m, _)| *m == stem) {
                errors.push(format!(
                    "{}: no rules/<ID>-{}.toml documents this rule",
                    f.display(),
                    stem.replace('_', "-")
                ));
            }
        }
    }

    if !errors.is_empty() {
        for e in &errors {
            println!("cargo:warning={e}");
        }
        panic!("rule registry is inconsistent:\n{}", errors.join("\n"));
    }

    let mut out = String::new();
    for (module, path) in &modules {
        let _ = writeln!(out, "#[path = {:?}]\npub(crate) mod {module};", path.display().to_string());
    }
    let _ = writeln!(out, "\n/// Every rule: its documentation, embedded, and its check.\npub(crate) static ENTRIES: &[RuleEntry] = &[\n{entries}];");
    write_if_changed(&out_dir.join("registry.rs"), &out);
}

fn write_if_changed(path: &Path, content: &str) {
    if fs::read_to_string(path).ok().as_deref() != Some(content) {
        if let Err(e) = fs::write(path, content) {
            panic!("cannot write {}: {e}", path.display());
        }
    }
}
