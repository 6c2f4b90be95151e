// Hand-built results get `"resultType": "complete"` (unsafe: only right for complete results).
use rmcp::model::ServerInfo;
use serde_json::{json, Value};

pub fn call_reply(id: u64, text: &str) -> Value {
    json!({ "jsonrpc": "2.0", "id": id, "result": { "content": [{ "type": "text", "text": text }], "isError": false } })
}

pub fn complete_reply(id: u64) -> Value {
    json!({
        "jsonrpc": "2.0",
        "id": id,
        "result": {
            "completion": { "values": [], "hasMore": false }
        }
    })
}
