// Traps: levels and logging that are not the protocol method.
use tracing::Level;

/// Handles logging/setLevel (doc comment).
pub fn docs() {}

pub struct Logger {
    level: Level,
}

impl Logger {
    // ok: MCP302
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }
}

pub fn configure(logger: &mut Logger) {
    // ok: MCP302
    logger.set_level(Level::DEBUG);
    // ok: MCP302
    let note = "logging/setLevel was removed in 2026-07-28";
    // ok: MCP302
    let method = "logging/setLevels";
    // ok: MCP302
    tracing::info!(note, method, "logging configured");
}

pub fn config() -> serde_json::Value {
    // ok: MCP302
    serde_json::json!({"logging": {"level": "info"}})
}

pub struct AppConfig {
    pub logging: Option<Level>,
}

pub fn verbose(mut config: AppConfig) -> AppConfig {
    // Not on capabilities: the application's own setting.
    // ok: MCP302
    config.logging = Some(Level::DEBUG);
    config
}

// A table of the removed methods and how the server turns each away.
pub fn removed() -> serde_json::Value {
    let removed_methods = serde_json::json!({
        // ok: MCP302
        "logging/setLevel": { "httpStatus": 404, "jsonRpcCode": -32601 },
    });
    removed_methods
}

// A predicate named for the removed methods: its caller turns them away.
pub fn is_removed_modern_method(method: &str) -> bool {
    // ok: MCP302
    matches!(method, "ping" | "logging/setLevel")
}

// A predicate named for what it recognises serves the method.
pub fn is_logging_method(method: &str) -> bool {
    // expect: MCP302
    matches!(method, "logging/setLevel" | "notifications/message")
}
