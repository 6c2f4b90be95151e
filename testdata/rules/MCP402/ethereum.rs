// Traps: an Ethereum JSON-RPC client; its -32000 family is not MCP's.
use serde_json::json;

pub fn nonce_too_low(code: i64) -> bool {
    // ok: MCP402
    code == -32000
}

pub fn reverted() -> serde_json::Value {
    // ok: MCP402
    json!({"code": -32015, "message": "execution reverted"})
}
