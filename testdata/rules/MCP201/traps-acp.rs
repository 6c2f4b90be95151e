// Traps: the Agent Client Protocol's own `initialize`, whose protocolVersion is a number, not an
// MCP revision date.
use serde_json::json;

pub fn handshake() -> serde_json::Value {
    json!({
        "jsonrpc": "2.0",
        "id": 1,
        // ok: MCP201
        "method": "initialize",
        "params": { "protocolVersion": 1, "clientCapabilities": {} }
    })
}
