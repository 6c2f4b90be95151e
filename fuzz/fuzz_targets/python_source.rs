//! Python source → findings: lowering and every rule must never panic, under both targets.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpshift::engine::Target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for path in ["fuzz.py", "fuzz.pyi"] {
            for target in [Target::Modern, Target::Dual] {
                if let Err(e) = mcpshift::check::check_source(path, text, target) {
                    assert!(!e.starts_with("internal error"), "{e}");
                }
            }
        }
    }
});
