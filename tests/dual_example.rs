//! The dual-era example (`testdata/examples/dual-era-ts-server`) under both targets: its legacy
//! handlers are errors for a project that must speak 2026-07-28 only, and notes that say to keep
//! them behind the era check for a project that serves both eras on purpose.

use std::path::PathBuf;

use mcpshift::check::{self, Options, Report, DUAL_DEMOTED_RULES};
use mcpshift::engine::Target;
use mcpshift::rules::Level;

fn run(target: Target) -> Report {
    let dir = PathBuf::from("testdata/examples/dual-era-ts-server");
    let opts = Options { paths: vec![dir.clone()], root: dir, target, jobs: 1, ..Options::default() };
    match check::run(&opts) {
        Ok(r) => r,
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn legacy_handlers_are_errors_under_modern() {
    let report = run(Target::Modern);
    let legacy: Vec<_> = report.active().filter(|d| DUAL_DEMOTED_RULES.contains(&d.rule)).collect();
    // initialize, notifications/initialized, ping, logging/setLevel, the session-id guard and
    // the `!== 'initialize'` test at least.
    assert!(legacy.len() >= 6, "{legacy:#?}");
    for d in &legacy {
        assert_eq!(d.level, Level::Error, "{d:#?}");
        assert!(!d.message.contains("era check"), "{d:#?}");
    }
    for rule in ["MCP102", "MCP201", "MCP301", "MCP302"] {
        assert!(legacy.iter().any(|d| d.rule == rule), "no {rule} finding under --target modern");
    }
}

#[test]
fn legacy_handlers_are_notes_under_dual() {
    let modern = run(Target::Modern);
    let dual = run(Target::Dual);
    assert_eq!(modern.active().count(), dual.active().count(), "dual adds or removes findings");
    for d in dual.active() {
        assert_eq!(d.level, Level::Note, "{d:#?}");
        if DUAL_DEMOTED_RULES.contains(&d.rule) {
            assert!(d.message.contains("keep it behind the era check"), "{d:#?}");
            assert!(d.hint.starts_with("Dual-era"), "{d:#?}");
        }
    }
}
