// Fixture: hand-built results of cacheable methods without ttlMs / cacheScope (Rust).
use serde_json::{json, Value};

pub fn dispatch(method: &str, tools: &[Value], text: &str) -> Option<Value> {
    match method {
        // expect: MCP404
        "tools/list" => Some(json!({ "resultType": "complete", "tools": tools })),
        // expect: MCP404
        "resources/read" => Some(json!({ "resultType": "complete", "contents": [{ "uri": "doc://a", "text": text }], "ttlMs": 0 })),
        // expect: MCP404
        "server/discover" => Some(json!({ "resultType": "complete", "supportedVersions": ["2026-07-28"], "capabilities": {} })),
        "prompts/list" => {
            let prompts = vec![json!({ "name": "summary" })];
            // expect: MCP404
            Some(json!({ "resultType": "complete", "prompts": prompts, "cacheScope": "public" }))
        }
        _ => None,
    }
}

pub fn templates(method: &str) -> Result<Value, String> {
    if method == "resources/templates/list" {
        // expect: MCP404
        return Ok(json!({ "resultType": "complete", "resourceTemplates": [] }));
    }
    Err(method.to_owned())
}

pub fn list_reply(id: Value) -> Value {
    // expect: MCP404
    json!({ "jsonrpc": "2.0", "id": id, "result": { "resultType": "complete", "resources": [], "ttlMs": 1000 } })
}
