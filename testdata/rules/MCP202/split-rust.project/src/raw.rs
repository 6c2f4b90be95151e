// The raw endpoint's dispatcher; the rmcp server in handler.rs implements discover.
use serde_json::{json, Value};

pub fn dispatch(method: &str) -> Value {
    // ok: MCP202
    match method {
        "tools/list" => json!({"resultType": "complete", "tools": [], "ttlMs": 0, "cacheScope": "private"}),
        "tools/call" => json!({"resultType": "complete", "content": []}),
        _ => Value::Null,
    }
}
