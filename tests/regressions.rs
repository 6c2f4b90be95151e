//! Inputs the fuzzers found, kept as regression tests (`testdata/regressions/`).

use std::time::Instant;

use mcpshift::check::check_source;
use mcpshift::engine::Target;

fn input(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/regressions").join(name);
    match std::fs::read(&path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

/// tree-sitter's error recovery ran for minutes on 1.3 KB of mangled TypeScript with NUL bytes:
/// the parse must now be abandoned within its operation budget and the file reported.
#[test]
fn runaway_error_recovery_is_bounded() {
    let text = input("ts-recovery-runaway.ts.bin");
    for path in ["t.ts", "t.tsx"] {
        let start = Instant::now();
        let result = check_source(path, &text, Target::Modern);
        let elapsed = start.elapsed();
        if let Err(e) = &result {
            assert!(e.contains("pathological"), "{path}: {e}");
        }
        // Generous: the point is minutes versus seconds, not a benchmark.
        assert!(elapsed.as_secs() < 60, "{path}: parsing took {elapsed:?}");
    }
}
