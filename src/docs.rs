//! A rule's documentation, rendered from its document (`rules/*.toml`): the text `mcpshift
//! explain` prints (also SARIF `help.markdown`), and the pages under `docs/rules/` that SARIF
//! `helpUri` and the Markdown report link to.
//!
//! The pages are generated files, kept in the repository so that they render where the links
//! point. `tests/rule_pages.rs` fails when one is out of date and rewrites them all with
//! `UPDATE_DOCS=1 cargo test --test suite rule_pages`.

use crate::rules::{Applicability, Area, Precision, Registry, RuleDef, TOPIC_TAGS};

/// The folder of the rule pages, relative to the repository root.
pub const PAGES_DIR: &str = "docs/rules";

/// The full documentation of a rule, as `mcpshift explain` prints it (Markdown).
pub fn explain_text(def: &RuleDef) -> String {
    let m = &def.meta;
    let mut s = format!("# {} {}\n\nLevel: {}. {}\n\n", m.id, m.name, m.level.as_str(), m.summary);
    s.push_str(&sections(def));
    s
}

/// What every rule reads across files (the project index, `src/index/`).
const ACROSS_FILES: &str = "The project's own names are read as what they stand for: a constant, `static`, enum \
member or member of an `as const` object holding a string, a number or a list of strings, \
defined in another file, reads as its value wherever it is imported (Rust `use crate::…`, \
`super::`, `self::`, `pub use` re-exports, glob imports, `mod` files, workspace crates by \
package name; TypeScript relative imports, `import * as`, barrel re-exports, default exports). \
The finding names the definition (`through SESSION_HEADER, defined at src/mcp/mod.rs:5`, a \
SARIF related location), and the definition is reported once. A file of a package that \
depends on an MCP SDK, or that holds an MCP dispatcher or protocol types, has MCP context even \
when it imports neither. Not followed: a name by its spelling alone (a local that shadows an \
import, a same-named constant of an unrelated module or package), a name imported from a \
package that is not MCP code or from a dependency's sources, values computed at run time \
(concatenation, `format!`, environment variables) and names a macro generates.";

/// What it catches, why it breaks, how to migrate, the examples and the spec pages.
fn sections(def: &RuleDef) -> String {
    let m = &def.meta;
    let mut s = format!("## What it catches\n\n{}\n\n", m.what.trim());
    if !m.builtin && m.languages.iter().any(|l| l != "manifest") {
        s.push_str(&format!("## Across files\n\n{ACROSS_FILES}\n\n"));
        if !m.across_files.trim().is_empty() {
            s.push_str(&format!("{}\n\n", m.across_files.trim()));
        }
    }
    s.push_str(&format!("## Why it breaks under 2026-07-28\n\n{}\n\n", m.why.trim()));
    s.push_str(&format!("## How to migrate\n\n{}\n", m.hint.trim()));
    if !m.migration.trim().is_empty() {
        s.push_str(&format!("\n{}\n", m.migration.trim()));
    }
    if let Some(fix) = m.fix {
        let how = match fix {
            Applicability::Safe => {
                "**Safe**: the behaviour the code intended is kept under 2026-07-28. `mcpshift check --fix` applies it"
            }
            Applicability::Unsafe => {
                "**Unsafe**: the recommended migration, which changes behaviour, so read it. `mcpshift check --fix --unsafe-fixes` applies it"
            }
        };
        s.push_str(&format!(
            "\n## Fix\n\n{how}; `--diff` shows it first.\n\n{}\n",
            m.fix_summary.split_whitespace().collect::<Vec<_>>().join(" ")
        ));
    }
    if !m.builtin {
        s.push_str("\n## Readings\n\n");
        for (title, text) in readings(def) {
            // One paragraph per reading, however the document wrapped it.
            let text: Vec<&str> = text.split_whitespace().collect();
            s.push_str(&format!("- **{title}.** {}\n", text.join(" ")));
        }
    }
    for (lang, ex) in
        [("TypeScript", &m.examples.typescript), ("Rust", &m.examples.rust), ("Python", &m.examples.python)]
    {
        if let Some(ex) = ex {
            let fence = match lang {
                "Rust" => "rust",
                "Python" if ex.before.trim_start().starts_with('[') => "toml",
                "Python" => "python",
                _ => "ts",
            };
            s.push_str(&format!(
                "\n## Example ({lang})\n\nBefore:\n\n```{fence}\n{}\n```\n\nAfter:\n\n```{fence}\n{}\n```\n",
                ex.before.trim_end(),
                ex.after.trim_end()
            ));
        }
    }
    if !m.spec.is_empty() {
        s.push_str("\n## Spec\n\n");
        for r in &m.spec {
            s.push_str(&format!("- {}: {}\n", r.title, r.url));
        }
    }
    s
}

/// How a migration rule reads test doubles, generated files, rejection tests and legacy-gated
/// code: its own reading where its document gives one, else the one it shares with the rules of
/// its area (the mechanisms live in [`crate::test_code`], [`crate::era_scope`] and the shared
/// matcher of [`crate::patterns`]).
pub fn readings(def: &RuleDef) -> [(&'static str, String); 4] {
    let own = &def.meta.readings;
    let or = |own: &str, shared: &str| if own.trim().is_empty() { shared.to_string() } else { own.to_string() };
    let tests = if removed_feature(def.meta.area) { TESTS_OF_REMOVED_FEATURES } else { TESTS_OF_MODERN_BEHAVIOUR };
    [
        ("Test doubles and tests", or(&own.test_doubles, tests)),
        ("Generated files", or(&own.generated_files, GENERATED_FILES)),
        ("Rejection tests", or(&own.rejection_tests, REJECTION_TESTS)),
        ("Legacy-gated code", or(&own.legacy_gated, LEGACY_GATED)),
    ]
}

/// The areas whose rules find features 2026-07-28 removed.
fn removed_feature(area: Area) -> bool {
    matches!(area, Area::Sessions | Area::Lifecycle | Area::RemovedMethods)
}

const TESTS_OF_REMOVED_FEATURES: &str = "Test code (test files and folders, `#[cfg(test)]` modules, \
     `#[test]` functions, `describe` / `it` callbacks) is reported like any code under `--target modern`: a \
     test that uses a removed feature changes with the code it tests. Under `--target dual`, in a project that \
     also implements the modern path, a finding in test code is a note: the test exercises the legacy support the \
     project keeps.";

const TESTS_OF_MODERN_BEHAVIOUR: &str = "Test code is reported like any code, under both targets: what the \
     rule checks is what a 2026-07-28 peer does or accepts, which a test of the modern path must get right too.";

const GENERATED_FILES: &str = "A file marked generated in its header (`@generated`, `DO NOT EDIT`, Go's \
     `Code generated … DO NOT EDIT.`) or named after a legacy revision (`spec.types.2025-11-25.ts`) is a copy of a \
     schema: its findings, of every rule, are one note at the first of them that names how many there are, not a \
     finding per line.";

const REJECTION_TESTS: &str = "What a test sends only to show that it is refused states the migrated \
     behaviour and is never a finding: an item of a loop whose body asserts a refusal (`for gone in \
     [\"tasks/list\", \"tasks/result\"] { … assert_eq!(code, -32601) }`), a removed method or a legacy version \
     whose request a test asserts is refused with -32601 or -32022 (or -32020), directly or through the \
     variables built from it (`let req = …; let resp = handle(req); assert_eq!(body_of(resp)[\"error\"][\"code\"], \
     -32022)`), the subject of `expect(…).rejects` / \
     `.toThrow()` whose matcher names that refusal (`'Method not found'`, `{ code: -32601 }`) and of \
     `assert!(….is_err())` in a test that asserts it, an argument of a call that `assert!(!…)` requires to be \
     false, and what a negated assertion (`.not.toContain(…)`, `assert_ne!`) says is absent, unless a call in \
     the assertion sends it. A test that expects a removed feature to fail for another reason (a capability \
     the peer lacks, a schema mismatch) tests the feature and is reported. An expected value, also inside \
     `expect.objectContaining(…)`, describes a message and builds none.";

const LEGACY_GATED: &str = "Code that only legacy builds compile (`#[cfg(feature = \"legacy-spec\")]`, with \
     `all(…)` / `any(…)` read as Cargo does, and `if cfg!(…)` branches), the branch of an era check (`if (await \
     isLegacyRequest(req))`, `ctx.era === 'legacy'`, the `else` of `if (servedModern)`) and a declaration marked \
     `@deprecated` (or `#[deprecated(note = …)]`) for a legacy revision keep their level under `--target modern`, \
     where the legacy build is what a modern-only project removes, and are notes under `--target dual`, where \
     the gate is the era check. So, next to a modern path, are the body of a handler for a method 2026-07-28 \
     removed (only legacy peers send it) and code in a folder or file named for the legacy era or a legacy \
     revision (`server-legacy/`, `wire/rev2025-11-25/`).";

/// Where a rule's page lives, relative to the repository root.
pub fn rule_page_path(def: &RuleDef) -> String {
    format!("{PAGES_DIR}/{}.md", def.meta.id)
}

fn generated_from(what: &str) -> String {
    format!(
        "<!-- Generated from {what} by `UPDATE_DOCS=1 cargo test --test suite rule_pages`. Do not edit: edit the rule document. -->\n"
    )
}

/// A rule's page.
pub fn rule_page(def: &RuleDef) -> String {
    let m = &def.meta;
    let mut s = generated_from(&format!("rules/{}-{}.toml", m.id, m.name));
    s.push_str(&format!("# {} `{}`\n\n{}\n\n", m.id, m.name, sentence(&m.summary)));
    let languages: Vec<&str> = m
        .languages
        .iter()
        .map(|l| match l.as_str() {
            "typescript" => "TypeScript, JavaScript",
            "rust" => "Rust",
            "python" => "Python",
            "manifest" => "`package.json`, `Cargo.toml`, Python manifests",
            other => other,
        })
        .collect();
    let tags: Vec<String> = m.all_tags().iter().map(|t| format!("`{t}`")).collect();
    s.push_str("| | |\n|---|---|\n");
    s.push_str(&format!("| Level | {} |\n", m.level.as_str()));
    s.push_str(&format!("| Area | {} |\n", m.area.title()));
    s.push_str(&format!("| Languages | {} |\n", languages.join(", ")));
    s.push_str(&format!("| Precision | {} |\n", m.precision.as_str()));
    s.push_str(&format!("| Tags | {} |\n", tags.join(", ")));
    if let Some(sec) = &m.security {
        s.push_str(&format!("| Security severity | {} |\n", sec.severity));
    }
    s.push('\n');
    s.push_str(&sections(def));
    s.push_str(&format!("\n## Precision: {}\n\n{}\n", m.precision.as_str(), m.precision_reason.trim()));
    if let Some(sec) = &m.security {
        s.push_str(&format!("\n## Security severity: {}\n\n{}\n", sec.severity, sec.why.trim()));
    }
    s.push_str("\n## Turning it off\n\n");
    if m.builtin {
        s.push_str(&format!(
            "One of the analyzer's own rules: it cannot be suppressed inline. Leave it out with \
             `ignore = [\"{}\"]` in `mcpshift.toml` or `--ignore {}`.\n",
            m.id, m.id
        ));
    } else {
        s.push_str(&format!(
            "For one place, with the reason: `// mcpshift-ignore: {} -- why it stays`. For the \
             project: `ignore = [\"{}\"]` in `mcpshift.toml`, or `[levels]` to change its level.\n",
            m.id, m.id
        ));
    }
    s.push_str("\n[All rules](README.md)\n");
    s
}

/// The index of the rule pages: every rule, the precision levels and the tags.
pub fn index_page(registry: &Registry) -> String {
    let mut s = generated_from("rules/*.toml");
    s.push_str("# mcpshift rules\n\n");
    s.push_str("| id | name | level | precision | what it finds |\n|---|---|---|---|---|\n");
    for r in &registry.rules {
        let m = &r.meta;
        s.push_str(&format!(
            "| [{}]({}.md) | `{}` | {} | {} | {} |\n",
            m.id,
            m.id,
            m.name,
            m.level.as_str(),
            m.precision.as_str(),
            m.summary
        ));
    }
    s.push_str("\n## Precision\n\nHow often a rule's findings are right, as SARIF `properties.precision` (code scanning sorts and filters alerts by it). Each rule's page says why it has its level.\n\n");
    for (p, meaning) in [
        (Precision::VeryHigh, "the finding is a fact of the code or of the run: an exact protocol name, header or error code where it is used as one"),
        (Precision::High, "the rule reads where and how a name is used; a look-alike in an unusual place can be reported"),
        (Precision::Medium, "the rule infers intent (what a tool does, which side of an exchange code is on, whether a value is a hand-built result): expect some findings to need a second look"),
    ] {
        s.push_str(&format!("- `{}`: {meaning}.\n", p.as_str()));
    }
    s.push_str(
        "\n## Tags\n\nEvery rule carries `migration` (except the analyzer's own rules, MCP000 to MCP002), its \
         area, and topic tags; SARIF lists them as `properties.tags`, which code scanning filters by.\n\n\
         Areas: `analyzer`, `sessions`, `lifecycle`, `removed-methods`, `results-errors`, `capabilities`, \
         `tool-safety`.\n\nTopic tags:\n\n",
    );
    for (tag, meaning) in TOPIC_TAGS {
        s.push_str(&format!("- `{tag}`: {meaning}\n"));
    }
    s
}

/// Every generated page: (path relative to the repository root, content).
pub fn pages(registry: &Registry) -> Vec<(String, String)> {
    let mut out = vec![(format!("{PAGES_DIR}/README.md"), index_page(registry))];
    out.extend(registry.rules.iter().map(|r| (rule_page_path(r), rule_page(r))));
    out
}

/// A summary as a sentence, with its closing period.
fn sentence(text: &str) -> String {
    let t = text.trim();
    if t.ends_with(['.', '!', '?']) {
        t.to_string()
    } else {
        format!("{t}.")
    }
}
