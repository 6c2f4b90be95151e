// Cacheable results get the conservative hints `"ttlMs": 0, "cacheScope": "private"` (unsafe: choose real values).
use serde_json::{json, Value};

pub fn handle(method: &str, tools: Vec<Value>) -> Option<Value> {
    match method {
        "tools/list" => Some(json!({ "tools": tools, "resultType": "complete", "ttlMs": 0, "cacheScope": "private" })),
        "resources/list" => Some(json!({
            "resources": [],
            "resultType": "complete",
            "ttlMs": 60000,
            "cacheScope": "private"
        })),
        _ => None,
    }
}
