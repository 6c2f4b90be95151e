// Traps: a language server's capabilities and its own log levels, with no MCP in them.
use serde_json::{json, Value};

pub fn initialize_result() -> Value {
    json!({
        "capabilities": {
            "textDocumentSync": 1,
            // ok: MCP302
            "logging": { "level": "info" }
        }
    })
}

pub fn set_verbosity(logger: &mut Logger, verbose: bool) {
    // ok: MCP302
    logger.set_level(if verbose { 3 } else { 1 });
}

pub struct Logger {
    level: u8,
}

impl Logger {
    pub fn set_level(&mut self, level: u8) {
        self.level = level;
    }
}

// The SDK's handler of the removed request is MCP wherever it stands.
// expect: MCP302
pub async fn handle_set_level_request(level: String) -> Result<(), String> {
    let _ = level;
    Ok(())
}
