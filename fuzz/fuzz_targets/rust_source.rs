//! Rust source → findings: the nesting guard, syn, the lowering and every rule must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcpshift::engine::Target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Err(e) = mcpshift::check::check_source("fuzz.rs", text, Target::Dual) {
            assert!(!e.starts_with("internal error"), "{e}");
        }
    }
});
