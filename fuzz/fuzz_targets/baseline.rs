//! Baseline file text → baseline or a one-line error; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = mcpshift::baseline::Baseline::parse(std::path::Path::new("baseline.json"), text);
    }
});
