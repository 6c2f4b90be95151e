//! The dual-era examples (`testdata/examples/dual-era-ts-server`, `dual-era-rust-server`) under
//! both targets: their legacy handlers are findings at their own level for a project that must
//! speak 2026-07-28 only, and notes that say to keep them behind the era check for a project
//! that serves both eras on purpose. The TypeScript example's modern path is its
//! `server/discover` arm; the Rust example's is `rmcp = "3.4"` in its manifest.

use std::path::PathBuf;

use mcpshift::check::{self, Options, Report, DUAL_DEMOTED_RULES};
use mcpshift::engine::Target;
use mcpshift::rules::Level;

/// Each example, and the rules its README lists as legacy handlers.
const EXAMPLES: &[(&str, &[&str])] = &[
    ("testdata/examples/dual-era-ts-server", &["MCP102", "MCP201", "MCP301", "MCP302"]),
    ("testdata/examples/dual-era-rust-server", &["MCP201", "MCP301"]),
];

fn run(dir: &str, target: Target) -> Report {
    let dir = PathBuf::from(dir);
    let opts = Options { paths: vec![dir.clone()], root: dir, target, jobs: 1, ..Options::default() };
    match check::run(&opts) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn legacy_handlers_keep_their_level_under_modern() {
    for (dir, rules) in EXAMPLES {
        let report = run(dir, Target::Modern);
        let legacy: Vec<_> = report.active().filter(|d| DUAL_DEMOTED_RULES.contains(&d.rule)).collect();
        for d in &legacy {
            assert!(d.level > Level::Note, "{dir}: {d:#?}");
            assert!(!d.message.contains("era check"), "{dir}: {d:#?}");
        }
        for rule in *rules {
            assert!(legacy.iter().any(|d| d.rule == *rule), "{dir}: no {rule} finding under --target modern");
        }
    }
}

#[test]
fn legacy_handlers_are_notes_under_dual() {
    for (dir, _) in EXAMPLES {
        let modern = run(dir, Target::Modern);
        let dual = run(dir, Target::Dual);
        assert_eq!(modern.active().count(), dual.active().count(), "{dir}: dual adds or removes findings");
        assert!(dual.active().count() > 0, "{dir}: no findings");
        for d in dual.active() {
            assert_eq!(d.level, Level::Note, "{dir}: {d:#?}");
            if DUAL_DEMOTED_RULES.contains(&d.rule) {
                assert!(d.message.contains("keep it behind the era check"), "{dir}: {d:#?}");
                assert!(d.hint.starts_with("Dual-era"), "{dir}: {d:#?}");
            }
        }
    }
}
