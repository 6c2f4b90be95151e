//! TypeScript/JavaScript source → findings: lowering and every rule must never panic (Python has
//! its own target, `python_source`).
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpshift::engine::Target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        for path in ["fuzz.ts", "fuzz.tsx"] {
            if let Err(e) = mcpshift::check::check_source(path, text, Target::Modern) {
                assert!(!e.starts_with("internal error"), "{e}");
            }
        }
    }
});
