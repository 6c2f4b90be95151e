//! `mcpshift.toml` text → configuration or a one-line error; never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(registry) = mcpshift::rules::registry() else { return };
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = mcpshift::config::parse(std::path::Path::new("mcpshift.toml"), text, registry);
    }
});
