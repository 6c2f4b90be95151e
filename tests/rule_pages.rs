//! The rule pages under `docs/rules/` (SARIF `helpUri`, the Markdown report's links) are
//! generated from `rules/*.toml`. This test fails when one is missing, stale or left over, as
//! ruff's and clippy's generated documentation checks do;
//! `UPDATE_DOCS=1 cargo test --test suite rule_pages` rewrites them.

use std::path::PathBuf;

use mcpshift::docs;
use mcpshift::rules::{self, Registry, TOPIC_TAGS};

fn registry() -> &'static Registry {
    match rules::registry() {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    }
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn rule_pages_are_up_to_date() {
    let pages = docs::pages(registry());
    let dir = repo().join(docs::PAGES_DIR);
    let update = std::env::var_os("UPDATE_DOCS").is_some();
    let mut problems = Vec::new();
    for (path, content) in &pages {
        let file = repo().join(path);
        if update {
            if let Err(e) = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&file, content)) {
                panic!("cannot write {}: {e}", file.display());
            }
        }
        match std::fs::read_to_string(&file) {
            Ok(on_disk) if on_disk == *content => {}
            Ok(_) => problems.push(format!("{path} is out of date")),
            Err(_) => problems.push(format!("{path} is missing")),
        }
    }
    // A page whose rule is gone would still be linked from old reports: remove it.
    let listed: Vec<PathBuf> = pages.iter().map(|(p, _)| repo().join(p)).collect();
    for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if !listed.contains(&path) {
            if update {
                let _ = std::fs::remove_file(&path);
            } else {
                problems.push(format!("{} is not generated from a rule", path.display()));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "the rule pages differ from rules/*.toml (UPDATE_DOCS=1 cargo test --test suite rule_pages rewrites them):\n{}",
        problems.join("\n")
    );
}

/// Each page says what SARIF says: precision, tags and, for security rules, the score and why.
#[test]
fn pages_carry_the_rule_metadata() {
    for def in &registry().rules {
        let m = &def.meta;
        let page = docs::rule_page(def);
        assert!(page.contains(&format!("| Precision | {} |", m.precision.as_str())), "{}", m.id);
        assert!(page.contains(m.precision_reason.trim()), "{}: the precision's reason", m.id);
        for tag in m.all_tags() {
            assert!(page.contains(&format!("`{tag}`")), "{}: tag {tag}", m.id);
        }
        match &m.security {
            Some(sec) => {
                assert!(page.contains(&format!("| Security severity | {} |", sec.severity)), "{}", m.id);
                assert!(page.contains(sec.why.trim()), "{}", m.id);
            }
            None => assert!(!page.contains("Security severity"), "{}", m.id),
        }
    }
}

/// Tags come from one documented list, every listed tag is used, and only MCP602 is a
/// security rule.
#[test]
fn tags_and_security_are_consistent() {
    let rules = &registry().rules;
    for def in rules {
        assert!(def.meta.metadata_problems().is_empty(), "{}: {:?}", def.meta.id, def.meta.metadata_problems());
    }
    for (tag, _) in TOPIC_TAGS {
        assert!(rules.iter().any(|r| r.meta.tags.iter().any(|t| t == tag)), "topic tag `{tag}` is used by no rule");
    }
    let security: Vec<&str> = rules.iter().filter(|r| r.meta.security.is_some()).map(|r| r.meta.id.as_str()).collect();
    assert_eq!(security, ["MCP602"]);
    let index = docs::index_page(registry());
    for (tag, meaning) in TOPIC_TAGS {
        assert!(index.contains(&format!("- `{tag}`: {meaning}")), "{tag} is not documented in the index");
    }
}

/// Every migration rule's documentation states how it reads test doubles, generated files,
/// rejection tests and legacy-gated code; the rules that own a reading of test doubles
/// (the results and error codes a modern server sends) state their own.
#[test]
fn every_migration_rule_states_its_readings() {
    for def in &registry().rules {
        let text = docs::explain_text(def);
        if def.meta.builtin {
            assert!(!text.contains("## Readings"), "{}", def.meta.id);
            continue;
        }
        for (title, reading) in docs::readings(def) {
            assert!(reading.split_whitespace().count() > 10, "{} {title}: {reading:?}", def.meta.id);
            assert!(text.contains(&format!("- **{title}.** ")), "{}: no {title} in its documentation", def.meta.id);
        }
    }
    for id in ["MCP402", "MCP403", "MCP404"] {
        let def = registry().rules.iter().find(|r| r.meta.id == id);
        let own = def.map(|d| d.meta.readings.test_doubles.clone()).unwrap_or_default();
        assert!(own.contains("2026-07-28 server"), "{id}: {own}");
    }
}
