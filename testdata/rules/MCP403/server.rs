// Fixture: hand-built results without resultType (Rust, raw JSON-RPC with serde_json).
use axum::Json;
use serde_json::{json, Value};

pub fn dispatch(id: Value, method: &str, params: &Value) -> Result<Value, String> {
    // expect: MCP202
    match method {
        // expect: MCP403
        "tools/call" => Ok(json!({ "jsonrpc": "2.0", "id": id, "result": { "content": [], "isError": false } })),
        // expect: MCP201
        "initialize" => {
            let body = json!({
                "jsonrpc": "2.0",
                "id": id,
                // The result of a removed method owes no `resultType`: the method itself is the finding.
                // ok: MCP403
                // expect: MCP204
                "result": { "protocolVersion": "2025-06-18", "capabilities": {}, "serverInfo": { "name": "raw", "version": "1" } }
            });
            Ok(body)
        }
        _ => Err(format!("unknown method {method}")),
    }
}

pub fn results(method: &str, tools: &[Value]) -> Option<Value> {
    match method {
        // expect: MCP403, MCP404
        "tools/list" => Some(json!({ "tools": tools })),
        // The result of a removed method owes no `resultType`: the method itself is the finding.
        // expect: MCP301
        // ok: MCP403
        "ping" => Some(json!({})),
        "prompts/get" => {
            let messages = vec![json!({ "role": "user", "content": { "type": "text", "text": "hi" } })];
            // expect: MCP403
            Some(json!({ "messages": messages }))
        }
        _ => None,
    }
}

pub fn wrapped(id: Value) -> Json<Value> {
    let result = json!({ "content": [{ "type": "text", "text": "done" }] });
    // expect: MCP403
    Json(json!({ "jsonrpc": "2.0", "id": id, "result": result }))
}
