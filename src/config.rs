//! `mcpshift.toml`: the project's configuration, found by walking up from the first path.
//!
//! A dedicated file with top-level keys (like `ruff.toml`), not a table in a shared manifest:
//! mcpshift analyzes TypeScript and Rust projects alike, so neither `package.json` nor
//! `Cargo.toml` is the natural home, and a file of its own is found the same way in both.
//!
//! ```toml
//! target = "modern"            # or "dual"
//! select = ["MCP1", ...]       # rule ids or names to run (default: all)
//! ignore = ["MCP104"]          # rule ids or names not to run
//! exclude = ["generated/**"]   # gitignore-style globs, relative to this file
//! fail-on = "warning"          # error | warning | note | never
//! sarif-category = "mcpshift"  # SARIF `automationDetails.id` (none by default)
//! fix = true                   # apply the safe fixes on every run (`--fix`)
//! unsafe-fixes = true          # and the unsafe ones (`--unsafe-fixes`)
//!
//! [levels]                     # per-rule level: error | warning | note | off
//! MCP103 = "note"
//! session-id-header = "warning"
//! ```
//!
//! Every key is optional. A key given on the command line replaces the file's. An unknown key
//! or a bad value is an error naming the file, the line and the valid choices.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

use crate::discover::absolute;
use crate::rules::{Level, Registry};
use crate::source::SourceFile;

/// The configuration file's name.
pub const FILE_NAME: &str = "mcpshift.toml";

/// `--fail-on` / `fail-on`: the lowest level that makes the exit code 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FailOn {
    Error,
    Warning,
    Note,
    Never,
}

impl FailOn {
    pub fn threshold(self) -> Option<Level> {
        match self {
            FailOn::Error => Some(Level::Error),
            FailOn::Warning => Some(Level::Warning),
            FailOn::Note => Some(Level::Note),
            FailOn::Never => None,
        }
    }
}

/// `--target` / `target`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum TargetArg {
    Modern,
    Dual,
}

/// A value of the `[levels]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum LevelSetting {
    Error,
    Warning,
    Note,
    Off,
}

/// The file as written. Its doc comments are the descriptions of the JSON Schema that editors
/// show (`crate::schema`); a value's position is kept for messages, so the schema is told the
/// plain type.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(
    title = "mcpshift.toml",
    description = "Configuration of mcpshift, the MCP migration analyzer. Every key is optional; a flag given on the command line replaces the key of the same name."
)]
pub(crate) struct RawConfig {
    /// Which protocol the project must speak: `modern` (2026-07-28 only, the default) or `dual`
    /// (legacy handlers kept next to a modern path become notes). `--target`.
    target: Option<TargetArg>,
    /// Rules to run, by id (`MCP102`) or name (`session-id-header`); default: all. `--select`.
    #[schemars(with = "Option<Vec<String>>")]
    select: Option<Vec<Spanned<String>>>,
    /// Rules not to run, by id or name. `--ignore`.
    #[schemars(with = "Option<Vec<String>>")]
    ignore: Option<Vec<Spanned<String>>>,
    /// Paths to leave out, in gitignore syntax, relative to this file. `--exclude` adds to them.
    #[schemars(with = "Option<Vec<String>>")]
    exclude: Option<Vec<Spanned<String>>>,
    /// The lowest level that fails the run (exit code 1); default `warning`. `--fail-on`.
    fail_on: Option<FailOn>,
    /// SARIF `automationDetails.id` (written as `NAME/`); none by default. `--sarif-category`.
    #[schemars(with = "Option<String>", length(min = 1))]
    sarif_category: Option<Spanned<String>>,
    /// Apply the safe fixes on every run (as `--fix`); default `false`. `--no-fix` overrides it.
    fix: Option<bool>,
    /// Apply the unsafe fixes too where fixes are applied, and show them as applicable (as
    /// `--unsafe-fixes`); default `false`. `--no-unsafe-fixes` overrides it.
    unsafe_fixes: Option<bool>,
    /// Level per rule (id or name): `error`, `warning`, `note`, or `off` (as in `ignore`).
    #[schemars(with = "Option<BTreeMap<String, LevelSetting>>")]
    levels: Option<BTreeMap<Spanned<String>, Spanned<LevelSetting>>>,
}

/// A validated configuration file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// The file, as it is named in messages.
    pub file: PathBuf,
    /// Its directory, absolute: the base of `exclude`.
    pub dir: PathBuf,
    pub target: Option<TargetArg>,
    pub select: Option<Vec<String>>,
    pub ignore: Option<Vec<String>>,
    pub exclude: Option<Vec<String>>,
    pub fail_on: Option<FailOn>,
    /// The SARIF `automationDetails` category (`--sarif-category`).
    pub sarif_category: Option<String>,
    /// `fix = true`: apply the safe fixes (`--fix`).
    pub fix: Option<bool>,
    /// `unsafe-fixes = true` (`--unsafe-fixes`).
    pub unsafe_fixes: Option<bool>,
    /// Level overrides, rule id → level.
    pub levels: Vec<(String, Level)>,
    /// Rule ids set to `off` in `[levels]`.
    pub off: Vec<String>,
}

/// The nearest `mcpshift.toml` at or above `start` (a file or directory). The walk stops at
/// the root of the repository (a directory holding `.git`), so a stray file above a checkout
/// is never picked up.
pub fn find(start: &Path) -> Option<PathBuf> {
    let start = absolute(start);
    let mut dir = if start.is_dir() { Some(start.as_path()) } else { start.parent() };
    while let Some(d) = dir {
        let candidate = d.join(FILE_NAME);
        if candidate.is_file() {
            return Some(candidate);
        }
        if d.join(".git").exists() {
            return None;
        }
        dir = d.parent();
    }
    None
}

/// Reads and validates a configuration file.
pub fn load(file: &Path, registry: &Registry) -> Result<Config, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    parse(file, &text, registry)
}

/// Parses and validates configuration text; `file` names it in messages.
pub fn parse(file: &Path, text: &str, registry: &Registry) -> Result<Config, String> {
    let source = SourceFile::new(text.to_string());
    let at = |span: Option<std::ops::Range<usize>>, message: &str| -> String {
        match span {
            Some(span) => {
                let p = source.position(span.start);
                format!("{}:{}:{}: {message}", file.display(), p.line, p.column)
            }
            None => format!("{}: {message}", file.display()),
        }
    };
    let raw: RawConfig = toml::from_str(text).map_err(|e| {
        let message = e.message().trim().to_string();
        let message =
            if message.starts_with("unknown field") { format!("{message} (the keys of {FILE_NAME})") } else { message };
        at(e.span(), &message)
    })?;

    let rule = |name: &Spanned<String>| -> Result<String, String> {
        match registry.get(name.get_ref()) {
            Some(def) => Ok(def.meta.id.clone()),
            None => {
                let ids: Vec<&str> = registry.rules.iter().map(|r| r.meta.id.as_str()).collect();
                Err(at(
                    Some(name.span()),
                    &match crate::suggest::closest_rule(registry, name.get_ref()) {
                        Some(close) => format!("unknown rule `{}` (did you mean `{close}`?)", name.get_ref()),
                        None => format!(
                            "unknown rule `{}`; valid rules (ids or names, see `mcpshift rules`): {}",
                            name.get_ref(),
                            ids.join(", ")
                        ),
                    },
                ))
            }
        }
    };
    let rules = |list: Option<Vec<Spanned<String>>>| -> Result<Option<Vec<String>>, String> {
        list.map(|l| l.iter().map(|n| rule(n).map(|_| n.get_ref().clone())).collect()).transpose()
    };

    let dir = absolute(file).parent().map(Path::to_path_buf).unwrap_or_default();
    let exclude = match raw.exclude {
        Some(patterns) => {
            let mut b = ignore::gitignore::GitignoreBuilder::new(&dir);
            for p in &patterns {
                b.add_line(None, p.get_ref())
                    .map_err(|e| at(Some(p.span()), &format!("invalid exclude pattern `{}`: {e}", p.get_ref())))?;
            }
            Some(patterns.into_iter().map(Spanned::into_inner).collect())
        }
        None => None,
    };

    let mut levels = Vec::new();
    let mut off = Vec::new();
    for (name, setting) in raw.levels.unwrap_or_default() {
        let id = rule(&name)?;
        match *setting.get_ref() {
            LevelSetting::Error => levels.push((id, Level::Error)),
            LevelSetting::Warning => levels.push((id, Level::Warning)),
            LevelSetting::Note => levels.push((id, Level::Note)),
            LevelSetting::Off => off.push(id),
        }
    }

    let sarif_category = match raw.sarif_category {
        Some(c) if c.get_ref().trim().is_empty() => return Err(at(Some(c.span()), "`sarif-category` is empty")),
        Some(c) => Some(c.into_inner()),
        None => None,
    };

    Ok(Config {
        sarif_category,
        file: file.to_path_buf(),
        dir,
        target: raw.target,
        select: rules(raw.select)?,
        ignore: rules(raw.ignore)?,
        exclude,
        fail_on: raw.fail_on,
        fix: raw.fix,
        unsafe_fixes: raw.unsafe_fixes,
        levels,
        off,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(text: &str) -> Result<Config, String> {
        let registry = match crate::rules::registry() {
            Ok(r) => r,
            Err(e) => panic!("{e}"),
        };
        parse(Path::new("mcpshift.toml"), text, registry)
    }

    #[test]
    fn reads_every_key() {
        let c = parse_str(
            "target = \"dual\"\nselect = [\"MCP102\", \"removed-ping\"]\nignore = [\"MCP103\"]\n\
             exclude = [\"gen/**\"]\nfail-on = \"error\"\n[levels]\nMCP102 = \"warning\"\nremoved-ping = \"off\"\n",
        );
        let c = match c {
            Ok(c) => c,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(c.target, Some(TargetArg::Dual));
        assert_eq!(c.select, Some(vec!["MCP102".to_string(), "removed-ping".to_string()]));
        assert_eq!(c.ignore, Some(vec!["MCP103".to_string()]));
        assert_eq!(c.exclude, Some(vec!["gen/**".to_string()]));
        assert_eq!(c.fail_on, Some(FailOn::Error));
        assert_eq!(c.levels, vec![("MCP102".to_string(), Level::Warning)]);
        assert_eq!(c.off, vec!["MCP301".to_string()]);
    }

    #[test]
    fn errors_name_the_line_and_the_choices() {
        let e = parse_str("target = \"modern\"\nselec = [\"MCP102\"]\n").err().unwrap_or_default();
        assert!(e.starts_with("mcpshift.toml:2:1: unknown field `selec`"), "{e}");
        assert!(e.contains("`select`") && e.contains("`fail-on`"), "{e}");
        let e = parse_str("fail-on = \"warn\"\n").err().unwrap_or_default();
        assert!(e.starts_with("mcpshift.toml:1:11: unknown variant `warn`"), "{e}");
        assert!(e.contains("`never`"), "{e}");
        let e = parse_str("select = [\"MCP102\", \"MCP999\"]\n").err().unwrap_or_default();
        assert!(e.starts_with("mcpshift.toml:1:21: unknown rule `MCP999`"), "{e}");
        assert!(e.contains("MCP102"), "{e}");
        let e = parse_str("[levels]\nMCP102 = \"loud\"\n").err().unwrap_or_default();
        assert!(e.starts_with("mcpshift.toml:2:10: unknown variant `loud`"), "{e}");
        assert!(e.contains("`off`"), "{e}");
        let e = parse_str("[levels]\nMCP9 = \"note\"\n").err().unwrap_or_default();
        assert!(e.starts_with("mcpshift.toml:2:1: unknown rule `MCP9`"), "{e}");
    }
}
